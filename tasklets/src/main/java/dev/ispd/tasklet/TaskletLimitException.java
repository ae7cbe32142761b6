package dev.ispd.tasklet;

/**
 * An execution went beyond one of the limits it runs under (instructions, memory, result size,
 * wall time). It ends that execution only; {@link #limit()} names the limit, and the message
 * says which tasklet hit it and how far it got.
 */
public final class TaskletLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String limit;

    public TaskletLimitException(String limit, String message) {
        super(message);
        this.limit = limit;
    }

    /** The limit's name, e.g. {@code instructions}. */
    public String limit() {
        return limit;
    }
}
