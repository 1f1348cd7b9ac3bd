package io.fpsctl.capture;

import java.util.concurrent.locks.LockSupport;

/**
 * How the poll loop is told to end and how it waits: a thread-safe stop (a signal, a closed pipe) or completion
 * (the driver of a driven run ended), the sleep between polls that such a call wakes, and the periodic check run
 * on the loop's thread during that sleep. Part of {@link CaptureSession}, whose public stop/complete/checkEvery
 * delegate here.
 */
final class LoopControl {
    /** How often the {@link #checkEvery} check runs. */
    static final long CHECK_EVERY_NS = 200_000_000L;
    /** The longest single sleep on a test's clock (its sleep is not woken by a stop). */
    static final long MAX_SLICE_NS = 50_000_000L;

    private final HostClock clock;
    private volatile boolean stopped;
    private volatile String stopReason;
    /** The driver of a driven run ended: the run is complete, not stopped. */
    private volatile boolean completed;
    private volatile boolean driven;
    /** The thread running the loop, woken by {@link #stop} from its sleep between polls; null when not running. */
    private volatile Thread loopThread;
    /** Run on the loop's thread about every {@link #CHECK_EVERY_NS}, or null. */
    private Runnable check;
    private long checkedNs;

    LoopControl(HostClock clock) {
        this.clock = clock;
    }

    /** Runs {@code c} on the loop's thread about every {@link #CHECK_EVERY_NS} while the loop runs. */
    void checkEvery(Runnable c) {
        this.check = c;
    }

    /** The loop starts at {@code ns}: the first check is due a period later. */
    void checksFrom(long ns) {
        checkedNs = ns;
    }

    /** Runs the check when it is due. */
    void checkIfDue() {
        if (check != null && clock.nanoTime() - checkedNs >= CHECK_EVERY_NS) {
            checkedNs = clock.nanoTime();
            check.run();
        }
    }

    /** Asks the loop to end after the poll in progress, for {@code reason}. */
    void stop(String reason) {
        stopReason = reason;
        stopped = true;
        wake();
    }

    /** Ends a driven loop as complete. */
    void complete() {
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

    /** The loop runs until {@link #complete}, not for a duration. */
    void driven() {
        driven = true;
    }

    boolean isDriven() {
        return driven;
    }

    boolean stopped() {
        return stopped;
    }

    boolean completed() {
        return completed;
    }

    String stopReason() {
        return stopReason;
    }

    /** The current thread runs the loop (null: it ended). */
    /** Whether the loop is running (between the start and the end of {@code run}). */
    boolean running() {
        return loopThread != null;
    }

    void runningOn(Thread t) {
        loopThread = t;
    }

    /**
     * Sleeps {@code ns} unless stopped first. On the system clock in one park ({@link #stop} unparks the loop thread):
     * a live capture at 144 Hz then wakes about twice a second, and every wake-up costs CPU (with a check: at least
     * every 200 ms, to run it). Another clock (a test's) is slept in slices of at most {@link #MAX_SLICE_NS}, so a
     * stop is seen within that.
     */
    void sleep(long ns) throws InterruptedException {
        long until = clock.nanoTime() + ns;
        while (!stopped) {
            long left = until - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            if (clock == HostClock.SYSTEM) {
                LockSupport.parkNanos(this, check == null ? left : Math.min(left, CHECK_EVERY_NS));
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            } else {
                clock.sleepNanos(Math.min(MAX_SLICE_NS, Math.max(1_000_000L, left)));
            }
            checkIfDue();
        }
    }
}
