package io.fpsctl.engine.compare;

import io.fpsctl.engine.Summary;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares a candidate run with a baseline run, each a list of iteration summaries, metric by metric
 * (docs/metrics.md section 8): the run's value of a metric is the median over its iterations; the verdict comes from
 * the Hodges–Lehmann shift and its 95 % Mann–Whitney interval when both runs have enough iterations for one (4 + 4
 * or 3 + 5), else from the medians alone.
 */
public final class RunComparison {
    /** Fewer iterations than this on either side: medians only. */
    public static final int MIN_ITERATIONS = 3;
    static final String TOO_FEW = "too few iterations for a confidence interval";
    /** rev 3: 3 + 3 or 3 + 4 iterations, whose exact 95 % interval would span every difference. */
    static final String NO_INTERVAL = "too few iterations for a confidence interval (need 4 + 4 or 3 + 5)";

    private RunComparison() {
    }

    /**
     * Every {@link ComparedMetric} that both runs measured (at least one iteration with a value on each side;
     * iterations without a value are left out of that metric).
     *
     * @param maxRegressionPercent how much worse than the baseline's median a shift must be to count
     */
    public static List<MetricComparison> compare(List<Summary> baseline, List<Summary> candidate,
                                                 double maxRegressionPercent) {
        List<MetricComparison> out = new ArrayList<>();
        for (ComparedMetric metric : ComparedMetric.values()) {
            double[] b = values(metric, baseline);
            double[] c = values(metric, candidate);
            if (b.length > 0 && c.length > 0) {
                out.add(compare(metric, b, c, maxRegressionPercent));
            }
        }
        return List.copyOf(out);
    }

    /**
     * One metric, from its iteration values. With 3 or more on each side and a finite exact interval: the
     * Hodges–Lehmann shift and its interval. Otherwise (fewer than 3 on a side, or rev 3: 3 + 3 and 3 + 4, whose
     * exact interval spans every difference) the medians against {@code maxRegressionPercent}. A baseline median of
     * 0 (rev 3) has no percentage: regressed when the change lies wholly on the worse side, never improved.
     */
    public static MetricComparison compare(ComparedMetric metric, double[] baseline, double[] candidate,
                                           double maxRegressionPercent) {
        double bMedian = Median.of(baseline);
        double cMedian = Median.of(candidate);
        double worse = metric.higherIsWorse() ? 1 : -1;
        ShiftEstimate shift = baseline.length >= MIN_ITERATIONS && candidate.length >= MIN_ITERATIONS
                ? ShiftEstimate.of(baseline, candidate) : null;
        double delta;
        boolean worseSide;
        boolean betterSide;
        Double ciLowPercent = null;
        Double ciHighPercent = null;
        String note = null;
        if (shift != null && shift.hasInterval()) {
            delta = shift.delta();
            // the whole interval on one side of zero
            worseSide = worse > 0 ? shift.ciLow() > 0 : shift.ciHigh() < 0;
            betterSide = worse > 0 ? shift.ciHigh() < 0 : shift.ciLow() > 0;
            ciLowPercent = percent(shift.ciLow(), bMedian);
            ciHighPercent = percent(shift.ciHigh(), bMedian);
        } else {
            // the fewer-than-3 rule: the medians alone
            delta = cMedian - bMedian;
            worseSide = delta * worse > 0;
            betterSide = delta * worse < 0;
            note = shift == null ? TOO_FEW : NO_INTERVAL;
        }
        Verdict verdict;
        if (Math.abs(bMedian) < metric.absoluteFloor()) {
            // a signed metric near its 0 (frame overrun on the deadline): a percentage of ~0 would make any tiny
            // shift huge, so the change is judged in the metric's unit against --max-regression of the floor, and
            // shown in that unit (no percentages)
            boolean large = Math.abs(delta) > metric.absoluteFloor() * maxRegressionPercent / 100;
            verdict = worseSide && large ? Verdict.REGRESSED : betterSide && large ? Verdict.IMPROVED : Verdict.UNCHANGED;
            String ms = String.format(java.util.Locale.ROOT, "%.1f ms", metric.absoluteFloor());
            String floor = "baseline median within " + ms + " of 0: the change in ms, against --max-regression of "
                    + ms;
            return new MetricComparison(metric, bMedian, min(baseline), max(baseline), cMedian, min(candidate),
                    max(candidate), delta, null, null, null, verdict, note == null ? floor : note + "; " + floor);
        }
        if (bMedian == 0) {
            // rev 3: no percentage of 0, so no threshold; nothing is better than none (no jank, no frozen frame)
            verdict = worseSide ? Verdict.REGRESSED : Verdict.UNCHANGED;
        } else {
            boolean large = Math.abs(delta) > Math.abs(bMedian) * maxRegressionPercent / 100;
            verdict = worseSide && large ? Verdict.REGRESSED : betterSide && large ? Verdict.IMPROVED : Verdict.UNCHANGED;
        }
        return new MetricComparison(metric, bMedian, min(baseline), max(baseline), cMedian, min(candidate),
                max(candidate), delta, percent(delta, bMedian), ciLowPercent, ciHighPercent, verdict, note);
    }

    /** True when any metric regressed. */
    public static boolean anyRegressed(List<MetricComparison> comparisons) {
        return comparisons.stream().anyMatch(c -> c.verdict() == Verdict.REGRESSED);
    }

    private static double[] values(ComparedMetric metric, List<Summary> runs) {
        return runs.stream().map(metric::valueOf).filter(v -> v != null && Double.isFinite(v))
                .mapToDouble(Double::doubleValue).toArray();
    }

    private static Double percent(double value, double base) {
        return base == 0 ? null : value / Math.abs(base) * 100;
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }
}
