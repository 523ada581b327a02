#ifndef CTLS_H
#define CTLS_H

// TLS client sessions over sockets the caller has already connected, with
// every OpenSSL call made here, in C: several of the calls needed are macros
// Swift cannot import, and Swift then sees only these few functions.
//
// Sessions verify the peer (TLS 1.2 or later; host name or IP address in the
// certificate), never read openssl.cnf, never prompt for a passphrase, and
// never raise SIGPIPE. Every call that waits is bounded by `timeout_ms`.

#include <stddef.h>

/// Why a call failed (or, for a read of 0 bytes, how the session ended).
typedef enum {
    CTLS_OK = 0,
    /// The time allowed passed first.
    CTLS_TIMEOUT = 1,
    /// The peer ended the session cleanly (close_notify).
    CTLS_CLOSED = 2,
    /// The connection ended without close_notify.
    CTLS_EOF = 3,
    /// The socket failed; `sys_errno` says how.
    CTLS_SYSTEM = 4,
    /// Not TLS, or a TLS protocol failure on our side.
    CTLS_PROTOCOL = 5,
    /// The peer's certificate failed verification.
    CTLS_VERIFY = 6,
    /// The peer refused the session with a fatal alert (for example, no or a
    /// foreign client certificate).
    CTLS_PEER_ALERT = 7,
    /// The CA file, certificate or key could not be used.
    CTLS_CONFIGURATION = 8,
} ctls_status;

/// A failure, with a one-line message naming the cause.
typedef struct {
    ctls_status status;
    int sys_errno;
    char message[256];
} ctls_error;

/// The settings shared by every session of a process (an SSL_CTX: building
/// one costs ~9M instructions, so make one and keep it).
typedef struct ctls_context ctls_context;

/// One TLS session over one connected socket.
typedef struct ctls_session ctls_session;

/// A PEM file the caller has read (OpenSSL opens no file itself: the caller
/// checks what it opens), and its path, for messages.
typedef struct {
    const char *path;
    const unsigned char *bytes;
    size_t count;
} ctls_pem;

/// A client context trusting the certificates in `ca` (NULL: the platform's
/// default trust store), presenting the certificate chain `cert` and the key
/// `key` when both are given. Returns NULL and fills `error` on failure.
ctls_context *ctls_context_create(const ctls_pem *ca, const ctls_pem *cert, const ctls_pem *key,
                                  ctls_error *error);

void ctls_context_free(ctls_context *context);

/// Makes the context's sessions accept certificates whatever their validity
/// period says (everything else is still verified): for reading the time a
/// server tells when this machine's clock makes its certificates look not
/// yet valid, or expired. Never for sending anything that matters.
void ctls_context_ignore_validity_period(ctls_context *context);

/// Handshakes over `fd` (connected, and made non-blocking here), sending
/// `host` as SNI unless it is an IP address, and checking that the server's
/// certificate names `host` (as a DNS name or an IP address).
ctls_session *ctls_session_connect(ctls_context *context, int fd, const char *host, int timeout_ms,
                                   ctls_error *error);

/// Writes all `count` bytes. Returns 0, or -1 with `error` filled.
int ctls_session_write(ctls_session *session, const void *bytes, size_t count, int timeout_ms,
                       ctls_error *error);

/// Reads what is available (waiting for at least one byte): the number of
/// bytes, or 0 at the end of the session (`error->status` is CTLS_CLOSED or
/// CTLS_EOF), or -1 with `error` filled.
long ctls_session_read(ctls_session *session, void *buffer, size_t capacity, int timeout_ms,
                       ctls_error *error);

/// The protocol agreed, e.g. "TLSv1.3".
const char *ctls_session_protocol(const ctls_session *session);

/// Sends close_notify if the socket takes it at once, and frees the session.
/// The caller still owns and closes the socket.
void ctls_session_free(ctls_session *session);

#endif
