package dev.ispd.examples.calibrate;

/**
 * Non-negative least squares: the coefficients {@code c >= 0} that make {@code x c} closest to
 * {@code y}, by cyclic coordinate descent on the normal equations (a handful of unknowns: it
 * converges in a few hundred sweeps). A cost per operation cannot be negative, and the built-ins'
 * operation counts are partly collinear (q1 counts a record, a DRAM access and a hash update
 * alike), so a plain least-squares fit could trade one negative cost against another.
 */
final class NonNegativeFit {
    private static final int SWEEPS = 10_000;

    private NonNegativeFit() {
    }

    /** Rows of {@code x} are observations, columns unknowns; {@code y} one value per row. */
    static double[] fit(double[][] x, double[] y) {
        int n = x[0].length;
        double[][] gram = new double[n][n];
        double[] rhs = new double[n];
        for (int r = 0; r < x.length; r++) {
            for (int i = 0; i < n; i++) {
                rhs[i] += x[r][i] * y[r];
                for (int j = 0; j < n; j++) {
                    gram[i][j] += x[r][i] * x[r][j];
                }
            }
        }
        double[] c = new double[n];
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            double moved = 0;
            for (int i = 0; i < n; i++) {
                if (gram[i][i] == 0) {
                    continue; // an operation no workload did: nothing to learn of it
                }
                double g = rhs[i];
                for (int j = 0; j < n; j++) {
                    if (j != i) {
                        g -= gram[i][j] * c[j];
                    }
                }
                double next = Math.max(0, g / gram[i][i]);
                moved = Math.max(moved, Math.abs(next - c[i]) / Math.max(1e-12, Math.abs(next)));
                c[i] = next;
            }
            if (moved < 1e-12) {
                break;
            }
        }
        return c;
    }
}
