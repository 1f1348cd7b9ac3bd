package io.fpsctl.capture;

import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Runs one poller against one engine until the duration is over or {@link #stop()} is called: sleeps what the
 * poller asks between polls, survives a device that goes away (waits for it to come back, up to the reconnect
 * timeout, and carries on: the rings still hold the frames of the last second) and reports what happened as
 * one-line notes. Thread-safe {@link #stop()} for Ctrl-C.
 */
public final class CaptureSession {

    /** Waits for a device to be usable again; returns false when it did not return in time. */
    @FunctionalInterface
    public interface Reconnector {
        boolean awaitOnline(Duration timeout);
    }

    /** How a session ended. */
    public enum End { DURATION, STOPPED, DEVICE_LOST }

    private final FramePoller poller;
    private final FrameEngine engine;
    private final Reconnector reconnector;
    private final Duration reconnectTimeout;
    private final Consumer<String> notes;
    private volatile boolean stopped;
    private long polls;
    private long disconnects;

    public CaptureSession(FramePoller poller, FrameEngine engine, Reconnector reconnector, Duration reconnectTimeout,
                          Consumer<String> notes) {
        this.poller = poller;
        this.engine = engine;
        this.reconnector = reconnector;
        this.reconnectTimeout = reconnectTimeout;
        this.notes = notes;
    }

    /** Asks the loop to end after the poll in progress. */
    public void stop() {
        stopped = true;
    }

    /**
     * Polls until {@code duration} has passed (null: until stopped), then closes the engine's live window.
     */
    public End run(Duration duration) throws InterruptedException {
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        boolean appWasRunning = true;
        End end = End.DURATION;
        while (!stopped && System.nanoTime() < deadline) {
            long start = System.nanoTime();
            Duration delay;
            try {
                FramePoller.Poll p = poller.poll();
                polls++;
                if (p.appRunning() != appWasRunning) {
                    notes.accept(p.appRunning() ? "the app is running again" : "the app is not running (crashed or "
                            + "closed?): waiting for it");
                    appWasRunning = p.appRunning();
                }
                if (p.overflow()) {
                    notes.accept("frames may have been lost between two polls: polling faster");
                }
                delay = p.nextDelay();
            } catch (DeviceGoneException e) {
                disconnects++;
                notes.accept("device disconnected: waiting up to " + reconnectTimeout.toSeconds()
                        + " s for it to come back (files so far are complete)");
                if (!reconnector.awaitOnline(reconnectTimeout)) {
                    end = End.DEVICE_LOST;
                    break;
                }
                notes.accept("device is back: capture continues");
                continue;
            }
            long sleepNs = delay.toNanos() - (System.nanoTime() - start);
            long left = deadline - System.nanoTime();
            sleepNs = Math.min(sleepNs, left);
            if (sleepNs > 0) {
                sleepInterruptibly(sleepNs);
            }
        }
        if (stopped && end == End.DURATION) {
            end = End.STOPPED;
        }
        engine.finish();
        return end;
    }

    private void sleepInterruptibly(long ns) throws InterruptedException {
        long until = System.nanoTime() + ns;
        while (!stopped) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return;
            }
            Thread.sleep(Math.min(50, Math.max(1, left / 1_000_000)));
        }
    }

    public long polls() {
        return polls;
    }

    public long disconnects() {
        return disconnects;
    }

    /** The summary so far. */
    public Summary summary(String pkg) {
        return engine.summary(pkg);
    }
}
