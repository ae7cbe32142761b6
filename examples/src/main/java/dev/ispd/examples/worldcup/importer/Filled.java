package dev.ispd.examples.worldcup.importer;

/**
 * A record field the input did not give, and what the importer recorded for it instead. The
 * {@link ImportReport} counts the records each one applies to, so nothing is filled in silently.
 */
public enum Filled {
    REGION("region", "not in the input", "7 (unknown)"),
    SERVER("server number", "not in the input", "0"),
    METHOD("method", "not in the input", "8 (other)"),
    HTTP_VERSION("HTTP version", "not in the input", "3 (other)"),
    HTTP_09("HTTP version", "request line without a protocol (the HTTP/0.9 form)", "0 (0.9)"),
    STATUS("status", "'-' in the input", "index 37 (any other code)"),
    SIZE("size", "'-' in the input", "0");

    private final String field;
    private final String why;
    private final String recorded;

    Filled(String field, String why, String recorded) {
        this.field = field;
        this.why = why;
        this.recorded = recorded;
    }

    public String field() {
        return field;
    }

    /** Why the input did not give the field. */
    public String why() {
        return why;
    }

    /** The value recorded instead. */
    public String recorded() {
        return recorded;
    }
}
