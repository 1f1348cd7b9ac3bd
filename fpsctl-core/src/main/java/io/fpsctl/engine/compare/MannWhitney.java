package io.fpsctl.engine.compare;

/**
 * The null distribution of the Mann–Whitney U statistic, used for the confidence interval of the Hodges–Lehmann
 * shift (docs/metrics.md section 8): exact for {@code n·m ≤ 400}, the normal approximation above.
 */
final class MannWhitney {
    /** Above this many pairs the normal approximation is used (docs/metrics.md section 8). */
    static final int EXACT_LIMIT = 400;
    private static final double Z_975 = 1.959963984540054;

    private MannWhitney() {
    }

    /**
     * The order statistic that bounds a two-sided interval of confidence at least {@code 1 − alpha}: the largest
     * {@code k} with {@code P(U ≤ k − 1) ≤ alpha / 2}. The interval is then {@code [d(k), d(n·m + 1 − k)]} over the
     * sorted pairwise differences (1-based). 0 means no finite interval reaches that confidence (too few samples).
     */
    static int criticalRank(int n, int m, double alpha) {
        long pairs = (long) n * m;
        if (pairs > EXACT_LIMIT) {
            if (alpha != 0.05) {
                throw new IllegalArgumentException("the normal approximation is implemented for alpha 0.05 only");
            }
            double sigma = Math.sqrt(pairs * (n + m + 1) / 12.0);
            return (int) Math.max(0, Math.floor(pairs / 2.0 - Z_975 * sigma));
        }
        long[] counts = counts(n, m);
        double total = 0;
        for (long c : counts) {
            total += c;
        }
        double cumulative = 0;
        int k = 0;
        for (int u = 0; u < counts.length; u++) {
            cumulative += counts[u];
            if (cumulative / total <= alpha / 2) {
                k = u + 1;
            } else {
                break;
            }
        }
        return k;
    }

    /**
     * How many of the {@code C(n+m, n)} equally likely arrangements give each U = 0 … n·m, by the recurrence
     * {@code f(i, j, u) = f(i − 1, j, u − j) + f(i, j − 1, u)}.
     */
    static long[] counts(int n, int m) {
        int max = n * m;
        // f[i][j] is the distribution for sample sizes i and j
        long[][][] f = new long[n + 1][m + 1][];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= m; j++) {
                long[] d = new long[i * j + 1];
                if (i == 0 || j == 0) {
                    d[0] = 1;
                } else {
                    long[] a = f[i - 1][j];
                    long[] b = f[i][j - 1];
                    for (int u = 0; u < d.length; u++) {
                        long v = 0;
                        if (u - j >= 0 && u - j < a.length) {
                            v += a[u - j];
                        }
                        if (u < b.length) {
                            v += b[u];
                        }
                        d[u] = v;
                    }
                }
                f[i][j] = d;
            }
        }
        long[] out = f[n][m];
        assert out.length == max + 1;
        return out;
    }
}
