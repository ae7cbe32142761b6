/*
 * response_fuzzer.c - libFuzzer harness for everything the C library decodes from a drive
 * (docs/native.md, "Fuzzing"): the frame header, the payload of every command's answer, error
 * answers, bulk data with its length fields, and the tag checks of an authenticated connection.
 *
 * One input is one call on a real connection whose peer sends the input's bytes and then EOF:
 *   byte 0     the opcode of the command to call (other values are not inputs)
 *   byte 1     bit 0: the connection is authenticated with the key, identity and sequence of
 *              the authenticated test vectors (docs/protocol/vectors.md), so their answer verifies;
 *              bits 1-7: n, the caller's capacity (READ_OBJECT length, READ_RESULT buffer,
 *              LIST_OBJECTS max - 1, LIST_MODULES max)
 *   the rest   what the drive sends back: the response frame(s), as a drive would write them
 * The call's request id is 1. Beyond the sanitizers (address, undefined), it checks that a failed
 * call leaves a message and its status, and that a successful one fills no more than it may and
 * leaves the connection usable. The seed corpus (src/fuzz/corpus) is the protocol's response
 * vectors in this format; make-seeds.sh rewrites it. The listener does not block: the library
 * connects before the harness accepts, and retries after a BUSY are closed unanswered.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "conn.h"
#include "ispd.h"

#define AUTH_IDENTITY 1
#define AUTH_SEQUENCE 0x12345678u
/* A retry after BUSY reaches a connection nobody answers; this ends its wait. */
#define RETRY_TIMEOUT_MS 1000

static int listener = -1;
static char address[sizeof(((struct sockaddr_un *)0)->sun_path) + 8];

#define CHECK(cond, ...)                                          \
    do {                                                          \
        if (!(cond)) {                                            \
            fprintf(stderr, "response_fuzzer: " __VA_ARGS__);     \
            fputc('\n', stderr);                                  \
            abort();                                              \
        }                                                         \
    } while (0)

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    static char dir[] = "/tmp/ispd-fuzz-XXXXXX";
    CHECK(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s/drive.sock", dir);
    snprintf(address, sizeof address, "unix:%s", sa.sun_path);
    listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    CHECK(listener >= 0 && bind(listener, (struct sockaddr *)&sa, sizeof sa) == 0 && listen(listener, 4) == 0,
          "cannot listen on %s: %s", sa.sun_path, strerror(errno));
    return 0;
}

/* Sends what fits in the socket's buffer without blocking (the client reads only after the
 * harness has sent), then EOF, so every call ends instead of waiting for more. */
static void send_as_drive(int fd, const uint8_t *data, size_t len) {
    while (len > 0) {
        ssize_t n = send(fd, data, len, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n <= 0) break;
        data += n;
        len -= (size_t)n;
    }
    shutdown(fd, SHUT_WR);
}

static void check_str(const char *s, size_t cap, const char *field) {
    CHECK(memchr(s, '\0', cap) != NULL, "%s is not NUL-terminated within its %zu bytes", field, cap);
}

/* Makes the call for opcode with capacity n; checks what a successful call filled in.
 * Returns -1 if opcode is not a command. Buffers are exactly the size promised to the library,
 * so AddressSanitizer catches a write past them. */
static int call(ispd_conn *c, uint8_t opcode, unsigned n) {
    static const uint8_t sha[32];
    static const char data[] = "sixteen bytes...";
    int rc;
    switch (opcode) {
    case ISPD_OP_DEVICE_INFO: {
        ispd_device_info *info = malloc(sizeof *info);
        rc = ispd_device_info_get(c, info);
        if (rc == ISPD_OK) {
            check_str(info->drive_name, sizeof info->drive_name, "drive_name");
            check_str(info->profile_name, sizeof info->profile_name, "profile_name");
            check_str(info->capabilities, sizeof info->capabilities, "capabilities");
        }
        free(info);
        return rc;
    }
    case ISPD_OP_DEVICE_LOG: {
        ispd_device_log *log = malloc(sizeof *log);
        rc = ispd_device_log_get(c, log);
        if (rc == ISPD_OK) {
            CHECK(log->n_components <= ISPD_MAX_COMPONENTS, "%u components", log->n_components);
            for (uint32_t i = 0; i < log->n_components; i++)
                check_str(log->components[i].name, sizeof log->components[i].name, "component name");
        }
        free(log);
        return rc;
    }
    case ISPD_OP_CREATE_OBJECT: return ispd_create_object(c, 0, &(uint64_t){0});
    case ISPD_OP_WRITE_OBJECT: return ispd_write_object(c, 42, 0, data, sizeof data - 1, &(uint64_t){0});
    case ISPD_OP_READ_OBJECT: {
        uint8_t *buf = malloc(n ? n : 1);
        rc = ispd_read_object(c, 42, 0, buf, n);
        free(buf);
        return rc;
    }
    case ISPD_OP_STAT_OBJECT: return ispd_stat_object(c, 42, &(ispd_object_stat){0});
    case ISPD_OP_LIST_OBJECTS: {
        uint32_t max = n + 1, count = 0;
        ispd_object_stat *out = malloc(max * sizeof *out);
        rc = ispd_list_objects(c, 0, out, max, &count, &(int){0});
        if (rc == ISPD_OK) CHECK(count <= max, "LIST_OBJECTS gave %u entries for max %u", count, max);
        free(out);
        return rc;
    }
    case ISPD_OP_DELETE_OBJECT: return ispd_delete_object(c, 43);
    case ISPD_OP_CREATE_TASKLET:
        return ispd_create_tasklet(c, ISPD_FORM_BUILTIN, "q1", "entrySize=256", NULL, 0, &(uint64_t){0});
    case ISPD_OP_EXECUTE: {
        ispd_extent e = {.object_id = 42, .offset = 0, .length = 8192};
        return ispd_execute(c, 1000, 0, NULL, &e, 1, &(uint64_t){0});
    }
    case ISPD_OP_POLL: {
        ispd_poll_result *p = malloc(sizeof *p);
        rc = ispd_poll(c, 5, p);
        if (rc == ISPD_OK) check_str(p->error_message, sizeof p->error_message, "error_message");
        free(p);
        return rc;
    }
    case ISPD_OP_READ_RESULT: {
        uint8_t *buf = malloc(n ? n : 1);
        uint32_t len = 0;
        rc = ispd_read_result(c, 5, 0, buf, n, &len, &(uint64_t){0});
        if (rc == ISPD_OK) CHECK(len <= n, "READ_RESULT gave %u bytes into a buffer of %u", len, n);
        free(buf);
        return rc;
    }
    case ISPD_OP_CANCEL: return ispd_cancel(c, 5, &(uint8_t){0});
    case ISPD_OP_RELEASE: return ispd_release(c, 5);
    case ISPD_OP_LOAD_MODULE:
        return ispd_load_module_chunk(c, "count", 1, 8, sha, 0, data, 8, &(uint64_t){0}, &(int){0});
    case ISPD_OP_LIST_MODULES: {
        uint32_t count = 0;
        ispd_module_info *out = malloc((n ? n : 1) * sizeof *out);
        rc = ispd_list_modules(c, out, n, &count);
        if (rc == ISPD_OK) {
            CHECK(count <= n, "LIST_MODULES gave %u modules for max %u", count, n);
            for (uint32_t i = 0; i < count; i++) check_str(out[i].name, sizeof out[i].name, "module name");
        }
        free(out);
        return rc;
    }
    case ISPD_OP_UNLOAD_MODULE: return ispd_unload_module(c, "q1", 2);
    case ISPD_OP_SCRUB: {
        ispd_scrub_result *s = malloc(sizeof *s);
        rc = ispd_scrub(c, 0, s);
        if (rc == ISPD_OK) {
            CHECK(s->n_listed <= ISPD_MAX_SCRUB_LIST, "SCRUB listed %u objects", s->n_listed);
            for (uint32_t i = 0; i < s->n_listed; i++)
                check_str(s->listed[i].message, sizeof s->listed[i].message, "damage message");
        }
        free(s);
        return rc;
    }
    case ISPD_OP_SET_FAULTS: return ispd_set_faults(c, "{\"faults\":[]}");
    default: return -1;
    }
}

/* Closes connections nobody answered: a BUSY answer with a retry hint makes the library
 * reconnect and send again, and this harness answers only the first connection of an input. */
static void drop_retries(void) {
    for (int fd; (fd = accept(listener, NULL, NULL)) >= 0;) close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *input, size_t size) {
    if (size < 2) return -1;
    uint8_t opcode = input[0];
    int authenticated = input[1] & 1;
    unsigned n = input[1] >> 1;

    ispd_conn *c = NULL;
    CHECK(ispd_connect(address, &c) == ISPD_OK, "connect to %s: %s", address, ispd_last_error(c));
    CHECK(ispd_set_timeout(c, RETRY_TIMEOUT_MS) == ISPD_OK, "set_timeout: %s", ispd_last_error(c));
    int drive = accept(listener, NULL, NULL);
    CHECK(drive >= 0, "accept: %s", strerror(errno));
    if (authenticated) {
        /* As after the hello: the drive chose AUTH_SEQUENCE for the next request. */
        uint8_t key[32];
        for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x10 + i);
        CHECK(auth_start(&c->auth, AUTH_IDENTITY, key, sizeof key, &c->err) == ISPD_OK, "%s", c->err.msg);
        c->auth.sequence = AUTH_SEQUENCE;
    }
    send_as_drive(drive, input + 2, size - 2);

    int rc = call(c, opcode, n);
    if (rc != -1) {
        CHECK(ispd_last_status(c) == rc, "call returned %d, ispd_last_status says %d", rc, ispd_last_status(c));
        if (rc == ISPD_OK) {
            CHECK(!c->broken, "a successful call left the connection unusable");
        } else {
            CHECK(ispd_last_error(c)[0] != '\0', "status %d (%s) without a message", rc, ispd_status_name(rc));
        }
    }
    close(drive);
    ispd_close(c);
    drop_retries();
    return rc == -1 ? -1 : 0;
}
