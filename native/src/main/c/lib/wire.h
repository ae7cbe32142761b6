/*
 * wire.h - the protocol's primitive encodings (docs/protocol.md, "Conventions").
 *
 * A writer appends little-endian fields to a growable buffer; a reader takes them from a
 * byte range with bounds checks. Both are sticky: the first failure is recorded in an
 * ispd_error and every later call is a no-op, so a codec reads or writes all its fields
 * and checks once at the end. Nothing here touches a socket.
 */
#ifndef ISPD_WIRE_H
#define ISPD_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "ispd.h"

#ifdef __cplusplus
extern "C" { /* the tests are C++ */
#endif

/* Room for a drive's message (a str) and our own messages around names and numbers. */
#define ISPD_ERROR_MAX (ISPD_MAX_STRING + 256)
/* The largest frame either side may send. */
#define ISPD_FRAME_MAX ((size_t)ISPD_HEADER_SIZE + ISPD_MAX_PAYLOAD)

typedef struct ispd_error {
    int status; /* ISPD_OK until the first failure */
    char msg[ISPD_ERROR_MAX];
} ispd_error;

/* Records the first failure only (later ones are consequences); returns e->status. */
int wire_fail(ispd_error *e, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void wire_clear(ispd_error *e);

/* A heap buffer that grows on demand, up to ISPD_FRAME_MAX. */
typedef struct ispd_buf {
    uint8_t *data;
    size_t cap;
} ispd_buf;

int wire_reserve(ispd_buf *b, size_t need, ispd_error *e);
void wire_buf_free(ispd_buf *b);

static inline void wire_store16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void wire_store32(uint8_t *p, uint32_t v) {
    wire_store16(p, (uint16_t)v);
    wire_store16(p + 2, (uint16_t)(v >> 16));
}
static inline void wire_store64(uint8_t *p, uint64_t v) {
    wire_store32(p, (uint32_t)v);
    wire_store32(p + 4, (uint32_t)(v >> 32));
}
static inline uint16_t wire_load16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t wire_load32(const uint8_t *p) {
    return (uint32_t)wire_load16(p) | ((uint32_t)wire_load16(p + 2) << 16);
}
static inline uint64_t wire_load64(const uint8_t *p) {
    return (uint64_t)wire_load32(p) | ((uint64_t)wire_load32(p + 4) << 32);
}

/* ---- writer: bad arguments fail with ISPD_E_ARGUMENT naming the field ---- */
typedef struct ispd_writer {
    ispd_buf *buf;
    size_t len;
    ispd_error *err;
} ispd_writer;

void wire_put_u8(ispd_writer *w, uint8_t v);
void wire_put_u16(ispd_writer *w, uint16_t v);
void wire_put_u32(ispd_writer *w, uint32_t v);
void wire_put_u64(ispd_writer *w, uint64_t v);
void wire_put_bytes(ispd_writer *w, const void *p, size_t n);
/* s NULL is the empty string. */
void wire_put_str(ispd_writer *w, const char *field, const char *s);
/* "key=value\n..." text (NULL or "" for none; empty lines are skipped) as a params field. */
void wire_put_params(ispd_writer *w, const char *field, const char *text);

/* ---- reader: a short or inconsistent payload fails with ISPD_E_PROTOCOL naming the field ---- */
typedef struct ispd_reader {
    const uint8_t *data;
    size_t len;
    size_t pos;
    const char *what; /* e.g. "POLL response", the start of every message */
    ispd_error *err;
} ispd_reader;

void wire_reader_init(ispd_reader *r, const uint8_t *data, size_t len, const char *what, ispd_error *e);
uint8_t wire_get_u8(ispd_reader *r, const char *field);
uint16_t wire_get_u16(ispd_reader *r, const char *field);
uint32_t wire_get_u32(ispd_reader *r, const char *field);
uint64_t wire_get_u64(ispd_reader *r, const char *field);
/* Copies a str into out (cap bytes including the terminating NUL). */
void wire_get_str(ispd_reader *r, const char *field, char *out, size_t cap);
/* Decodes a params field as "key=value\n" text into out (cap bytes including the NUL). */
void wire_get_params(ispd_reader *r, const char *field, char *out, size_t cap);
/* Fails if bytes are left over; returns the reader's status. */
int wire_get_end(ispd_reader *r);

#ifdef __cplusplus
}
#endif

#endif /* ISPD_WIRE_H */
