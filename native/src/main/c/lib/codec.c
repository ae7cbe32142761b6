/* codec.c - request and response payloads of every opcode; see codec.h and docs/protocol.md. */
#include "codec.h"

#include <string.h>

const char *codec_op_name(uint8_t opcode) {
    switch (opcode) {
    case ISPD_OP_DEVICE_INFO: return "DEVICE_INFO";
    case ISPD_OP_DEVICE_LOG: return "DEVICE_LOG";
    case ISPD_OP_CREATE_OBJECT: return "CREATE_OBJECT";
    case ISPD_OP_WRITE_OBJECT: return "WRITE_OBJECT";
    case ISPD_OP_READ_OBJECT: return "READ_OBJECT";
    case ISPD_OP_STAT_OBJECT: return "STAT_OBJECT";
    case ISPD_OP_LIST_OBJECTS: return "LIST_OBJECTS";
    case ISPD_OP_DELETE_OBJECT: return "DELETE_OBJECT";
    case ISPD_OP_CREATE_TASKLET: return "CREATE_TASKLET";
    case ISPD_OP_EXECUTE: return "EXECUTE";
    case ISPD_OP_POLL: return "POLL";
    case ISPD_OP_READ_RESULT: return "READ_RESULT";
    case ISPD_OP_CANCEL: return "CANCEL";
    case ISPD_OP_RELEASE: return "RELEASE";
    case ISPD_OP_LOAD_MODULE: return "LOAD_MODULE";
    case ISPD_OP_LIST_MODULES: return "LIST_MODULES";
    case ISPD_OP_UNLOAD_MODULE: return "UNLOAD_MODULE";
    case ISPD_OP_SCRUB: return "SCRUB";
    case ISPD_OP_SET_FAULTS: return "SET_FAULTS";
    default: return "UNKNOWN";
    }
}

void codec_frame_begin(ispd_writer *w) {
    static const uint8_t header_space[ISPD_HEADER_SIZE];
    w->len = 0;
    wire_put_bytes(w, header_space, sizeof header_space);
}

int codec_frame_end(ispd_writer *w, uint8_t opcode, uint64_t request_id, uint32_t tail_len) {
    if (w->err->status != ISPD_OK) return w->err->status;
    uint64_t payload = (uint64_t)(w->len - ISPD_HEADER_SIZE) + tail_len;
    if (payload > ISPD_MAX_PAYLOAD)
        return wire_fail(w->err, ISPD_E_ARGUMENT, "%s request payload of %llu bytes exceeds ISPD_MAX_PAYLOAD (%u)",
                         codec_op_name(opcode), (unsigned long long)payload, ISPD_MAX_PAYLOAD);
    ispd_header h = {.magic = ISPD_MAGIC,
                     .version = ISPD_PROTOCOL_VERSION,
                     .opcode = opcode,
                     .request_id = request_id,
                     .payload_len = (uint32_t)payload};
    ispd_header_encode(&h, w->buf->data);
    return ISPD_OK;
}

/* ---- requests ---- */

void codec_enc_id(ispd_writer *w, uint64_t id) { wire_put_u64(w, id); }

void codec_enc_range(ispd_writer *w, uint64_t id, uint64_t offset, uint32_t length) {
    if (length > ISPD_MAX_IO) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "length %u exceeds ISPD_MAX_IO (%u)", length, ISPD_MAX_IO);
        return;
    }
    wire_put_u64(w, id);
    wire_put_u64(w, offset);
    wire_put_u32(w, length);
}

void codec_enc_list(ispd_writer *w, uint64_t after_id, uint32_t max) {
    if (max == 0 || max > ISPD_MAX_LIST) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "max is %u, must be 1..%u (ISPD_MAX_LIST)", max, ISPD_MAX_LIST);
        return;
    }
    wire_put_u64(w, after_id);
    wire_put_u32(w, max);
}

void codec_enc_create_tasklet(ispd_writer *w, uint8_t form, const char *name, const char *params, uint32_t body_len) {
    wire_put_u8(w, form);
    wire_put_str(w, "name", name);
    wire_put_params(w, "params", params);
    wire_put_u32(w, body_len);
}

void codec_enc_execute(ispd_writer *w, uint64_t tasklet_id, uint64_t output_id, const char *runtime_params,
                       const ispd_extent *extents, uint32_t n_extents) {
    if (n_extents > ISPD_MAX_EXTENTS) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "%u extents exceed ISPD_MAX_EXTENTS (%u)", n_extents, ISPD_MAX_EXTENTS);
        return;
    }
    wire_put_u64(w, tasklet_id);
    wire_put_u64(w, output_id);
    wire_put_params(w, "runtime_params", runtime_params);
    wire_put_u32(w, n_extents);
    for (uint32_t i = 0; i < n_extents; i++) {
        wire_put_u64(w, extents[i].object_id);
        wire_put_u64(w, extents[i].offset);
        wire_put_u64(w, extents[i].length);
    }
}

void codec_enc_load_module(ispd_writer *w, const char *name, uint32_t version, uint64_t total_size,
                          const uint8_t sha256[32], uint64_t offset, uint32_t length) {
    if (length > ISPD_MAX_IO) {
        wire_fail(w->err, ISPD_E_ARGUMENT, "chunk of %u bytes exceeds ISPD_MAX_IO (%u)", length, ISPD_MAX_IO);
        return;
    }
    codec_enc_module(w, name, version);
    wire_put_u64(w, total_size);
    wire_put_bytes(w, sha256, 32);
    wire_put_u64(w, offset);
    wire_put_u32(w, length);
}

void codec_enc_module(ispd_writer *w, const char *name, uint32_t version) {
    wire_put_str(w, "name", name);
    wire_put_u32(w, version);
}

/* ---- responses ---- */

int codec_dec_device_info(ispd_reader *r, ispd_device_info *out) {
    wire_get_str(r, "drive_name", out->drive_name, sizeof out->drive_name);
    wire_get_str(r, "profile_name", out->profile_name, sizeof out->profile_name);
    out->capacity_bytes = wire_get_u64(r, "capacity_bytes");
    out->page_size = wire_get_u32(r, "page_size");
    out->pages_per_batch = wire_get_u32(r, "pages_per_batch");
    out->max_io = wire_get_u32(r, "max_io");
    out->max_inflight = wire_get_u32(r, "max_inflight");
    wire_get_params(r, "capabilities", out->capabilities, sizeof out->capabilities);
    return wire_get_end(r);
}

int codec_dec_device_log(ispd_reader *r, ispd_device_log *out) {
    out->modeled_now_ns = wire_get_u64(r, "modeled_now_ns");
    out->queued = wire_get_u32(r, "queued");
    out->running = wire_get_u32(r, "running");
    out->commands = wire_get_u64(r, "commands");
    out->bytes_written = wire_get_u64(r, "bytes_written");
    out->bytes_to_host = wire_get_u64(r, "bytes_to_host");
    out->bytes_read_internal = wire_get_u64(r, "bytes_read_internal");
    out->energy_nj = wire_get_u64(r, "energy_nj");
    uint16_t n = wire_get_u16(r, "n");
    out->n_components = 0;
    if (n > ISPD_MAX_COMPONENTS && r->err->status == ISPD_OK)
        return wire_fail(r->err, ISPD_E_PROTOCOL,
                         "%s: %u components, the client holds at most %d (ISPD_MAX_COMPONENTS)", r->what, n,
                         ISPD_MAX_COMPONENTS);
    for (uint16_t i = 0; i < n && r->err->status == ISPD_OK; i++) {
        ispd_component_log *c = &out->components[i];
        wire_get_str(r, "component", c->name, sizeof c->name);
        c->busy_ns = wire_get_u64(r, "busy_ns");
        c->energy_nj = wire_get_u64(r, "energy_nj");
        out->n_components = i + 1u;
    }
    return wire_get_end(r);
}

static void get_stat(ispd_reader *r, ispd_object_stat *out) {
    out->id = wire_get_u64(r, "id");
    out->size = wire_get_u64(r, "size");
    out->kind = wire_get_u8(r, "kind");
}

int codec_dec_stat(ispd_reader *r, ispd_object_stat *out) {
    get_stat(r, out);
    return wire_get_end(r);
}

int codec_dec_list(ispd_reader *r, ispd_object_stat *out, uint32_t max, uint32_t *count, int *more) {
    uint32_t n = wire_get_u32(r, "count");
    *count = 0;
    *more = 0;
    if (n > max && r->err->status == ISPD_OK)
        return wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %u entries, more than the %u asked for", r->what, n, max);
    for (uint32_t i = 0; i < n && r->err->status == ISPD_OK; i++) get_stat(r, &out[i]);
    uint8_t flag = wire_get_u8(r, "more");
    if (wire_get_end(r) != ISPD_OK) return r->err->status;
    *count = n;
    *more = flag != 0;
    return ISPD_OK;
}

int codec_dec_poll(ispd_reader *r, ispd_poll_result *out) {
    out->state = wire_get_u8(r, "state");
    (void)wire_get_u8(r, "reserved");
    out->error_status = wire_get_u16(r, "error_status");
    out->suggested_poll_us = wire_get_u32(r, "suggested_poll_us");
    out->pages_done = wire_get_u64(r, "pages_done");
    out->pages_total = wire_get_u64(r, "pages_total");
    out->result_bytes = wire_get_u64(r, "result_bytes");
    out->modeled_ns = wire_get_u64(r, "modeled_ns");
    out->modeled_energy_nj = wire_get_u64(r, "modeled_energy_nj");
    out->service_ns = wire_get_u64(r, "service_ns");
    out->measured_ns = wire_get_u64(r, "measured_ns");
    wire_get_str(r, "error_message", out->error_message, sizeof out->error_message);
    return wire_get_end(r);
}

int codec_dec_error(ispd_reader *r, char *msg, size_t cap) {
    wire_get_str(r, "message", msg, cap);
    return wire_get_end(r);
}

int codec_dec_load_module(ispd_reader *r, uint64_t *received, int *loaded) {
    *received = wire_get_u64(r, "received");
    uint8_t flag = wire_get_u8(r, "loaded");
    if (wire_get_end(r) != ISPD_OK) return r->err->status;
    if (flag > 1) return wire_fail(r->err, ISPD_E_PROTOCOL, "%s: loaded is %u, not 0 or 1", r->what, flag);
    *loaded = flag;
    return ISPD_OK;
}

int codec_dec_list_modules(ispd_reader *r, ispd_module_info *out, uint32_t max, uint32_t *count) {
    uint16_t n = wire_get_u16(r, "count");
    *count = 0;
    if (n > max && r->err->status == ISPD_OK)
        return wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %u modules, more than the %u the caller holds", r->what, n, max);
    for (uint16_t i = 0; i < n && r->err->status == ISPD_OK; i++) {
        ispd_module_info *m = &out[i];
        wire_get_str(r, "name", m->name, sizeof m->name);
        m->version = wire_get_u32(r, "version");
        m->size = wire_get_u64(r, "size");
        for (int b = 0; b < 32; b++) m->sha256[b] = wire_get_u8(r, "sha256");
    }
    if (wire_get_end(r) != ISPD_OK) return r->err->status;
    *count = n;
    return ISPD_OK;
}

int codec_dec_scrub(ispd_reader *r, ispd_scrub_result *out) {
    out->objects_checked = wire_get_u64(r, "objects_checked");
    out->bytes_checked = wire_get_u64(r, "bytes_checked");
    out->media_errors = wire_get_u64(r, "media_errors");
    out->damaged = wire_get_u32(r, "damaged");
    uint32_t n = wire_get_u32(r, "n");
    out->n_listed = 0;
    if (n > ISPD_MAX_SCRUB_LIST && r->err->status == ISPD_OK)
        return wire_fail(r->err, ISPD_E_PROTOCOL, "%s: %u damaged objects listed, the client holds at most %d "
                         "(ISPD_MAX_SCRUB_LIST)", r->what, n, ISPD_MAX_SCRUB_LIST);
    for (uint32_t i = 0; i < n && r->err->status == ISPD_OK; i++) {
        ispd_damage *d = &out->listed[i];
        d->object_id = wire_get_u64(r, "object_id");
        d->offset = wire_get_u64(r, "offset");
        wire_get_str(r, "message", d->message, sizeof d->message);
        out->n_listed = i + 1u;
    }
    return wire_get_end(r);
}
