/* Exports scan with the wrong type (no object id and offset): refused at load. */
#include "ispd_tasklet.h"

ISPD_EXPORT(init) int init(void) { return 0; }
ISPD_EXPORT(buffer) unsigned char *buffer(unsigned len) { return ispd_heap_buffer(len); }
ISPD_EXPORT(scan) void scan(const unsigned char *data, unsigned len) { }
ISPD_EXPORT(finish) void finish(void) { }
