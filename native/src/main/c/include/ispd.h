/*
 * ispd.h - client library for smart drives speaking the ispd object-command protocol.
 *
 * The protocol is specified in docs/protocol.md; this header is the normative list of its
 * opcodes, status codes and limits. The library knows nothing of Java: the JNI glue and the
 * JNA binding call exactly these functions.
 *
 * Conventions: every function returns an ispd status (0 = ISPD_OK). On failure the
 * connection keeps a message naming what was wrong (ispd_last_error). A connection is used by
 * one thread at a time; open one per thread for concurrency. Data buffers are the caller's:
 * the library reads from and writes into them directly, without intermediate copies.
 */
#ifndef ISPD_H
#define ISPD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ISPD_PROTOCOL_VERSION 1
#define ISPD_MAGIC 0x44505349u /* bytes "ISPD" read as little-endian u32 */
#define ISPD_HEADER_SIZE 64
#define ISPD_MAX_IO 8388608u
#define ISPD_MAX_PAYLOAD (ISPD_MAX_IO + 65536u)
#define ISPD_MAX_STRING 1024
#define ISPD_MAX_PARAMS 64
#define ISPD_MAX_EXTENTS 65536u
#define ISPD_MAX_LIST 4096u
#define ISPD_MAX_COMPONENTS 32
#define ISPD_MAX_MODULE_SIZE 16777216u /* bytes of one WebAssembly module */
#define ISPD_MAX_MODULES 64 /* modules loaded into one drive; entries in one LIST_MODULES */
#define ISPD_MAX_MODULE_NAME 64
#define ISPD_MAX_SCRUB_LIST 16
#define ISPD_PROPS_TEXT_MAX 16384 /* capabilities as "key=value\n" text, NUL-terminated */
/* How long a call waits for the drive's answer before giving up (ispd_set_timeout). Every
 * command answers at once (EXECUTE is asynchronous), so only a hung or unreachable drive takes
 * this long. */
#define ISPD_DEFAULT_TIMEOUT_MS 120000u
/* How long connecting to a tcp: address waits for the drive's host to answer: one that is down
 * fails the connect after this long instead of after the kernel's SYN retries (about 2 minutes). */
#define ISPD_CONNECT_TIMEOUT_MS 5000u
/* A drive over its connection cap answers a new connection's first request BUSY with "retry
 * after N ms" and closes it (docs/drive.md, "Admission"). The library then reconnects and sends
 * the request again after N ms (at most ISPD_BUSY_MAX_WAIT_MS), up to ISPD_BUSY_RETRIES times,
 * before the call fails with ISPD_BUSY. */
#define ISPD_BUSY_RETRIES 3
#define ISPD_BUSY_MAX_WAIT_MS 10000u
/* WRITE_OBJECT offset meaning "at the object's current end", atomically with respect to other
 * writers of the object; the new size tells where the bytes landed (new_size - len). */
#define ISPD_APPEND UINT64_MAX
/* Ids from here to UINT64_MAX are well-known: the drive never picks them (CREATE_OBJECT). */
#define ISPD_WELL_KNOWN_ID_FIRST 0xFFFFFFFFFFFF0000ull

/* Header flags */
#define ISPD_FLAG_RESPONSE 0x0001u
#define ISPD_FLAG_AUTH 0x0002u
/* Bytes of the HMAC-SHA256 tag at the end of the header (docs/security.md) */
#define ISPD_AUTH_TAG_SIZE 32

typedef enum ispd_opcode {
    ISPD_OP_DEVICE_INFO = 0x01,
    ISPD_OP_DEVICE_LOG = 0x02,
    ISPD_OP_CREATE_OBJECT = 0x10,
    ISPD_OP_WRITE_OBJECT = 0x11,
    ISPD_OP_READ_OBJECT = 0x12,
    ISPD_OP_STAT_OBJECT = 0x13,
    ISPD_OP_LIST_OBJECTS = 0x14,
    ISPD_OP_DELETE_OBJECT = 0x15,
    ISPD_OP_CREATE_TASKLET = 0x20,
    ISPD_OP_EXECUTE = 0x21,
    ISPD_OP_POLL = 0x22,
    ISPD_OP_READ_RESULT = 0x23,
    ISPD_OP_CANCEL = 0x24,
    ISPD_OP_RELEASE = 0x25,
    ISPD_OP_LOAD_MODULE = 0x30,
    ISPD_OP_LIST_MODULES = 0x31,
    ISPD_OP_UNLOAD_MODULE = 0x32,
    ISPD_OP_SCRUB = 0x40,
    ISPD_OP_SET_FAULTS = 0x41
} ispd_opcode;

typedef enum ispd_status {
    ISPD_OK = 0,
    ISPD_BAD_MAGIC = 1,
    ISPD_BAD_VERSION = 2,
    ISPD_BAD_FLAGS = 3,
    ISPD_UNKNOWN_OPCODE = 4,
    ISPD_PAYLOAD_TOO_LARGE = 5,
    ISPD_MALFORMED = 6,
    ISPD_NO_SUCH_OBJECT = 7,
    ISPD_OBJECT_EXISTS = 8,
    ISPD_OUT_OF_RANGE = 9,
    ISPD_WRONG_KIND = 10,
    ISPD_NO_SUCH_TASKLET = 11,
    ISPD_BAD_PARAMETER = 12,
    ISPD_NO_SUCH_EXECUTION = 13,
    ISPD_NOT_READY = 14,
    ISPD_BUSY = 15,
    ISPD_UNSUPPORTED = 16,
    ISPD_TASKLET_FAILED = 17,
    ISPD_IO_ERROR = 18,
    ISPD_AUTH_REQUIRED = 19,
    ISPD_AUTH_FAILED = 20,
    ISPD_INTERNAL = 21,
    /* a request or execution beyond one of the drive's limits; the message names the limit */
    ISPD_LIMIT_EXCEEDED = 22,
    /* the identity lacks the right the command needs (docs/security.md); nothing changed */
    ISPD_FORBIDDEN = 23,
    /* stored bytes failed their checksum (or are missing); the message names the object and offset */
    ISPD_MEDIA_ERROR = 24,
    /* the drive's admin turned user tasklet modules off (--modules off) */
    ISPD_MODULES_DISABLED = 25,
    /* the drive is full: a command that needs space did not get it; nothing changed */
    ISPD_NO_SPACE = 26,
    /* a module refused at load (malformed, an import, an export, its memory); the message names which */
    ISPD_MODULE_REFUSED = 27,
    /* client-side only, never on the wire */
    ISPD_E_CONNECT = 1001,
    ISPD_E_IO = 1002,
    ISPD_E_PROTOCOL = 1003,
    ISPD_E_ARGUMENT = 1004,
    ISPD_E_NO_MEMORY = 1005,
    ISPD_E_BUFFER_TOO_SMALL = 1006,
    /* no answer from the drive (or it took no more of the request) within the call timeout */
    ISPD_E_TIMEOUT = 1007
} ispd_status;

typedef enum ispd_object_kind { ISPD_KIND_DATA = 1, ISPD_KIND_TASKLET = 2 } ispd_object_kind;
typedef enum ispd_tasklet_form { ISPD_FORM_BUILTIN = 1, ISPD_FORM_PLAN = 2, ISPD_FORM_MODULE = 3 } ispd_tasklet_form;
typedef enum ispd_exec_state {
    ISPD_EXEC_QUEUED = 0,
    ISPD_EXEC_RUNNING = 1,
    ISPD_EXEC_DONE = 2,
    ISPD_EXEC_FAILED = 3,
    ISPD_EXEC_CANCELLED = 4
} ispd_exec_state;

/* ---- frame header codec (public for tests and tools) ---- */
typedef struct ispd_header {
    uint32_t magic;
    uint8_t version;
    uint8_t opcode;
    uint16_t flags;
    uint64_t request_id;
    uint32_t payload_len;
    uint16_t status;
    uint32_t identity;
    uint32_t sequence; /* the connection's sequence number on an authenticated frame (docs/security.md) */
    uint8_t auth_tag[ISPD_AUTH_TAG_SIZE];
} ispd_header;

/* Writes exactly ISPD_HEADER_SIZE bytes. */
void ispd_header_encode(const ispd_header *h, uint8_t out[ISPD_HEADER_SIZE]);
/* Decodes and validates magic, version, flags and payload_len; returns the status a drive
 * would answer (ISPD_OK, ISPD_BAD_MAGIC, ISPD_BAD_VERSION, ISPD_BAD_FLAGS,
 * ISPD_PAYLOAD_TOO_LARGE). The fields are filled in even when invalid. */
int ispd_header_decode(const uint8_t in[ISPD_HEADER_SIZE], ispd_header *out);

/* ---- connection ---- */
typedef struct ispd_conn ispd_conn;

/* address: "unix:/path/to/socket" or "tcp:host:port". On failure *out is still set (NULL only
 * when memory ran out) to a closed connection whose ispd_last_error names the problem: read it,
 * then ispd_close it. */
int ispd_connect(const char *address, ispd_conn **out);
void ispd_close(ispd_conn *conn); /* NULL is allowed */
/* Message of the last failed call on this connection ("" after a success). */
const char *ispd_last_error(const ispd_conn *conn);
/* Status of the last call on this connection. */
int ispd_last_status(const ispd_conn *conn);
/* How many times a call reopened this connection because the drive had closed it while it was
 * idle (found before the call sent anything, so the call went ahead on the new connection, which
 * an authenticated connection authenticates again). */
uint32_t ispd_reconnects(const ispd_conn *conn);
/* Sets how long each call waits for the drive to answer (and to take a request); 0 waits
 * forever. A call that times out fails with ISPD_E_TIMEOUT naming the wait, and leaves the
 * connection unusable, since the answer could still arrive later. Connections start with
 * ISPD_DEFAULT_TIMEOUT_MS. */
int ispd_set_timeout(ispd_conn *conn, uint32_t timeout_ms);
/* Authenticates the connection as identity (1..2^32-1) holding key (at least 16 bytes; the
 * library keeps a copy): sends the hello (an authenticated DEVICE_INFO with sequence 0) and
 * from then on tags every request with HMAC-SHA256 and the drive's sequence numbers, and
 * accepts only answers whose tag verifies (docs/security.md). An answer without a valid tag
 * fails the call. ISPD_AUTH_FAILED if the drive does not know the identity or key. */
int ispd_authenticate(ispd_conn *conn, uint32_t identity, const void *key, uint32_t key_len);
/* Symbolic name of a status, e.g. "NO_SUCH_OBJECT"; "UNKNOWN" for others. */
const char *ispd_status_name(int status);

/* ---- result structures ---- */
typedef struct ispd_device_info {
    char drive_name[ISPD_MAX_STRING + 1];
    char profile_name[ISPD_MAX_STRING + 1];
    uint64_t capacity_bytes;
    uint32_t page_size;
    uint32_t pages_per_batch;
    uint32_t max_io;
    uint32_t max_inflight;
    char capabilities[ISPD_PROPS_TEXT_MAX]; /* "key=value\n" per pair */
} ispd_device_info;

typedef struct ispd_component_log {
    char name[64];
    uint64_t busy_ns;
    uint64_t energy_nj;
} ispd_component_log;

typedef struct ispd_device_log {
    uint64_t modeled_now_ns;
    uint32_t queued;
    uint32_t running;
    uint64_t commands;
    uint64_t bytes_written;
    uint64_t bytes_to_host;
    uint64_t bytes_read_internal;
    uint64_t energy_nj;
    uint32_t n_components;
    ispd_component_log components[ISPD_MAX_COMPONENTS];
} ispd_device_log;

typedef struct ispd_object_stat {
    uint64_t id;
    uint64_t size;
    uint8_t kind;
} ispd_object_stat;

/* Layout matches the wire and a Java direct buffer of 3 little-endian longs. */
typedef struct ispd_extent {
    uint64_t object_id;
    uint64_t offset;
    uint64_t length;
} ispd_extent;

typedef struct ispd_poll_result {
    uint8_t state;
    uint16_t error_status;
    uint32_t suggested_poll_us;
    uint64_t pages_done;
    uint64_t pages_total;
    uint64_t result_bytes;
    uint64_t modeled_ns;        /* from submission, waiting behind other work included */
    uint64_t modeled_energy_nj;
    uint64_t service_ns;        /* the same work on a drive running nothing else: no waiting */
    uint64_t measured_ns;       /* wall time the drive took to run it, from its first turn */
    char error_message[ISPD_MAX_STRING + 1];
} ispd_poll_result;

/* One damaged object a SCRUB found: its first damaged page and the drive's message. */
typedef struct ispd_damage {
    uint64_t object_id;
    uint64_t offset;
    char message[ISPD_MAX_STRING + 1];
} ispd_damage;

typedef struct ispd_scrub_result {
    uint64_t objects_checked;
    uint64_t bytes_checked;
    uint64_t media_errors; /* the drive's count of media errors found since it started */
    uint32_t damaged;      /* damaged objects found; the first n_listed are in listed */
    uint32_t n_listed;
    ispd_damage listed[ISPD_MAX_SCRUB_LIST];
} ispd_scrub_result;

/* ---- commands ---- */
int ispd_device_info_get(ispd_conn *conn, ispd_device_info *out);
int ispd_device_log_get(ispd_conn *conn, ispd_device_log *out);

int ispd_create_object(ispd_conn *conn, uint64_t requested_id, uint64_t *id_out);
/* len <= ISPD_MAX_IO; new_size_out may be NULL. offset ISPD_APPEND appends atomically. */
int ispd_write_object(ispd_conn *conn, uint64_t id, uint64_t offset, const void *data, uint32_t len,
                      uint64_t *new_size_out);
/* Reads exactly len (<= ISPD_MAX_IO) bytes into buf, checked against the CRC32C the drive sends
 * with them: a mismatch is ISPD_E_IO (damaged in transfer; the data in buf must not be used). */
int ispd_read_object(ispd_conn *conn, uint64_t id, uint64_t offset, void *buf, uint32_t len);
int ispd_stat_object(ispd_conn *conn, uint64_t id, ispd_object_stat *out);
/* Fills up to max entries of out; *count_out set; *more_out 1 if more remain. */
int ispd_list_objects(ispd_conn *conn, uint64_t after_id, ispd_object_stat *out, uint32_t max,
                      uint32_t *count_out, int *more_out);
int ispd_delete_object(ispd_conn *conn, uint64_t id);

/* params: "key=value\n..." text (NULL or "" for none). body may be NULL when body_len is 0. */
int ispd_create_tasklet(ispd_conn *conn, uint8_t form, const char *name, const char *params,
                        const void *body, uint32_t body_len, uint64_t *tasklet_id_out);
/* output_id 0 = no output object. runtime_params as for ispd_create_tasklet. */
int ispd_execute(ispd_conn *conn, uint64_t tasklet_id, uint64_t output_id, const char *runtime_params,
                 const ispd_extent *extents, uint32_t n_extents, uint64_t *exec_id_out);
int ispd_poll(ispd_conn *conn, uint64_t exec_id, ispd_poll_result *out);
/* Reads up to cap bytes of the result from offset; *len_out bytes read, *total_out the
 * result's whole length (either may be NULL). */
int ispd_read_result(ispd_conn *conn, uint64_t exec_id, uint64_t offset, void *buf, uint32_t cap,
                     uint32_t *len_out, uint64_t *total_out);
int ispd_cancel(ispd_conn *conn, uint64_t exec_id, uint8_t *state_out);
int ispd_release(ispd_conn *conn, uint64_t exec_id);
/* Checks object_id's pages against their checksums, or every object's if object_id is 0. */
int ispd_scrub(ispd_conn *conn, uint64_t object_id, ispd_scrub_result *out);

/* CRC32C (Castagnoli) of len bytes, as READ_OBJECT responses carry it. */
uint32_t ispd_crc32c(const void *data, size_t len);

/* ---- user tasklet modules (docs/protocol.md, "Modules") ---- */
typedef struct ispd_module_info {
    char name[ISPD_MAX_MODULE_NAME + 1];
    uint32_t version;
    uint64_t size;
    uint8_t sha256[32];
} ispd_module_info;

/* One LOAD_MODULE chunk: len (<= ISPD_MAX_IO) bytes at offset of a module of total_size bytes
 * whose SHA-256 is sha256. Offset 0 begins an upload, the chunk that completes it commits.
 * *received_out: bytes the drive holds; *loaded_out: 1 once the module is loaded (either may be NULL). */
int ispd_load_module_chunk(ispd_conn *conn, const char *name, uint32_t version, uint64_t total_size,
                           const uint8_t sha256[32], uint64_t offset, const void *data, uint32_t len,
                           uint64_t *received_out, int *loaded_out);
/* Loads a whole module (len <= ISPD_MAX_MODULE_SIZE) in chunks of at most ISPD_MAX_IO bytes; sha256
 * is the module's. Stops after the first chunk when the drive already holds the same module. */
int ispd_load_module(ispd_conn *conn, const char *name, uint32_t version, const uint8_t sha256[32], const void *wasm,
                     uint64_t len);
/* Fills up to max entries of out (ISPD_MAX_MODULES always suffice); *count_out set. */
int ispd_list_modules(ispd_conn *conn, ispd_module_info *out, uint32_t max, uint32_t *count_out);
int ispd_unload_module(ispd_conn *conn, const char *name, uint32_t version);

/* ---- fault injection (docs/drive.md, "Fault injection") ---- */
/* Sets the drive's fault plan to plan_json (UTF-8 JSON, at most ISPD_MAX_IO bytes), or clears it
 * if plan_json is NULL or "". Needs an admin identity on a drive that authenticates. A bad plan
 * is ISPD_BAD_PARAMETER naming the fault and field. */
int ispd_set_faults(ispd_conn *conn, const char *plan_json);

#ifdef __cplusplus
}
#endif

#endif /* ISPD_H */
