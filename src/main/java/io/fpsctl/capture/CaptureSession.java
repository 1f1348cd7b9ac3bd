package io.fpsctl.capture;

import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.List;
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
    /** Every engine the poller feeds ({@code --source auto} feeds two); {@link #engine} is the first. */
    private final List<FrameEngine> engines;
    private final Reconnector reconnector;
    private final Duration reconnectTimeout;
    private final Consumer<String> notes;
    private final RefreshWatch refresh;
    private final HostClock clock;
    private volatile boolean stopped;
    private long polls;
    private long disconnects;

    public CaptureSession(FramePoller poller, FrameEngine engine, Reconnector reconnector, Duration reconnectTimeout,
                          Consumer<String> notes) {
        this(poller, List.of(engine), reconnector, reconnectTimeout, notes, null, HostClock.SYSTEM);
    }

    /**
     * @param refresh keeps the display period current (null: the poller reads it itself)
     * @param clock   the host clock of the loop's deadline and sleeps
     */
    CaptureSession(FramePoller poller, List<FrameEngine> engines, Reconnector reconnector, Duration reconnectTimeout,
                   Consumer<String> notes, RefreshWatch refresh, HostClock clock) {
        this.engines = List.copyOf(engines);
        FrameEngine engine = engines.get(0);
        this.refresh = refresh;
        this.clock = clock;
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
        long deadline = duration == null ? Long.MAX_VALUE : clock.nanoTime() + duration.toNanos();
        boolean appWasRunning = true;
        End end = End.DURATION;
        // contract 2: the device clock is estimated as host time plus the largest (device − host) offset seen, the
        // offset of a frame timestamp at the moment it was read: a lower bound that tightens as frames stream in
        long deviceOffset = Long.MIN_VALUE;
        while (!stopped && clock.nanoTime() < deadline) {
            long start = clock.nanoTime();
            Duration delay;
            try {
                if (refresh != null) {
                    refresh.beforePoll();
                }
                FramePoller.Poll p = poller.poll();
                polls++;
                long hostNow = clock.nanoTime();
                for (FrameEngine e : engines) {
                    long n = e.newestFrameNs();
                    if (n != Long.MIN_VALUE) {
                        deviceOffset = Math.max(deviceOffset, n - hostNow);
                    }
                }
                if (deviceOffset != Long.MIN_VALUE) {
                    for (FrameEngine e : engines) {
                        e.advanceTo(hostNow + deviceOffset);
                    }
                }
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
                if (refresh != null) {
                    refresh.reconnected();
                }
                continue;
            }
            long sleepNs = delay.toNanos() - (clock.nanoTime() - start);
            long left = deadline - clock.nanoTime();
            sleepNs = Math.min(sleepNs, left);
            if (sleepNs > 0) {
                sleepInterruptibly(sleepNs);
            }
        }
        if (stopped && end == End.DURATION) {
            end = End.STOPPED;
        }
        for (FrameEngine e : engines) {
            e.finish();
        }
        return end;
    }

    private void sleepInterruptibly(long ns) throws InterruptedException {
        long until = clock.nanoTime() + ns;
        while (!stopped) {
            long left = until - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            clock.sleepNanos(Math.min(50_000_000L, Math.max(1_000_000L, left)));
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
