/*
 * Traps on demand in scan, by parameter trap: "unreachable", "divide" (integer division by
 * zero), "bounds" (a load beyond the end of memory) or "recurse" (recursion without end).
 */
#include "ispd_tasklet.h"

static char trap[16];

/* Not a tail call, so the compiler cannot turn it into a loop. */
__attribute__((noinline)) static unsigned recurse(unsigned n) {
    return n + recurse(n + 1) * 3;
}

ISPD_EXPORT(init) int init(void) {
    int n = ispd_param("trap", 4, trap, sizeof trap - 1);
    return n < 0 || n >= (int) sizeof trap ? ispd_refuse("parameter 'trap' is required") : 0;
}

ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    volatile int zero = 0, thousand = 1000;
    volatile unsigned char *far = (volatile unsigned char *) 0xfffffff0u;
    switch (trap[0]) {
        case 'u':
            __builtin_trap();
        case 'd':
            ispd_progress(thousand / zero);
            break;
        case 'b':
            ispd_progress(*far);
            break;
        case 'r':
            ispd_progress(recurse(0));
            break;
    }
}

ISPD_EXPORT(finish) void finish(void) { }
