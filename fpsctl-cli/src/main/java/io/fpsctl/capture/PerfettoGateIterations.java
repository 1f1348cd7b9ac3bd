package io.fpsctl.capture;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.perfetto.PerfettoTraceException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * {@code gate --source perfetto}: each warm-up and iteration is one trace recorded by the device's {@code perfetto}
 * ({@link PerfettoCapture}) for {@code --duration} or while the {@code --run} / {@code --scroll} driver runs (the trace
 * is stopped when it returns), then summarised as {@code analyze TRACE} does ({@link PerfettoSummary}); the kept
 * iterations are judged like any other (docs/perfetto-capture.md). The traces go to {@code traces} (one file per
 * iteration), where the caller keeps or deletes them.
 */
public final class PerfettoGateIterations {

    private final Device device;
    private final String pkg;
    private final EngineConfig config;
    private final Path traces;
    private final Consumer<String> notes;
    private final Consumer<String> commandOutput;
    private final AtomicReference<PerfettoCapture> current = new AtomicReference<>();
    private final AtomicReference<Driver> driving = new AtomicReference<>();
    private volatile String stopSignal;

    public PerfettoGateIterations(Device device, String pkg, EngineConfig config, Path traces,
                                  Consumer<String> notes, Consumer<String> commandOutput) {
        this.device = device;
        this.pkg = pkg;
        this.config = config;
        this.traces = traces;
        this.notes = notes;
        this.commandOutput = commandOutput;
    }

    /** Stops the iteration in progress (a signal, any thread); no other starts. */
    public void stop(String signal) {
        stopSignal = signal;
        PerfettoCapture c = current.get();
        if (c != null) {
            c.stop(signal);
        }
        Driver d = driving.get();
        if (d != null) {
            d.cancel();
        }
    }

    /** The iterations of {@code plan} (see {@link GateIterations#run}). */
    public List<GateIterations.Kept> run(GateIterations.Plan plan, Supplier<FrameEngine.Listener> listeners) {
        new PerfettoCapture(device, pkg).checkSupported();
        int n = plan.iterations();
        boolean several = n > 1 || plan.warmup() > 0;
        RunMetadata.Device where = DeviceMetadataProbe.read(device);
        List<GateIterations.Kept> kept = new ArrayList<>();
        for (int i = 0; i < plan.warmup() + n && stopSignal == null; i++) {
            boolean warm = i < plan.warmup();
            Driver driver = plan.runCommand() != null ? new HostCommand(plan.runCommand(), commandOutput)
                    : plan.scroll() != null ? new ScrollDriver(plan.scroll(), HostClock.SYSTEM) : null;
            if (plan.restartApp()) {
                AppRestart.restart(device, pkg, HostClock.SYSTEM);
            }
            String what = warm ? "warm-up " + (i + 1) + "/" + plan.warmup() + ": "
                    : several ? "iteration " + (i - plan.warmup() + 1) + "/" + n + ": " : "";
            notes.accept(what + "measuring " + pkg + " on " + device.serial() + " "
                    + (driver != null ? driver.describe() : "for " + plan.duration().toSeconds() + " s")
                    + ": the device's perfetto (FrameTimeline)");
            PerfettoCapture capture = new PerfettoCapture(device, pkg);
            current.set(capture);
            if (stopSignal != null) {
                capture.stop(stopSignal);
            }
            Path trace = traces.resolve("iteration-" + (i + 1) + ".perfetto-trace");
            FrameEngine.Listener listener = listeners.get();
            Instant start = Instant.now();
            // perfetto first, the driver once begin returns: with --background-wait (perfetto v22.0+) every data
            // source has started by then; an older perfetto only shows its daemon runs (kill -0), and the first
            // frames may still miss the trace (docs/perfetto-capture.md)
            PerfettoCapture.Recording recording;
            try {
                recording = capture.begin(driver == null ? plan.duration() : null, trace);
            } catch (RuntimeException e) {
                current.set(null);
                throw e;
            }
            Thread drive = null;
            AtomicReference<RuntimeException> driveFailed = new AtomicReference<>();
            if (driver != null) {
                driving.set(driver);
                Driver d = driver;
                drive = new Thread(() -> {
                    try {
                        d.drive(device);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (RuntimeException e) {
                        driveFailed.set(e);
                    } finally {
                        capture.stop("the end of " + d.describe());
                    }
                }, "fpsctl-perfetto-drive");
                drive.start();
            }
            try {
                PerfettoCapture.Result r = recording.finish();
                if (drive != null) {
                    drive.join();
                }
                if (driveFailed.get() != null) {
                    throw driveFailed.get();
                }
                PerfettoCapture.Result judged = stopSignal == null && driver != null
                        ? new PerfettoCapture.Result(r.trace(), r.bytes(), r.ran(), r.stopBootNs(), null) : r;
                if (!warm || stopSignal != null) {
                    kept.add(new GateIterations.Kept(PerfettoSummary.of(judged, pkg, config,
                            driver == null ? plan.duration() : null, listener),
                            new RunMetadata(SummaryJson.fpsctlVersion(), start, null, where), listener,
                            null)); // no screen recording beside a Perfetto trace (yet)
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (PerfettoTraceException | DumpFormatException e) {
                throw new DeviceException(pkg + ": " + e.getMessage() + " (trace " + trace + ")", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } finally {
                current.set(null);
                driving.set(null);
            }
        }
        return kept;
    }
}
