package dev.ispd.plan;

import java.util.Arrays;
import java.util.List;

/** A comparison of a field with a value: eq, ne, lt, le, gt, ge; every comparison is unsigned. */
public enum CompareOp {
    EQ("eq"), NE("ne"), LT("lt"), LE("le"), GT("gt"), GE("ge");

    /** The words, in declaration order. */
    public static final List<String> WORDS = Arrays.stream(values()).map(CompareOp::word).toList();

    private final String word;

    CompareOp(String word) {
        this.word = word;
    }

    /** The word used in predicate text and tasklet parameters: {@code eq}. */
    public String word() {
        return word;
    }

    /** The op with this word, or null. */
    public static CompareOp byWord(String word) {
        for (CompareOp op : values()) {
            if (op.word.equals(word)) {
                return op;
            }
        }
        return null;
    }
}
