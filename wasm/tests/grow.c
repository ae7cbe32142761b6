/* Hostile: scan grows its memory a page at a time, forever. Stopped by the memory limit. */
#include "ispd_tasklet.h"

ISPD_EXPORT(init) int init(void) { return 0; }
ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    for (;;) {
        __builtin_wasm_memory_grow(0, 1);
    }
}

ISPD_EXPORT(finish) void finish(void) { }
