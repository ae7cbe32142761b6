package dev.ispd.plan;

import java.util.Arrays;
import java.util.List;

/** A comparison of a field with a literal: eq, ne, lt, le, gt, ge, in the field's order (signed or unsigned). */
public enum CompareOp {
    EQ("eq", "="), NE("ne", "<>"), LT("lt", "<"), LE("le", "<="), GT("gt", ">"), GE("ge", ">=");

    /** The words, in declaration order. */
    public static final List<String> WORDS = Arrays.stream(values()).map(CompareOp::word).toList();

    private final String word;
    private final String symbol;

    CompareOp(String word, String symbol) {
        this.word = word;
        this.symbol = symbol;
    }

    /** The SQL symbol: {@code =}, {@code <>}, {@code <=}. */
    public String symbol() {
        return symbol;
    }

    /** The word used in predicate text and tasklet parameters: {@code eq}. */
    public String word() {
        return word;
    }

    /** Whether the op holds for a value that compares to the literal as {@code comparison} (negative, 0, positive). */
    public boolean holds(int comparison) {
        return switch (this) {
            case EQ -> comparison == 0;
            case NE -> comparison != 0;
            case LT -> comparison < 0;
            case LE -> comparison <= 0;
            case GT -> comparison > 0;
            case GE -> comparison >= 0;
        };
    }

    /** The op with its operands swapped: {@code 5 < f} is {@code f > 5}. */
    public CompareOp swapped() {
        return switch (this) {
            case LT -> GT;
            case LE -> GE;
            case GT -> LT;
            case GE -> LE;
            case EQ, NE -> this;
        };
    }

    /** The op that holds exactly where this one does not, in a total order: {@code NOT f < 5} is {@code f >= 5}. */
    public CompareOp negated() {
        return switch (this) {
            case EQ -> NE;
            case NE -> EQ;
            case LT -> GE;
            case LE -> GT;
            case GT -> LE;
            case GE -> LT;
        };
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
