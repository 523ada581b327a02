// One TLS session over a connected socket, with deadlines.

#include "ctls_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct ctls_session {
    SSL *ssl;
    int fd;
};

typedef struct timespec deadline_t;

static deadline_t deadline_after(int timeout_ms) {
    deadline_t deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long long nanoseconds = (long long)deadline.tv_nsec + (long long)(timeout_ms % 1000) * 1000000LL;
    deadline.tv_sec += timeout_ms / 1000 + nanoseconds / 1000000000LL;
    deadline.tv_nsec = (long)(nanoseconds % 1000000000LL);
    return deadline;
}

/// Milliseconds left until `deadline`, rounded up, and at least 0.
static int milliseconds_left(const deadline_t *deadline) {
    deadline_t now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long left = (long long)(deadline->tv_sec - now.tv_sec) * 1000000000LL + (deadline->tv_nsec - now.tv_nsec);
    if (left <= 0) return 0;
    long long milliseconds = (left + 999999LL) / 1000000LL;
    return milliseconds > 0x7fffffffLL ? 0x7fffffff : (int)milliseconds;
}

/// Waits until `fd` is ready for `events`: 1, or 0 when the deadline passed,
/// or -1 with errno set.
static int wait_for(int fd, short events, const deadline_t *deadline) {
    for (;;) {
        int left = milliseconds_left(deadline);
        if (left == 0) return 0;
        struct pollfd descriptor = {.fd = fd, .events = events};
        int ready = poll(&descriptor, 1, left);
        if (ready > 0) return 1;
        if (ready == 0) continue;
        if (errno != EINTR) return -1;
    }
}

/// Fills `error` for a failed SSL call whose SSL_get_error was `code`, during
/// `what` ("handshake", "read", "write").
static void describe_failure(ctls_session *session, int code, int saved_errno, const char *what, ctls_error *error) {
    switch (code) {
    case SSL_ERROR_ZERO_RETURN:
        ctls_fail(error, CTLS_CLOSED, 0, "the server closed the TLS session during the %s", what);
        return;
    case SSL_ERROR_SYSCALL:
        if (ERR_peek_last_error() == 0) {
            if (saved_errno == 0) {
                ctls_fail(error, CTLS_EOF, 0, "the connection closed during the TLS %s", what);
            } else {
                ctls_fail(error, CTLS_SYSTEM, saved_errno, "TLS %s: %s", what, strerror(saved_errno));
            }
            return;
        }
        break;
    default:
        break;
    }
    unsigned long last = ERR_peek_last_error();
    int reason = ERR_GET_REASON(last);
    long verification = SSL_get_verify_result(session->ssl);
    if (reason == SSL_R_CERTIFICATE_VERIFY_FAILED && verification != X509_V_OK) {
        ctls_fail(error, CTLS_VERIFY, 0, "the server's certificate is not trusted: %s",
                  X509_verify_cert_error_string(verification));
    } else if (reason == SSL_R_UNEXPECTED_EOF_WHILE_READING) {
        ctls_fail(error, CTLS_EOF, 0, "the connection closed during the TLS %s", what);
    } else if (ERR_GET_LIB(last) == ERR_LIB_SSL && reason >= SSL_AD_REASON_OFFSET) {
        // SSL_AD_REASON_OFFSET + the alert's number: the peer sent a fatal alert.
        ctls_fail(error, CTLS_PEER_ALERT, 0, "the server refused the TLS session (%s)", ctls_last_reason());
    } else {
        const char *detail = ctls_last_reason();
        ctls_fail(error, CTLS_PROTOCOL, 0, "TLS %s failed: %s", what, detail != NULL ? detail : "protocol error");
    }
}

/// One SSL call to retry until it succeeds: returns the call's result.
typedef int (*step_t)(ctls_session *session, void *argument);

/// Runs `step` until it succeeds, waiting on the socket as OpenSSL asks.
/// Returns 0, or -1 with `error` filled.
static int drive(ctls_session *session, int timeout_ms, const char *what, ctls_error *error, step_t step,
                 void *argument) {
    deadline_t deadline = deadline_after(timeout_ms);
    for (;;) {
        ERR_clear_error();
        errno = 0;
        int result = step(session, argument);
        if (result > 0) return 0;
        int saved_errno = errno;
        int code = SSL_get_error(session->ssl, result);
        short events = code == SSL_ERROR_WANT_READ ? POLLIN : code == SSL_ERROR_WANT_WRITE ? POLLOUT : 0;
        if (events == 0) {
            describe_failure(session, code, saved_errno, what, error);
            return -1;
        }
        int ready = wait_for(session->fd, events, &deadline);
        if (ready == 0) {
            ctls_fail(error, CTLS_TIMEOUT, 0, "TLS %s timed out", what);
            return -1;
        }
        if (ready < 0) {
            ctls_fail(error, CTLS_SYSTEM, errno, "TLS %s: %s", what, strerror(errno));
            return -1;
        }
    }
}

static int is_ip_address(const char *host) {
    unsigned char address[16];
    return inet_pton(AF_INET, host, address) == 1 || inet_pton(AF_INET6, host, address) == 1;
}

static int connect_step(ctls_session *session, void *argument) {
    (void)argument;
    return SSL_connect(session->ssl);
}

/// A buffer and the count of bytes moved, for SSL_read_ex and SSL_write_ex.
typedef struct {
    void *bytes;
    size_t count;
    size_t moved;
} transfer_t;

static int write_step(ctls_session *session, void *argument) {
    transfer_t *transfer = argument;
    return SSL_write_ex(session->ssl, transfer->bytes, transfer->count, &transfer->moved);
}

static int read_step(ctls_session *session, void *argument) {
    transfer_t *transfer = argument;
    return SSL_read_ex(session->ssl, transfer->bytes, transfer->count, &transfer->moved);
}

ctls_session *ctls_session_connect(ctls_context *context, int fd, const char *host, int timeout_ms,
                                   ctls_error *error) {
    memset(error, 0, sizeof *error);
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
        ctls_fail(error, CTLS_SYSTEM, errno, "TLS: %s", strerror(errno));
        return NULL;
    }
    ERR_clear_error();
    ctls_session *session = calloc(1, sizeof *session);
    SSL *ssl = SSL_new(context->ssl_context);
    BIO *bio = ctls_socket_bio(fd);
    if (session == NULL || ssl == NULL || bio == NULL) {
        ctls_fail(error, CTLS_PROTOCOL, 0, "TLS: could not start a session (%s)",
                  ctls_last_reason() != NULL ? ctls_last_reason() : "out of memory");
        free(session);
        SSL_free(ssl);
        BIO_free(bio);
        return NULL;
    }
    SSL_set_bio(ssl, bio, bio);
    session->ssl = ssl;
    session->fd = fd;
    int named;
    if (is_ip_address(host)) {
        // RFC 6066: no SNI for an address; the address must be an IP SAN.
        named = X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host);
    } else {
        SSL_set_hostflags(ssl, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
        named = SSL_set_tlsext_host_name(ssl, host) == 1 && SSL_set1_host(ssl, host) == 1;
    }
    if (!named) {
        ctls_fail(error, CTLS_CONFIGURATION, 0, "TLS: cannot verify the host name %s", host);
        ctls_session_free(session);
        return NULL;
    }
    if (drive(session, timeout_ms, "handshake", error, connect_step, NULL) != 0) {
        SSL_free(session->ssl);
        free(session);
        ERR_clear_error();
        return NULL;
    }
    return session;
}

int ctls_session_write(ctls_session *session, const void *bytes, size_t count, int timeout_ms, ctls_error *error) {
    memset(error, 0, sizeof *error);
    if (count == 0) return 0;
    // Without SSL_MODE_ENABLE_PARTIAL_WRITE, success means every byte went out.
    transfer_t transfer = {.bytes = (void *)bytes, .count = count};
    int result = drive(session, timeout_ms, "write", error, write_step, &transfer);
    ERR_clear_error();
    return result;
}

long ctls_session_read(ctls_session *session, void *buffer, size_t capacity, int timeout_ms, ctls_error *error) {
    memset(error, 0, sizeof *error);
    transfer_t transfer = {.bytes = buffer, .count = capacity};
    int result = drive(session, timeout_ms, "read", error, read_step, &transfer);
    ERR_clear_error();
    if (result == 0) return (long)transfer.moved;
    if (error->status == CTLS_CLOSED || error->status == CTLS_EOF) return 0;
    return -1;
}

const char *ctls_session_protocol(const ctls_session *session) { return SSL_get_version(session->ssl); }

void ctls_session_free(ctls_session *session) {
    if (session == NULL) return;
    // One attempt: a peer that cannot take close_notify at once is not waited for.
    if (SSL_is_init_finished(session->ssl)) SSL_shutdown(session->ssl);
    SSL_free(session->ssl);
    free(session);
    ERR_clear_error();
}
