package io.fpsctl.engine.compare;

import java.util.Arrays;

/**
 * The Hodges–Lehmann estimate of how far a candidate's values lie from a baseline's (the median of all {@code n·m}
 * differences {@code c − b}) with its 95 % confidence interval from the Mann–Whitney U distribution
 * (docs/metrics.md section 8).
 *
 * @param delta  the shift, in the metric's unit
 * @param ciLow  lower end of the 95 % interval; {@code -Infinity} when no finite interval exists
 * @param ciHigh upper end; {@code +Infinity} when no finite interval exists
 */
public record ShiftEstimate(double delta, double ciLow, double ciHigh) {
    private static final double ALPHA = 0.05;

    /** True when the samples were large enough for a finite 95 % interval. */
    public boolean hasInterval() {
        return Double.isFinite(ciLow) && Double.isFinite(ciHigh);
    }

    /** The estimate for {@code candidate} against {@code baseline}; both need at least one value. */
    public static ShiftEstimate of(double[] baseline, double[] candidate) {
        int n = baseline.length;
        int m = candidate.length;
        if (n == 0 || m == 0) {
            throw new IllegalArgumentException("both samples need values");
        }
        double[] d = new double[n * m];
        int i = 0;
        for (double c : candidate) {
            for (double b : baseline) {
                d[i++] = c - b;
            }
        }
        Arrays.sort(d);
        double delta = Median.ofSorted(d);
        int k = MannWhitney.criticalRank(n, m, ALPHA);
        if (k < 1) {
            return new ShiftEstimate(delta, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        return new ShiftEstimate(delta, d[k - 1], d[d.length - k]);
    }
}
