/* conn.c - one request/response exchange on a connection; see conn.h. */
#include "conn.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <stdlib.h>
#include <time.h>

#include "codec.h"

/* Marks the connection unusable: after such a failure the byte stream cannot be trusted. */
static int lose_step(ispd_conn *c) {
    c->broken = 1;
    return c->err.status;
}

/* A drive closes a connection that stayed idle past its idle timeout (docs/drive.md, "Admission");
 * the client would learn it only from the next call's answer, "closed the connection after 0 of
 * 64 bytes". So before a connection that has carried requests sends the next one, a connection
 * whose drive closed it (the end of the stream, or a reset, waiting to be read) is reopened, and
 * an authenticated one says its hello again with the key it keeps: no byte of the request has
 * left yet, so nothing runs twice. A drive that closes it after this look still fails the call. */
static int revive_if_closed(ispd_conn *c) {
    if (c->last_request_id == 0 || c->fd < 0) return ISPD_OK; /* a new one (the hello's too) is sent as is */
    struct pollfd p = {.fd = c->fd, .events = POLLIN};
    if (poll(&p, 1, 0) <= 0) return ISPD_OK;
    char byte;
    ssize_t n = recv(c->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n > 0 || (n < 0 && errno != ECONNRESET)) return ISPD_OK; /* bytes, or no verdict: the call finds out */
    if (conn_reopen(c) != ISPD_OK) return lose_step(c);
    c->last_request_id = 0;
    c->reconnects++;
    if (!c->auth.on) return ISPD_OK;
    uint8_t key[AUTH_KEY_MAX];
    uint32_t key_len = (uint32_t)c->auth.key_len;
    memcpy(key, c->auth.key, key_len);
    int rc = conn_hello(c, c->auth.identity, key, key_len);
    memset(key, 0, sizeof key);
    return rc == ISPD_OK ? ISPD_OK : lose_step(c);
}

int conn_begin(ispd_conn *c, ispd_writer *w) {
    if (!c) return ISPD_E_ARGUMENT;
    wire_clear(&c->err);
    if (c->broken)
        return wire_fail(&c->err, ISPD_E_IO, "the connection to %s is unusable after an earlier error; open a new one",
                         c->address);
    if (revive_if_closed(c) != ISPD_OK) return c->err.status;
    wire_clear(&c->err);
    w->buf = &c->scratch;
    w->err = &c->err;
    codec_frame_begin(w);
    return c->err.status;
}

int conn_device_info(ispd_conn *c, ispd_writer *w, ispd_device_info *out) {
    ispd_header h;
    ispd_reader r;
    if (conn_exchange(c, w, ISPD_OP_DEVICE_INFO, NULL, 0, CONN_WHOLE_PAYLOAD, &h) != ISPD_OK) return c->err.status;
    if (conn_fill(c, &h, h.payload_len, &r) != ISPD_OK) return c->err.status;
    return codec_dec_device_info(&r, out);
}

/* The hello: tags start on this connection, and its first tagged request is a DEVICE_INFO, whose
 * answer is read and checked but not needed. */
int conn_hello(ispd_conn *c, uint32_t identity, const void *key, uint32_t key_len) {
    if (auth_start(&c->auth, identity, key, key_len, &c->err) != ISPD_OK) return c->err.status;
    ispd_writer w;
    if (conn_begin(c, &w) != ISPD_OK) return c->err.status;
    ispd_device_info *hello = malloc(sizeof *hello);
    if (!hello) return wire_fail(&c->err, ISPD_E_NO_MEMORY, "no memory for the hello's answer");
    int rc = conn_device_info(c, &w, hello);
    free(hello);
    return rc;
}

/* sendmsg is writev with flags: MSG_NOSIGNAL turns a closed peer into EPIPE, not SIGPIPE. */
static int send_all(ispd_conn *c, struct iovec *iov, int n, uint8_t opcode) {
    while (n > 0) {
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = (size_t)n};
        ssize_t sent = sendmsg(c->fd, &m, MSG_NOSIGNAL);
        if (sent < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                wire_fail(&c->err, ISPD_E_TIMEOUT, "the drive at %s took no more of the %s request within %u ms",
                          c->address, codec_op_name(opcode), c->timeout_ms);
            else
                wire_fail(&c->err, ISPD_E_IO, "sending the %s request to %s: %s", codec_op_name(opcode),
                          c->address, strerror(errno));
            return lose_step(c);
        }
        size_t left = (size_t)sent; /* a short write: skip what went out */
        while (n > 0 && left >= iov->iov_len) {
            left -= iov->iov_len;
            iov++;
            n--;
        }
        if (n > 0) {
            iov->iov_base = (uint8_t *)iov->iov_base + left;
            iov->iov_len -= left;
        }
    }
    return ISPD_OK;
}

/* Reads at least min and at most max bytes into buf; *got (may be NULL) is the count. */
static int recv_some(ispd_conn *c, void *buf, size_t min, size_t max, size_t *got, const char *what) {
    size_t n = 0;
    int flags = min == max ? MSG_WAITALL : 0; /* one syscall for bulk data where possible */
    while (n < min) {
        ssize_t r = recv(c->fd, (uint8_t *)buf + n, max - n, flags);
        if (r > 0) {
            n += (size_t)r;
        } else if (r == 0) {
            wire_fail(&c->err, ISPD_E_IO, "the drive at %s closed the connection after %zu of %zu bytes of the %s",
                      c->address, n, min, what);
            return lose_step(c);
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            wire_fail(&c->err, ISPD_E_TIMEOUT, "no answer from the drive at %s within %u ms while reading the %s",
                      c->address, c->timeout_ms, what);
            return lose_step(c);
        } else if (errno != EINTR) {
            wire_fail(&c->err, ISPD_E_IO, "reading the %s from %s: %s", what, c->address, strerror(errno));
            return lose_step(c);
        }
    }
    if (got) *got = n;
    return ISPD_OK;
}

/* Counts n more payload bytes received at bytes; once the whole payload is in, an authenticated
 * connection checks the answer's tag (docs/security.md). */
static int arrived(ispd_conn *c, const ispd_header *h, const void *bytes, size_t n) {
    c->received += n;
    if (!c->auth.on) return ISPD_OK;
    auth_answer_update(&c->auth, bytes, n);
    if (c->received < h->payload_len || auth_answer_end(&c->auth, h, &c->err) == ISPD_OK) return ISPD_OK;
    return lose_step(c);
}

/* Reads and drops the rest of the current payload, to stay in step after refusing it. */
static int skip_rest(ispd_conn *c, const ispd_header *h) {
    while (c->received < h->payload_len) {
        size_t n = h->payload_len - c->received;
        if (n > c->scratch.cap) n = c->scratch.cap;
        if (recv_some(c, c->scratch.data, n, n, NULL, "response payload") != ISPD_OK) return c->err.status;
        ispd_error kept = c->err; /* the refusal being drained for, not the tag check, is the call's error */
        arrived(c, h, c->scratch.data, n);
        c->err = kept;
    }
    return ISPD_OK;
}

/* Fails the call with the drive's status and message (an error response's payload). */
static int drive_failure(ispd_conn *c, const ispd_header *h, char *msg, size_t cap) {
    if (h->status >= 1000)
        return wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: status %u is reserved for the client (message \"%s\")",
                         c->what, h->status, msg);
    if (msg[0] == '\0')
        snprintf(msg, cap, "%s (the drive gave no message)", ispd_status_name(h->status));
    wire_fail(&c->err, h->status, "%s", msg);
    /* The drive closes the connection after these (docs/protocol.md, "Errors that end a connection"),
     * and on an authenticated connection an untagged answer leaves the sequence numbers unknown. */
    if (h->status == ISPD_BAD_MAGIC || h->status == ISPD_BAD_VERSION || h->status == ISPD_BAD_FLAGS ||
        h->status == ISPD_PAYLOAD_TOO_LARGE || h->status == ISPD_AUTH_FAILED ||
        (c->auth.on && !(h->flags & ISPD_FLAG_AUTH)))
        return lose_step(c);
    return c->err.status;
}

/* The payload of a response with status != 0 is the drive's message. */
static int drive_error(ispd_conn *c, const ispd_header *h) {
    char msg[ISPD_MAX_STRING + 1];
    ispd_reader r;
    if (conn_fill(c, h, h->payload_len, &r) != ISPD_OK || codec_dec_error(&r, msg, sizeof msg) != ISPD_OK)
        return c->err.status;
    return drive_failure(c, h, msg, sizeof msg);
}

/* Sends the request (kept in the scratch buffer and tail) and reads the answer's header with up to
 * max - ISPD_HEADER_SIZE payload bytes; checks that it answers request id. */
static int send_and_receive(ispd_conn *c, size_t frame_len, const void *tail, uint32_t tail_len, uint8_t opcode,
                            uint64_t id, size_t max, ispd_header *h, size_t *got) {
    struct iovec iov[2] = {{c->scratch.data, frame_len}, {(void *)tail, tail_len}};
    if (send_all(c, iov, tail_len ? 2 : 1, opcode) != ISPD_OK) return c->err.status;
    if (recv_some(c, c->scratch.data, ISPD_HEADER_SIZE, max, got, "response header") != ISPD_OK)
        return c->err.status;
    int valid = ispd_header_decode(c->scratch.data, h);
    if (valid != ISPD_OK) {
        wire_fail(&c->err, ISPD_E_PROTOCOL,
                  "%s from %s has a bad header (%s: magic 0x%08x, version %u, flags 0x%04x, payload_len %u)", c->what,
                  c->address, ispd_status_name(valid), h->magic, h->version, h->flags, h->payload_len);
        return lose_step(c);
    }
    if (!(h->flags & ISPD_FLAG_RESPONSE) || h->opcode != opcode || h->request_id != id) {
        wire_fail(&c->err, ISPD_E_PROTOCOL,
                  "expected the response to %s request %llu, "
                  "got a frame for %s (opcode 0x%02x) request %llu with flags 0x%04x",
                  codec_op_name(opcode), (unsigned long long)id, codec_op_name(h->opcode), h->opcode,
                  (unsigned long long)h->request_id, h->flags);
        return lose_step(c);
    }
    return ISPD_OK;
}

/* A drive over its connection cap answers a connection's first request BUSY, untagged, with
 * "retry after N ms", and closes it. Reads that answer's message into the call's error; returns 1
 * and sets *wait_ms if it carries the hint, 0 otherwise (then the call fails with that BUSY). */
static int admission_busy(ispd_conn *c, const ispd_header *h, size_t got, uint32_t *wait_ms) {
    char msg[ISPD_MAX_STRING + 1];
    size_t have = got - ISPD_HEADER_SIZE;
    if (h->payload_len > c->scratch.cap - ISPD_HEADER_SIZE || have > h->payload_len) {
        wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: a BUSY answer of %u bytes", c->what, h->payload_len);
        lose_step(c);
        return 0;
    }
    if (have < h->payload_len &&
        recv_some(c, c->scratch.data + got, h->payload_len - have, h->payload_len - have, NULL, c->what) != ISPD_OK)
        return 0;
    ispd_reader r;
    wire_reader_init(&r, c->scratch.data + ISPD_HEADER_SIZE, h->payload_len, c->what, &c->err);
    if (codec_dec_error(&r, msg, sizeof msg) != ISPD_OK) return 0;
    const char *hint = strstr(msg, "retry after ");
    drive_failure(c, h, msg, sizeof msg);
    if (!hint) return 0;
    unsigned long ms = strtoul(hint + strlen("retry after "), NULL, 10);
    *wait_ms = ms < ISPD_BUSY_MAX_WAIT_MS ? (uint32_t)ms : ISPD_BUSY_MAX_WAIT_MS;
    return 1;
}

static void pause_ms(uint32_t ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) < 0 && errno == EINTR) {
    }
}

/* send_and_receive for a connection's first request, which a drive at its connection cap may
 * refuse: then reconnects and sends it again after the drive's hint, up to ISPD_BUSY_RETRIES
 * times. The answer overwrites the scratch buffer, so the request frame is kept aside. */
static int send_first(ispd_conn *c, size_t frame_len, const void *tail, uint32_t tail_len, uint8_t opcode,
                      size_t max, ispd_header *h, size_t *got) {
    uint8_t *frame = malloc(frame_len);
    if (!frame) return wire_fail(&c->err, ISPD_E_NO_MEMORY, "no memory to keep the %s request", codec_op_name(opcode));
    memcpy(frame, c->scratch.data, frame_len);
    int rc;
    for (int retries = 0;; retries++) {
        rc = send_and_receive(c, frame_len, tail, tail_len, opcode, 1, max, h, got);
        if (rc != ISPD_OK || h->status != ISPD_BUSY || (h->flags & ISPD_FLAG_AUTH)) break;
        uint32_t wait_ms;
        int hinted = admission_busy(c, h, *got, &wait_ms);
        if (!hinted || retries == ISPD_BUSY_RETRIES) { /* without a hint, a BUSY that keeps the connection */
            rc = hinted ? lose_step(c) : c->err.status;
            break;
        }
        pause_ms(wait_ms);
        if (conn_reopen(c) != ISPD_OK) {
            rc = lose_step(c);
            break;
        }
        wire_clear(&c->err);
        memcpy(c->scratch.data, frame, frame_len);
    }
    free(frame);
    return rc;
}

int conn_exchange(ispd_conn *c, ispd_writer *w, uint8_t opcode, const void *tail, uint32_t tail_len, size_t early,
                  ispd_header *h) {
    uint64_t id = c->last_request_id + 1;
    if (codec_frame_end(w, opcode, id, tail_len) != ISPD_OK) return c->err.status;
    if (c->auth.on && auth_tag_request(&c->auth, c->scratch.data, w->len, tail, tail_len, &c->err) != ISPD_OK)
        return c->err.status;
    c->last_request_id = id;
    snprintf(c->what, sizeof c->what, "%s response", codec_op_name(opcode));

    size_t got, max = c->scratch.cap;
    if (early < max - ISPD_HEADER_SIZE) max = ISPD_HEADER_SIZE + early;
    int rc = id == 1 ? send_first(c, w->len, tail, tail_len, opcode, max, h, &got)
                     : send_and_receive(c, w->len, tail, tail_len, opcode, id, max, h, &got);
    if (rc != ISPD_OK) return rc;
    size_t early_got = got - ISPD_HEADER_SIZE;
    if (early_got > h->payload_len) {
        wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: the drive sent %zu bytes beyond the frame's %u-byte payload", c->what,
                  early_got - h->payload_len, h->payload_len);
        return lose_step(c);
    }
    if (c->auth.on && auth_answer_begin(&c->auth, c->scratch.data, h, &c->err) != ISPD_OK)
        return lose_step(c);
    c->received = 0;
    if (arrived(c, h, c->scratch.data + ISPD_HEADER_SIZE, early_got) != ISPD_OK) return c->err.status;
    return h->status == ISPD_OK ? ISPD_OK : drive_error(c, h);
}

int conn_fill(ispd_conn *c, const ispd_header *h, size_t n, ispd_reader *r) {
    if (n > h->payload_len) {
        wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: payload of %u bytes is shorter than its %zu-byte fixed part", c->what,
                  h->payload_len, n);
        skip_rest(c, h);
        return c->err.status;
    }
    if (wire_reserve(&c->scratch, ISPD_HEADER_SIZE + n, &c->err) != ISPD_OK) {
        skip_rest(c, h);
        return c->err.status;
    }
    uint8_t *payload = c->scratch.data + ISPD_HEADER_SIZE;
    if (c->received < n) {
        size_t missing = n - c->received;
        if (recv_some(c, payload + c->received, missing, missing, NULL, c->what) != ISPD_OK ||
            arrived(c, h, payload + c->received, missing) != ISPD_OK)
            return c->err.status;
    }
    wire_reader_init(r, payload, n, c->what, &c->err);
    return ISPD_OK;
}

int conn_recv_data(ispd_conn *c, const ispd_header *h, uint32_t declared, void *buf, uint32_t cap) {
    size_t rest = h->payload_len - c->received;
    if (declared != rest) {
        wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: length field says %u bytes but %zu follow", c->what, declared, rest);
    } else if (declared > cap) {
        wire_fail(&c->err, ISPD_E_BUFFER_TOO_SMALL, "%s carries %u bytes, the buffer holds %u", c->what, declared,
                  cap);
    } else {
        if (recv_some(c, buf, declared, declared, NULL, c->what) != ISPD_OK) return c->err.status;
        return arrived(c, h, buf, declared);
    }
    skip_rest(c, h);
    return c->err.status;
}
