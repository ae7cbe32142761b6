package dev.ispd.examples.worldcup.importer;

/**
 * A line the importer cannot turn into a record: which field and what was wrong with it. Rejected
 * lines are counted and skipped, so this carries no stack trace.
 */
final class LineRejected extends Exception {
    private static final int QUOTED_MAX = 40;

    private final String field;

    LineRejected(String field, String problem) {
        super(problem, null, false, false);
        this.field = field;
    }

    /** A rejection quoting the offending text, shortened to a readable length. */
    static LineRejected of(String field, String problem, CharSequence text, int start, int end) {
        String quoted = end - start > QUOTED_MAX ? text.subSequence(start, start + QUOTED_MAX) + "..."
                : text.subSequence(start, end).toString();
        return new LineRejected(field, problem + ": '" + quoted + "'");
    }

    String field() {
        return field;
    }
}
