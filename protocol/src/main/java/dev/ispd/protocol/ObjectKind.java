package dev.ispd.protocol;

/**
 * What an object on a drive holds ({@code ispd_object_kind}; docs/protocol.md "Commands"); the
 * code is its value on the wire and in the drive's metadata log.
 */
public enum ObjectKind implements WireCode {
    /** Bytes the host writes and tasklets scan. */
    DATA(1),
    /** A tasklet instance made by CREATE_TASKLET. */
    TASKLET(2);

    private final int code;

    ObjectKind(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** The kind of a wire code, or null if this protocol version does not define it. */
    public static ObjectKind ofCode(int code) {
        return WireCode.find(values(), code);
    }
}
