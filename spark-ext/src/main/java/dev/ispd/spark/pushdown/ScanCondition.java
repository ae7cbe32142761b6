package dev.ispd.spark.pushdown;

import java.util.List;

/**
 * A condition on the records of a layout, as the connector hands it on: engine-independent (no
 * Spark types), over layout field names and integer literals, for the declarative scan plan to
 * compile into its predicate tree. Layout fields hold no nulls, so there is no third truth value.
 */
public sealed interface ScanCondition {

    /** Comparison operators, written as in SQL. */
    enum Op {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** The operator with its operands swapped: {@code 5 < f} is {@code f > 5}. */
        public Op swapped() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }
    }

    /** {@code field op value}. */
    record Compare(String field, Op op, long value) implements ScanCondition {
        @Override
        public String toString() {
            return field + " " + op.symbol() + " " + value;
        }
    }

    /** {@code field IN (values)}. */
    record In(String field, List<Long> values) implements ScanCondition {
        public In {
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return field + " IN " + values;
        }
    }

    record And(ScanCondition left, ScanCondition right) implements ScanCondition {
        @Override
        public String toString() {
            return "(" + left + ") AND (" + right + ")";
        }
    }

    record Or(ScanCondition left, ScanCondition right) implements ScanCondition {
        @Override
        public String toString() {
            return "(" + left + ") OR (" + right + ")";
        }
    }

    record Not(ScanCondition child) implements ScanCondition {
        @Override
        public String toString() {
            return "NOT (" + child + ")";
        }
    }

    /** TRUE or FALSE, e.g. {@code IS NULL} of a field, which never holds a null. */
    record Constant(boolean value) implements ScanCondition {
        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }
}
