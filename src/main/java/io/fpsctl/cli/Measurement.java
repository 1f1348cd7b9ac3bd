package io.fpsctl.cli;

import io.fpsctl.capture.AppCheck;
import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.SourceSelector;
import io.fpsctl.device.DeviceException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.source.AgentPoller;
import io.fpsctl.source.AgentStartException;
import io.fpsctl.source.FramePoller;
import io.fpsctl.source.GfxinfoPoller;
import io.fpsctl.source.SurfaceFlingerPoller;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One package measured on one device: checks the app, chooses the source, and runs the poll loop into an engine
 * whose listener feeds the command's sinks. Shared by watch, capture and gate.
 */
final class Measurement {
    final String pkg;
    final Source source;
    final String sourceReason;
    final FrameEngine engine;
    final CaptureSession session;
    private final FramePoller poller;
    /** How long to wait for the agent's first batch (the app restarts with the agent attached). */
    private static final Duration AGENT_START_TIMEOUT = Duration.ofSeconds(10);

    private Measurement(String pkg, Source source, String reason,
                        FrameEngine engine, FramePoller poller, CaptureSession session) {
        this.pkg = pkg;
        this.source = source;
        this.sourceReason = reason;
        this.engine = engine;
        this.poller = poller;
        this.session = session;
    }

    /**
     * Prepares a measurement.
     *
     * @throws CliException exit 4 when the app is not installed or not running, 3 for device problems
     */
    static Measurement prepare(DeviceOptions.Connection c, String pkg, MeasureOptions m, EngineConfig config,
                               FrameEngine.Listener listener, Consumer<String> notes,
                               Duration reconnectTimeout) {
        try {
            switch (AppCheck.check(c.device, pkg)) {
                case NOT_INSTALLED:
                    throw new CliException(ExitCode.APP, "package " + pkg + " is not installed on " + c.device.serial()
                            + ": install it or check the name ('adb shell pm list packages')");
                case NOT_RUNNING:
                    if (m.source == MeasureOptions.SourceOption.agent) {
                        break; // am instrument starts the app with the agent attached
                    }
                    throw new CliException(ExitCode.APP, pkg + " is not running on " + c.device.serial()
                            + ": start the app, then run fpsctl again");
                default:
                    break;
            }
            Source source;
            String reason;
            if (m.source == MeasureOptions.SourceOption.auto && m.layer == null) {
                SourceSelector.Choice choice = SourceSelector.choose(c.device, pkg);
                source = choice.source();
                reason = choice.reason();
            } else {
                source = switch (m.source) {
                    case gfxinfo -> Source.GFXINFO;
                    case agent -> Source.AGENT;
                    default -> Source.SURFACEFLINGER;
                };
                reason = "chosen with --source" + (m.layer != null ? "/--layer" : "");
            }
            FrameEngine engine = new FrameEngine(source, config, listener);
            FramePoller poller;
            if (source == Source.SURFACEFLINGER) {
                SurfaceFlingerPoller sf = new SurfaceFlingerPoller(c.device, pkg, engine, m.layer);
                if (sf.discover().isEmpty()) {
                    throw new CliException(ExitCode.APP, "no SurfaceFlinger layer of " + pkg + " found"
                            + (m.layer != null ? " named '" + m.layer + "'" : "")
                            + ": check 'adb shell dumpsys SurfaceFlinger --list' and pass --layer");
                }
                poller = sf;
            } else if (source == Source.AGENT) {
                AgentPoller agent = new AgentPoller(c.device, pkg, engine, m.slowMessageMs);
                try {
                    agent.start(AGENT_START_TIMEOUT);
                    notes.accept(agent.restartNote());
                } catch (AgentStartException e) {
                    throw new CliException(ExitCode.APP, e.getMessage());
                }
                poller = agent;
            } else {
                poller = new GfxinfoPoller(c.device, pkg, engine);
            }
            CaptureSession session = new CaptureSession(poller, engine, c.reconnector,
                    reconnectTimeout, notes);
            return new Measurement(pkg, source, reason, engine, poller, session);
        } catch (DeviceException e) {
            throw new CliException(e.exitCode(), e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCode.DEVICE, "interrupted while probing the app");
        }
    }

    /** What is measured, for the user. */
    String describe() {
        return poller.describe();
    }

    /** Runs the poll loop (and stops the agent afterwards). */
    CaptureSession.End run(Duration duration) {
        try {
            return session.run(duration);
        } catch (DeviceException e) {
            throw new CliException(e.exitCode(), e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new CliException(ExitCode.IO, "cannot write output: " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CaptureSession.End.STOPPED;
        } finally {
            if (poller instanceof AgentPoller agent) {
                agent.close();
            }
        }
    }

    Summary summary() {
        return engine.summary(pkg);
    }
}
