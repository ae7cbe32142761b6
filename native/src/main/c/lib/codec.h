/*
 * codec.h - frames, request payloads and response payloads of each opcode (docs/protocol.md,
 * "Commands"). Pure functions over wire.h writers and readers: no sockets, so the tests can
 * check them against the protocol's test vectors byte for byte.
 */
#ifndef ISPD_CODEC_H
#define ISPD_CODEC_H

#include "ispd.h"
#include "wire.h"

#ifdef __cplusplus
extern "C" { /* the tests are C++ */
#endif

/* "READ_OBJECT" etc., "UNKNOWN" for other values; for messages. */
const char *codec_op_name(uint8_t opcode);

/* A request frame: begin leaves room for the header, the encoders append the fixed fields,
 * end writes the header. tail_len counts bytes the caller sends after the frame from its own
 * buffer (WRITE_OBJECT data, CREATE_TASKLET body). Returns the writer's status. */
void codec_frame_begin(ispd_writer *w);
int codec_frame_end(ispd_writer *w, uint8_t opcode, uint64_t request_id, uint32_t tail_len);

/* ---- request payloads ---- */
/* u64 id: CREATE_OBJECT, STAT_OBJECT, DELETE_OBJECT, POLL, CANCEL, RELEASE */
void codec_enc_id(ispd_writer *w, uint64_t id);
/* u64 id, u64 offset, u32 length (<= ISPD_MAX_IO): WRITE_OBJECT, READ_OBJECT, READ_RESULT */
void codec_enc_range(ispd_writer *w, uint64_t id, uint64_t offset, uint32_t length);
void codec_enc_list(ispd_writer *w, uint64_t after_id, uint32_t max);
/* Everything but the body bytes, which follow as the tail. */
void codec_enc_create_tasklet(ispd_writer *w, uint8_t form, const char *name, const char *params, uint32_t body_len);
void codec_enc_execute(ispd_writer *w, uint64_t tasklet_id, uint64_t output_id, const char *runtime_params,
                       const ispd_extent *extents, uint32_t n_extents);
/* LOAD_MODULE without the chunk's bytes, which follow as the tail. */
void codec_enc_load_module(ispd_writer *w, const char *name, uint32_t version, uint64_t total_size,
                          const uint8_t sha256[32], uint64_t offset, uint32_t length);
/* str name, u32 version: UNLOAD_MODULE, and the start of LOAD_MODULE */
void codec_enc_module(ispd_writer *w, const char *name, uint32_t version);

/* ---- response payloads (status 0); each checks that nothing is left over ---- */
int codec_dec_device_info(ispd_reader *r, ispd_device_info *out);
int codec_dec_device_log(ispd_reader *r, ispd_device_log *out);
int codec_dec_scrub(ispd_reader *r, ispd_scrub_result *out);
int codec_dec_stat(ispd_reader *r, ispd_object_stat *out);
/* out holds max entries; more than max is a protocol error. */
int codec_dec_list(ispd_reader *r, ispd_object_stat *out, uint32_t max, uint32_t *count, int *more);
int codec_dec_poll(ispd_reader *r, ispd_poll_result *out);
int codec_dec_load_module(ispd_reader *r, uint64_t *received, int *loaded);
/* out holds max entries; more than max is a protocol error. */
int codec_dec_list_modules(ispd_reader *r, ispd_module_info *out, uint32_t max, uint32_t *count);
/* The payload of a response with status != 0: one str. */
int codec_dec_error(ispd_reader *r, char *msg, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* ISPD_CODEC_H */
