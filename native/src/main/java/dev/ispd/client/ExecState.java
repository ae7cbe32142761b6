package dev.ispd.client;

/** The life cycle of one execution ({@code ispd_exec_state}). */
public enum ExecState {
    QUEUED(0),
    RUNNING(1),
    DONE(2),
    FAILED(3),
    CANCELLED(4);

    private static final ExecState[] BY_CODE = values();

    private final int code;

    ExecState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** DONE, FAILED or CANCELLED: the state will not change any more. */
    public boolean isFinished() {
        return code >= DONE.code;
    }

    public static ExecState of(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new IllegalArgumentException("unknown execution state " + code + " (expected 0..4)");
        }
        return BY_CODE[code];
    }
}
