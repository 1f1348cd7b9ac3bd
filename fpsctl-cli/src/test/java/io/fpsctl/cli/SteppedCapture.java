package io.fpsctl.cli;

import io.fpsctl.capture.DeviceMetadataProbe;
import io.fpsctl.capture.InProcessSimDevice;
import io.fpsctl.capture.Measurement;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.capture.SteppedClock;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.TruthWriter;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.sink.CsvRecorder;

import java.io.BufferedWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code fpsctl capture} does with one package (CaptureCommand: the same {@link Measurement}, {@link CsvRecorder}
 * and {@link SummaryJson} in the same order), against a simulated Android in this process on a {@link SteppedClock}:
 * no adb and no waiting, so a 3 s capture costs the CPU of its polls and its result does not depend on the machine's
 * load. It writes {@code out/in-process/<package>/frames.csv}, {@code windows.csv} and {@code summary.json}, and the
 * simulator's truth files as {@code fpsctl sim --truth} does, so that an end-to-end class's checks read them as they
 * read the command's. What it cannot show: the command line's options, adb's transport and a poll that comes late in
 * real time (the end-to-end classes' adb cases keep those).
 */
final class SteppedCapture {
    /** An hour after the device's boot, as {@code DeviceMatrixTest}'s clocks start. */
    private static final long ORIGIN_NS = 3_600_000_000_000L;

    /** The notes the capture gave (CaptureCommand prints them on standard error). */
    final List<String> notes = new ArrayList<>();

    /** The notes as CaptureCommand prints them on standard error, one a line. */
    String err() {
        StringBuilder b = new StringBuilder();
        notes.forEach(n -> b.append("fpsctl: ").append(n).append('\n'));
        return b.toString();
    }

    private SteppedCapture() {
    }

    /**
     * A {@code seconds} capture of {@code pkg} running {@code scenario} on Android {@code android} at 60 Hz, seed 7
     * (what the end-to-end classes' {@code Simulator.Config} gives), one second after the app started drawing.
     *
     * @param truth where the truth files go (as {@code --truth}), or null
     */
    static SteppedCapture run(String scenario, int android, String pkg, SourceRequest.Kind kind, int seconds,
                              Path out, Path truth) throws Exception {
        return run(scenario, new SimOptions(AndroidVersion.of(android), 60, 7, pkg), kind, seconds, out, truth);
    }

    /** The same with the simulated phone's {@code options} (its seed, GPU, package). */
    static SteppedCapture run(String scenario, SimOptions options, SourceRequest.Kind kind, int seconds, Path out,
                              Path truth) throws Exception {
        String pkg = options.packageName();
        SteppedCapture c = new SteppedCapture();
        SteppedClock clock = new SteppedClock(ORIGIN_NS);
        TruthWriter truthWriter = truth == null ? null : TruthWriter.open(truth, options.android());
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName(scenario), options, clock,
                truthWriter == null ? io.fpsctl.sim.device.FrameObserver.NONE : truthWriter);
        try {
            clock.advanceTo(ORIGIN_NS + 1_000_000_000L); // the app (and a game) are drawing
            InProcessSimDevice device = new InProcessSimDevice(sim);
            Path dir = out.resolve(device.serial()).resolve(pkg);
            Files.createDirectories(dir);
            try (BufferedWriter framesOut = Files.newBufferedWriter(dir.resolve("frames.csv"));
                 BufferedWriter windowsOut = Files.newBufferedWriter(dir.resolve("windows.csv"));
                 FrameCsv frames = new FrameCsv(framesOut, true);
                 WindowCsv windows = new WindowCsv(windowsOut, device.serial(), pkg);
                 CsvRecorder recorder = new CsvRecorder(frames, windows, device.serial(), pkg, null, null)) {
                Measurement m = Measurement.prepare(device, t -> false, pkg, new SourceRequest(kind, null, 100),
                        EngineConfig.defaults(), recorder, c.notes::add, Duration.ofSeconds(1), clock);
                RunMetadata metadata = new RunMetadata(SummaryJson.fpsctlVersion(), Instant.now(), null,
                        DeviceMetadataProbe.read(device));
                m.run(Duration.ofSeconds(seconds));
                Summary s = m.summary(); // also hands the last FrameTimeline verdicts to the recorder
                recorder.close(); // the rows still held (Android 12+): frames.csv is complete
                try (Writer w = Files.newBufferedWriter(dir.resolve("summary.json"))) {
                    SummaryJson.write(s, metadata, w, true);
                }
            }
            // the simulator goes on a moment after the capture, as a Simulator closed after the command does
            clock.advanceTo(clock.nanoTime() + 1_000_000_000L);
            sim.advance(); // every frame up to now reaches the truth files
        } finally {
            if (truthWriter != null) {
                truthWriter.close();
            }
        }
        return c;
    }
}
