package io.fpsctl.cli;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.verdict.GateResult;
import io.fpsctl.sink.OutputClaim;
import io.fpsctl.sink.report.HtmlReport;
import io.fpsctl.sink.report.ReportRun;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl report INPUT... -o report.html}: one self-contained HTML report of one or more runs. */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Write one self-contained HTML file (charts inlined, opens offline) for a capture folder,",
            "a summary.json, a frames CSV or a saved dump. Several INPUTs are drawn over each other; the first",
            "is the baseline the others are compared with."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:usage error", "5:an input is unreadable or not something fpsctl reads, "
                + "or the report cannot be written"})
final class ReportCommand implements Callable<Integer> {
    static final double DEFAULT_MAX_REGRESSION = 5;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "Capture folder (DIR/<serial>/<package>/), summary.json, frames CSV or saved dump.")
    List<Path> inputs;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "The HTML file to write.")
    Path out;

    @Option(names = "--title", paramLabel = "TEXT", description = "Page title (default: the package of the first input).")
    String title;

    @Option(names = "--max-regression", paramLabel = "PCT", defaultValue = "5", converter = NumberConverter.NonNegative.class,
            description = "With several INPUTs: how much worse than the first a metric may be, in %% (default: ${DEFAULT-VALUE}).")
    Double maxRegression;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() {
        EngineConfig config = engineOptions.toConfig();
        try (OutputClaim claim = OutputClaim.create().file(out, "--out")) {
            List<ReportRun> runs = new ArrayList<>();
            for (Path in : inputs) {
                runs.add(ReportInputs.load(in, config));
            }
            write(out, runs, title, null, maxRegression);
        } catch (OutputClaim.Refused e) {
            throw new CliException(ExitCode.IO, e.getMessage(), e);
        }
        spec.commandLine().getOut().println(out);
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }

    /** Writes a report; shared by report, capture --report and gate --report. */
    static void write(Path file, List<ReportRun> runs, String title, GateResult gate, double maxRegression) {
        write(file, runs, title, gate, maxRegression, null, null);
    }

    /** The same with the gate's verdicts against {@code --baseline} ({@code baselineLabel}), or nulls. */
    static void write(Path file, List<ReportRun> runs, String title, GateResult gate, double maxRegression,
                      String baselineLabel, List<MetricComparison> baselineComparison) {
        String t = title != null ? title : defaultTitle(runs);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFile.write(file, w -> HtmlReport.write(runs, new HtmlReport.Options(t, gate, maxRegression,
                    baselineLabel, baselineComparison, parent), w));
        } catch (IOException e) {
            String why = e instanceof AccessDeniedException ? "permission denied" : e.toString();
            throw new CliException(ExitCode.IO, "cannot write the report " + file + " (" + why
                    + "): check that its folder is writable", e);
        }
    }

    private static String defaultTitle(List<ReportRun> runs) {
        String pkg = runs.get(0).summary().path("package").asText("");
        return "fpsctl report" + (pkg.isEmpty() ? "" : ": " + pkg);
    }
}
