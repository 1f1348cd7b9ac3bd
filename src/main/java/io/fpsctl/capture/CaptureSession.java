package io.fpsctl.capture;

import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.PrefetchingDevice;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Runs one poller against one engine until the duration is over or {@link #stop(String)} is called: sleeps what
 * the poller asks between polls, survives a device that goes away (waits for it to come back, up to the
 * reconnect timeout, polls at once to recover what the rings still hold; what they no longer hold is a
 * coverage gap, METRICS.md section 11, counted by the engine's overflow rule) and reports what happened as one-line notes. A run that did not last
 * the duration asked for (device lost for good, a signal) has a partial summary. Thread-safe {@link #stop}.
 */
public final class CaptureSession {

    /** Waits for a device to be usable again; returns false when it did not return in time. */
    @FunctionalInterface
    public interface Reconnector {
        boolean awaitOnline(Duration timeout);
    }

    /**
     * A second poller riding the loop (the FrameTimeline poller): polled when it is due, its command in the same
     * stream as the main poll's when both are due about together.
     */
    public interface Companion {
        /** The shell command of its next poll, or null when it will not run one. */
        String command();

        /**
         * One poll.
         *
         * @return the time until its next poll
         * @throws DeviceGoneException when the device went away (the loop waits for it as for its own polls)
         */
        Duration poll();
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
    /** Runs each poll's known commands ahead in one stream; null: each command on its own. */
    private PrefetchingDevice prefetch;
    /** Polled on this loop beside the poller, or null. */
    private Companion companion;
    private volatile boolean stopped;
    private volatile String stopReason;
    /** The driver of a driven run ({@link #runDriven}) ended: the run is complete, not stopped. */
    private volatile boolean completed;
    private volatile boolean driven;
    /** The thread running the loop, woken by {@link #stop} from its sleep between polls; null when not running. */
    private volatile Thread loopThread;
    private long polls;
    /**
     * Contract 2: the device clock is estimated as host time plus the largest (device − host) offset seen, the offset
     * of a frame timestamp at the moment it was read: a lower bound that tightens as frames stream in.
     */
    private long deviceOffset;
    private boolean appWasRunning;
    private long disconnects;
    private End end;
    private Duration asked;
    private long ranNs;
    private String lostMessage;

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

    /**
     * Before each poll, runs what the refresh watch and the poller will ask ({@link FramePoller#nextCommands()}) in
     * one stream on {@code device}, which they must be reading through. Call before {@link #run}.
     */
    void prefetchThrough(PrefetchingDevice device) {
        this.prefetch = device;
    }

    /**
     * Polls {@code c} on this loop too, whenever it is due; a poll of either that falls due within a quarter of its
     * interval of the other's is taken with it, so the two share one stream and one wake-up. Call before {@link #run}.
     */
    void ride(Companion c) {
        this.companion = c;
    }

    /** Asks the loop to end after the poll in progress. */
    public void stop() {
        stop("stopped");
    }

    /** Asks the loop to end after the poll in progress; {@code reason} (e.g. "SIGTERM") goes into the summary. */
    public void stop(String reason) {
        stopReason = reason;
        stopped = true;
        wake();
    }

    /** Ends a {@link #runDriven} loop as complete: what drove the app is done. */
    public void complete() {
        completed = true;
        stopped = true;
        wake();
    }

    private void wake() {
        Thread t = loopThread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Polls until {@link #complete} (the app's driver ended); a {@link #stop} before that (a signal) ends the run
     * as partial.
     */
    public End runDriven() throws InterruptedException {
        driven = true;
        return run(null);
    }

    /**
     * Polls until {@code duration} has passed (null: until stopped), then closes the engine's live window.
     */
    public End run(Duration duration) throws InterruptedException {
        loopThread = Thread.currentThread();
        try {
            return loop(duration);
        } finally {
            loopThread = null;
            if (prefetch != null) {
                // an answer a failed poll left unread is not handed out afterwards; a shell kept running ends
                prefetch.close();
            }
        }
    }

    private End loop(Duration duration) throws InterruptedException {
        long started = clock.nanoTime();
        asked = duration;
        long deadline = duration == null ? Long.MAX_VALUE : started + Math.min(duration.toNanos(), Long.MAX_VALUE / 4);
        boolean reconnected = false;
        End end = End.DURATION;
        deviceOffset = Long.MIN_VALUE;
        appWasRunning = true;
        long mainDue = clock.nanoTime();
        long mainEarly = 0;
        long companionDue = mainDue;
        long companionEarly = 0;
        while (!stopped && clock.nanoTime() < deadline) {
            long start = clock.nanoTime();
            boolean mainNow = start >= mainDue - mainEarly;
            boolean companionNow = companion != null && start >= companionDue - companionEarly;
            try {
                boolean afterReconnect = reconnected;
                reconnected = false;
                long overflowsBefore = overflowCount();
                prefetchPoll(mainNow, companionNow);
                if (mainNow) {
                    long next = pollMain(afterReconnect, overflowsBefore);
                    mainDue = start + next;
                    mainEarly = companion != null ? next / 4 : 0;
                }
                if (companionNow) {
                    long next = companion.poll().toNanos();
                    companionDue = start + next;
                    companionEarly = next / 4;
                }
            } catch (DeviceGoneException e) {
                disconnects++;
                notes.accept("device disconnected: waiting up to " + reconnectTimeout.toSeconds()
                        + " s for it to come back (files so far are complete)");
                if (stopped || !reconnector.awaitOnline(reconnectTimeout)) {
                    if (stopped) {
                        break;
                    }
                    end = End.DEVICE_LOST;
                    lostMessage = "device " + e.serial() + " went away and did not come back within "
                            + reconnectTimeout.toSeconds() + " s: check the cable / 'adb devices', then run again";
                    break;
                }
                notes.accept("device is back: capture continues");
                reconnected = true;
                if (refresh != null) {
                    refresh.reconnected();
                }
                mainDue = clock.nanoTime(); // read the rings back at once
                companionDue = mainDue;
                continue;
            }
            long now = clock.nanoTime();
            long sleepNs = Math.min((companion != null ? Math.min(mainDue, companionDue) : mainDue) - now,
                    deadline - now);
            if (sleepNs > 0) {
                sleepInterruptibly(sleepNs);
            }
        }
        if (stopped && end == End.DURATION && !completed) {
            end = End.STOPPED;
        }
        ranNs = clock.nanoTime() - started;
        this.end = end;
        for (FrameEngine e : engines) {
            e.finish();
        }
        return end;
    }

    /**
     * One poll of the main poller (after the refresh watch), then what follows from it: the device clock estimate,
     * the live windows it closes, notes. Returns the time until its next poll, ns.
     */
    private long pollMain(boolean afterReconnect, long overflowsBefore) {
        if (refresh != null) {
            refresh.beforePoll();
        }
        FramePoller.Poll p = poller.poll();
        polls++;
        if (afterReconnect) {
            // the rings were read back first; a ring wholly newer than what we had is the engine's
            // overflow rule (METRICS.md 1.7), which counts the gap from our newest frame to the ring's
            // oldest (section 11): say so in words the user connects with the disconnect
            notes.accept(overflowCount() > overflowsBefore
                    ? "frames drawn while the device was away were no longer all in its buffers: "
                            + "counted as a coverage gap"
                    : "every frame drawn while the device was away was recovered from its buffers");
        }
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
        return p.nextDelay().toNanos();
    }

    private void prefetchPoll(boolean main, boolean withCompanion) {
        if (prefetch == null) {
            return;
        }
        List<String> next = new ArrayList<>();
        if (main) {
            if (refresh != null) {
                next.addAll(refresh.nextCommands());
            }
            next.addAll(poller.nextCommands());
        }
        String command = withCompanion ? companion.command() : null;
        if (command != null) {
            next.add(command);
        }
        try {
            prefetch.prefetch(next);
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            // e.g. a timeout of the whole list: each command then runs on its own and reports its own failure
        }
    }

    /** How the run ended; null while it runs. */
    public End end() {
        return end;
    }

    /** For {@link End#DEVICE_LOST}: one line saying which device went away and what to do; else null. */
    public String lostMessage() {
        return lostMessage;
    }

    /** Why the run was stopped (e.g. "SIGINT"), or null. */
    public String stopReason() {
        return stopped ? stopReason : null;
    }

    /** True when the run ended before the duration asked for (device lost, or stopped while a duration was set). */
    public boolean partial() {
        return end == End.DEVICE_LOST || (end == End.STOPPED && (asked != null || driven));
    }

    /**
     * Sleeps until the next poll in one go on the system clock ({@link #stop} unparks the loop thread): a live capture
     * at 144 Hz then wakes about twice a second, and every wake-up costs CPU. Another clock (a test's) is slept in
     * slices of at most {@link #MAX_SLICE_NS}, so a stop is seen within that.
     */
    private void sleepInterruptibly(long ns) throws InterruptedException {
        long until = clock.nanoTime() + ns;
        while (!stopped) {
            long left = until - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            if (clock == HostClock.SYSTEM) {
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            } else {
                clock.sleepNanos(Math.min(MAX_SLICE_NS, Math.max(1_000_000L, left)));
            }
        }
    }

    /** The longest single sleep on a test's clock (its sleep is not woken by a stop). */
    private static final long MAX_SLICE_NS = 50_000_000L;

    public long polls() {
        return polls;
    }

    public long disconnects() {
        return disconnects;
    }

    /** Ring overflows of every engine so far. */
    private long overflowCount() {
        long n = 0;
        for (FrameEngine e : engines) {
            n += e.overflowCount();
        }
        return n;
    }

    /** The summary so far; marked partial (with a warning saying why) when the run ended early. */
    public Summary summary(String pkg) {
        return markPartial(engine.summary(pkg));
    }

    /** {@code s} marked partial (with a warning saying why) when the run ended early; else {@code s}. */
    public Summary markPartial(Summary s) {
        if (!partial()) {
            return s;
        }
        String why = end == End.DEVICE_LOST ? "the device was lost" : "stopped by " + stopReason;
        if (asked == null) {
            return s.asPartial(String.format(java.util.Locale.ROOT, "partial run: %s after %.1f s, before what "
                    + "drove the app ended", why, ranNs / 1e9));
        }
        return s.asPartial(String.format(java.util.Locale.ROOT, "partial run: %s after %.1f s of the %.1f s asked for",
                why, ranNs / 1e9, asked.toNanos() / 1e9));
    }
}
