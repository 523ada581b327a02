// The socket BIO: OpenSSL's own writes with write(2), which raises SIGPIPE
// on a closed connection, and ignoring SIGPIPE process-wide would leak into
// every command lifesignal runs. This one uses send(MSG_NOSIGNAL).

#include "ctls_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/socket.h>

static BIO_METHOD *socket_method;
static pthread_once_t socket_method_once = PTHREAD_ONCE_INIT;

static int descriptor(BIO *bio) { return (int)(intptr_t)BIO_get_data(bio); }

static int socket_write(BIO *bio, const char *data, size_t length, size_t *written) {
    BIO_clear_retry_flags(bio);
    for (;;) {
        ssize_t count = send(descriptor(bio), data, length, MSG_NOSIGNAL);
        if (count >= 0) {
            *written = (size_t)count;
            return 1;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_write(bio);
        return 0;
    }
}

static int socket_read(BIO *bio, char *data, size_t length, size_t *read_count) {
    BIO_clear_retry_flags(bio);
    for (;;) {
        ssize_t count = recv(descriptor(bio), data, length, 0);
        if (count > 0) {
            *read_count = (size_t)count;
            return 1;
        }
        if (count == 0) {
            // The end of the stream: no retry flag, and errno 0, so OpenSSL
            // reports an end of file rather than a system error.
            errno = 0;
            return 0;
        }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_read(bio);
        return 0;
    }
}

static long socket_control(BIO *bio, int command, long number, void *pointer) {
    (void)bio;
    (void)number;
    (void)pointer;
    // Writes go straight to the socket, so there is never anything to flush;
    // every other control (kTLS, datagram options) is unsupported.
    return command == BIO_CTRL_FLUSH ? 1 : 0;
}

static int socket_create(BIO *bio) {
    BIO_set_init(bio, 1);
    return 1;
}

static void make_socket_method(void) {
    BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK | BIO_TYPE_DESCRIPTOR,
                                      "lifesignal socket");
    if (method == NULL) return;
    BIO_meth_set_write_ex(method, socket_write);
    BIO_meth_set_read_ex(method, socket_read);
    BIO_meth_set_ctrl(method, socket_control);
    BIO_meth_set_create(method, socket_create);
    socket_method = method;
}

BIO *ctls_socket_bio(int fd) {
    pthread_once(&socket_method_once, make_socket_method);
    if (socket_method == NULL) return NULL;
    BIO *bio = BIO_new(socket_method);
    if (bio != NULL) BIO_set_data(bio, (void *)(intptr_t)fd);
    return bio;
}
