package dev.ispd.examples.worldcup.importer;

/**
 * The fields one input line gave, reused line after line. A parser sets every field it knows of
 * and leaves the ones its format never has at the format's unknown values (see {@link Filled}).
 */
final class ParsedLine {
    /** Seconds since the epoch. */
    long timestamp;
    /** The client as the input names it: a CSV clientID, or a Common Log Format host (given an id later). */
    long clientId;
    String host;
    String url;
    int method;
    int httpVersion;
    int statusIndex;
    long size;
    /** Fields the line had as '-' (or, for the request's protocol, not at all), by {@link Filled} ordinal. */
    final boolean[] filled = new boolean[Filled.values().length];

    void clearFilled() {
        java.util.Arrays.fill(filled, false);
    }
}
