package io.fpsctl.sink;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.engine.compare.Verdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * A baseline-versus-candidate comparison (METRICS.md section 10) as a text table, a Markdown table or JSON. Values are
 * printed with the metric's usual precision: rates one decimal, percentages and milliseconds two.
 */
public final class ComparisonReport {
    private static final JsonFactory FACTORY = new JsonFactory();

    private ComparisonReport() {
    }

    /** A plain table for the terminal. */
    public static void text(List<MetricComparison> rows, int baseRuns, int candRuns, PrintWriter out) {
        out.printf(Locale.ROOT, "%-20s %-22s %-22s %9s %-20s %s%n", "metric",
                "baseline (" + baseRuns + ")", "candidate (" + candRuns + ")", "change", "95% interval", "verdict");
        for (MetricComparison c : rows) {
            out.printf(Locale.ROOT, "%-20s %-22s %-22s %9s %-20s %s%n", c.metric().key(),
                    value(c, c.baseline(), c.baselineMin(), c.baselineMax()),
                    value(c, c.candidate(), c.candidateMin(), c.candidateMax()), change(c), interval(c),
                    c.verdict().key());
        }
        notes(rows).forEach(out::println);
        out.println(headline(rows));
        out.flush();
    }

    /** A GitHub-flavoured Markdown table, e.g. for {@code $GITHUB_STEP_SUMMARY}. */
    public static void markdown(List<MetricComparison> rows, int baseRuns, int candRuns, PrintWriter out) {
        out.println("### fpsctl compare: " + (RunComparison.anyRegressed(rows) ? "❌ regressed" : "✅ no regression"));
        out.println();
        out.println("| Metric | Baseline (" + baseRuns + ") | Candidate (" + candRuns + ") | Change | 95% interval"
                + " | Verdict |");
        out.println("|---|---|---|---|---|---|");
        for (MetricComparison c : rows) {
            out.println("| " + MarkdownReport.cell(c.metric().key()) + " | "
                    + value(c, c.baseline(), c.baselineMin(), c.baselineMax()) + " | "
                    + value(c, c.candidate(), c.candidateMin(), c.candidateMax()) + " | " + change(c) + " | "
                    + interval(c) + " | " + icon(c.verdict()) + " " + c.verdict().key() + " |");
        }
        out.println();
        notes(rows).forEach(n -> out.println(MarkdownReport.cell(n)));
        out.flush();
    }

    /** The section 10 JSON object: {@code {"<metric>": {"baseline", "candidate", "deltaPercent", …}}}. */
    public static void writeComparisonObject(JsonGenerator g, List<MetricComparison> rows) throws IOException {
        g.writeStartObject();
        for (MetricComparison c : rows) {
            g.writeObjectFieldStart(c.metric().key());
            number(g, "baseline", c.baseline(), c);
            number(g, "baselineMin", c.baselineMin(), c);
            number(g, "baselineMax", c.baselineMax(), c);
            number(g, "candidate", c.candidate(), c);
            number(g, "candidateMin", c.candidateMin(), c);
            number(g, "candidateMax", c.candidateMax(), c);
            percent(g, "deltaPercent", c.deltaPercent());
            percent(g, "ciLowPercent", c.ciLowPercent());
            percent(g, "ciHighPercent", c.ciHighPercent());
            g.writeStringField("verdict", c.verdict().key());
            if (c.note() == null) {
                g.writeNullField("note");
            } else {
                g.writeStringField("note", c.note());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** A whole {@code fpsctl compare --format json} document. */
    public static void json(List<MetricComparison> rows, int baseRuns, int candRuns, double maxRegressionPercent,
                            Writer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new DefaultPrettyPrinter());
            g.writeStartObject();
            g.writeNumberField("schemaVersion", 1);
            g.writeNumberField("baselineIterations", baseRuns);
            g.writeNumberField("candidateIterations", candRuns);
            g.writeNumberField("maxRegressionPercent", maxRegressionPercent);
            g.writeBooleanField("regressed", RunComparison.anyRegressed(rows));
            g.writeFieldName("comparison");
            writeComparisonObject(g, rows);
            g.writeEndObject();
        }
        out.write(System.lineSeparator());
        out.flush();
    }

    /** The one-line verdict of the whole comparison. */
    public static String headline(List<MetricComparison> rows) {
        long regressed = rows.stream().filter(c -> c.verdict() == Verdict.REGRESSED).count();
        long improved = rows.stream().filter(c -> c.verdict() == Verdict.IMPROVED).count();
        if (regressed > 0) {
            return "REGRESSED: " + regressed + " of " + rows.size() + " metrics worse beyond the allowed change";
        }
        return "no regression (" + rows.size() + " metrics compared, " + improved + " improved)";
    }

    private static List<String> notes(List<MetricComparison> rows) {
        return rows.stream().map(MetricComparison::note).filter(n -> n != null).distinct()
                .map(n -> "note: " + n).toList();
    }

    private static int decimals(MetricComparison c) {
        return switch (c.metric()) {
            case FPS, SCROLL_FPS -> 1;
            case FROZEN_FRAMES -> 0;
            default -> 2;
        };
    }

    private static String fmt(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    public static String value(MetricComparison c, double median, double min, double max) {
        int d = decimals(c);
        return min == max ? fmt(median, d) : fmt(median, d) + " (" + fmt(min, d) + "–" + fmt(max, d) + ")";
    }

    /** The change as a percentage of the baseline, or, from a baseline median of 0 (rev 3), "from 0 to X". */
    public static String change(MetricComparison c) {
        return c.deltaPercent() == null ? "from " + fmt(c.baseline(), decimals(c)) + " to " + fmt(c.candidate(), decimals(c))
                : String.format(Locale.ROOT, "%+.2f%%", c.deltaPercent());
    }

    public static String interval(MetricComparison c) {
        return c.ciLowPercent() == null ? "-"
                : String.format(Locale.ROOT, "%+.2f%% … %+.2f%%", c.ciLowPercent(), c.ciHighPercent());
    }

    private static String icon(Verdict v) {
        return switch (v) {
            case REGRESSED -> "❌";
            case IMPROVED -> "🟢";
            case UNCHANGED -> "➖";
        };
    }

    private static void number(JsonGenerator g, String key, double v, MetricComparison c) throws IOException {
        g.writeFieldName(key);
        g.writeNumber(new java.math.BigDecimal(v).setScale(decimals(c), java.math.RoundingMode.HALF_UP));
    }

    private static void percent(JsonGenerator g, String key, Double v) throws IOException {
        if (v == null) {
            g.writeNullField(key);
        } else {
            g.writeFieldName(key);
            g.writeNumber(new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_UP));
        }
    }
}
