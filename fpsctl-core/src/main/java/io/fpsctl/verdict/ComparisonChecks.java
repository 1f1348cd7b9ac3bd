package io.fpsctl.verdict;

import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * The docs/metrics.md section 8 verdicts of a gate run against its {@code --baseline} run, as {@link GateCheck} rows
 * so that the gate table, Markdown, JUnit and HTML reports show them beside the thresholds: {@code regressed}
 * fails the gate; {@code unchanged} and {@code improved} pass.
 */
public final class ComparisonChecks {
    private ComparisonChecks() {
    }

    /** One row per compared metric, e.g. {@code fps vs baseline | baseline 60.0, <= 10% worse | 41.2 (-31.33%, 95% …) regressed}. */
    public static List<GateCheck> of(List<MetricComparison> rows, double maxRegressionPercent) {
        List<GateCheck> out = new ArrayList<>();
        for (MetricComparison c : rows) {
            String metric = c.metric().key() + " vs baseline";
            String interval = ComparisonFigures.interval(c);
            String threshold = "baseline " + ComparisonFigures.value(c, c.baseline(), c.baseline(), c.baseline())
                    + ", <= " + plain(maxRegressionPercent) + "% worse";
            String measured = ComparisonFigures.value(c, c.candidate(), c.candidate(), c.candidate()) + " ("
                    + ComparisonFigures.change(c) + (interval.equals("-") ? "" : ", 95% " + interval) + ") "
                    + c.verdict().key();
            boolean regressed = c.verdict() == Verdict.REGRESSED;
            String message = metric + ": " + c.verdict().key() + ", " + measured
                    + (c.note() == null ? "" : " (" + c.note() + ")");
            out.add(new GateCheck(metric, threshold, measured, regressed ? GateCheck.Verdict.FAIL
                    : GateCheck.Verdict.PASS, message));
        }
        return List.copyOf(out);
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
