package dev.ispd.plan;

/**
 * The page filter's whole predicate: a {@link Comparison} and the {@link FilterMode}, written
 * {@code field op value [mode]} (mode defaults to firstMatch), as {@code bin/ispd query
 * --predicate} takes it.
 */
public record PageFilter(Comparison condition, FilterMode mode) {
    public PageFilter {
        if (condition == null || mode == null) {
            throw new IllegalArgumentException("a page filter needs a condition and a mode");
        }
    }

    /** Parses {@code field op value [mode]}; a {@link PlanException} names the part that is wrong. */
    public static PageFilter parse(String text) {
        String[] words = Comparison.words(text);
        String shown = String.join(" ", words);
        if (words.length != 3 && words.length != 4) {
            throw new PlanException("predicate", "a filter predicate is 'field op value [mode]', e.g. 'type eq 0' "
                    + "or 'region le 1 full', got '" + shown + "'");
        }
        try {
            Comparison condition = Comparison.of(words[0], words[1], words[2]);
            return new PageFilter(condition, words.length == 4 ? FilterMode.of(words[3]) : FilterMode.FIRST_MATCH);
        } catch (PlanException e) {
            throw new PlanException(e.part(), "filter predicate '" + shown + "': " + e.getMessage());
        }
    }

    public boolean firstMatch() {
        return mode == FilterMode.FIRST_MATCH;
    }

    /** The canonical text: {@code field op value mode}. */
    @Override
    public String toString() {
        return condition + " " + mode.word();
    }
}
