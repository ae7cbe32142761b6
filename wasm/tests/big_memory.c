/* Declares 128 MiB of memory up front: refused at load by a drive whose memory limit is lower. */
// link: -Wl,--initial-memory=134217728
#include "ispd_tasklet.h"

ISPD_EXPORT(init) int init(void) { return 0; }
ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }
ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len, long long object_id, long long offset) { }
ISPD_EXPORT(finish) void finish(void) { }
