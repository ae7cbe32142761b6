package dev.ispd.client;

/**
 * The status codes of {@code ispd.h}. Names are those of {@code ispd_status_name}; codes 1001 and
 * up are the C client's own (never on the wire). {@link #UNKNOWN} stands for any code this
 * version does not know.
 */
public enum Status {
    OK(0),
    BAD_MAGIC(1),
    BAD_VERSION(2),
    BAD_FLAGS(3),
    UNKNOWN_OPCODE(4),
    PAYLOAD_TOO_LARGE(5),
    MALFORMED(6),
    NO_SUCH_OBJECT(7),
    OBJECT_EXISTS(8),
    OUT_OF_RANGE(9),
    WRONG_KIND(10),
    NO_SUCH_TASKLET(11),
    BAD_PARAMETER(12),
    NO_SUCH_EXECUTION(13),
    NOT_READY(14),
    BUSY(15),
    UNSUPPORTED(16),
    TASKLET_FAILED(17),
    IO_ERROR(18),
    AUTH_REQUIRED(19),
    AUTH_FAILED(20),
    INTERNAL(21),
    CONNECT(1001),
    IO(1002),
    PROTOCOL(1003),
    ARGUMENT(1004),
    NO_MEMORY(1005),
    BUFFER_TOO_SMALL(1006),
    UNKNOWN(-1);

    private static final Status[] WIRE = new Status[INTERNAL.code + 1];

    static {
        for (Status s : values()) {
            if (s.code >= 0 && s.code <= INTERNAL.code) {
                WIRE[s.code] = s;
            }
        }
    }

    private final int code;

    Status(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** True for the codes the C client makes up itself (connection, socket, argument errors). */
    public boolean isClientSide() {
        return code > 1000;
    }

    public static Status of(int code) {
        if (code >= 0 && code < WIRE.length) {
            return WIRE[code];
        }
        for (Status s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
