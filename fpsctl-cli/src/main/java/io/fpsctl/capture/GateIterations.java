package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The measurements of one {@code gate} run: K warm-ups that are driven but not kept, then N kept iterations, each
 * a {@link Measurement} of its own (after a force-stop and relaunch with {@code --restart-app}), for a duration or
 * while a {@link Driver} ({@code --run}, {@code --scroll}) drives the app. A device lost for good or a
 * {@link #stop} ends the run after the iteration in progress, which is kept (the verdict is on what was captured,
 * marked partial).
 */
public final class GateIterations {

    /**
     * What to measure.
     *
     * @param warmup        iterations driven first and not kept
     * @param iterations    iterations kept (at least one)
     * @param restartApp    force-stop and relaunch the app before each iteration
     * @param duration      how long each iteration measures when nothing drives the app
     * @param runCommand    the host command that drives each iteration ({@code /bin/sh -c}), or null
     * @param scroll        how long the built-in scroll drives each iteration, or null
     */
    public record Plan(int warmup, int iterations, boolean restartApp, Duration duration, String runCommand,
                       Duration scroll) {
    }

    /** A kept iteration: its summary, where and when it was measured, and the listener its engine fed. */
    public record Kept(Summary summary, RunMetadata metadata, FrameEngine.Listener listener,
                       io.fpsctl.sink.report.ReportVideo video) {
    }

    /** Starts the screen recording of kept iteration N (from 1), or gives null; set by {@code --record}. */
    private java.util.function.IntFunction<ScreenRecording> recorder;
    private final java.util.Map<Integer, java.nio.file.Path> recordFolders = new java.util.HashMap<>();

    /**
     * Records every kept iteration (not the warm-ups) into {@code folder.resolve("iteration-N")}
     * (docs/report.md "Screen recordings").
     */
    public void record(java.nio.file.Path folder) {
        this.recorder = n -> {
            java.nio.file.Path dir = folder.resolve("iteration-" + n);
            try {
                java.nio.file.Files.createDirectories(dir);
            } catch (java.io.IOException e) {
                notes.accept("no screen recording for iteration " + n + ": cannot create " + dir + ": "
                        + e.getMessage());
                return null;
            }
            recordFolders.put(n, dir);
            return ScreenRecording.start(device, pkg, dir, "video", notes,
                    io.fpsctl.android.ScreenRecord.MAX_TIME_LIMIT_SEC);
        };
    }

    private final Device device;
    private final CaptureSession.Reconnector reconnector;
    private final String pkg;
    private final SourceRequest request;
    private final EngineConfig config;
    private final Duration reconnectTimeout;
    private final Consumer<String> notes;
    private final Consumer<String> commandOutput;
    private volatile Measurement current;
    private volatile String stopSignal;
    private String deviceLost;

    /**
     * @param notes         one-line notes for the user (which iteration is measured, what the measurement says)
     * @param commandOutput the lines the {@code --run} command prints
     */
    public GateIterations(Device device, CaptureSession.Reconnector reconnector, String pkg, SourceRequest request,
                          EngineConfig config, Duration reconnectTimeout, Consumer<String> notes,
                          Consumer<String> commandOutput) {
        this.device = device;
        this.reconnector = reconnector;
        this.pkg = pkg;
        this.request = request;
        this.config = config;
        this.reconnectTimeout = reconnectTimeout;
        this.notes = notes;
        this.commandOutput = commandOutput;
    }

    /** Stops the iteration in progress (a signal, any thread); no other starts. */
    public void stop(String signal) {
        stopSignal = signal;
        Measurement m = current;
        if (m != null) {
            m.session().stop(signal);
        }
    }

    /**
     * Measures the warm-ups and iterations of {@code plan}; {@code listeners} gives each iteration's engine
     * listener (called once per iteration, before it is prepared). Returns the kept iterations (at least one).
     *
     * @throws DriverFailedException when the driver of an iteration failed; its message names the iteration
     * @throws io.fpsctl.device.DeviceException for device and app problems before an iteration measured
     */
    public List<Kept> run(Plan plan, Supplier<FrameEngine.Listener> listeners) {
        int n = plan.iterations();
        boolean several = n > 1 || plan.warmup() > 0;
        RunMetadata.Device where = DeviceMetadataProbe.read(device);
        List<Kept> kept = new ArrayList<>();
        String described = null;
        for (int i = 0; i < plan.warmup() + n; i++) {
            boolean warm = i < plan.warmup();
            Driver driver = driver(plan); // one per iteration: a cancelled driver stays cancelled
            if (plan.restartApp()) {
                AppRestart.restart(device, pkg, HostClock.SYSTEM);
            }
            FrameEngine.Listener listener = listeners.get();
            Measurement m = Measurement.prepare(device, reconnector, pkg, request, config, listener, notes,
                    reconnectTimeout);
            current = m;
            String early = stopSignal;
            if (early != null) {
                m.session().stop(early); // the signal came while the device was being prepared
            }
            String what = warm ? "warm-up " + (i + 1) + "/" + plan.warmup() + ": "
                    : several ? "iteration " + (i - plan.warmup() + 1) + "/" + n + ": " : "";
            String how = driver != null ? driver.describe() : "for " + plan.duration().toSeconds() + " s";
            if (m.describe().equals(described)) {
                // the same source as the iteration before: one short line, not the whole banner again
                notes.accept(what + "measuring " + how + " (" + m.describe() + ", as before)");
            } else {
                notes.accept(what + "measuring " + pkg + " on " + device.serial() + " " + how + ": " + m.describe()
                        + " (" + m.sourceReason() + ")");
            }
            described = m.describe();
            Instant start = Instant.now();
            int number = i - plan.warmup() + 1;
            ScreenRecording recording = recorder == null || warm ? null : recorder.apply(number);
            io.fpsctl.format.VideoJson.Recording video = null;
            try {
                if (driver != null) {
                    m.runWhile(driver, device);
                } else {
                    m.run(plan.duration());
                }
            } catch (DriverFailedException e) {
                throw new DriverFailedException(e.getMessage() + (several ? " (" + what.replace(": ", "") + ")"
                        : ""));
            } finally {
                if (recording != null) {
                    try {
                        video = recording.stop();
                    } catch (java.io.IOException | RuntimeException e) {
                        notes.accept("the screen recording of iteration " + number + " could not be saved: "
                                + e.getMessage());
                    }
                }
            }
            deviceLost = m.session().lostMessage();
            boolean stopped = stopSignal != null;
            if (!warm || deviceLost != null || stopped) {
                kept.add(new Kept(m.summary(), new RunMetadata(SummaryJson.fpsctlVersion(), start, null, where),
                        listener, video == null ? null
                        : ScreenRecording.reportVideo(recordFolders.get(number), video)));
            }
            if (deviceLost != null || stopped) {
                break; // judged on what was captured (partial)
            }
        }
        return kept;
    }

    /** For a run that ended because the device was lost: one line saying so; else null. */
    public String deviceLost() {
        return deviceLost;
    }

    /** The {@code --run} or {@code --scroll} driver for one iteration, or null. */
    private Driver driver(Plan plan) {
        if (plan.runCommand() != null) {
            return new HostCommand(plan.runCommand(), commandOutput);
        }
        return plan.scroll() != null ? new ScrollDriver(plan.scroll(), HostClock.SYSTEM) : null;
    }
}
