/* Hostile: scan never returns. Stopped by the instruction limit, or by the wall-time limit. */
#include "ispd_tasklet.h"

ISPD_EXPORT(init) int init(void) { return 0; }
ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    volatile unsigned spins = 0;
    for (;;) {
        spins++;
    }
}

ISPD_EXPORT(finish) void finish(void) { }
