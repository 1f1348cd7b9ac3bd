package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.PrefetchingDevice;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.android.AgentStartException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * One package measured on one device: checks the app, chooses the source, and runs the poll loop into an engine
 * whose listener feeds the command's sinks. Shared by watch, capture and gate.
 */
public final class Measurement {
    private final String pkg;
    private final String sourceReason;
    private final CaptureSession session;
    private final FramePoller poller;
    /** SurfaceFlinger's FrameTimeline beside the main poller (Android 12+), or null. */
    private final FrameTimelinePoller frameTimeline;
    /** The engines joined with it (both of {@code --source auto}). */
    private final List<FrameEngine> frameTimelineEngines;
    /** How long to wait for the agent's first batch (the app restarts with the agent attached). */
    private static final Duration AGENT_START_TIMEOUT = Duration.ofSeconds(10);

    Measurement(String pkg, String reason, FramePoller poller, CaptureSession session,
                        List<FrameEngine> engines, FrameTimelinePoller frameTimeline) {
        this.frameTimeline = frameTimeline;
        this.frameTimelineEngines = List.copyOf(engines);
        this.pkg = pkg;
        this.sourceReason = reason;
        this.poller = poller;
        this.session = session;
    }

    /**
     * Prepares a measurement.
     *
     * @throws DeviceException blame APP when the app is not installed or not running, or has nothing to
     *     measure; blame DEVICE for device problems
     */
    public static Measurement prepare(Device device, CaptureSession.Reconnector reconnector, String pkg,
                                      SourceRequest m, EngineConfig config, FrameEngine.Listener listener,
                                      Consumer<String> notes, Duration reconnectTimeout) {
        return prepare(device, reconnector, pkg, m, config, listener, notes, reconnectTimeout, HostClock.SYSTEM);
    }

    /** {@link #prepare} with the poll loop on {@code clock} (a test runs it faster than real time). */
    public static Measurement prepare(Device device, CaptureSession.Reconnector reconnector, String pkg,
                                      SourceRequest m, EngineConfig config, FrameEngine.Listener listener,
                                      Consumer<String> notes, Duration reconnectTimeout, HostClock clock) {
        return prepare(new DeviceLink(device, reconnector, reconnectTimeout, clock, notes),
                new MeasureTarget(pkg, m, config, listener));
    }

    /**
     * Prepares the measurement of {@code target} on {@code link}'s device: checks the app, chooses the source and
     * builds the one poll loop around it ({@link PollLoopAssembly}).
     *
     * @throws DeviceException blame APP when the app is not installed or not running, or has nothing to
     *     measure; blame DEVICE for device problems
     */
    public static Measurement prepare(DeviceLink link, MeasureTarget target) {
        Device device = link.device();
        String pkg = target.pkg();
        SourceRequest m = target.source();
        EngineConfig config = target.config();
        FrameEngine.Listener listener = target.listener();
        Consumer<String> notes = link.notes();
        HostClock clock = link.clock();
        try {
            switch (AppCheck.check(device, pkg)) {
                case NOT_INSTALLED:
                    throw appProblem("package " + pkg + " is not installed on " + device.serial()
                            + ": install it or check the name ('adb shell pm list packages')");
                case NOT_RUNNING:
                    if (m.kind() == SourceRequest.Kind.AGENT) {
                        break; // am instrument starts the app's process with the agent attached
                    }
                    throw appProblem(pkg + " is not running on " + device.serial()
                            + ": start the app, then run fpsctl again");
                default:
                    break;
            }
            // the poll loop's commands (the FrameTimeline poller's too) go through this, each poll's in one stream
            PrefetchingDevice looped = new PrefetchingDevice(device);
            PollLoopAssembly loop = new PollLoopAssembly(looped, pkg, link);
            if (m.kind() == SourceRequest.Kind.AUTO && m.layer() == null) {
                SourceSelector.Choice choice = SourceSelector.choose(device, pkg, clock);
                if (choice.flutterWindow()) { // docs/metrics.md 16.1: the window's presents, not its HWUI frames
                    AutoSource window = AutoSource.flutterWindow(looped, pkg, config, listener, notes, clock);
                    if (window != null) {
                        return loop.around(window, window.engines(), null, choice.reason() + "; --source auto "
                                + "keeps watching for a SurfaceView layer and follows it when it draws more");
                    }
                }
                // a texture app whose window has no layer to read: the usual watch, saying why (not the choice's)
                String why = choice.flutterWindow() ? "a Flutter app without a SurfaceView, but no layer of its "
                        + "window was found" : choice.reason();
                AutoSource auto = new AutoSource(looped, pkg, config, listener,
                        choice.flutterWindow() ? Source.GFXINFO : choice.source(), notes, clock);
                return loop.around(auto, auto.engines(), null, why + "; --source auto keeps watching "
                        + "HWUI and SurfaceView layers and follows the one that draws more");
            }
            Source source = switch (m.kind()) {
                case GFXINFO -> Source.GFXINFO;
                case AGENT -> Source.AGENT;
                default -> Source.SURFACEFLINGER;
            };
            String reason = "chosen with --source" + (m.layer() != null ? "/--layer" : "");
            FrameEngine engine = new FrameEngine(source, config, listener);
            FramePoller poller;
            if (source == Source.SURFACEFLINGER) {
                SurfaceFlingerPoller sf = new SurfaceFlingerPoller(looped, pkg, engine, m.layer());
                if (sf.discover().isEmpty()) {
                    throw appProblem("no SurfaceFlinger layer of " + pkg + " found"
                            + (m.layer() != null ? " named '" + m.layer() + "'" : "")
                            + ": check 'adb shell dumpsys SurfaceFlinger --list' and pass --layer");
                }
                poller = sf;
            } else if (source == Source.AGENT) {
                AgentPoller agent = new AgentPoller(device, pkg, engine, m.slowMessageMs());
                try {
                    agent.start(AGENT_START_TIMEOUT);
                    notes.accept(agent.restartNote());
                } catch (AgentStartException e) {
                    throw appProblem(e.getMessage());
                }
                poller = agent;
            } else {
                poller = new GfxinfoPoller(looped, pkg, engine);
            }
            return loop.around(poller, List.of(engine), poller, reason);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted while probing " + pkg + " on " + device.serial());
        }
    }

    private static DeviceException appProblem(String message) {
        return new DeviceException(DeviceException.Blame.APP, message, null);
    }

    /** The source measured (with {@code --source auto}: the main source now; it may change during the run). */
    public Source source() {
        return poller.source();
    }

    /** Why that source was chosen, for the user. */
    public String sourceReason() {
        return sourceReason;
    }

    /** The poll loop, e.g. to stop it from a signal handler. */
    public CaptureSession session() {
        return session;
    }

    /** What is measured, for the user. */
    public String describe() {
        return poller.describe();
    }

    /**
     * Runs the poll loop (and stops the agent afterwards).
     *
     * @throws DeviceException when the device is lost for good
     * @throws java.io.UncheckedIOException when a sink cannot write
     */
    public CaptureSession.End run(Duration duration) {
        return run(duration, false);
    }

    private CaptureSession.End run(Duration duration, boolean driven) {
        try {
            return driven ? session.runDriven() : session.run(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CaptureSession.End.STOPPED;
        } finally {
            stopFrameTimeline();
            poller.close();
        }
    }

    /**
     * Runs the poll loop while {@code driver} drives the app on {@code device} (on its own thread); the
     * measurement ends when the driver returns. When the loop ends first (a signal, the device went away) the
     * driver is cancelled.
     *
     * @throws DriverFailedException when the driver failed
     * @throws DeviceException       when the device is lost for good
     */
    public CaptureSession.End runWhile(Driver driver, Device device) {
        java.util.concurrent.atomic.AtomicReference<RuntimeException> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                driver.drive(device);
                session.complete();
            } catch (InterruptedException e) {
                // cancelled: the loop ended first (a signal, the device went away)
            } catch (RuntimeException e) {
                failure.set(e);
                session.stop("the driver failed");
            } catch (Error e) {
                session.stop("the driver failed");
                throw e;
            }
        }, "fpsctl-driver");
        thread.setDaemon(true);
        thread.start();
        CaptureSession.End end;
        try {
            end = run(null, true);
        } finally {
            driver.cancel();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return end;
    }

    private void stopFrameTimeline() {
        if (frameTimeline == null) {
            return;
        }
        frameTimeline.stop();
        if (frameTimeline.nothingSeen() && frameTimeline.surfaceFrames() == 0) {
            for (FrameEngine e : frameTimelineEngines) {
                e.frameTimeline(null);
                e.warn("frameTimeline: null: 'dumpsys SurfaceFlinger --frametimeline -all' showed no frames "
                        + "(refused or not supported on this device)");
            }
        }
    }

    /** The FrameTimeline poller, or null (Android 11 and older, agent source). */
    public FrameTimelinePoller frameTimeline() {
        return frameTimeline;
    }

    /**
     * The summary so far (with {@code --source auto}: of the main source, the other one noted beside it); partial
     * (see {@link CaptureSession#partial()}) when the run ended early.
     */
    public Summary summary() {
        return session.markPartial(poller.summary(pkg));
    }
}
