package dev.ispd.sim.hostif;

/** Result status of a response (docs/protocol.md "Status codes"). */
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
    INTERNAL(21);

    private static final Status[] BY_CODE = new Status[22];

    static {
        for (Status s : values()) {
            BY_CODE[s.code] = s;
        }
    }

    private final int code;

    Status(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The status of a wire code, or null for a code this version does not define. */
    public static Status ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** Statuses after which the drive closes the connection: the stream can no longer be trusted. */
    public boolean endsConnection() {
        return this == BAD_MAGIC || this == BAD_VERSION || this == BAD_FLAGS || this == PAYLOAD_TOO_LARGE;
    }
}
