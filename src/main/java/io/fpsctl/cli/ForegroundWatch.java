package io.fpsctl.cli;

import io.fpsctl.capture.ForegroundApp;
import io.fpsctl.capture.Measurement;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.sink.LiveView;
import io.fpsctl.sink.TerminalWidth;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code watch} without a package: measures whatever app is in front, switching (with a summary of the app
 * left and a line saying so) when another app comes to the front. An app that cannot be measured (the
 * launcher, a stopped app) is reported once and fpsctl waits for the next one.
 */
final class ForegroundWatch {
    private static final long CHECK_MS = 1_000;

    private final DeviceOptions.Connection connection;
    private final SourceRequest request;
    private final EngineConfig config;
    private final Duration reconnectTimeout;
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean ansi;
    private final boolean colour;
    private volatile boolean stopped;
    private volatile Measurement current;

    ForegroundWatch(DeviceOptions.Connection connection, SourceRequest request, EngineConfig config,
                    Duration reconnectTimeout, PrintWriter out, PrintWriter err, boolean ansi, boolean colour) {
        this.connection = connection;
        this.request = request;
        this.config = config;
        this.reconnectTimeout = reconnectTimeout;
        this.out = out;
        this.err = err;
        this.ansi = ansi;
        this.colour = colour;
    }

    /** Stops the measurement in progress and the following (Ctrl-C). */
    void stop() {
        stopped = true;
        Measurement m = current;
        if (m != null) {
            m.session().stop();
        }
    }

    /** Follows the foreground app for {@code duration} (null: until stopped). */
    void run(Duration duration) throws InterruptedException {
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        String serial = connection.device.serial();
        String previous = null;
        String unmeasurable = null;
        while (!stopped && System.nanoTime() < deadline) {
            Optional<String> front = foreground();
            if (front.isEmpty() || front.get().equals(unmeasurable)) {
                Thread.sleep(CHECK_MS);
                continue;
            }
            String pkg = front.get();
            say("foreground app is now " + pkg + (previous == null ? "" : " (was " + previous + ")"));
            previous = pkg;
            LiveView[] view = new LiveView[1];
            FrameEngine.Listener listener = new FrameEngine.Listener() {
                @Override
                public void window(io.fpsctl.engine.LiveWindow w) {
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
                m = Measurement.prepare(connection.device, connection.reconnector, pkg, request, config, listener,
                        note -> say(pkg + ": " + note), reconnectTimeout);
            } catch (DeviceGoneException e) {
                awaitDevice();
                continue;
            } catch (DeviceException e) {
                if (e.blame() != DeviceException.Blame.APP) {
                    throw e;
                }
                say("cannot measure " + pkg + " (" + e.getMessage() + "): waiting for another app in front");
                unmeasurable = pkg;
                continue;
            }
            unmeasurable = null;
            view[0] = new LiveView(out, ansi, serial, pkg, m.source(), new TerminalWidth());
            if (!colour) {
                view[0].withoutColour();
            }
            say("watching " + pkg + " on " + serial + ": " + m.describe() + " (" + m.sourceReason() + ")");
            current = m;
            m.session().checkEvery(Main::checkStdoutReader); // `| head` leaving ends the watch between windows
            Thread watcher = new Thread(() -> stopOnSwitch(m, pkg), "fpsctl-foreground");
            watcher.setDaemon(true);
            watcher.start();
            long left = deadline - System.nanoTime();
            m.run(deadline == Long.MAX_VALUE ? null : Duration.ofNanos(Math.max(1, left)));
            watcher.interrupt();
            current = null;
            view[0].printSummary(m.summary());
            out.flush();
        }
    }

    /** Ends {@code m} when another app comes to the front. */
    private void stopOnSwitch(Measurement m, String pkg) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(CHECK_MS);
                Optional<String> front = foreground();
                if (front.isPresent() && !Objects.equals(front.get(), pkg)) {
                    m.session().stop();
                    return;
                }
            }
        } catch (InterruptedException e) {
            // the measurement ended
        } catch (DeviceException e) {
            // the measurement's own loop waits for the device
        }
    }

    private Optional<String> foreground() {
        try {
            return ForegroundApp.read(connection.device);
        } catch (DeviceGoneException e) {
            awaitDevice();
            return Optional.empty();
        }
    }

    private void awaitDevice() {
        say("device disconnected: waiting up to " + reconnectTimeout.toSeconds() + " s for it to come back");
        if (!connection.reconnector.awaitOnline(reconnectTimeout)) {
            throw new DeviceException("device " + connection.device.serial() + " did not come back within "
                    + reconnectTimeout.toSeconds() + " s: reconnect it and run again");
        }
    }

    private void say(String line) {
        err.println("fpsctl: " + line);
        err.flush();
    }
}
