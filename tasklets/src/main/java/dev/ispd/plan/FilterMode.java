package dev.ispd.plan;

import java.util.Arrays;
import java.util.List;

/**
 * How the page filter examines a page: {@code firstMatch} stops at the page's first matching
 * record (the paper's filter), {@code full} compares every record. Both find the same pages.
 */
public enum FilterMode {
    FIRST_MATCH("firstMatch"), FULL("full");

    /** The words, in declaration order. */
    public static final List<String> WORDS = Arrays.stream(values()).map(FilterMode::word).toList();

    private final String word;

    FilterMode(String word) {
        this.word = word;
    }

    /** The word used in predicate text and tasklet parameters. */
    public String word() {
        return word;
    }

    /** The mode with this word; a {@link PlanException} naming the mode otherwise. */
    public static FilterMode of(String word) {
        for (FilterMode m : values()) {
            if (m.word.equals(word)) {
                return m;
            }
        }
        throw new PlanException("mode", "unknown mode '" + word + "'; modes: " + WORDS);
    }
}
