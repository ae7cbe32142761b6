package dev.ispd.sim.store;

/** What an object holds; the code is its value on the wire and in the metadata log. */
public enum ObjectKind {
    DATA(1),
    TASKLET(2);

    private final int code;

    ObjectKind(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
