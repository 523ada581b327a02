// Process-wide OpenSSL set-up and the client context.

// memmem(3).
#define _GNU_SOURCE

#include "ctls_internal.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <limits.h>
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

/// Whether the PEM text holds an encrypted private key.
static int key_is_encrypted(const ctls_pem *key) {
    return memmem(key->bytes, key->count, "ENCRYPTED", 9) != NULL;
}

/// A read-only BIO over the PEM text (NULL when it is too large for one).
static BIO *pem_bio(const ctls_pem *pem) {
    if (pem->count > INT_MAX) return NULL;
    return BIO_new_mem_buf(pem->bytes, (int)pem->count);
}

/// Trusts every certificate in `ca`, as SSL_CTX_load_verify_locations does
/// with a file: at least one is needed.
static int load_ca(SSL_CTX *context, const ctls_pem *ca) {
    BIO *bio = pem_bio(ca);
    if (bio == NULL) return 0;
    STACK_OF(X509_INFO) *infos = PEM_X509_INFO_read_bio(bio, NULL, refuse_passphrase, NULL);
    BIO_free(bio);
    if (infos == NULL) return 0;
    X509_STORE *store = SSL_CTX_get_cert_store(context);
    int added = 0, failed = 0;
    for (int index = 0; index < sk_X509_INFO_num(infos); index++) {
        X509_INFO *info = sk_X509_INFO_value(infos, index);
        if (info->x509 == NULL) continue;
        if (X509_STORE_add_cert(store, info->x509) == 1) added++; else failed = 1;
    }
    sk_X509_INFO_pop_free(infos, X509_INFO_free);
    return added > 0 && !failed;
}

/// Presents the first certificate in `cert` and sends the rest as its
/// chain, as SSL_CTX_use_certificate_chain_file does with a file.
static int load_chain(SSL_CTX *context, const ctls_pem *cert) {
    BIO *bio = pem_bio(cert);
    if (bio == NULL) return 0;
    X509 *leaf = PEM_read_bio_X509_AUX(bio, NULL, refuse_passphrase, NULL);
    int ok = leaf != NULL && SSL_CTX_use_certificate(context, leaf) == 1 && SSL_CTX_clear_chain_certs(context) == 1;
    X509_free(leaf);
    while (ok) {
        X509 *link = PEM_read_bio_X509(bio, NULL, refuse_passphrase, NULL);
        if (link == NULL) {
            // The end of the text is the expected way out of the loop.
            unsigned long last = ERR_peek_last_error();
            if (ERR_GET_LIB(last) == ERR_LIB_PEM && ERR_GET_REASON(last) == PEM_R_NO_START_LINE) {
                ERR_clear_error();
            } else {
                ok = 0;
            }
            break;
        }
        if (SSL_CTX_add0_chain_cert(context, link) != 1) {
            X509_free(link);
            ok = 0;
        }
    }
    BIO_free(bio);
    return ok;
}

/// Uses the private key in `key` (an encrypted one fails: no passphrase is asked for).
static int load_key(SSL_CTX *context, const ctls_pem *key) {
    BIO *bio = pem_bio(key);
    if (bio == NULL) return 0;
    EVP_PKEY *pkey = PEM_read_bio_PrivateKey(bio, NULL, refuse_passphrase, NULL);
    BIO_free(bio);
    if (pkey == NULL) return 0;
    int ok = SSL_CTX_use_PrivateKey(context, pkey) == 1;
    EVP_PKEY_free(pkey);
    return ok;
}

static ctls_context *fail_context(SSL_CTX *context, ctls_error *error, const char *what, const char *path) {
    const char *reason = ctls_last_reason();
    ctls_fail(error, CTLS_CONFIGURATION, 0, "%s %s: %s", what, path, reason != NULL ? reason : "not usable");
    SSL_CTX_free(context);
    ERR_clear_error();
    return NULL;
}

ctls_context *ctls_context_create(const ctls_pem *ca, const ctls_pem *cert, const ctls_pem *key,
                                  ctls_error *error) {
    memset(error, 0, sizeof *error);
    if (!ctls_initialize()) {
        ctls_fail(error, CTLS_CONFIGURATION, 0, "OpenSSL could not be initialised");
        return NULL;
    }
    if ((cert == NULL) != (key == NULL)) {
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
    if (ca != NULL) {
        if (!load_ca(context, ca)) return fail_context(context, error, "CA file", ca->path);
    } else if (SSL_CTX_set_default_verify_paths(context) != 1) {
        return fail_context(context, error, "default CA", "store");
    }
    if (cert != NULL) {
        if (!load_chain(context, cert)) return fail_context(context, error, "certificate file", cert->path);
        if (!load_key(context, key)) {
            if (key_is_encrypted(key)) {
                ctls_fail(error, CTLS_CONFIGURATION, 0,
                          "key file %s is encrypted; a passphrase cannot be asked for: give an unencrypted key",
                          key->path);
                SSL_CTX_free(context);
                ERR_clear_error();
                return NULL;
            }
            if (ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH) {
                ctls_fail(error, CTLS_CONFIGURATION, 0, "key file %s does not match certificate %s", key->path,
                          cert->path);
                SSL_CTX_free(context);
                ERR_clear_error();
                return NULL;
            }
            return fail_context(context, error, "key file", key->path);
        }
        if (SSL_CTX_check_private_key(context) != 1) {
            ctls_fail(error, CTLS_CONFIGURATION, 0, "key file %s does not match certificate %s", key->path, cert->path);
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
