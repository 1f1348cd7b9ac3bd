package io.fpsctl.sink;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.engine.compare.Verdict;
import io.fpsctl.format.ComparisonJson;
import io.fpsctl.verdict.ComparisonFigures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * A baseline-versus-candidate comparison (docs/metrics.md section 8) as a text table, a Markdown table or JSON. Values are
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
                    ComparisonFigures.value(c, c.baseline(), c.baselineMin(), c.baselineMax()),
                    ComparisonFigures.value(c, c.candidate(), c.candidateMin(), c.candidateMax()), ComparisonFigures.change(c), ComparisonFigures.interval(c),
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
                    + ComparisonFigures.value(c, c.baseline(), c.baselineMin(), c.baselineMax()) + " | "
                    + ComparisonFigures.value(c, c.candidate(), c.candidateMin(), c.candidateMax()) + " | " + ComparisonFigures.change(c) + " | "
                    + ComparisonFigures.interval(c) + " | " + icon(c.verdict()) + " " + c.verdict().key() + " |");
        }
        out.println();
        notes(rows).forEach(n -> out.println(MarkdownReport.cell(n)));
        out.flush();
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
            ComparisonJson.write(g, rows);
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

    private static String icon(Verdict v) {
        return switch (v) {
            case REGRESSED -> "❌";
            case IMPROVED -> "🟢";
            case UNCHANGED -> "➖";
        };
    }
}
