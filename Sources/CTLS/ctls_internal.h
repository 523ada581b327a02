#ifndef CTLS_INTERNAL_H
#define CTLS_INTERNAL_H

#include "CTLS.h"
#include <openssl/ssl.h>

struct ctls_context {
    SSL_CTX *ssl_context;
};

/// Initialises OpenSSL once per process, without reading openssl.cnf.
int ctls_initialize(void);

/// A BIO over a socket that sends with MSG_NOSIGNAL, so a peer that has gone
/// away gives EPIPE instead of killing the process with SIGPIPE.
BIO *ctls_socket_bio(int fd);

/// Fills `error`.
void ctls_fail(ctls_error *error, ctls_status status, int sys_errno, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/// The reason of the most recent OpenSSL error on this thread, or NULL.
const char *ctls_last_reason(void);

#endif
