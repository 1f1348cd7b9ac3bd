package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.sink.LiveView;
import io.fpsctl.sink.TerminalWidth;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * {@code watch} without a package: measures whatever app is in front ({@link ForegroundLoop}), switching (with a
 * summary of the app left and a line saying so) when another app comes to the front. An app that cannot be
 * measured (the launcher, a stopped app) is reported once and fpsctl waits for the next one.
 */
public final class ForegroundWatch {
    private static final Duration CHECK = Duration.ofSeconds(1);

    /** Where the live view and the notes go. */
    public record Screen(PrintWriter out, PrintWriter err, boolean ansi, boolean colour, Runnable readerCheck) {
    }

    private final Device device;
    private final CaptureSession.Reconnector reconnector;
    private final SourceRequest request;
    private final EngineConfig config;
    private final Duration reconnectTimeout;
    private final Screen screen;
    private final ForegroundLoop loop;
    /** The measurement in progress, or null. */
    private volatile Measurement current;

    public ForegroundWatch(Device device, CaptureSession.Reconnector reconnector, SourceRequest request,
                           EngineConfig config, Duration reconnectTimeout, Screen screen) {
        this.device = device;
        this.reconnector = reconnector;
        this.request = request;
        this.config = config;
        this.reconnectTimeout = reconnectTimeout;
        this.screen = screen;
        // a measurement in progress says itself that it waits for the device
        CaptureSession.Reconnector noting = timeout -> {
            if (current == null) {
                say("device disconnected: waiting up to " + reconnectTimeout.toSeconds()
                        + " s for it to come back");
            }
            return reconnector.awaitOnline(timeout);
        };
        this.loop = new ForegroundLoop(device, noting, reconnectTimeout, CHECK, Watched::new, this::say,
                "fpsctl-watch");
    }

    /** Stops the measurement in progress and the following (Ctrl-C). */
    public void stop() {
        loop.stop();
    }

    /**
     * Follows the foreground app for {@code duration} (null: until stopped).
     *
     * @throws DeviceException when the device went away and did not come back, or could not be used
     */
    public void run(Duration duration) throws InterruptedException {
        if (loop.run(duration) == ForegroundLoop.End.DEVICE_LOST) {
            throw new DeviceException("device " + device.serial() + " did not come back within "
                    + reconnectTimeout.toSeconds() + " s: reconnect it and run again");
        }
    }

    /** One app in front: its live view, then its summary. */
    private final class Watched implements ForegroundLoop.App {
        private final String pkg;
        private volatile boolean stopped;
        private volatile Measurement measurement;

        Watched(String pkg) {
            this.pkg = pkg;
        }

        @Override
        public boolean run(Duration left) {
            LiveView[] view = new LiveView[1];
            FrameEngine.Listener listener = new FrameEngine.Listener() {
                @Override
                public void window(LiveWindow w) {
                    view[0].window(w);
                }

                @Override
                public void overflow(String window) {
                    view[0].overflow(window);
                }

                @Override
                public boolean wantsWindows() {
                    return true;
                }
            };
            Measurement m;
            try {
                m = Measurement.prepare(device, reconnector, pkg, request, config, listener,
                        note -> say(pkg + ": " + note), reconnectTimeout);
            } catch (DeviceGoneException e) {
                return false; // measured once the device is back, when the app is still in front
            } catch (DeviceException e) {
                if (e.blame() != DeviceException.Blame.APP) {
                    throw e;
                }
                say("cannot measure " + pkg + " (" + e.getMessage() + "): waiting for another app in front");
                return true;
            }
            view[0] = new LiveView(screen.out(), screen.ansi(), device.serial(), pkg, m.source(),
                    new TerminalWidth());
            if (!screen.colour()) {
                view[0].withoutColour();
            }
            say("watching " + pkg + " on " + device.serial() + ": " + m.describe() + " (" + m.sourceReason() + ")");
            measurement = m;
            current = m;
            if (screen.readerCheck() != null) {
                m.session().checkEvery(screen.readerCheck()); // `| head` leaving ends the watch between windows
            }
            try {
                if (stopped) {
                    m.session().stop(); // stopped while it was being prepared
                }
                m.run(left);
            } finally {
                current = null;
            }
            view[0].printSummary(m.summary());
            screen.out().flush();
            return true;
        }

        @Override
        public void stop() {
            stopped = true;
            Measurement m = measurement;
            if (m != null) {
                m.session().stop();
            }
        }
    }

    private void say(String line) {
        screen.err().println("fpsctl: " + line);
        screen.err().flush();
    }
}
