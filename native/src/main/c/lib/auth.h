/*
 * auth.h - an authenticated connection's keys and sequence numbers (docs/security.md): tags on
 * requests, verification of answers, both HMAC-SHA256 by OpenSSL's libcrypto.
 */
#ifndef ISPD_AUTH_H
#define ISPD_AUTH_H

#include <stddef.h>
#include <stdint.h>

#include "ispd.h"
#include "wire.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AUTH_KEY_MIN 16
#define AUTH_KEY_MAX 128

typedef struct conn_auth {
    int on;                 /* requests are tagged and answers must verify */
    uint32_t identity;
    uint32_t sequence;      /* the next request's: 0 for the hello, then the drive's numbers */
    uint32_t sent_sequence; /* the sequence of the request in flight */
    uint8_t key[AUTH_KEY_MAX];
    size_t key_len;
    void *keyed;            /* an HMAC-SHA256 keyed once with key: every tag starts from a copy of it */
    void *answer;           /* the HMAC over the answer being received; NULL if it is not tagged */
    uint8_t answer_tag[ISPD_AUTH_TAG_SIZE];
} conn_auth;

/* Turns tagging on with this identity and key; ISPD_E_ARGUMENT naming what is wrong. */
int auth_start(conn_auth *a, uint32_t identity, const void *key, uint32_t key_len, ispd_error *err);

/* Tags the request frame in place: sets AUTH, the identity and the sequence in the encoded
 * header, then the tag over header (tag zeroed), payload and the caller's tail. */
int auth_tag_request(conn_auth *a, uint8_t *frame, size_t frame_len, const void *tail, size_t tail_len,
                     ispd_error *err);

/* Starts verifying an answer from its encoded header: a tagged answer to the request in flight
 * from this identity, or ISPD_E_PROTOCOL naming the mismatch. An untagged answer is accepted
 * only as an error (status != 0), which fails the call anyway. */
int auth_answer_begin(conn_auth *a, const uint8_t header[ISPD_HEADER_SIZE], const ispd_header *h, ispd_error *err);

/* Feeds payload bytes of a tagged answer. */
void auth_answer_update(conn_auth *a, const void *bytes, size_t n);

/* Ends a tagged answer: ISPD_E_PROTOCOL if its tag does not verify. Moves the sequence on. */
int auth_answer_end(conn_auth *a, const ispd_header *h, ispd_error *err);

/* Frees what the connection's authentication holds and wipes the key. */
void auth_free(conn_auth *a);

#ifdef __cplusplus
}
#endif

#endif /* ISPD_AUTH_H */
