package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.capture.ForegroundWatch;
import io.fpsctl.capture.Measurement;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.sink.CsvRecorder;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.sink.LiveView;
import io.fpsctl.sink.OutputClaim;
import io.fpsctl.sink.TeeListener;
import io.fpsctl.sink.TerminalWidth;
import io.fpsctl.sink.perfetto.PerfettoTrace;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.sink.WholeLinesFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fpsctl watch PACKAGE}: live fps, jank and slow-frame causes in the terminal. */
@Command(name = "watch", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Watch an app render, live: fps, jank %%, dropped frames, p90 frame time and the worst frame's",
            "main cause, refreshed every --window. Ctrl-C prints the session summary."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "2:usage error", "3:adb/device problem", "4:app not installed or not running",
            "5:cannot write --csv/--frames-csv/--perfetto, or another run is writing them",
            "129/130/143:stopped by SIGHUP/SIGINT/SIGTERM (files whole)", "141:the reader of standard output went away"})
final class WatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "PACKAGE", converter = PackageNameConverter.class, description = "The app, e.g. com.example.feed; without it, "
            + "whatever app is in front, switching when another app comes to the front.")
    String pkg;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write one row per live window.")
    Path windowsCsv;

    @Option(names = "--frames-csv", paramLabel = "FILE", description = "Also write one row per frame (the format analyze reads).")
    Path framesCsv;

    @Option(names = "--perfetto", paramLabel = "FILE", description = "Also write a Perfetto trace (opens in ui.perfetto.dev).")
    Path perfetto;

    @Option(names = "--plain", description = "One line per window, no colours (default when output is not a terminal).")
    boolean plain;

    @Mixin
    ColourOption colourOption;

    @Mixin
    DeviceOptions deviceOptions;

    @Mixin
    MeasureOptions measureOptions;

    @Mixin
    EngineOptions engineOptions;

    @Mixin
    RecordOptions recordOptions;

    private StopSignal stop;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        var config = engineOptions.toConfig();
        measureOptions.request(); // --source perfetto is not live: a usage error before the device is opened
        if (pkg == null) {
            if (recordOptions.record) {
                throw new CliException(ExitCode.USAGE, "--record needs a PACKAGE and --frames-csv FILE");
            }
            return followForeground(out, err, config);
        }
        if (recordOptions.record && framesCsv == null) {
            throw new CliException(ExitCode.USAGE, "--record keeps the video beside the frames it shows: add "
                    + "--frames-csv FILE (the video goes to FILE's name + .video/)");
        }
        java.util.concurrent.atomic.AtomicReference<Measurement> current = new java.util.concurrent.atomic.AtomicReference<>();
        stop = new StopSignal(signal -> {
            Measurement m = current.get();
            if (m != null) {
                m.session().stop(signal);
            }
        });
        LiveView[] view = new LiveView[1];
        try (OutputClaim claim = OutputClaim.create().file(framesCsv, "--frames-csv").file(windowsCsv, "--csv")
                .file(perfetto, "--perfetto");
             StopSignal installed = stop; DeviceOptions.Connection c = deviceOptions.connect(pkg);
             BufferedWriter fw = open(framesCsv);
             BufferedWriter ww = open(windowsCsv);
             PerfettoTrace trace = perfetto == null ? null : PerfettoTrace.create(perfetto);
             FrameCsv frames = fw == null ? null : new FrameCsv(fw, true);
             WindowCsv windows = ww == null ? null : new WindowCsv(ww, c.device.serial(), pkg);
             // closed first, however the watch ends: the rows still held reach the frames CSV
             CsvRecorder recorder = new CsvRecorder(frames, windows, c.device.serial(), pkg,
                     w -> view[0].window(w), w -> view[0].overflow(w))) {
            String serial = c.device.serial();
            FrameEngine.Listener listener = TeeListener.of(recorder, trace);
            Measurement m = Measurement.prepare(c.device, c.reconnector, pkg, measureOptions.request(), config, listener,
                    note -> err.println("fpsctl: " + note), deviceOptions.reconnectTimeout);
            m.session().checkEvery(Main::checkStdoutReader); // `| head` leaving ends the watch between windows
            boolean ansi = !plain && System.console() != null;
            view[0] = new LiveView(out, ansi, serial, pkg, m.source(), new TerminalWidth());
            if (!colourOption.colour()) {
                view[0].withoutColour();
            }
            if (m.frameTimeline() != null) {
                view[0].frameTimeline(m.frameTimeline().attribution()::drainRecent); // on the poll loop's thread
            }
            err.println("fpsctl: watching " + pkg + " on " + serial + ": " + m.describe() + " (" + m.sourceReason()
                    + ")" + (measureOptions.duration == null ? "; Ctrl-C to stop" : ""));
            io.fpsctl.capture.FlutterTap flutter = FlutterRun.start(false, measureOptions.source, m.source(), c.device,
                    pkg, note -> err.println("fpsctl: " + note)); // docs/metrics.md 16
            if (flutter != null && flutter.kind() == io.fpsctl.capture.FlutterTap.Kind.VM_SERVICE) {
                view[0].flutter(flutter::recent); // the live UI/raster line (rule 10)
            }
            err.flush();
            {
                current.set(m);
                if (stop.requested()) {
                    m.session().stop(stop.signal());
                }
                io.fpsctl.capture.ScreenRecording recording = null;
                if (recordOptions.record) {
                    Path abs = framesCsv.toAbsolutePath();
                    Path videoDir = abs.resolveSibling(abs.getFileName().toString().replaceFirst("\\.[^.]*$", "")
                            + ".video");
                    Files.createDirectories(videoDir);
                    recording = recordOptions.start(c.device, pkg, videoDir, "video",
                            note -> err.println("fpsctl: " + note));
                }
                try {
                    m.run(measureOptions.duration);
                } finally {
                    RecordOptions.stop(recording, pkg, note -> err.println("fpsctl: " + note));
                }
                io.fpsctl.engine.Summary summary = m.summary();
                view[0].printSummary(summary); // the summary also hands the last FrameTimeline verdicts on
                if (flutter != null) {
                    FlutterRun.finishAndPrint(flutter, summary, out);
                }
                out.flush();
                recorder.close(); // the rows still held, then both CSVs flushed
                if (flutter != null && framesCsv != null) {
                    fw.flush();
                    FlutterRun.fillFramesCsv(flutter, summary, framesCsv); // docs/metrics.md 16 rule 9
                }
                if (m.session().lostMessage() != null) {
                    throw new CliException(ExitCode.DEVICE, m.session().lostMessage());
                }
                stop.printMessage(err);
                return stop.exitCode(ExitCode.OK);
            }
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write: " + e.getMessage(), e);
        }
    }

    /** No PACKAGE: follow the foreground app (live view and summaries; no files). */
    private int followForeground(PrintWriter out, PrintWriter err, io.fpsctl.engine.EngineConfig config)
            throws InterruptedException {
        if (windowsCsv != null || framesCsv != null || perfetto != null) {
            throw new CliException(ExitCode.USAGE, "--csv, --frames-csv and --perfetto need a PACKAGE: "
                    + "give the app to watch");
        }
        // null: a simulated device runs its default app; on a phone the app in front is whatever the user opens
        try (DeviceOptions.Connection c = deviceOptions.connect(null)) {
            ForegroundWatch follow = new ForegroundWatch(c.device, c.reconnector, measureOptions.request(), config,
                    deviceOptions.reconnectTimeout, new ForegroundWatch.Screen(out, err,
                    !plain && System.console() != null, colourOption.colour(), Main::checkStdoutReader));
            err.println("fpsctl: following the app in front on " + c.device.serial()
                    + (measureOptions.duration == null ? "; Ctrl-C to stop" : ""));
            try (StopSignal signal = new StopSignal(name -> follow.stop())) {
                follow.run(measureOptions.duration);
                signal.printMessage(err);
                return signal.exitCode(ExitCode.OK);
            }
        } catch (io.fpsctl.device.DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
    }

    private static BufferedWriter open(Path p) throws IOException {
        if (p == null) {
            return null;
        }
        return new BufferedWriter(new OutputStreamWriter(WholeLinesFile.open(p), StandardCharsets.UTF_8));
    }
}
