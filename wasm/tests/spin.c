/*
 * An expensive tasklet for the scheduler's tests: per record, `rounds` steps of a linear
 * congruential generator seeded with the record's first byte (parameter rounds, default 1000),
 * summed over the records; finish emits the sum as a u64. No record layout beyond the size
 * (parameter entrySize).
 */
#include "ispd_tasklet.h"

static unsigned entry_size;
static unsigned rounds;
static unsigned long long sum;

ISPD_EXPORT(init) int init(void) {
    long e = ispd_param_uint("entrySize");
    long r = ispd_param_uint("rounds");
    if (e <= 0) {
        return ispd_refuse("parameter 'entrySize' must be a positive number");
    }
    entry_size = (unsigned) e;
    rounds = r < 0 ? 1000 : (unsigned) r;
    return (int) entry_size;
}

ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) {
    return ispd_heap_buffer(len);
}

ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) {
    (void) object_id;
    (void) offset;
    unsigned records = len / entry_size;
    for (unsigned i = 0; i < records; i++) {
        unsigned x = data[i * entry_size];
        for (unsigned r = 0; r < rounds; r++) {
            x = x * 1103515245u + 12345u;
        }
        sum += x;
    }
    ispd_progress((long long) records);
}

ISPD_EXPORT(finish) void finish(void) {
    unsigned char out[8];
    for (int i = 0; i < 8; i++) {
        out[i] = (unsigned char) (sum >> (8 * i));
    }
    ispd_emit(out, 8);
}
