/*
 * conn.h - a connection to a drive and the request/response exchange over it.
 *
 * One request is in flight at a time. Requests and small responses pass through the
 * connection's scratch buffer (allocated once, grown only for unusually large frames); bulk
 * data goes straight between the socket and the caller's buffer. A call that loses track of
 * the frame boundaries marks the connection broken, and every later call fails at once.
 */
#ifndef ISPD_CONN_H
#define ISPD_CONN_H

#include <stddef.h>
#include <stdint.h>

#include "auth.h"
#include "ispd.h"
#include "wire.h"

#ifdef __cplusplus
extern "C" { /* the tests are C++ */
#endif

#define CONN_SCRATCH_INITIAL 65536u
#define CONN_ADDRESS_MAX 300
/* conn_exchange's early: read as much of the payload as the scratch buffer holds. */
#define CONN_WHOLE_PAYLOAD SIZE_MAX

struct ispd_conn {
    int fd;
    int broken;               /* out of step with the byte stream: only ispd_close is left */
    uint64_t last_request_id; /* ids increase from 1 */
    size_t received;          /* payload bytes of the current response read so far */
    ispd_buf scratch;
    ispd_error err;           /* status and message of the last call */
    char what[48];            /* "POLL response": the prefix of decoding messages */
    char address[CONN_ADDRESS_MAX];
    uint32_t timeout_ms;      /* SO_RCVTIMEO/SO_SNDTIMEO of fd; 0 = none */
    conn_auth auth;           /* tags and sequence numbers after ispd_authenticate */
    uint32_t reconnects;      /* times a call reopened the connection the drive had closed while idle */
};

/* Starts a call: clears the last error, refuses a broken connection, reopens one the drive
 * closed while it was idle (and authenticates it again), and begins a request frame in the
 * scratch buffer. ISPD_E_ARGUMENT without a message if c is NULL. */
int conn_begin(ispd_conn *c, ispd_writer *w);

/* Sends the DEVICE_INFO request begun in w (conn_begin) and decodes its answer into out. */
int conn_device_info(ispd_conn *c, ispd_writer *w, ispd_device_info *out);

/* Says the connection's hello with key (ispd_authenticate, and again when a call reopens an
 * authenticated connection the drive closed while it was idle). */
int conn_hello(ispd_conn *c, uint32_t identity, const void *key, uint32_t key_len);

/* Sends the request frame in w followed by tail (the caller's bytes, not copied), then reads
 * the response header together with up to early payload bytes, whatever has arrived. Checks
 * that it answers this request; a drive's error status comes back with its message. */
int conn_exchange(ispd_conn *c, ispd_writer *w, uint8_t opcode, const void *tail, uint32_t tail_len, size_t early,
                  ispd_header *h);

/* Closes the socket and connects to the same address again, with the same timeout (a retry after
 * the drive refused the connection at admission). */
int conn_reopen(ispd_conn *c);

/* Makes the first n payload bytes available in the scratch buffer and points r at them. */
int conn_fill(ispd_conn *c, const ispd_header *h, size_t n, ispd_reader *r);

/* Receives the rest of the payload, which the response's length field gives as declared,
 * straight into buf. Fails with ISPD_E_BUFFER_TOO_SMALL beyond cap (or ISPD_E_PROTOCOL if the
 * length field disagrees with the frame), draining the payload so the connection stays usable. */
int conn_recv_data(ispd_conn *c, const ispd_header *h, uint32_t declared, void *buf, uint32_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ISPD_CONN_H */
