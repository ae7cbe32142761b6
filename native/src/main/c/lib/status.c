/* status.c - symbolic names of statuses, as listed in docs/protocol.md. */
#include "ispd.h"

const char *ispd_status_name(int status) {
    switch (status) {
    case ISPD_OK: return "OK";
    case ISPD_BAD_MAGIC: return "BAD_MAGIC";
    case ISPD_BAD_VERSION: return "BAD_VERSION";
    case ISPD_BAD_FLAGS: return "BAD_FLAGS";
    case ISPD_UNKNOWN_OPCODE: return "UNKNOWN_OPCODE";
    case ISPD_PAYLOAD_TOO_LARGE: return "PAYLOAD_TOO_LARGE";
    case ISPD_MALFORMED: return "MALFORMED";
    case ISPD_NO_SUCH_OBJECT: return "NO_SUCH_OBJECT";
    case ISPD_OBJECT_EXISTS: return "OBJECT_EXISTS";
    case ISPD_OUT_OF_RANGE: return "OUT_OF_RANGE";
    case ISPD_WRONG_KIND: return "WRONG_KIND";
    case ISPD_NO_SUCH_TASKLET: return "NO_SUCH_TASKLET";
    case ISPD_BAD_PARAMETER: return "BAD_PARAMETER";
    case ISPD_NO_SUCH_EXECUTION: return "NO_SUCH_EXECUTION";
    case ISPD_NOT_READY: return "NOT_READY";
    case ISPD_BUSY: return "BUSY";
    case ISPD_UNSUPPORTED: return "UNSUPPORTED";
    case ISPD_TASKLET_FAILED: return "TASKLET_FAILED";
    case ISPD_IO_ERROR: return "IO_ERROR";
    case ISPD_AUTH_REQUIRED: return "AUTH_REQUIRED";
    case ISPD_AUTH_FAILED: return "AUTH_FAILED";
    case ISPD_INTERNAL: return "INTERNAL";
    case ISPD_MODULES_DISABLED: return "MODULES_DISABLED";
    case ISPD_NO_SPACE: return "NO_SPACE";
    case ISPD_LIMIT_EXCEEDED: return "LIMIT_EXCEEDED";
    case ISPD_FORBIDDEN: return "FORBIDDEN";
    case ISPD_MEDIA_ERROR: return "MEDIA_ERROR";
    case ISPD_MODULE_REFUSED: return "MODULE_REFUSED";
    case ISPD_E_CONNECT: return "CONNECT";
    case ISPD_E_IO: return "IO";
    case ISPD_E_PROTOCOL: return "PROTOCOL";
    case ISPD_E_ARGUMENT: return "ARGUMENT";
    case ISPD_E_NO_MEMORY: return "NO_MEMORY";
    case ISPD_E_BUFFER_TOO_SMALL: return "BUFFER_TOO_SMALL";
    case ISPD_E_TIMEOUT: return "TIMEOUT";
    default: return "UNKNOWN";
    }
}
