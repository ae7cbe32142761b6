package dev.ispd.plan;

import java.util.Arrays;

/**
 * CASE and COALESCE ({@link LogicEval.Choice}, {@link StringEval.Choice}) a batch at a time; a
 * string's value is where the chosen value's bytes are.
 * Each condition is evaluated on the rows no condition before it chose, and each value only on
 * the rows that chose it (COALESCE: on the rows every value before it left NULL), as the
 * per-record node evaluates them; so a branch a row does not take raises no error for it.
 */
final class VectorChoice extends VectorEval {
    private final VectorEval[] conditions;
    private final VectorEval[] values;
    /** The rows no condition (or, for COALESCE, no value) has chosen yet. */
    private final int[] open = new int[ColumnBatch.MAX_ROWS];
    /** The rows that chose the value at hand. */
    private final int[] chosen = new int[ColumnBatch.MAX_ROWS];

    /** {@code conditions} null for COALESCE; else one fewer than {@code values}, whose last is the ELSE. */
    VectorChoice(ExprEval scalar, VectorEval[] conditions, VectorEval[] values) {
        super(scalar.type, scalar.sql, conditions == null ? Arrays.stream(values).allMatch(v -> v.nullable)
                : Arrays.stream(values).anyMatch(v -> v.nullable));
        this.conditions = conditions;
        this.values = values;
    }

    @Override
    void evaluate(ColumnBatch batch, int[] sel, int n) {
        System.arraycopy(sel, 0, open, 0, n);
        int m = n;
        for (int v = 0; v < values.length && m > 0; v++) {
            VectorEval value = values[v];
            int k = 0;
            int left = 0;
            if (conditions == null) {
                value.evaluate(batch, open, m);
                for (int i = 0; i < m; i++) {
                    int r = open[i];
                    if (value.isNull(r)) {
                        open[left++] = r;
                    } else {
                        chosen[k++] = r;
                    }
                }
            } else if (v < conditions.length) {
                conditions[v].evaluate(batch, open, m);
                byte[] t = conditions[v].truths;
                for (int i = 0; i < m; i++) {
                    int r = open[i];
                    if (t[r] == ExprEval.TRUE) {
                        chosen[k++] = r;
                    } else {
                        open[left++] = r;
                    }
                }
                value.evaluate(batch, chosen, k);
            } else {
                value.evaluate(batch, open, m);
                System.arraycopy(open, 0, chosen, 0, m);
                k = m;
            }
            take(value, k);
            m = left;
        }
        for (int i = 0; i < m; i++) { // COALESCE of only NULLs
            int r = open[i];
            nulls[r] = true;
            if (truths != null) {
                truths[r] = ExprEval.UNKNOWN;
            } else if (lengths != null) {
                lengths[r] = -1;
            }
        }
    }

    /** The value of rows {@code chosen[0, k)} from {@code value}. */
    private void take(VectorEval value, int k) {
        for (int i = 0; i < k; i++) {
            int r = chosen[i];
            if (truths != null) {
                truths[r] = value.truths[r];
                continue;
            }
            nulls[r] = value.nulls[r];
            if (lengths != null) {
                lengths[r] = value.lengths[r];
                sources[r] = value.sources[r];
                starts[r] = value.starts[r];
            } else if (doubles != null) {
                doubles[r] = value.doubles[r];
            } else {
                longs[r] = value.longs[r];
                if (highs != null) {
                    highs[r] = value.high(r);
                }
            }
        }
    }
}
