/* connect.c - opening and closing connections: "unix:/path" and "tcp:host:port". */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "conn.h"

/* Waits up to timeout_ms (-1: for ever) for a connect(2) under way on fd to end; -1 with errno
 * set (ETIMEDOUT when it did not end in time) if it failed. */
static int connect_wait(int fd, int timeout_ms) {
    struct pollfd p = {.fd = fd, .events = POLLOUT};
    int r;
    while ((r = poll(&p, 1, timeout_ms)) < 0 && errno == EINTR) {
    }
    if (r == 0) {
        errno = ETIMEDOUT;
        return -1;
    }
    int err = 0;
    socklen_t n = sizeof err;
    if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &n) < 0) return -1;
    errno = err;
    return err ? -1 : 0;
}

/* connect(2) that survives EINTR: the attempt carries on in the background, so wait for it. */
static int connect_fd(int fd, const struct sockaddr *addr, socklen_t len) {
    if (connect(fd, addr, len) == 0) return 0;
    if (errno != EINTR) return -1;
    return connect_wait(fd, -1);
}

/* connect(2) to a TCP address that waits at most ISPD_CONNECT_TIMEOUT_MS: a host that is down
 * (its SYNs unanswered) would otherwise hold the caller for the kernel's retries, about two
 * minutes, and a job's planning with it. */
static int connect_tcp_fd(int fd, const struct sockaddr *addr, socklen_t len) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
    int rc = connect(fd, addr, len);
    if (rc < 0 && (errno == EINPROGRESS || errno == EINTR)) rc = connect_wait(fd, (int)ISPD_CONNECT_TIMEOUT_MS);
    int saved = errno;
    if (fcntl(fd, F_SETFL, flags) < 0) return -1;
    errno = saved;
    return rc;
}

static int open_unix(ispd_conn *c, const char *path) {
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof sa.sun_path)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "address %s: the socket path must be 1..%zu bytes, not %zu",
                         c->address, sizeof sa.sun_path - 1, n);
    memcpy(sa.sun_path, path, n);
    c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c->fd < 0 || connect_fd(c->fd, (struct sockaddr *)&sa, sizeof sa) < 0)
        return wire_fail(&c->err, ISPD_E_CONNECT, "cannot connect to %s: %s", c->address, strerror(errno));
    return ISPD_OK;
}

/* Splits "host:port" (host may be "[v6 address]") into host and a validated port. */
static int split_host_port(ispd_conn *c, const char *hostport, char *host, size_t host_cap, char port[6]) {
    const char *colon = strrchr(hostport, ':');
    if (!colon)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "address %s: expected tcp:host:port", c->address);
    const char *h = hostport;
    size_t hlen = (size_t)(colon - hostport);
    if (hlen >= 2 && h[0] == '[' && h[hlen - 1] == ']') h++, hlen -= 2;
    if (hlen == 0 || hlen >= host_cap)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "address %s: the host must be 1..%zu bytes", c->address,
                         host_cap - 1);
    memcpy(host, h, hlen);
    host[hlen] = '\0';
    const char *p = colon + 1;
    size_t plen = strlen(p);
    unsigned long v = 0;
    int digits = plen > 0 && plen <= 5 && strspn(p, "0123456789") == plen;
    if (digits) v = strtoul(p, NULL, 10);
    if (!digits || v == 0 || v > 65535)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "address %s: port \"%s\" is not a number 1..65535", c->address, p);
    snprintf(port, 6, "%lu", v);
    return ISPD_OK;
}

static int open_tcp(ispd_conn *c, const char *hostport) {
    char host[256], port[6];
    if (split_host_port(c, hostport, host, sizeof host, port) != ISPD_OK) return c->err.status;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV};
    struct addrinfo *list;
    int gai = getaddrinfo(host, port, &hints, &list);
    if (gai != 0)
        return wire_fail(&c->err, ISPD_E_CONNECT, "cannot resolve host \"%s\" of %s: %s", host, c->address,
                         gai == EAI_SYSTEM ? strerror(errno) : gai_strerror(gai));
    int err = 0;
    for (struct addrinfo *a = list; a && c->fd < 0; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd >= 0 && connect_tcp_fd(fd, a->ai_addr, a->ai_addrlen) == 0) {
            c->fd = fd;
        } else {
            err = errno;
            if (fd >= 0) close(fd);
        }
    }
    freeaddrinfo(list);
    if (c->fd < 0 && err == ETIMEDOUT)
        return wire_fail(&c->err, ISPD_E_CONNECT, "cannot connect to %s: no answer within %u ms", c->address,
                         ISPD_CONNECT_TIMEOUT_MS);
    if (c->fd < 0) return wire_fail(&c->err, ISPD_E_CONNECT, "cannot connect to %s: %s", c->address, strerror(err));
    /* Requests are single small writes awaiting an answer: Nagle would only add latency. */
    int one = 1;
    if (setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) < 0)
        return wire_fail(&c->err, ISPD_E_CONNECT, "connected to %s but cannot set TCP_NODELAY: %s", c->address,
                         strerror(errno));
    return ISPD_OK;
}

/* On failure *out is still a connection (unless memory ran out) that holds the message for
 * ispd_last_error; the caller closes it as usual. */
int ispd_connect(const char *address, ispd_conn **out) {
    if (!out) return ISPD_E_ARGUMENT;
    ispd_conn *c = *out = calloc(1, sizeof *c);
    if (!c) return ISPD_E_NO_MEMORY;
    c->fd = -1;
    snprintf(c->address, sizeof c->address, "%s", address ? address : "(null)");
    int rc;
    if (!address)
        rc = wire_fail(&c->err, ISPD_E_ARGUMENT, "address is NULL; expected unix:/path or tcp:host:port");
    else if (strncmp(address, "unix:", 5) == 0)
        rc = open_unix(c, address + 5);
    else if (strncmp(address, "tcp:", 4) == 0)
        rc = open_tcp(c, address + 4);
    else
        rc = wire_fail(&c->err, ISPD_E_ARGUMENT, "address \"%s\" must be unix:/path or tcp:host:port", c->address);
    if (rc == ISPD_OK) rc = ispd_set_timeout(c, ISPD_DEFAULT_TIMEOUT_MS);
    if (rc == ISPD_OK) rc = wire_reserve(&c->scratch, CONN_SCRATCH_INITIAL, &c->err);
    if (rc != ISPD_OK) {
        c->broken = 1;
        if (c->fd >= 0) close(c->fd);
        c->fd = -1;
        wire_buf_free(&c->scratch);
    }
    return rc;
}

int conn_reopen(ispd_conn *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    const char *a = c->address;
    int rc = strncmp(a, "unix:", 5) == 0 ? open_unix(c, a + 5) : open_tcp(c, a + 4);
    return rc == ISPD_OK ? ispd_set_timeout(c, c->timeout_ms) : rc;
}

int ispd_set_timeout(ispd_conn *c, uint32_t timeout_ms) {
    if (!c) return ISPD_E_ARGUMENT;
    if (c->fd < 0) return wire_fail(&c->err, ISPD_E_ARGUMENT, "connection to %s is closed", c->address);
    struct timeval tv = {.tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000};
    if (setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) < 0 ||
        setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) < 0)
        return wire_fail(&c->err, ISPD_E_IO, "cannot set a %u ms timeout on the connection to %s: %s", timeout_ms,
                         c->address, strerror(errno));
    c->timeout_ms = timeout_ms;
    return ISPD_OK;
}

void ispd_close(ispd_conn *c) {
    if (!c) return;
    auth_free(&c->auth);
    if (c->fd >= 0) close(c->fd);
    wire_buf_free(&c->scratch);
    free(c);
}

const char *ispd_last_error(const ispd_conn *c) { return c ? c->err.msg : "no connection (NULL)"; }

uint32_t ispd_reconnects(const ispd_conn *c) { return c ? c->reconnects : 0; }

int ispd_last_status(const ispd_conn *c) { return c ? c->err.status : ISPD_E_ARGUMENT; }
