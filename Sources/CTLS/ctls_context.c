// Process-wide OpenSSL set-up and the client context.

#include "ctls_internal.h"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcrypto probes the CPU's features (CPUID, which a hypervisor traps) from
// its .init section, in every process that links it, TLS used or not. The
// release link passes --wrap=OPENSSL_cpuid_setup, so .init calls this empty
// function instead and the probe runs on the first TLS use (below). Without
// --wrap (debug builds link libcrypto.so) the weak __real_ stays NULL and the
// library's own .init has already run the probe.
void __wrap_OPENSSL_cpuid_setup(void);
void __wrap_OPENSSL_cpuid_setup(void) {}
extern void __real_OPENSSL_cpuid_setup(void) __attribute__((weak));

static pthread_once_t initialize_once = PTHREAD_ONCE_INIT;
static int initialized;

static void initialize(void) {
    if (__real_OPENSSL_cpuid_setup != NULL) __real_OPENSSL_cpuid_setup();
    initialized = OPENSSL_init_ssl(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) == 1;
}

int ctls_initialize(void) {
    pthread_once(&initialize_once, initialize);
    return initialized;
}

void ctls_fail(ctls_error *error, ctls_status status, int sys_errno, const char *format, ...) {
    error->status = status;
    error->sys_errno = sys_errno;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error->message, sizeof error->message, format, arguments);
    va_end(arguments);
}

const char *ctls_last_reason(void) {
    unsigned long code = ERR_peek_last_error();
    if (code == 0) return NULL;
    const char *reason = ERR_reason_error_string(code);
    return reason != NULL ? reason : "unknown OpenSSL error";
}

/// An encrypted key must fail, not prompt on the terminal (OpenSSL's default).
static int refuse_passphrase(char *buffer, int size, int writing, void *user) {
    (void)buffer;
    (void)size;
    (void)writing;
    (void)user;
    return -1;
}

/// Whether the PEM file holds an encrypted private key.
static int key_is_encrypted(const char *path) {
    FILE *file = fopen(path, "r");
    if (file == NULL) return 0;
    char line[256];
    int encrypted = 0;
    while (!encrypted && fgets(line, sizeof line, file) != NULL) {
        encrypted = strstr(line, "ENCRYPTED") != NULL;
    }
    fclose(file);
    return encrypted;
}

static ctls_context *fail_context(SSL_CTX *context, ctls_error *error, const char *what, const char *path) {
    const char *reason = ctls_last_reason();
    ctls_fail(error, CTLS_CONFIGURATION, 0, "%s %s: %s", what, path, reason != NULL ? reason : "not usable");
    SSL_CTX_free(context);
    ERR_clear_error();
    return NULL;
}

ctls_context *ctls_context_create(const char *ca_file, const char *cert_file, const char *key_file,
                                  ctls_error *error) {
    memset(error, 0, sizeof *error);
    if (!ctls_initialize()) {
        ctls_fail(error, CTLS_CONFIGURATION, 0, "OpenSSL could not be initialised");
        return NULL;
    }
    if ((cert_file == NULL) != (key_file == NULL)) {
        ctls_fail(error, CTLS_CONFIGURATION, 0, "a client certificate needs its key, and a key its certificate");
        return NULL;
    }
    ERR_clear_error();
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (context == NULL) return fail_context(NULL, error, "TLS", "context");
    SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    SSL_CTX_set_default_passwd_cb(context, refuse_passphrase);
    SSL_CTX_set_options(context, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION);
    // A write retried after WANT_WRITE may come from a moved Swift buffer.
    SSL_CTX_set_mode(context, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // etcd's gateway also speaks h2; this client speaks HTTP/1.1 only.
    static const unsigned char alpn[] = "\x08http/1.1";
    if (SSL_CTX_set_alpn_protos(context, alpn, sizeof alpn - 1) != 0) {
        return fail_context(context, error, "TLS", "ALPN");
    }
    if (ca_file != NULL) {
        if (SSL_CTX_load_verify_locations(context, ca_file, NULL) != 1) {
            return fail_context(context, error, "CA file", ca_file);
        }
    } else if (SSL_CTX_set_default_verify_paths(context) != 1) {
        return fail_context(context, error, "default CA", "store");
    }
    if (cert_file != NULL) {
        if (SSL_CTX_use_certificate_chain_file(context, cert_file) != 1) {
            return fail_context(context, error, "certificate file", cert_file);
        }
        if (SSL_CTX_use_PrivateKey_file(context, key_file, SSL_FILETYPE_PEM) != 1) {
            if (key_is_encrypted(key_file)) {
                ctls_fail(error, CTLS_CONFIGURATION, 0,
                          "key file %s is encrypted; a passphrase cannot be asked for: give an unencrypted key",
                          key_file);
                SSL_CTX_free(context);
                ERR_clear_error();
                return NULL;
            }
            if (ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH) {
                ctls_fail(error, CTLS_CONFIGURATION, 0, "key file %s does not match certificate %s", key_file, cert_file);
                SSL_CTX_free(context);
                ERR_clear_error();
                return NULL;
            }
            return fail_context(context, error, "key file", key_file);
        }
        if (SSL_CTX_check_private_key(context) != 1) {
            ctls_fail(error, CTLS_CONFIGURATION, 0, "key file %s does not match certificate %s", key_file, cert_file);
            SSL_CTX_free(context);
            ERR_clear_error();
            return NULL;
        }
    }
    ctls_context *result = malloc(sizeof *result);
    if (result == NULL) {
        SSL_CTX_free(context);
        ctls_fail(error, CTLS_CONFIGURATION, 0, "out of memory");
        return NULL;
    }
    result->ssl_context = context;
    return result;
}

void ctls_context_free(ctls_context *context) {
    if (context == NULL) return;
    SSL_CTX_free(context->ssl_context);
    free(context);
}

void ctls_context_ignore_validity_period(ctls_context *context) {
    X509_VERIFY_PARAM_set_flags(SSL_CTX_get0_param(context->ssl_context), X509_V_FLAG_NO_CHECK_TIME);
}
