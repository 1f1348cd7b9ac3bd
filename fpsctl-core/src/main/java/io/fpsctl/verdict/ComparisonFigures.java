package io.fpsctl.verdict;

import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.format.Decimals;
import java.util.Locale;

/**
 * The figures of one baseline-versus-candidate comparison (docs/metrics.md section 8) as text, with the metric's printed
 * precision ({@link Decimals#of}): the same words in the gate's checks ({@link ComparisonChecks}) and in
 * {@code fpsctl compare}'s tables.
 */
public final class ComparisonFigures {
    private ComparisonFigures() {
    }

    /** A median, with its range when the runs differ, e.g. {@code 58.2 (57.9–58.6)}. */
    public static String value(MetricComparison c, double median, double min, double max) {
        int d = Decimals.of(c.metric());
        return min == max ? fmt(median, d) : fmt(median, d) + " (" + fmt(min, d) + "–" + fmt(max, d) + ")";
    }

    /**
     * The change as a percentage of the baseline; from a baseline median of 0 (rev 3), "from 0 to X"; for a signed
     * metric whose baseline is within its floor of 0 (docs/metrics.md 8), the change in ms, e.g. {@code +0.02 ms}.
     */
    public static String change(MetricComparison c) {
        int d = Decimals.of(c.metric());
        if (c.deltaPercent() == null && Math.abs(c.baseline()) < c.metric().absoluteFloor()) {
            return String.format(Locale.ROOT, "%+." + d + "f ms", c.delta());
        }
        return c.deltaPercent() == null ? "from " + fmt(c.baseline(), d) + " to " + fmt(c.candidate(), d)
                : String.format(Locale.ROOT, "%+.2f%%", c.deltaPercent());
    }

    /** The 95 % interval of the change, e.g. {@code -3.10% … +0.42%}; {@code -} when there is none. */
    public static String interval(MetricComparison c) {
        return c.ciLowPercent() == null ? "-"
                : String.format(Locale.ROOT, "%+.2f%% … %+.2f%%", c.ciLowPercent(), c.ciHighPercent());
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
