/*
 * Q1 as a user tasklet: accesses per region of a WorldCup98 log, the same result as the
 * built-in q1 (docs/tasklets.md): for each region with a non-zero count, in ascending order,
 * u8 region and u64 count, little-endian. Parameter entrySize: 20, 32, 64, 128 or 256.
 */
#include "ispd_tasklet.h"

#define SERVER_OFFSET 19 /* the server byte of the 20-byte record; region = server >> 5 */

static unsigned entry_size;
static unsigned long long counts[8];

ISPD_EXPORT(init) int init(void) {
    long e = ispd_param_uint("entrySize");
    if (e != 20 && e != 32 && e != 64 && e != 128 && e != 256) {
        return ispd_refuse("parameter 'entrySize' must be one of 20, 32, 64, 128, 256");
    }
    entry_size = (unsigned) e;
    return (int) entry_size;
}

ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) {
    return ispd_heap_buffer(len);
}

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    (void) object_id;
    (void) offset;
    unsigned long long n = 0;
    for (unsigned p = 0; p + entry_size <= len; p += entry_size) {
        counts[data[p + SERVER_OFFSET] >> 5]++;
        n++;
    }
    ispd_progress((long long) n);
}

ISPD_EXPORT(finish) void finish(void) {
    unsigned char out[8 * 9];
    unsigned k = 0;
    for (unsigned region = 0; region < 8; region++) {
        unsigned long long c = counts[region];
        if (c != 0) {
            out[k++] = (unsigned char) region;
            for (int i = 0; i < 8; i++) {
                out[k++] = (unsigned char) (c >> (8 * i));
            }
        }
    }
    ispd_emit(out, k);
}
