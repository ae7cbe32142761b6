package dev.ispd.examples.capacity;

/**
 * One input the planner takes from a paper: its value and where the paper gives it ({@code source}),
 * or why this value when the paper prints none ({@code assumption}); exactly one of the two.
 */
public record PaperNumber(String key, double value, String source, String assumption) {
    public PaperNumber {
        if ((source == null) == (assumption == null)) {
            throw new IllegalArgumentException(key + ": give a source or an assumption, not both or neither");
        }
    }

    static PaperNumber sourced(String key, double value, String source) {
        return new PaperNumber(key, value, source, null);
    }

    static PaperNumber assumed(String key, double value, String why) {
        return new PaperNumber(key, value, null, why);
    }
}
