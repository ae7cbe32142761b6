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

/*
 * Counts in a local, not in memory: one byte per region of one u64, so a run of up to 255 records
 * adds 1 << (8 * region) per record and only the run's end touches the counts in memory. One
 * memory access per record instead of three (the sandbox meters and bounds-checks every access),
 * and runs unrolled by 8, so the metering's check at the loop head is paid once per 8 records.
 */
ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    (void) object_id;
    (void) offset;
    unsigned records = len / entry_size;
    const unsigned char *server = data + SERVER_OFFSET;
    for (unsigned left = records; left > 0;) {
        unsigned run = left < 255 ? left : 255;
        unsigned long long packed = 0;
        _Pragma("clang loop unroll_count(8)") for (unsigned i = 0; i < run; i++) {
            packed += 1ull << ((*server >> 5) * 8);
            server += entry_size;
        }
        for (unsigned region = 0; region < 8; region++) {
            counts[region] += (packed >> (8 * region)) & 0xff;
        }
        left -= run;
    }
    ispd_progress((long long) records);
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
