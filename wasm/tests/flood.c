/* Hostile: finish emits 64 KiB at a time, forever. Stopped by the result-size limit. */
#include "ispd_tasklet.h"

static unsigned char block[65536];

ISPD_EXPORT(init) int init(void) { return 0; }
ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }
ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) { }

ISPD_EXPORT(finish) void finish(void) {
    for (;;) {
        ispd_emit(block, sizeof block);
    }
}
