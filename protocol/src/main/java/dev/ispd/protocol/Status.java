package dev.ispd.protocol;

/**
 * The result status of a response ({@code ispd_status}; docs/protocol.md "Status codes"), and
 * the C client's own statuses from {@link #FIRST_CLIENT_SIDE} up, which never travel on the
 * wire. The names are those {@code ispd_status_name} gives.
 */
public enum Status implements WireCode {
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
    /** The drive authenticates every request and this one carries no AUTH flag and tag. */
    AUTH_REQUIRED(19),
    /** Unknown identity, a tag that does not verify, or a sequence number out of order; the connection ends. */
    AUTH_FAILED(20),
    INTERNAL(21),
    /** A request or execution beyond one of the drive's limits; the message names the limit. */
    LIMIT_EXCEEDED(22),
    /** The request's identity lacks the right the command needs (docs/security.md); nothing changed. */
    FORBIDDEN(23),
    /** Stored bytes failed their checksum (or are missing); the message names the object and offset. */
    MEDIA_ERROR(24),
    /** The drive's admin turned module loading off ({@code --modules off}). */
    MODULES_DISABLED(25),
    /** The drive is full: a command that needs space (a write, a new object) did not get it; nothing changed. */
    NO_SPACE(26),
    /**
     * A module refused at load: malformed, a forbidden import, a missing or mistyped export, or
     * memory beyond the drive's limit; the message names which.
     */
    MODULE_REFUSED(27),
    /** The C client could not connect (the message gives the system's reason). */
    CONNECT(1001),
    /** A socket error, or the drive closed the connection. */
    IO(1002),
    /** A response that does not parse or does not match its request. */
    PROTOCOL(1003),
    /** A call's argument was invalid before anything was sent. */
    ARGUMENT(1004),
    NO_MEMORY(1005),
    BUFFER_TOO_SMALL(1006),
    /** No answer from the drive (or it took no more of the request) within the connection's call timeout. */
    TIMEOUT(1007);

    /** Codes from here up are the C client's own ({@code ISPD_E_*}). */
    public static final int FIRST_CLIENT_SIDE = 1000;

    private final int code;

    Status(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** The status of a code, or null for a code this version does not define. */
    public static Status ofCode(int code) {
        return WireCode.find(values(), code);
    }

    /** The name of a code as {@code ispd_status_name} gives it: the status's name, or "UNKNOWN". */
    public static String nameOf(int code) {
        Status s = ofCode(code);
        return s == null ? "UNKNOWN" : s.name();
    }

    /** True for the codes the C client makes up itself (connection, socket, argument errors). */
    public boolean isClientSide() {
        return code >= FIRST_CLIENT_SIDE;
    }

    /** Statuses after which the drive closes the connection: the stream can no longer be trusted. */
    public boolean endsConnection() {
        return this == BAD_MAGIC || this == BAD_VERSION || this == BAD_FLAGS || this == PAYLOAD_TOO_LARGE;
    }
}
