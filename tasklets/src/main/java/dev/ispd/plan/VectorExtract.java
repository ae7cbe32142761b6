package dev.ispd.plan;

/** {@code EXTRACT} of a date's or a timestamp's part ({@link ExtractEval}) a batch at a time: NULL stays NULL. */
final class VectorExtract extends VectorEval.Unary {
    private final ExtractEval scalar;

    VectorExtract(ExtractEval scalar, VectorEval operand) {
        super(scalar.type, scalar.sql, operand.nullable, operand);
        this.scalar = scalar;
    }

    @Override
    void compute(int[] sel, int n) {
        long[] in = operand.longs;
        if (!nullable) {
            for (int i = 0; i < n; i++) {
                int r = sel[i];
                longs[r] = scalar.of(in[r]);
            }
            return;
        }
        boolean[] nullIn = operand.nulls;
        for (int i = 0; i < n; i++) {
            int r = sel[i];
            boolean isNull = nullIn[r];
            nulls[r] = isNull;
            longs[r] = isNull ? 0 : scalar.of(in[r]);
        }
    }
}
