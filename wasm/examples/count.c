/*
 * A byte-pattern count as a user tasklet: how many times the bytes of parameter "pattern"
 * (1 to 64 bytes) occur in the scanned extents, overlapping occurrences included, also across
 * the batches of one extent (the last bytes of a batch are kept for the next one when it
 * continues the same object where the last ended). Result: the count, u64 little-endian.
 * No record structure: init returns 0.
 */
#include "ispd_tasklet.h"

#define MAX_PATTERN 64

static unsigned char pattern[MAX_PATTERN];
static unsigned plen;
static unsigned long long count;
/* the last plen - 1 bytes scanned, and where they ended */
static unsigned char tail[MAX_PATTERN];
static unsigned tail_len;
static long long tail_object = -1;
static long long tail_end = -1;

ISPD_EXPORT(init) int init(void) {
    int n = ispd_param("pattern", 7, (char *) pattern, MAX_PATTERN);
    if (n < 1 || n > MAX_PATTERN) {
        return ispd_refuse("parameter 'pattern' must be 1 to 64 bytes");
    }
    plen = (unsigned) n;
    return 0;
}

ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) {
    return ispd_heap_buffer(len);
}

static unsigned matches_at(const unsigned char *p) {
    for (unsigned i = 0; i < plen; i++) {
        if (p[i] != pattern[i]) {
            return 0;
        }
    }
    return 1;
}

/* Byte i of the kept bytes followed by the batch. */
static unsigned char joined(const unsigned char *data, unsigned i) {
    return i < tail_len ? tail[i] : data[i - tail_len];
}

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    if (object_id != tail_object || offset != tail_end) {
        tail_len = 0; /* another extent: no occurrence spans the gap */
    }
    /* occurrences that start in the kept bytes and end in this batch */
    for (unsigned s = 0; s < tail_len && s + plen <= tail_len + len; s++) {
        unsigned i = 0;
        while (i < plen && joined(data, s + i) == pattern[i]) {
            i++;
        }
        count += i == plen;
    }
    /* occurrences inside the batch */
    for (unsigned p = 0; p + plen <= len; p++) {
        if (data[p] == pattern[0]) {
            count += matches_at(data + p);
        }
    }
    /* keep the last plen - 1 bytes of the kept bytes and the batch; volatile, so that the
     * compiler does not make the copy a call to memcpy, which a module without libc lacks */
    unsigned total = tail_len + len;
    unsigned keep = total < plen - 1 ? total : plen - 1;
    unsigned char moved[MAX_PATTERN];
    for (unsigned i = 0; i < keep; i++) {
        moved[i] = joined(data, total - keep + i);
    }
    volatile unsigned char *to = tail;
    for (unsigned i = 0; i < keep; i++) {
        to[i] = moved[i];
    }
    tail_len = keep;
    tail_object = object_id;
    tail_end = offset + len;
}

ISPD_EXPORT(finish) void finish(void) {
    unsigned char out[8];
    for (int i = 0; i < 8; i++) {
        out[i] = (unsigned char) (count >> (8 * i));
    }
    ispd_emit(out, 8);
}
