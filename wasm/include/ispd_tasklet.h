/*
 * The ispd user tasklet ABI for C (docs/tasklets.md, "User tasklets"). A module exports
 * init, buffer, scan and finish (and its memory, which the linker does by default) and may
 * import only the three functions below. Build with wasm/build.sh (clang --target=wasm32).
 */
#ifndef ISPD_TASKLET_H
#define ISPD_TASKLET_H

#define ISPD_IMPORT(name) __attribute__((import_module("ispd"), import_name(#name)))
#define ISPD_EXPORT(name) __attribute__((export_name(#name)))

/* Appends len bytes at p to the execution's result. */
ISPD_IMPORT(emit) void ispd_emit(const void *p, unsigned len);
/* Copies the value of parameter key into buf (at most cap bytes); returns its length, or -1 if absent. */
ISPD_IMPORT(param) int ispd_param(const char *key, unsigned key_len, char *buf, unsigned cap);
/* Reports records examined since the last report. */
ISPD_IMPORT(progress) void ispd_progress(long long records);

static inline unsigned ispd_strlen(const char *s) {
    unsigned n = 0;
    while (s[n]) {
        n++;
    }
    return n;
}

/* For init: refuses the parameters with a message (init returns what this returns). */
static inline int ispd_refuse(const char *message) {
    ispd_emit(message, ispd_strlen(message));
    return -1;
}

/* The parameter key as an unsigned decimal, or -1 if absent or not a number below 2^31. */
static inline long ispd_param_uint(const char *key) {
    char buf[12];
    int n = ispd_param(key, ispd_strlen(key), buf, sizeof buf);
    if (n <= 0 || n > 10) {
        return -1;
    }
    long v = 0;
    for (int i = 0; i < n; i++) {
        if (buf[i] < '0' || buf[i] > '9') {
            return -1;
        }
        v = v * 10 + (buf[i] - '0');
    }
    return v <= 0x7fffffffL ? v : -1;
}

extern unsigned char __heap_base;

/* For buffer: len bytes at the start of the heap, growing the memory as needed (0 if it cannot). */
static inline unsigned char *ispd_heap_buffer(unsigned len) {
    unsigned long need = (unsigned long) &__heap_base + len;
    unsigned long have = __builtin_wasm_memory_size(0) * 65536ul;
    if (need > have && __builtin_wasm_memory_grow(0, (need - have + 65535) / 65536) < 0) {
        return 0;
    }
    return &__heap_base;
}

#endif
