package io.fpsctl.cli;

import io.fpsctl.capture.Measurement;
import io.fpsctl.engine.Summary;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.sink.Gate;
import io.fpsctl.sink.GateResult;
import io.fpsctl.sink.GateTable;
import io.fpsctl.sink.JUnitReport;
import io.fpsctl.sink.MarkdownReport;
import io.fpsctl.sink.SummaryJson;
import io.fpsctl.sink.SummaryJsonReader;
import io.fpsctl.sink.report.ReportFrames;
import io.fpsctl.sink.report.ReportRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl gate}: fails a CI step when rendering is worse than the thresholds. */
@Command(name = "gate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Measure an app (or read a saved summary with --from) and check it against thresholds.",
            "Prints a table of threshold, measured value and verdict per metric."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every threshold passed", "1:a threshold failed", "2:usage error",
            "3:adb/device problem (also: the device went away for good; reports are written, marked partial)",
            "4:app not installed, not running", "5:cannot read --from/--baseline or write a report",
            "130:SIGINT, 143:SIGTERM (judged on what was captured, marked partial)"})
final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "PACKAGE", description = "The app to measure (not with --from).")
    String pkg;

    @Option(names = "--from", paramLabel = "FILE", description = "Gate a saved summary.json instead of measuring.")
    Path from;

    @Option(names = "--min-fps", paramLabel = "N", converter = NumberConverter.NonNegative.class) Double minFps;
    @Option(names = "--max-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class) Double maxJankPercent;
    @Option(names = "--max-app-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most FrameTimeline app jank allowed, %% of joined frames (Android 12+).")
    Double maxAppJankPercent;
    @Option(names = "--max-system-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most FrameTimeline system jank allowed, %% of joined frames (Android 12+).")
    Double maxSystemJankPercent;
    @Option(names = "--max-slow-frames-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most Android vitals slow frames allowed (> 16 ms), %% of counted frames; NA for "
                    + "SurfaceFlinger.")
    Double maxSlowFramesPercent;
    @Option(names = "--max-frozen-frames-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most Android vitals frozen frames allowed (> 700 ms), %% of counted frames; NA for "
                    + "SurfaceFlinger.")
    Double maxFrozenFramesPercent;
    @Option(names = "--max-p90-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class) Double maxP90Ms;
    @Option(names = "--max-p99-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class) Double maxP99Ms;
    @Option(names = "--max-frozen", paramLabel = "N", converter = NumberConverter.Count.class, description = "Most frames allowed in the frozen drop level.")
    Long maxFrozen;
    @Option(names = "--max-big-jank", paramLabel = "N", converter = NumberConverter.Count.class, description = "Most PerfDog big janks (SurfaceFlinger source).")
    Long maxBigJank;
    @Option(names = "--min-scroll-fps", paramLabel = "N", converter = NumberConverter.NonNegative.class, description = "Minimum scroll fps (frames rendered while a view scrolls; needs --source agent, "
                    + "NA otherwise).")
    Double minScrollFps;
    @Option(names = "--baseline", paramLabel = "FILE", description = "A summary.json to compare against.")
    Path baseline;
    @Option(names = "--max-regression", paramLabel = "PCT", converter = NumberConverter.NonNegative.class, description = "How much worse than --baseline each metric may be, in %%.")
    Double maxRegression;
    @Option(names = "--junit", paramLabel = "FILE", description = "Write a JUnit XML report.")
    Path junit;
    @Option(names = "--markdown", paramLabel = "FILE", description = "Write a Markdown report (e.g. $GITHUB_STEP_SUMMARY).")
    Path markdown;
    @Option(names = "--summary-out", paramLabel = "FILE", description = "Also save the measured summary.json.")
    Path summaryOut;
    @Option(names = "--allow-partial", description = "Judge a run that ended early (device lost, signal) on what was "
            + "captured instead of failing it; every report says the run was partial.")
    boolean allowPartial;

    /** Set while measuring: the signal handler, and how the run ended. */
    private StopSignal stop;
    private String deviceLost;
    @Option(names = "--report", paramLabel = "FILE", description = "Also write an HTML report (charts and the gate's verdicts).")
    Path report;

    /** The measured frames, kept for --report. */
    private ReportFrames reportFrames;

    @Mixin
    DeviceOptions deviceOptions;

    @Mixin
    MeasureOptions measureOptions;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() throws Exception {
        Gate gate = gate();
        if (gate.isEmpty()) {
            throw new CliException(ExitCode.USAGE, "no threshold given: add e.g. --min-fps 55 or --max-jank-percent 5");
        }
        Summary measured;
        String subject;
        if (from != null) {
            if (pkg != null) {
                throw new CliException(ExitCode.USAGE, "give either PACKAGE or --from, not both");
            }
            measured = readSummary(from, "--from");
            subject = from.toString();
        } else {
            if (pkg == null) {
                throw new CliException(ExitCode.USAGE, "gate needs a PACKAGE to measure, or --from summary.json");
            }
            if (measureOptions.duration == null) {
                throw new CliException(ExitCode.USAGE, "gate needs --duration (e.g. --duration 20s)");
            }
            measured = measure();
            subject = pkg;
        }
        GateResult result = gate.evaluate(measured, measured.scrollFps());
        PrintWriter out = spec.commandLine().getOut();
        GateTable.write(result, out, System.console() != null);
        out.flush();
        try {
            writeReports(result, subject, measured);
        } finally {
            if (stop != null) {
                stop.close();
            }
        }
        if (deviceLost != null) {
            throw new CliException(ExitCode.DEVICE, deviceLost);
        }
        if (stop != null && stop.requested()) {
            spec.commandLine().getErr().println("fpsctl: " + stop.message());
            return stop.exitCode(ExitCode.OK);
        }
        return result.passed() ? ExitCode.OK : ExitCode.GATE_FAILED;
    }

    private void writeReports(GateResult result, String subject, Summary measured) {
        try {
            if (junit != null) {
                ByteArrayOutputStream xml = new ByteArrayOutputStream();
                JUnitReport.write(result, subject, xml);
                AtomicFile.write(junit, w -> w.write(xml.toString(StandardCharsets.UTF_8)));
            }
            if (markdown != null) {
                AtomicFile.write(markdown, w -> MarkdownReport.write(result, subject, new PrintWriter(w)));
            }
            if (summaryOut != null) {
                AtomicFile.write(summaryOut, w -> SummaryJson.write(measured, w, true));
            }
            if (report != null) {
                ReportRun run = from != null ? ReportInputs.load(from, engineOptions.toConfig())
                        : new ReportRun(subject, "gate measurement", ReportInputs.tree(measured), reportFrames, Map.of());
                ReportCommand.write(report, List.of(run), null, result, ReportCommand.DEFAULT_MAX_REGRESSION);
            }
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write the report: " + e.getMessage(), e);
        }
    }

    private Gate gate() {
        Gate.Builder b = Gate.builder().allowPartial(allowPartial).minFps(minFps).maxJankPercent(maxJankPercent)
                .maxP90Ms(maxP90Ms).maxP99Ms(maxP99Ms).maxFrozen(maxFrozen).maxBigJank(maxBigJank)
                .minScrollFps(minScrollFps).maxAppJankPercent(maxAppJankPercent)
                .maxSystemJankPercent(maxSystemJankPercent).maxSlowFramesPercent(maxSlowFramesPercent)
                .maxFrozenFramesPercent(maxFrozenFramesPercent);
        if (baseline != null) {
            if (maxRegression == null) {
                throw new CliException(ExitCode.USAGE, "--baseline needs --max-regression PCT");
            }
            b.baseline(readSummary(baseline, "--baseline"), maxRegression);
        } else if (maxRegression != null) {
            throw new CliException(ExitCode.USAGE, "--max-regression needs --baseline summary.json");
        }
        return b.build();
    }

    private static Summary readSummary(Path file, String option) {
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCode.IO, option + " " + file + ": cannot read the file");
        }
        try {
            return SummaryJsonReader.read(file);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, option + " " + file + ": " + e.getMessage(), e);
        }
    }

    private Summary measure() {
        java.util.concurrent.atomic.AtomicReference<Measurement> current = new java.util.concurrent.atomic.AtomicReference<>();
        stop = new StopSignal(signal -> { // closed after the reports are written
            Measurement m = current.get();
            if (m != null) {
                m.session().stop(signal);
            }
        });
        try (DeviceOptions.Connection c = deviceOptions.connect(pkg)) {
            PrintWriter err = spec.commandLine().getErr();
            reportFrames = report != null ? new ReportFrames() : null;
            Measurement m = Measurement.prepare(c.device, c.reconnector, pkg, measureOptions.request(), engineOptions.toConfig(), reportFrames,
                    note -> err.println("fpsctl: " + note), deviceOptions.reconnectTimeout);
            current.set(m);
            if (stop.requested()) {
                m.session().stop(stop.signal()); // the signal came while the device was being prepared
            }
            err.println("fpsctl: measuring " + pkg + " on " + c.device.serial() + " for "
                    + measureOptions.duration.toSeconds() + " s: " + m.describe() + " (" + m.sourceReason() + ")");
            err.flush();
            m.run(measureOptions.duration);
            deviceLost = m.session().lostMessage();
            return m.summary();
        } catch (RuntimeException e) {
            stop.close();
            throw e;
        }
    }
}
