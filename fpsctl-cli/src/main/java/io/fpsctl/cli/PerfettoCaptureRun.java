package io.fpsctl.cli;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.capture.CaptureJobs;
import io.fpsctl.capture.DeviceMetadataProbe;
import io.fpsctl.capture.PerfettoCapture;
import io.fpsctl.capture.PerfettoSummary;
import io.fpsctl.device.Device;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.format.perfetto.PerfettoTraceException;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.sink.CsvRecorder;
import io.fpsctl.sink.TeeListener;
import io.fpsctl.sink.perfetto.PerfettoTrace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * {@code capture --source perfetto} for one device × package (docs/perfetto-capture.md): records the trace with
 * {@link PerfettoCapture} into {@code DIR/trace.perfetto-trace}, analyses it as {@code analyze TRACE} does, and writes
 * frames.csv, windows.csv and summary.json as every capture does.
 */
final class PerfettoCaptureRun {

    /** The trace's name in the capture folder, beside summary.json. */
    static final String TRACE = "trace.perfetto-trace";

    private PerfettoCaptureRun() {
    }

    /**
     * @param perfetto fpsctl's own {@code --perfetto FILE} (its frames as fpsctl draws them), or null
     * @return the summary written to summary.json
     */
    static Summary run(Device device, String pkg, Path dir, Duration duration, EngineConfig config, Path perfetto,
                       CaptureJobs.Slot slot, Consumer<String> notes) throws IOException {
        PerfettoCapture capture = new PerfettoCapture(device, pkg);
        slot.stoppable(capture::stop);
        capture.checkSupported();
        notes.accept("measuring with the device's perfetto (FrameTimeline), trace " + dir.resolve(TRACE));
        RunMetadata metadata = new RunMetadata(SummaryJson.fpsctlVersion(), java.time.Instant.now(), null,
                DeviceMetadataProbe.read(device));
        PerfettoCapture.Result recorded = capture.record(duration, dir.resolve(TRACE));
        Summary summary;
        try (BufferedWriter framesOut = csv(dir.resolve("frames.csv"));
             BufferedWriter windowsOut = csv(dir.resolve("windows.csv"));
             FrameCsv frames = new FrameCsv(framesOut, true);
             WindowCsv windows = new WindowCsv(windowsOut, device.serial(), pkg);
             PerfettoTrace trace = perfetto == null ? null : PerfettoTrace.create(dir.resolve(perfetto));
             CsvRecorder recorder = new CsvRecorder(frames, windows, device.serial(), pkg, null, null)) {
            FrameEngine.Listener listener = TeeListener.of(recorder, trace);
            summary = PerfettoSummary.of(recorded, pkg, config, duration, listener);
        } catch (PerfettoTraceException | DumpFormatException e) {
            throw new CliException(ExitCode.DEVICE, pkg + ": " + e.getMessage() + " (the trace is kept: "
                    + dir.resolve(TRACE) + ")", e);
        }
        Summary s = summary;
        AtomicFile.write(dir.resolve("summary.json"), w -> SummaryJson.write(s, metadata, w, true));
        return summary;
    }

    private static BufferedWriter csv(Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(io.fpsctl.sink.WholeLinesFile.open(file),
                StandardCharsets.UTF_8));
    }
}
