package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.capture.CaptureJobs;
import io.fpsctl.capture.DeviceMetadataProbe;
import io.fpsctl.capture.Measurement;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.sink.CsvRecorder;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.sink.OutputClaim;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.sink.ProgressBar;
import io.fpsctl.sink.SummaryText;
import io.fpsctl.sink.TeeListener;
import io.fpsctl.sink.perfetto.PerfettoTrace;
import io.fpsctl.format.WindowCsv;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl capture PACKAGE... --duration DUR --out DIR}: batch capture to CSV and JSON. */
@Command(name = "capture", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Capture frames of one or more apps for a while and write, per device and package,",
            "DIR/<serial>/<package>/frames.csv, windows.csv and summary.json. Packages are captured concurrently."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:captured", "2:usage error", "3:adb/device problem: the device was lost, or the capture "
                + "measured less than 90 percent of --duration (partial; files are written; see --allow-partial)",
            "4:app not installed, not running, or no frames", "5:cannot write the output, or another run is writing "
                + "into --out", "129/130/143:stopped by SIGHUP/SIGINT/SIGTERM (summary.json and files whole)",
            "141:the reader of standard output went away (captured to the end, every file written)"})
final class CaptureCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PACKAGE", description = "Packages to capture, e.g. com.example.feed.")
    List<String> packages;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "DIR", description = "Output folder.")
    Path out;

    @Option(names = "--all-devices", description = "Capture on every device attached.")
    boolean allDevices;

    @Option(names = "--perfetto", paramLabel = "FILE", description = "Also write a Perfetto trace; a relative FILE "
            + "goes into each DIR/<serial>/<package>/ folder.")
    Path perfetto;

    @Option(names = "--report", description = "Also write report.html (charts, opens offline) next to summary.json.")
    boolean report;

    @Option(names = "--allow-partial", description = "Exit 0 for a capture that measured less than 90 %% of "
            + "--duration (device away or restarted, app restarted); summary.json still says partial. A device "
            + "lost for good or still away at the end is exit 3 regardless.")
    boolean allowPartial;

    @Mixin
    DeviceOptions deviceOptions;

    @Mixin
    MeasureOptions measureOptions;

    @Mixin
    EngineOptions engineOptions;

    @Mixin
    RecordOptions recordOptions;

    /** One device × package being captured. */
    private final class Job implements CaptureJobs.Job {
        final String pkg;
        final String serial;
        DeviceOptions.Connection connection;
        Summary summary;
        CliException failure;
        Path dir;
        /** A Flutter app's UI/raster split beside the frames (docs/metrics.md 16), or null. */
        io.fpsctl.capture.FlutterTap flutter;

        Job(String serial, String pkg) {
            this.serial = serial;
            this.pkg = pkg;
        }

        @Override
        public String name() {
            return pkg;
        }

        @Override
        public void run(CaptureJobs.Slot slot) {
            try {
                capture(slot);
            } catch (CliException e) {
                failure = e;
            } catch (io.fpsctl.device.DeviceException e) {
                failure = new CliException(ExitCode.of(e), e.getMessage(), e);
            } catch (java.io.UncheckedIOException e) {
                failure = new CliException(ExitCode.IO, pkg + ": cannot write output: "
                        + ErrorLine.describe(e.getCause()), e);
            } catch (RuntimeException e) {
                failure = new CliException(ExitCode.IO, pkg + ": " + e, e);
            }
        }

        private void capture(CaptureJobs.Slot slot) {
            EngineConfig config = engineOptions.toConfig();
            connection = deviceOptions.connect(pkg, serial);
            try {
                String name = serial != null && serial.indexOf('/') > 0 ? serial : connection.device.serial();
                dir = out.resolve(safe(name)).resolve(safe(pkg));
                Files.createDirectories(dir);
                if (measureOptions.source == MeasureOptions.SourceOption.perfetto) { // docs/perfetto-capture.md
                    summary = PerfettoCaptureRun.run(connection.device, pkg, dir, measureOptions.duration, config,
                            perfetto, slot, note -> notes.accept(pkg + ": " + note));
                    if (summary.partial() && !allowPartial && summary.coverage() != null
                            && !summary.coverage().partialReason().startsWith("stopped by ")) {
                        failure = new CliException(ExitCode.DEVICE, pkg + ": partial run: "
                                + summary.coverage().partialReason() + "; files are written (add --allow-partial to "
                                + "accept a partial capture)");
                    }
                    if (report) {
                        ReportCommand.write(dir.resolve("report.html"), List.of(ReportInputs.load(dir, config)), null,
                                null, ReportCommand.DEFAULT_MAX_REGRESSION);
                    }
                    return;
                }
                try (BufferedWriter framesOut = csv(dir.resolve("frames.csv"));
                     BufferedWriter windowsOut = csv(dir.resolve("windows.csv"));
                     FrameCsv frames = new FrameCsv(framesOut, true);
                     WindowCsv windows = new WindowCsv(windowsOut, connection.device.serial(), pkg);
                     PerfettoTrace trace = perfetto == null ? null : PerfettoTrace.create(dir.resolve(perfetto));
                     // closed first, however the capture ends: the rows still held reach frames.csv
                     CsvRecorder recorder = new CsvRecorder(frames, windows, connection.device.serial(), pkg, null,
                             null)) {
                    FrameEngine.Listener listener = TeeListener.of(recorder, trace);
                    Measurement measurement = Measurement.prepare(connection.device, connection.reconnector, pkg,
                            measureOptions.request(), config, listener, note -> notes.accept(pkg + ": " + note),
                            deviceOptions.reconnectTimeout);
                    slot.measuring(measurement);
                    notes.accept(pkg + ": measuring " + measurement.describe() + " (" + measurement.sourceReason() + ")");
                    flutter = FlutterRun.start(false, measureOptions.source, measurement.source(),
                            connection.device, pkg, note -> notes.accept(pkg + ": " + note)); // docs/metrics.md 16
                    RunMetadata metadata = new RunMetadata(SummaryJson.fpsctlVersion(), java.time.Instant.now(), null,
                            DeviceMetadataProbe.read(connection.device));
                    java.io.UncheckedIOException csvFailed = null;
                    io.fpsctl.capture.ScreenRecording recording = recordOptions.start(connection.device, pkg, dir,
                            "video", notes);
                    try {
                        measurement.run(measureOptions.duration);
                    } catch (java.io.UncheckedIOException e) {
                        csvFailed = e; // the CSVs end at their last whole row; still try to save the summary
                    } finally {
                        RecordOptions.stop(recording, pkg, notes);
                    }
                    summary = measurement.summary(); // also hands the last FrameTimeline verdicts to the recorder
                    if (csvFailed == null) {
                        try {
                            recorder.close(); // the rows still held (Android 12+): frames.csv is complete
                        } catch (IOException e) {
                            csvFailed = new java.io.UncheckedIOException(e);
                        }
                    }
                    if (flutter != null) {
                        summary = FlutterRun.finish(flutter, summary);
                    }
                    Summary s = summary;
                    AtomicFile.write(dir.resolve("summary.json"), w -> SummaryJson.write(s, metadata, w, true));
                    if (csvFailed != null) {
                        throw csvFailed;
                    }
                    String lost = measurement.session().lostMessage();
                    if (lost != null) {
                        failure = new CliException(ExitCode.DEVICE, pkg + ": " + lost);
                    } else if (s.partial() && !allowPartial
                            && measurement.session().end() != io.fpsctl.capture.CaptureSession.End.STOPPED) {
                        // docs/metrics.md "Coverage" rule 3: too little of the time asked for was measured
                        failure = new CliException(ExitCode.DEVICE, pkg + ": partial run: "
                                + s.coverage().partialReason() + "; files are written (add --allow-partial to accept "
                                + "a partial capture)");
                    }
                }
                if (flutter != null) { // frames.csv is whole and closed (docs/metrics.md 16)
                    FlutterRun.fillFramesCsv(flutter, summary, dir.resolve("frames.csv"));
                }
                if (report) {
                    ReportCommand.write(dir.resolve("report.html"), List.of(ReportInputs.load(dir, config)), null,
                            null, ReportCommand.DEFAULT_MAX_REGRESSION);
                }
            } catch (IOException e) {
                throw new CliException(ExitCode.IO, "cannot write " + (dir == null ? out : dir) + ": " + e.getMessage(), e);
            } finally {
                if (flutter != null) {
                    flutter.finish(16_667); // stops its thread however the capture ended (a second call only returns)
                }
                connection.close();
            }
        }
    }

    /** The jobs' threads, their notes and the hand-over of a signal. */
    private final CaptureJobs captures = new CaptureJobs();
    private final java.util.function.Consumer<String> notes = captures.notes();

    @Override
    public Integer call() throws Exception {
        PackageNameConverter.checkEach(packages);
        if (measureOptions.duration == null) {
            throw new CliException(ExitCode.USAGE, "capture needs --duration (e.g. --duration 30s)");
        }
        engineOptions.toConfig();
        List<Job> jobs = new ArrayList<>();
        for (String serial : deviceOptions.serialsFor(allDevices, notes)) {
            for (String p : packages) {
                jobs.add(new Job(serial, p));
            }
        }
        if (perfetto != null && perfetto.isAbsolute() && jobs.size() > 1) {
            throw new CliException(ExitCode.USAGE, "--perfetto " + perfetto + ": several packages or devices need a "
                    + "relative FILE (written into each DIR/<serial>/<package>/ folder)");
        }
        PrintWriter err = spec.commandLine().getErr();
        try (OutputClaim claim = OutputClaim.create().folder(out, "--out")
                .file(perfetto != null && perfetto.isAbsolute() ? perfetto : null, "--perfetto");
             StopSignal stop = new StopSignal(captures::stop)) {
            ProgressBar bar = new ProgressBar(err);
            boolean terminal = System.console() != null;
            captures.run(jobs, measureOptions.duration, n -> bar.line("fpsctl: " + n), terminal ? bar::draw : null);
            if (terminal) {
                bar.clear();
            }
            int code = finish(jobs, stop);
            return stop.exitCode(code);
        }
    }

    private int finish(List<Job> jobs, StopSignal stop) {
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "%-24s %-28s %-15s %7s %7s %8s %8s%n", "device", "package", "source", "frames", "fps",
                "janky %", "p90 ms");
        int code = ExitCode.OK;
        for (Job j : jobs) {
            if (j.failure != null) {
                spec.commandLine().getErr().println("fpsctl: " + ErrorLine.of(j.failure.getMessage()));
                code = Math.max(code, j.failure.exitCode());
                if (j.summary == null) {
                    continue;
                }
            }
            Summary s = j.summary;
            if (s == null) {
                continue;
            }
            o.printf(Locale.ROOT, "%-24s %-28s %-15s %7d %7s %8s %8s%n",
                    j.serial != null && j.serial.indexOf('/') > 0 ? j.serial : j.connection.device.serial(), j.pkg,
                    s.source().key(), s.frames(), SummaryText.fmt1(s.fps()), SummaryText.fmt2(s.jankPercent()),
                    s.frameTimeMs() == null ? "-" : SummaryText.fmt2(s.frameTimeMs().p90()));
            o.println("  " + j.dir);
            if (s.frames() == 0 && j.failure == null) {
                spec.commandLine().getErr().println("fpsctl: " + j.pkg + " rendered no frames while captured: "
                        + "interact with the app during the capture, or try --source surfaceflinger");
                code = Math.max(code, ExitCode.APP);
            }
        }
        stop.printMessage(spec.commandLine().getErr());
        o.flush();
        return code;
    }

    private static BufferedWriter csv(Path file) throws IOException {
        return new BufferedWriter(new java.io.OutputStreamWriter(io.fpsctl.sink.WholeLinesFile.open(file),
                StandardCharsets.UTF_8));
    }

    /** A serial or package as a folder name: {@code 127.0.0.1:5555} → {@code 127.0.0.1_5555}. */
    static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
