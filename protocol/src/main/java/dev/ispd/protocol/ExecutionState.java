package dev.ispd.protocol;

/** Where one tasklet execution stands ({@code ispd_exec_state}; docs/protocol.md "0x22 POLL"). */
public enum ExecutionState implements WireCode {
    QUEUED(0),
    RUNNING(1),
    DONE(2),
    FAILED(3),
    CANCELLED(4);

    private final int code;

    ExecutionState(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** DONE, FAILED or CANCELLED: the state will not change any more. */
    public boolean isFinished() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }

    /** The state of a wire code, or null if this protocol version does not define it. */
    public static ExecutionState ofCode(int code) {
        return WireCode.find(values(), code);
    }
}
