package io.fpsctl.cli;

import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.sink.ComparisonReport;
import io.fpsctl.format.SummaryFormatException;
import io.fpsctl.format.SummaryJsonReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl compare BASE CAND}: the docs/metrics.md section 8 verdict of two saved runs. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two saved runs (summary.json files, or gate --summary-out files holding iterations):",
            "per metric the median over iterations, the Hodges-Lehmann change with its 95%% Mann-Whitney interval, and",
            "a verdict: regressed, improved or unchanged."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no metric regressed", "1:a metric regressed", "2:usage error",
            "5:a file cannot be read or is not an fpsctl summary"})
final class CompareCommand implements Callable<Integer> {
    enum Format { text, json, markdown }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE", description = "The baseline run.")
    Path baseline;

    @Parameters(index = "1", paramLabel = "CAND", description = "The candidate run.")
    Path candidate;

    @Option(names = "--max-regression", paramLabel = "PCT", converter = NumberConverter.NonNegative.class,
            description = "How much worse than the baseline's median a change must be to count (default: 10).")
    Double maxRegression = 10.0;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text (default), json or markdown.")
    Format format = Format.text;

    @Override
    public Integer call() {
        List<Summary> base = read(baseline);
        List<Summary> cand = read(candidate);
        List<MetricComparison> rows = RunComparison.compare(base, cand, maxRegression);
        PrintWriter out = spec.commandLine().getOut();
        try {
            switch (format) {
                case json -> ComparisonReport.json(rows, base.size(), cand.size(), maxRegression, out);
                case markdown -> ComparisonReport.markdown(rows, base.size(), cand.size(), out);
                default -> ComparisonReport.text(rows, base.size(), cand.size(), out);
            }
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write the comparison: " + e.getMessage(), e);
        }
        return RunComparison.anyRegressed(rows) ? ExitCode.GATE_FAILED : ExitCode.OK;
    }

    private static List<Summary> read(Path file) {
        try {
            return SummaryJsonReader.readRun(file);
        } catch (SummaryFormatException e) {
            throw new CliException(ExitCode.IO, e.getMessage() + " (expected a summary.json or a gate --summary-out"
                    + " file)", e);
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCode.IO, "cannot read " + file + ": no such file", e);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
