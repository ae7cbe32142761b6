package dev.ispd.plan;

/** A plan beyond a drive's limits; {@link #limit()} names the limit (groups, resultBytes, predicateDepth). */
public final class PlanLimitException extends PlanException {
    private static final long serialVersionUID = 1L;

    private final String limit;

    PlanLimitException(String limit, String message) {
        super("limit", message);
        this.limit = limit;
    }

    public String limit() {
        return limit;
    }
}
