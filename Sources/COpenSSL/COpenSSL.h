// The platform's OpenSSL (Debian: libssl-dev), found through pkg-config.
// Only the CTLS target includes these headers; Swift never calls OpenSSL.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
