package dev.ispd.plan;

/**
 * A predicate or plan that does not parse, does not fit its layout, or is beyond a drive's
 * limits; {@link #part()} names what was wrong and the message names the field or the limit.
 */
public class PlanException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String part;

    public PlanException(String part, String message) {
        super(message);
        this.part = part;
    }

    /**
     * The part at fault: {@code field}, {@code op}, {@code value}, {@code mode} or
     * {@code predicate} (the whole text) for a predicate; {@code layout}, {@code where},
     * {@code select}, {@code groupBy}, {@code aggregate}, {@code limit} or {@code encoding} for a
     * plan.
     */
    public String part() {
        return part;
    }
}
