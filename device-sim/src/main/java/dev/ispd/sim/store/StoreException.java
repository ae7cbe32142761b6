package dev.ispd.sim.store;

/** A store operation refused for a reason the client caused; the message names the object, offset and size. */
public final class StoreException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Why the operation was refused. */
    public enum Reason {
        NO_SUCH_OBJECT, OBJECT_EXISTS, OUT_OF_RANGE, WRONG_KIND, NO_SPACE,
        /** Every id of the ranges the drive may pick from was given out once. */
        IDS_EXHAUSTED
    }

    private final Reason reason;

    public StoreException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
