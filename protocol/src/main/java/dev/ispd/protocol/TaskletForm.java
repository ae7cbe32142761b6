package dev.ispd.protocol;

/**
 * How CREATE_TASKLET gives the drive a tasklet ({@code ispd_tasklet_form}; docs/protocol.md
 * "0x20 CREATE_TASKLET").
 */
public enum TaskletForm implements WireCode {
    /** A tasklet compiled into the drive, named by its built-in name; the body is empty. */
    BUILTIN(1),
    /** A declarative plan in the body. */
    PLAN(2),
    /** A loadable module in the body. */
    MODULE(3);

    private final int code;

    TaskletForm(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** The form of a wire code, or null if this protocol version does not define it. */
    public static TaskletForm ofCode(int code) {
        return WireCode.find(values(), code);
    }
}
