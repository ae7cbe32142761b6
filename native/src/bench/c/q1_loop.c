/*
 * q1_loop.c - the plain C loop of the scan benchmark (docs/benchmarks.md): Q1's region count over
 * bytes already in memory, nothing around it. Built by the bench profile into
 * target/bench-native/libq1loop.so and called through JNA on the benchmark's own buffer.
 */
#include <stdint.h>

#define SERVER_OFFSET 19 /* the server byte of a WorldCup98 entry; region = server >> 5 */

void q1_loop(const uint8_t *data, uint64_t len, uint32_t entry_size, uint64_t counts[8]) {
    for (uint64_t p = 0; p + entry_size <= len; p += entry_size) {
        counts[data[p + SERVER_OFFSET] >> 5]++;
    }
}
