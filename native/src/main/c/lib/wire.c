/* wire.c - primitive encodings: integers, str, params; see wire.h. */
#include "wire.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wire_fail(ispd_error *e, int status, const char *fmt, ...) {
    if (e->status == ISPD_OK) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
        e->status = status;
    }
    return e->status;
}

void wire_clear(ispd_error *e) {
    e->status = ISPD_OK;
    e->msg[0] = '\0';
}

int wire_reserve(ispd_buf *b, size_t need, ispd_error *e) {
    if (need <= b->cap) return ISPD_OK;
    if (need > ISPD_FRAME_MAX)
        return wire_fail(e, ISPD_E_ARGUMENT,
                         "a frame of %zu bytes exceeds the protocol limit of %zu (header + ISPD_MAX_PAYLOAD)", need,
                         ISPD_FRAME_MAX);
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < need) cap *= 2;
    if (cap > ISPD_FRAME_MAX) cap = ISPD_FRAME_MAX;
    uint8_t *p = realloc(b->data, cap);
    if (!p) return wire_fail(e, ISPD_E_NO_MEMORY, "cannot allocate a frame buffer of %zu bytes", cap);
    b->data = p;
    b->cap = cap;
    return ISPD_OK;
}

void wire_buf_free(ispd_buf *b) {
    free(b->data);
    b->data = NULL;
    b->cap = 0;
}

/* Index of the first byte outside [A-Za-z0-9._-], or n if the key is clean. */
static size_t bad_key_byte(const char *k, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)k[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
                 c == '-';
        if (!ok) return i;
    }
    return n;
}

/* ---- writer ---- */

/* Makes room for n more bytes; returns where they go, or NULL once the writer has failed. */
static uint8_t *room(ispd_writer *w, size_t n) {
    if (w->err->status != ISPD_OK || wire_reserve(w->buf, w->len + n, w->err) != ISPD_OK) return NULL;
    uint8_t *p = w->buf->data + w->len;
    w->len += n;
    return p;
}

void wire_put_u8(ispd_writer *w, uint8_t v) {
    uint8_t *p = room(w, 1);
    if (p) *p = v;
}
void wire_put_u16(ispd_writer *w, uint16_t v) {
    uint8_t *p = room(w, 2);
    if (p) wire_store16(p, v);
}
void wire_put_u32(ispd_writer *w, uint32_t v) {
    uint8_t *p = room(w, 4);
    if (p) wire_store32(p, v);
}
void wire_put_u64(ispd_writer *w, uint64_t v) {
    uint8_t *p = room(w, 8);
    if (p) wire_store64(p, v);
}
void wire_put_bytes(ispd_writer *w, const void *src, size_t n) {
    uint8_t *p = room(w, n);
    if (p && n) memcpy(p, src, n);
}

void wire_put_str(ispd_writer *w, const char *field, const char *s) {
    size_t n = s ? strlen(s) : 0;
    if (n > ISPD_MAX_STRING) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s is %zu bytes, the limit is %d", field, n, ISPD_MAX_STRING);
        return;
    }
    wire_put_u16(w, (uint16_t)n);
    wire_put_bytes(w, s, n);
}

/* One "key=value" line (without its newline) as the pair number pair. */
static void put_pair(ispd_writer *w, const char *field, unsigned line, unsigned pair, const char *s, size_t n) {
    const char *eq = memchr(s, '=', n);
    if (!eq) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s line %u (\"%.*s\") has no '='", field, line, (int)(n > 60 ? 60 : n), s);
        return;
    }
    size_t klen = (size_t)(eq - s), vlen = n - klen - 1;
    size_t bad = bad_key_byte(s, klen);
    if (klen == 0) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s line %u has an empty key", field, line);
    } else if (klen > ISPD_MAX_STRING) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s line %u: key is %zu bytes, the limit is %d", field, line, klen,
                  ISPD_MAX_STRING);
    } else if (bad < klen) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s key \"%.*s\" has byte 0x%02x at position %zu; keys are [A-Za-z0-9._-]",
                  field, (int)klen, s, (unsigned char)s[bad], bad);
    } else if (vlen > ISPD_MAX_STRING) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s key \"%.*s\": value is %zu bytes, the limit is %d", field, (int)klen, s,
                  vlen, ISPD_MAX_STRING);
    } else if (pair > ISPD_MAX_PARAMS) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%s has more than %d pairs (line %u)", field, ISPD_MAX_PARAMS, line);
    }
    if (w->err->status != ISPD_OK) return;
    wire_put_u16(w, (uint16_t)klen);
    wire_put_bytes(w, s, klen);
    wire_put_u16(w, (uint16_t)vlen);
    wire_put_bytes(w, eq + 1, vlen);
}

void wire_put_params(ispd_writer *w, const char *field, const char *text) {
    size_t count_at = w->len;
    unsigned line = 0, pairs = 0;
    wire_put_u16(w, 0); /* patched below */
    for (const char *p = text ? text : ""; *p != '\0' && w->err->status == ISPD_OK;) {
        const char *end = strchr(p, '\n');
        if (!end) end = p + strlen(p);
        line++;
        if (end > p) put_pair(w, field, line, ++pairs, p, (size_t)(end - p));
        p = *end ? end + 1 : end;
    }
    if (w->err->status == ISPD_OK) wire_store16(w->buf->data + count_at, (uint16_t)pairs);
}

/* ---- reader ---- */

void wire_reader_init(ispd_reader *r, const uint8_t *data, size_t len, const char *what, ispd_error *e) {
    r->data = data;
    r->len = len;
    r->pos = 0;
    r->what = what;
    r->err = e;
}

/* The next n bytes, or NULL (with the failure recorded) if they are not all there. */
static const uint8_t *take(ispd_reader *r, const char *field, size_t n) {
    if (r->err->status != ISPD_OK) return NULL;
    if (n > r->len - r->pos) {
        wire_fail(r->err, ISPD_E_PROTOCOL, "%s: field %s needs %zu bytes at offset %zu, only %zu left", r->what, field,
                  n, r->pos, r->len - r->pos);
        return NULL;
    }
    const uint8_t *p = r->data + r->pos;
    r->pos += n;
    return p;
}

uint8_t wire_get_u8(ispd_reader *r, const char *field) {
    const uint8_t *p = take(r, field, 1);
    return p ? *p : 0;
}
uint16_t wire_get_u16(ispd_reader *r, const char *field) {
    const uint8_t *p = take(r, field, 2);
    return p ? wire_load16(p) : 0;
}
uint32_t wire_get_u32(ispd_reader *r, const char *field) {
    const uint8_t *p = take(r, field, 4);
    return p ? wire_load32(p) : 0;
}
uint64_t wire_get_u64(ispd_reader *r, const char *field) {
    const uint8_t *p = take(r, field, 8);
    return p ? wire_load64(p) : 0;
}

/* A str in place: its bytes (NULL on failure) and length. */
static const char *get_span(ispd_reader *r, const char *field, size_t *n) {
    *n = wire_get_u16(r, field);
    if (*n > ISPD_MAX_STRING && r->err->status == ISPD_OK) {
        wire_fail(r->err, ISPD_E_PROTOCOL, "%s: field %s is %zu bytes, the limit is %d", r->what, field, *n,
                  ISPD_MAX_STRING);
    }
    return (const char *)take(r, field, *n);
}

void wire_get_str(ispd_reader *r, const char *field, char *out, size_t cap) {
    size_t n;
    const char *s = get_span(r, field, &n);
    out[0] = '\0';
    if (!s) return;
    if (n >= cap) {
        wire_fail(r->err, ISPD_E_PROTOCOL, "%s: field %s is %zu bytes, the client holds at most %zu", r->what, field, n,
                  cap - 1);
        return;
    }
    memcpy(out, s, n);
    out[n] = '\0';
}

void wire_get_params(ispd_reader *r, const char *field, char *out, size_t cap) {
    size_t used = 0;
    out[0] = '\0';
    unsigned n = wire_get_u16(r, field);
    if (n > ISPD_MAX_PARAMS && r->err->status == ISPD_OK)
        wire_fail(r->err, ISPD_E_PROTOCOL, "%s: field %s has %u pairs, the limit is %d", r->what, field, n,
                  ISPD_MAX_PARAMS);
    for (unsigned i = 0; i < n && r->err->status == ISPD_OK; i++) {
        char name[96];
        size_t klen, vlen;
        snprintf(name, sizeof name, "%s[%u].key", field, i);
        const char *k = get_span(r, name, &klen);
        snprintf(name, sizeof name, "%s[%u].value", field, i);
        const char *v = get_span(r, name, &vlen);
        if (!k || !v) return;
        size_t bad = bad_key_byte(k, klen);
        if (klen == 0 || bad < klen) {
            wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %s key %u (\"%.*s\") is empty or has a byte outside [A-Za-z0-9._-]",
                      r->what, field, i, (int)klen, k);
        } else if (memchr(v, '\n', vlen)) {
            wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %s value of key \"%.*s\" contains a newline", r->what, field,
                      (int)klen, k);
        } else if (used + klen + vlen + 2 >= cap) {
            wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %s does not fit in %zu bytes as text (at key \"%.*s\")", r->what,
                      field, cap, (int)klen, k);
        } else {
            memcpy(out + used, k, klen);
            out[used + klen] = '=';
            memcpy(out + used + klen + 1, v, vlen);
            used += klen + vlen + 2;
            out[used - 1] = '\n';
            out[used] = '\0';
        }
    }
    if (r->err->status != ISPD_OK) out[0] = '\0';
}

int wire_get_end(ispd_reader *r) {
    if (r->err->status == ISPD_OK && r->pos != r->len)
        wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %zu unexpected bytes after the last field (payload is %zu bytes)",
                  r->what, r->len - r->pos, r->len);
    return r->err->status;
}
