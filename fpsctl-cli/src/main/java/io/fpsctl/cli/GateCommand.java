package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.capture.DriverFailedException;
import io.fpsctl.capture.GateIterations;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.verdict.ComparisonChecks;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.Gate;
import io.fpsctl.verdict.GateResult;
import io.fpsctl.sink.GateTable;
import io.fpsctl.sink.JUnitReport;
import io.fpsctl.sink.MarkdownReport;
import io.fpsctl.sink.OutputClaim;
import io.fpsctl.format.RunJson;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.sink.report.ReportFrames;
import io.fpsctl.sink.report.ReportRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
            "Prints a table of threshold, measured value and verdict per metric.",
            "With --iterations N the thresholds apply to each metric's median over the iterations, and --baseline",
            "gives a regressed/unchanged/improved verdict per metric (docs/metrics.md section 8)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every threshold passed", "1:a threshold failed, or the run measured less than 90 percent "
                + "of its time (partial: device away or restarted, app restarted; see --allow-partial)",
            "2:usage error",
            "3:adb/device problem (also: the device went away for good or was still away at the end; reports are "
                + "written, marked partial)",
            "4:app not installed, not running, or the --run command failed (no perf verdict then)", "5:cannot read --from/--baseline or write a report",
            "129:SIGHUP, 130:SIGINT, 143:SIGTERM (judged on what was captured, marked partial)",
            "141:the reader of standard output went away (measured to the end, reports written: the verdict is in them)"})
final class GateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "PACKAGE", converter = PackageNameConverter.class, description = "The app to measure; with --from, the app of a Perfetto trace to judge (not with a summary.json).")
    String pkg;

    @Option(names = "--from", paramLabel = "FILE", description = "Gate a saved summary.json, or a Perfetto trace "
            + "(analysed as analyze does; PACKAGE chooses its app), instead of measuring.")
    Path from;

    @Option(names = "--min-fps", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Least fps allowed (frames per second of rendering, docs/metrics.md section 4), e.g. 55.")
    Double minFps;
    @Option(names = "--max-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most janky frames allowed, %% of timed frames (docs/metrics.md section 5), e.g. 5; "
                    + "0 allows none.")
    Double maxJankPercent;
    @Option(names = "--max-app-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most FrameTimeline app jank allowed, %% of joined frames (Android 12+).")
    Double maxAppJankPercent;
    @Option(names = "--max-system-jank-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most FrameTimeline system jank allowed, %% of joined frames (Android 12+).")
    Double maxSystemJankPercent;
    @Option(names = "--max-frame-overrun-p90-ms", paramLabel = "MS", converter = NumberConverter.Signed.class,
            description = "Most Macrobenchmark frameOverrunMs p90 allowed (a Perfetto trace with atrace gfx/view "
                    + "slices; docs/metrics.md 15.3); may be negative.")
    Double maxFrameOverrunP90Ms;
    @Option(names = "--max-frame-cpu-p90-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class,
            description = "Most Macrobenchmark frameDurationCpuMs p90 allowed (docs/metrics.md 15.3).")
    Double maxFrameCpuP90Ms;
    @Option(names = "--max-slow-frames-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most Android vitals slow frames allowed (> 16 ms), %% of counted frames; NA for "
                    + "SurfaceFlinger.")
    Double maxSlowFramesPercent;
    @Option(names = "--max-frozen-frames-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most Android vitals frozen frames allowed (> 700 ms), %% of counted frames; NA for "
                    + "SurfaceFlinger.")
    Double maxFrozenFramesPercent;
    @Option(names = "--max-cpu-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most CPU the app may use, mean over the run in %% of one core (all its threads; above 100 "
                    + "when it keeps several cores busy; docs/metrics.md section 13). Fails when it could not be read.")
    Double maxCpuPercent;
    @Option(names = "--max-memory-mb", paramLabel = "MB", converter = NumberConverter.NonNegative.class,
            description = "Most memory the app may hold: its peak PSS (dumpsys meminfo, read every 10 s), or its peak "
                    + "RSS when no PSS could be read (the check says which), in MB of 1024 kB. Fails when neither "
                    + "could be read.")
    Double maxMemoryMb;
    @Option(names = "--max-gpu-percent", paramLabel = "N", converter = NumberConverter.NonNegative.class,
            description = "Most GPU load allowed, mean over the run in %% (kgsl or Mali nodes; docs/metrics.md "
                    + "section 14). Fails, giving the device's reason, when they could not be read.")
    Double maxGpuPercent;
    @Option(names = "--max-power-mw", paramLabel = "MW", converter = NumberConverter.NonNegative.class,
            description = "Most battery drain allowed, mean mW while discharging (current_now × voltage_now). Fails "
                    + "when it could not be read, and while the phone charges (no drain can be told).")
    Double maxPowerMw;
    @Option(names = "--max-app-network-kb", paramLabel = "KB", converter = NumberConverter.NonNegative.class,
            description = "Most bytes the app may receive and send over the run, in kB of 1024 (its uid's counters: "
                    + "Android 9 and older). Fails, saying why, when they could not be read.")
    Double maxAppNetworkKb;
    @Option(names = "--max-p90-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class,
            description = "Longest 90th-percentile frame time allowed, in ms (docs/metrics.md section 5).")
    Double maxP90Ms;
    @Option(names = "--max-p99-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class,
            description = "Longest 99th-percentile frame time allowed, in ms (docs/metrics.md section 5).")
    Double maxP99Ms;
    @Option(names = "--max-ui-p90-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class,
            description = "Flutter: longest 90th-percentile build (UI thread) time allowed, in ms, from a profile "
                    + "build's Dart VM service (docs/metrics.md section 16); fails when there is none.")
    Double maxUiP90Ms;
    @Option(names = "--max-raster-p90-ms", paramLabel = "MS", converter = NumberConverter.NonNegative.class,
            description = "Flutter: longest 90th-percentile raster time allowed, in ms (as --max-ui-p90-ms).")
    Double maxRasterP90Ms;
    /** The Flutter split measured beside the last run (docs/metrics.md 16), or null. */
    private io.fpsctl.capture.FlutterTap.Outcome flutter;
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
    @Option(names = "--iterations", paramLabel = "N", description = "Measure N times (default: 1); thresholds apply "
            + "to each metric's median over the iterations.")
    Integer iterations;
    @Option(names = "--warmup", paramLabel = "K", description = "Run K iterations first that are driven but not "
            + "kept (default: 0).")
    int warmup;
    @Option(names = "--run", paramLabel = "CMD", description = "Measure while the host command CMD runs (/bin/sh -c, "
            + "ANDROID_SERIAL set to the device), once per iteration; its failure is exit 4, not a perf verdict.")
    String runCommand;
    @Option(names = "--scroll", paramLabel = "DUR", converter = DurationConverter.class, description = "Measure while "
            + "swiping the screen up and down (adb shell input swipe) for DUR per iteration.")
    java.time.Duration scroll;
    @Option(names = "--restart-app", description = "Force-stop and relaunch the app before each iteration.")
    boolean restartApp;
    @Option(names = "--allow-partial", description = "Judge a partial run on what was captured instead of failing "
            + "it: one that measured less than 90 %% of its time (device away or restarted, app restarted) or ended "
            + "early (device lost, signal); every report says the run was partial.")
    boolean allowPartial;

    /** Set while measuring: the signal handler, and how the run ended. */
    private StopSignal stop;
    private String deviceLost;
    @Option(names = "--report", paramLabel = "FILE", description = "Also write an HTML report (charts and the gate's verdicts).")
    Path report;

    @picocli.CommandLine.Mixin
    RecordOptions recordOptions;

    /** The screen recordings of the kept iterations (parallel to reportFrames), with --record. */
    private final List<io.fpsctl.sink.report.ReportVideo> reportVideos = new ArrayList<>();

    /** The measured frames of each kept iteration (parallel to measure()'s summaries), kept for --report. */
    private final List<ReportFrames> reportFrames = new ArrayList<>();
    /** Where and when each kept iteration was measured (parallel to measure()'s summaries); null with --from. */
    private List<RunMetadata> metadata;

    @Mixin
    DeviceOptions deviceOptions;

    @Mixin
    MeasureOptions measureOptions;

    @Mixin
    ColourOption colourOption;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() throws Exception {
        Gate.Builder thresholds = thresholds();
        if (thresholds.build().isEmpty() && baseline == null && maxUiP90Ms == null && maxRasterP90Ms == null) {
            throw new CliException(ExitCode.USAGE, "no threshold given: add e.g. --min-fps 55 or --max-jank-percent 5");
        }
        checkBaselineOptions();
        if (recordOptions.record && report == null && summaryOut == null) {
            throw new CliException(ExitCode.USAGE, "--record keeps the videos beside the report: add --report FILE "
                    + "(or --summary-out FILE)");
        }
        if (recordOptions.record && from != null) {
            throw new CliException(ExitCode.USAGE, "--record records a measurement: not with --from");
        }
        // every output checked and locked before anything is measured: a bad path is found in a second, not after
        try (OutputClaim claim = OutputClaim.create().file(junit, "--junit").file(markdown, "--markdown")
                .file(summaryOut, "--summary-out").file(report, "--report")) {
            return judge(thresholds);
        }
    }

    /** Measures (or reads --from), judges, prints the table and writes the reports. */
    private int judge(Gate.Builder thresholds) throws Exception {
        List<Summary> base = baseline == null ? null
                : GateInputs.read(baseline, "--baseline", pkg, engineOptions.toConfig()); // before a long measurement
        List<Summary> runs;
        String subject;
        if (from != null) {
            // a trace's PACKAGE chooses its app (docs/metrics.md 15); a file that cannot be read is GateInputs.read's
            // one-line exit 5 naming it, not a usage error
            if (pkg != null && Files.isRegularFile(from) && Files.isReadable(from) && !GateInputs.isTrace(from)) {
                throw new CliException(ExitCode.USAGE, "give either PACKAGE or --from, not both (PACKAGE goes "
                        + "with --from only for a Perfetto trace)");
            }
            if (iterations != null || runCommand != null || scroll != null || restartApp || warmup != 0) {
                throw new CliException(ExitCode.USAGE, "--iterations, --warmup, --run, --scroll and --restart-app "
                        + "measure: not with --from");
            }
            runs = GateInputs.read(from, "--from", pkg, engineOptions.toConfig());
            subject = from.toString();
        } else {
            if (pkg == null) {
                throw new CliException(ExitCode.USAGE, "gate needs a PACKAGE to measure, or --from summary.json");
            }
            checkDriveOptions();
            try {
                runs = measure();
            } catch (RuntimeException e) {
                String why = GateDeviceFailure.messageOf(e);
                if (why != null) { // exit 3 before anything was judged: the CI's reports still say FAILED and why
                    writeFailure(GateDeviceFailure.result(why), GateDeviceFailure.subject(pkg, why));
                }
                throw e;
            }
            subject = pkg;
        }
        Summary measured = runs.get(runs.size() - 1);
        // one summary against one summary: the threshold check of each metric against the baseline's value;
        // a run of iterations on either side: the section 10 verdicts
        boolean single = base != null && base.size() == 1 && runs.size() == 1;
        if (single) {
            thresholds.baseline(base.get(0), maxRegression);
        }
        GateResult result = thresholds.build().evaluate(runs);
        if (maxUiP90Ms != null || maxRasterP90Ms != null) {
            List<GateCheck> checks = new ArrayList<>(result.checks());
            checks.addAll(io.fpsctl.verdict.FlutterChecks.of(maxUiP90Ms, maxRasterP90Ms,
                    flutter == null ? null : flutter.result(), flutter == null
                            ? "a saved summary has no Flutter timings: measure the app (docs/metrics.md section 16)"
                            : flutter.reason()));
            result = new GateResult(checks, result.partial());
            if (flutter == null || flutter.result() == null) { // the one-line reason the table has no room for
                spec.commandLine().getErr().println("fpsctl: the Flutter thresholds fail: " + (flutter == null
                        ? "a saved summary has no Flutter timings" : flutter.reason()));
            }
        }
        List<MetricComparison> comparison = null;
        if (base != null && !single) {
            comparison = RunComparison.compare(base, runs, maxRegression);
            List<GateCheck> checks = new ArrayList<>(result.checks());
            checks.addAll(ComparisonChecks.of(comparison, maxRegression));
            result = new GateResult(checks, result.partial());
        }
        PrintWriter out = spec.commandLine().getOut();
        GateTable.write(result, out, colourOption.colour());
        out.flush();
        try {
            writeReports(result, subject, measured, runs, comparison);
        } finally {
            if (stop != null) {
                stop.close();
            }
        }
        if (deviceLost != null) {
            throw new CliException(ExitCode.DEVICE, deviceLost);
        }
        if (stop != null && stop.requested()) {
            stop.printMessage(spec.commandLine().getErr());
            return stop.exitCode(ExitCode.OK);
        }
        return result.passed() ? ExitCode.OK : ExitCode.GATE_FAILED;
    }

    private void checkBaselineOptions() {
        if (baseline != null && maxRegression == null) {
            throw new CliException(ExitCode.USAGE, "--baseline needs --max-regression PCT");
        }
        if (baseline == null && maxRegression != null) {
            throw new CliException(ExitCode.USAGE, "--max-regression needs --baseline summary.json");
        }
    }

    private void checkDriveOptions() {
        if (iterations != null && iterations < 1) {
            throw new CliException(ExitCode.USAGE, "--iterations must be at least 1, not " + iterations);
        }
        if (warmup < 0) {
            throw new CliException(ExitCode.USAGE, "--warmup must be 0 or more, not " + warmup);
        }
        if (runCommand != null && scroll != null) {
            throw new CliException(ExitCode.USAGE, "give either --run or --scroll, not both");
        }
        if ((runCommand != null || scroll != null) && measureOptions.duration != null) {
            throw new CliException(ExitCode.USAGE, "--duration does not go with " + (runCommand != null
                    ? "--run (the measurement ends when the command ends)" : "--scroll (it measures for DUR)"));
        }
        if (runCommand != null && runCommand.isBlank()) {
            throw new CliException(ExitCode.USAGE, "--run needs a command, e.g. --run 'maestro test flow.yaml'");
        }
        if (scroll != null && (scroll.isZero() || scroll.isNegative())) {
            throw new CliException(ExitCode.USAGE, "--scroll needs a positive duration, e.g. --scroll 10s");
        }
        if (runCommand == null && scroll == null && measureOptions.duration == null) {
            throw new CliException(ExitCode.USAGE, "gate needs --duration (e.g. --duration 20s), --scroll DUR or "
                    + "--run CMD");
        }
    }

    /** The JUnit and Markdown reports of a gate that judged nothing (its device failed); the run's error follows. */
    private void writeFailure(GateResult result, String subject) {
        try {
            writeReports(result, subject, null, List.of(), null, false);
        } catch (CliException e) {
            ErrorLine.print(spec.commandLine().getErr(), e.getMessage()); // the device's error still ends the run
        }
    }

    private void writeReports(GateResult result, String subject, Summary measured, List<Summary> runs,
                              List<MetricComparison> comparison) {
        writeReports(result, subject, measured, runs, comparison, true);
    }

    /** @param measuredSomething false: only the verdict files (JUnit, Markdown); no summary, no HTML report */
    private void writeReports(GateResult result, String subject, Summary measured, List<Summary> runs,
                              List<MetricComparison> comparison, boolean measuredSomething) {
        for (Path file : new Path[] {junit, markdown, summaryOut, report}) {
            createParent(file);
        }
        try {
            if (junit != null) {
                ByteArrayOutputStream xml = new ByteArrayOutputStream();
                JUnitReport.write(result, subject, xml);
                AtomicFile.write(junit, w -> w.write(xml.toString(StandardCharsets.UTF_8)));
            }
            if (markdown != null) {
                AtomicFile.write(markdown, w -> MarkdownReport.write(result, subject, new PrintWriter(w)));
            }
            if (!measuredSomething) {
                return;
            }
            if (summaryOut != null) {
                if (runs.size() == 1 && comparison == null && iterations == null) {
                    AtomicFile.write(summaryOut, w -> SummaryJson.write(measured, lastMetadata(), w, true));
                } else {
                    AtomicFile.write(summaryOut, w -> RunJson.write(runs, metadata, comparison, w));
                }
            }
            if (report != null) {
                ReportRun run = from != null ? ReportInputs.load(from, engineOptions.toConfig())
                        : new ReportRun(subject, "gate measurement", reportIterations(runs), Map.of());
                ReportCommand.write(report, List.of(run), null, result, maxRegression == null
                        ? ReportCommand.DEFAULT_MAX_REGRESSION : maxRegression, baseline == null ? null
                        : baseline.toString(), comparison);
            }
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write the report: " + e.getMessage(), e);
        }
    }

    /** The absolute thresholds; a single-summary --baseline is added once both sides are known. */
    private Gate.Builder thresholds() {
        return Gate.builder().allowPartial(allowPartial).minFps(minFps).maxJankPercent(maxJankPercent)
                .maxP90Ms(maxP90Ms).maxP99Ms(maxP99Ms).maxFrozen(maxFrozen).maxBigJank(maxBigJank)
                .minScrollFps(minScrollFps).maxAppJankPercent(maxAppJankPercent)
                .maxSystemJankPercent(maxSystemJankPercent).maxSlowFramesPercent(maxSlowFramesPercent)
                .maxFrozenFramesPercent(maxFrozenFramesPercent).maxCpuPercent(maxCpuPercent)
                .maxMemoryMb(maxMemoryMb).maxGpuPercent(maxGpuPercent).maxPowerMw(maxPowerMw)
                .maxAppNetworkKb(maxAppNetworkKb).maxFrameOverrunP90Ms(maxFrameOverrunP90Ms)
                .maxFrameCpuP90Ms(maxFrameCpuP90Ms);
    }

    /** Creates the missing folders of an output file, as watch --csv does (build/fpsctl-gate.xml in a fresh CI). */
    private static void createParent(Path file) {
        Path parent = file == null ? null : file.toAbsolutePath().getParent();
        if (parent == null || Files.isDirectory(parent)) {
            return;
        }
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot create the folder " + parent + " for " + file + ": "
                    + ErrorLine.describe(e), e);
        }
    }

    /** Every kept iteration for the HTML report: its summary as summary.json holds it, and its frames. */
    private List<ReportRun.Iteration> reportIterations(List<Summary> runs) {
        List<ReportRun.Iteration> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            out.add(new ReportRun.Iteration(ReportInputs.tree(runs.get(i), metadata.get(i)), runs.get(i),
                    i < reportFrames.size() ? reportFrames.get(i) : null,
                    i < reportVideos.size() ? reportVideos.get(i) : null));
        }
        return out;
    }

    /**
     * {@code --record}: the videos go beside the HTML report (else beside --summary-out), in
     * {@code <name>.video/iteration-N/} (docs/report.md "Screen recordings").
     */
    private Path recordFolder() {
        Path anchor = report != null ? report : summaryOut;
        Path abs = anchor.toAbsolutePath();
        return abs.resolveSibling(abs.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".video");
    }

    /** Where and when the last kept iteration was measured, or null (--from). */
    private RunMetadata lastMetadata() {
        return metadata == null || metadata.isEmpty() ? null : metadata.get(metadata.size() - 1);
    }

    /** Measures the warm-ups and iterations; returns the kept iterations' summaries (at least one). */
    private List<Summary> measure() {
        java.util.concurrent.atomic.AtomicReference<GateIterations> running = new java.util.concurrent.atomic.AtomicReference<>();
        stop = new StopSignal(signal -> { // closed after the reports are written
            GateIterations r = running.get();
            if (r != null) {
                r.stop(signal);
            }
        });
        PrintWriter err = spec.commandLine().getErr();
        try (DeviceOptions.Connection c = deviceOptions.connect(pkg)) {
            if (measureOptions.source == MeasureOptions.SourceOption.perfetto) {
                return measurePerfetto(c, err);
            }
            GateIterations run = new GateIterations(c.device, c.reconnector, pkg, measureOptions.request(),
                    engineOptions.toConfig(), deviceOptions.reconnectTimeout, note -> {
                        err.println("fpsctl: " + note);
                        err.flush();
                    }, line -> {
                        err.println(line);
                        err.flush();
                    });
            running.set(run);
            if (recordOptions.record) {
                run.record(recordFolder());
            }
            if (stop.requested()) {
                run.stop(stop.signal()); // the signal came while the device was being opened
            }
            GateIterations.Plan plan = new GateIterations.Plan(warmup, iterations == null ? 1 : iterations,
                    restartApp, measureOptions.duration, runCommand, scroll);
            List<GateIterations.Kept> kept;
            boolean split = maxUiP90Ms != null || maxRasterP90Ms != null;
            // the same decision as watch and capture (FlutterRun.start): auto adds the split on a Flutter app
            io.fpsctl.capture.FlutterTap tap = FlutterRun.start(split, measureOptions.source, null, c.device, pkg,
                    note -> {
                        err.println("fpsctl: " + note);
                        err.flush();
                    });
            int[] started = {0};
            try {
                // the report charts every kept iteration
                kept = run.run(plan, () -> {
                    if (tap != null && started[0]++ == plan.warmup() && plan.warmup() > 0) {
                        tap.forgetSoFar(); // the first kept iteration: warm-up frames do not count (docs/metrics.md 16)
                    }
                    return report != null ? new ReportFrames() : null;
                });
            } catch (DriverFailedException e) {
                throw new CliException(ExitCode.APP, e.getMessage(), e);
            } finally {
                if (tap != null) {
                    flutter = tap.finish(16_667); // replaced below by the kept iterations' refresh period
                }
            }
            if (tap != null && !kept.isEmpty()) {
                flutter = tap.finish(FlutterRun.budgetUs(kept.get(kept.size() - 1).summary()));
            }
            deviceLost = run.deviceLost();
            metadata = kept.stream().map(GateIterations.Kept::metadata).toList();
            reportFrames.clear();
            kept.forEach(k -> reportFrames.add((ReportFrames) k.listener()));
            reportVideos.clear();
            kept.forEach(k -> reportVideos.add(k.video()));
            List<Summary> summaries = kept.stream().map(GateIterations.Kept::summary).toList();
            if (flutter != null && summaries.size() == 1) { // --summary-out has the block, as capture's summary.json
                return List.of(FlutterRun.attach(flutter, summaries.get(0)));
            }
            return summaries;
        } catch (RuntimeException e) {
            stop.close();
            throw e;
        }
    }

    /**
     * {@code --source perfetto}: each iteration a trace recorded by the device's perfetto (docs/perfetto-capture.md),
     * kept beside {@code --summary-out} ({@code iteration-N.perfetto-trace}) or, without it, in a temporary folder
     * deleted at the end.
     */
    private List<Summary> measurePerfetto(DeviceOptions.Connection c, PrintWriter err) {
        Path traces;
        boolean temporary = summaryOut == null;
        try {
            traces = temporary ? Files.createTempDirectory("fpsctl-gate-traces")
                    : summaryOut.toAbsolutePath().getParent();
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot create a folder for the traces: " + ErrorLine.describe(e), e);
        }
        io.fpsctl.capture.PerfettoGateIterations run = new io.fpsctl.capture.PerfettoGateIterations(c.device, pkg,
                engineOptions.toConfig(), traces, note -> {
                    err.println("fpsctl: " + note);
                    err.flush();
                }, line -> {
                    err.println(line);
                    err.flush();
                });
        String early = stop.requested() ? stop.signal() : null;
        stop.close(); // the signal now stops the trace
        stop = new StopSignal(run::stop);
        if (early != null) {
            run.stop(early);
        }
        try {
            GateIterations.Plan plan = new GateIterations.Plan(warmup, iterations == null ? 1 : iterations,
                    restartApp, measureOptions.duration, runCommand, scroll);
            List<GateIterations.Kept> kept = run.run(plan, () -> report != null ? new ReportFrames() : null);
            metadata = kept.stream().map(GateIterations.Kept::metadata).toList();
            reportFrames.clear();
            kept.forEach(k -> reportFrames.add((ReportFrames) k.listener()));
            return kept.stream().map(GateIterations.Kept::summary).toList();
        } catch (DriverFailedException e) {
            throw new CliException(ExitCode.APP, e.getMessage(), e);
        } finally {
            if (temporary) {
                try (java.util.stream.Stream<Path> files = Files.list(traces)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                    Files.deleteIfExists(traces);
                } catch (IOException e) {
                    err.println("fpsctl: cannot delete the temporary traces in " + traces + ": " + ErrorLine.describe(e));
                }
            }
        }
    }
}
