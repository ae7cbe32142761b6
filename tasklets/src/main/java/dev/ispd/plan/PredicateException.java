package dev.ispd.plan;

/** A predicate that does not parse or does not fit its field; {@link #part()} names what was wrong. */
public final class PredicateException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String part;

    PredicateException(String part, String message) {
        super(message);
        this.part = part;
    }

    /** The part at fault: {@code field}, {@code op}, {@code value}, {@code mode} or {@code predicate} (the whole text). */
    public String part() {
        return part;
    }
}
