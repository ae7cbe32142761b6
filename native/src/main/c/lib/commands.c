/* commands.c - the public commands: encode, exchange, decode (docs/protocol.md, "Commands"). */
#include <string.h>

#include "codec.h"
#include "conn.h"

/* ISPD_E_ARGUMENT naming a pointer the call needs. */
static int null_arg(ispd_conn *c, const char *name) {
    return wire_fail(&c->err, ISPD_E_ARGUMENT, "%s is NULL", name);
}

/* Sends the request in w (plus tail) and points r at the whole response payload. */
static int call(ispd_conn *c, ispd_writer *w, uint8_t op, const void *tail, uint32_t tail_len, ispd_reader *r) {
    ispd_header h;
    if (conn_exchange(c, w, op, tail, tail_len, CONN_WHOLE_PAYLOAD, &h) != ISPD_OK) return c->err.status;
    return conn_fill(c, &h, h.payload_len, r);
}

/* For responses that are one u64; out may be NULL. */
static int call_u64(ispd_conn *c, ispd_writer *w, uint8_t op, const void *tail, uint32_t tail_len, const char *field,
                    uint64_t *out) {
    ispd_reader r;
    if (call(c, w, op, tail, tail_len, &r) != ISPD_OK) return c->err.status;
    uint64_t v = wire_get_u64(&r, field);
    if (wire_get_end(&r) != ISPD_OK) return c->err.status;
    if (out) *out = v;
    return ISPD_OK;
}

static int call_empty(ispd_conn *c, ispd_writer *w, uint8_t op) {
    ispd_reader r;
    if (call(c, w, op, NULL, 0, &r) != ISPD_OK) return c->err.status;
    return wire_get_end(&r);
}

int ispd_device_info_get(ispd_conn *c, ispd_device_info *out) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    return conn_device_info(c, &w, out);
}

int ispd_authenticate(ispd_conn *c, uint32_t identity, const void *key, uint32_t key_len) {
    if (!c) return ISPD_E_ARGUMENT;
    wire_clear(&c->err);
    return conn_hello(c, identity, key, key_len);
}

int ispd_device_log_get(ispd_conn *c, ispd_device_log *out) {
    ispd_writer w;
    ispd_reader r;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    if (call(c, &w, ISPD_OP_DEVICE_LOG, NULL, 0, &r) != ISPD_OK) return c->err.status;
    return codec_dec_device_log(&r, out);
}

int ispd_create_object(ispd_conn *c, uint64_t requested_id, uint64_t *id_out) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    codec_enc_id(&w, requested_id);
    return call_u64(c, &w, ISPD_OP_CREATE_OBJECT, NULL, 0, "id", id_out);
}

int ispd_write_object(ispd_conn *c, uint64_t id, uint64_t offset, const void *data, uint32_t len,
                      uint64_t *new_size_out) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!data && len) return null_arg(c, "data");
    codec_enc_range(&w, id, offset, len);
    return call_u64(c, &w, ISPD_OP_WRITE_OBJECT, data, len, "size", new_size_out);
}

int ispd_read_object(ispd_conn *c, uint64_t id, uint64_t offset, void *buf, uint32_t len) {
    ispd_writer w;
    ispd_reader r;
    ispd_header h;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!buf && len) return null_arg(c, "buf");
    codec_enc_range(&w, id, offset, len);
    /* Only the u32 length and CRC come through the scratch buffer; the bytes go straight to buf. */
    if (conn_exchange(c, &w, ISPD_OP_READ_OBJECT, NULL, 0, 8, &h) != ISPD_OK || conn_fill(c, &h, 8, &r) != ISPD_OK)
        return c->err.status;
    uint32_t n = wire_get_u32(&r, "length");
    uint32_t sent = wire_get_u32(&r, "crc32c");
    if (conn_recv_data(c, &h, n, buf, len) != ISPD_OK) return c->err.status;
    if (n != len)
        return wire_fail(&c->err, ISPD_E_PROTOCOL, "%s: %u bytes of object %llu at offset %llu, %u were asked for",
                         c->what, n, (unsigned long long)id, (unsigned long long)offset, len);
    uint32_t got = ispd_crc32c(buf, n);
    if (got != sent)
        return wire_fail(&c->err, ISPD_E_IO,
                         "%s: the %u bytes of object %llu at offset %llu were damaged in transfer (CRC32C sent "
                         "0x%08x, received 0x%08x)",
                         c->what, n, (unsigned long long)id, (unsigned long long)offset, sent, got);
    return ISPD_OK;
}

int ispd_stat_object(ispd_conn *c, uint64_t id, ispd_object_stat *out) {
    ispd_writer w;
    ispd_reader r;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    codec_enc_id(&w, id);
    if (call(c, &w, ISPD_OP_STAT_OBJECT, NULL, 0, &r) != ISPD_OK) return c->err.status;
    return codec_dec_stat(&r, out);
}

int ispd_list_objects(ispd_conn *c, uint64_t after_id, ispd_object_stat *out, uint32_t max, uint32_t *count_out,
                      int *more_out) {
    ispd_writer w;
    ispd_reader r;
    uint32_t count;
    int more;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    codec_enc_list(&w, after_id, max);
    if (call(c, &w, ISPD_OP_LIST_OBJECTS, NULL, 0, &r) != ISPD_OK ||
        codec_dec_list(&r, out, max, &count, &more) != ISPD_OK)
        return c->err.status;
    if (count_out) *count_out = count;
    if (more_out) *more_out = more;
    return ISPD_OK;
}

int ispd_delete_object(ispd_conn *c, uint64_t id) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    codec_enc_id(&w, id);
    return call_empty(c, &w, ISPD_OP_DELETE_OBJECT);
}

int ispd_create_tasklet(ispd_conn *c, uint8_t form, const char *name, const char *params, const void *body,
                        uint32_t body_len, uint64_t *tasklet_id_out) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!name) return null_arg(c, "name");
    if (!body && body_len) return null_arg(c, "body");
    codec_enc_create_tasklet(&w, form, name, params, body_len);
    return call_u64(c, &w, ISPD_OP_CREATE_TASKLET, body, body_len, "tasklet_id", tasklet_id_out);
}

int ispd_execute(ispd_conn *c, uint64_t tasklet_id, uint64_t output_id, const char *runtime_params,
                 const ispd_extent *extents, uint32_t n_extents, uint64_t *exec_id_out) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!extents && n_extents) return null_arg(c, "extents");
    codec_enc_execute(&w, tasklet_id, output_id, runtime_params, extents, n_extents);
    return call_u64(c, &w, ISPD_OP_EXECUTE, NULL, 0, "exec_id", exec_id_out);
}

int ispd_poll(ispd_conn *c, uint64_t exec_id, ispd_poll_result *out) {
    ispd_writer w;
    ispd_reader r;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    codec_enc_id(&w, exec_id);
    if (call(c, &w, ISPD_OP_POLL, NULL, 0, &r) != ISPD_OK) return c->err.status;
    return codec_dec_poll(&r, out);
}

int ispd_read_result(ispd_conn *c, uint64_t exec_id, uint64_t offset, void *buf, uint32_t cap, uint32_t *len_out,
                     uint64_t *total_out) {
    ispd_writer w;
    ispd_reader r;
    ispd_header h;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!buf && cap) return null_arg(c, "buf");
    /* A larger buffer is fine: ask for what one response may carry. */
    codec_enc_range(&w, exec_id, offset, cap < ISPD_MAX_IO ? cap : ISPD_MAX_IO);
    if (conn_exchange(c, &w, ISPD_OP_READ_RESULT, NULL, 0, 12, &h) != ISPD_OK || conn_fill(c, &h, 12, &r) != ISPD_OK)
        return c->err.status;
    uint64_t total = wire_get_u64(&r, "total_length");
    uint32_t n = wire_get_u32(&r, "length");
    if (conn_recv_data(c, &h, n, buf, cap) != ISPD_OK) return c->err.status;
    if (len_out) *len_out = n;
    if (total_out) *total_out = total;
    return ISPD_OK;
}

int ispd_cancel(ispd_conn *c, uint64_t exec_id, uint8_t *state_out) {
    ispd_writer w;
    ispd_reader r;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    codec_enc_id(&w, exec_id);
    if (call(c, &w, ISPD_OP_CANCEL, NULL, 0, &r) != ISPD_OK) return c->err.status;
    uint8_t state = wire_get_u8(&r, "state");
    if (wire_get_end(&r) != ISPD_OK) return c->err.status;
    if (state_out) *state_out = state;
    return ISPD_OK;
}

int ispd_release(ispd_conn *c, uint64_t exec_id) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    codec_enc_id(&w, exec_id);
    return call_empty(c, &w, ISPD_OP_RELEASE);
}

int ispd_load_module_chunk(ispd_conn *c, const char *name, uint32_t version, uint64_t total_size,
                           const uint8_t sha256[32], uint64_t offset, const void *data, uint32_t len,
                           uint64_t *received_out, int *loaded_out) {
    ispd_writer w;
    ispd_reader r;
    uint64_t received;
    int loaded;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!name) return null_arg(c, "name");
    if (!sha256) return null_arg(c, "sha256");
    if (!data && len) return null_arg(c, "data");
    codec_enc_load_module(&w, name, version, total_size, sha256, offset, len);
    if (call(c, &w, ISPD_OP_LOAD_MODULE, data, len, &r) != ISPD_OK ||
        codec_dec_load_module(&r, &received, &loaded) != ISPD_OK)
        return c->err.status;
    if (received_out) *received_out = received;
    if (loaded_out) *loaded_out = loaded;
    return ISPD_OK;
}

int ispd_load_module(ispd_conn *c, const char *name, uint32_t version, const uint8_t sha256[32], const void *wasm,
                     uint64_t len) {
    if (!c) return ISPD_E_ARGUMENT;
    wire_clear(&c->err);
    if (!wasm) return null_arg(c, "wasm");
    if (len == 0 || len > ISPD_MAX_MODULE_SIZE)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "module %s is %llu bytes, must be 1..%u (ISPD_MAX_MODULE_SIZE)",
                         name ? name : "(null)", (unsigned long long)len, ISPD_MAX_MODULE_SIZE);
    const uint8_t *bytes = wasm;
    uint64_t offset = 0;
    int loaded = 0;
    while (!loaded) {
        uint32_t n = len - offset < ISPD_MAX_IO ? (uint32_t)(len - offset) : ISPD_MAX_IO;
        uint64_t received;
        int rc = ispd_load_module_chunk(c, name, version, len, sha256, offset, bytes + offset, n, &received, &loaded);
        if (rc != ISPD_OK) return rc;
        if (!loaded && received != offset + n)
            return wire_fail(&c->err, ISPD_E_PROTOCOL, "LOAD_MODULE response: the drive holds %llu bytes of %s after "
                             "a chunk ending at %llu", (unsigned long long)received, name,
                             (unsigned long long)(offset + n));
        offset = received;
    }
    return ISPD_OK;
}

int ispd_list_modules(ispd_conn *c, ispd_module_info *out, uint32_t max, uint32_t *count_out) {
    ispd_writer w;
    ispd_reader r;
    uint32_t count;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    if (call(c, &w, ISPD_OP_LIST_MODULES, NULL, 0, &r) != ISPD_OK ||
        codec_dec_list_modules(&r, out, max, &count) != ISPD_OK)
        return c->err.status;
    if (count_out) *count_out = count;
    return ISPD_OK;
}

int ispd_unload_module(ispd_conn *c, const char *name, uint32_t version) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!name) return null_arg(c, "name");
    codec_enc_module(&w, name, version);
    return call_empty(c, &w, ISPD_OP_UNLOAD_MODULE);
}

int ispd_scrub(ispd_conn *c, uint64_t object_id, ispd_scrub_result *out) {
    ispd_writer w;
    ispd_reader r;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    if (!out) return null_arg(c, "out");
    codec_enc_id(&w, object_id);
    if (call(c, &w, ISPD_OP_SCRUB, NULL, 0, &r) != ISPD_OK) return c->err.status;
    return codec_dec_scrub(&r, out);
}

int ispd_set_faults(ispd_conn *c, const char *plan_json) {
    ispd_writer w;
    int rc = conn_begin(c, &w);
    if (rc != ISPD_OK) return rc;
    size_t len = plan_json ? strlen(plan_json) : 0;
    if (len > ISPD_MAX_IO)
        return wire_fail(&c->err, ISPD_E_ARGUMENT, "a fault plan of %zu bytes exceeds ISPD_MAX_IO (%u)", len,
                         ISPD_MAX_IO);
    wire_put_u32(&w, (uint32_t)len);
    ispd_reader r;
    if (call(c, &w, ISPD_OP_SET_FAULTS, plan_json, (uint32_t)len, &r) != ISPD_OK) return c->err.status;
    return wire_get_end(&r);
}
