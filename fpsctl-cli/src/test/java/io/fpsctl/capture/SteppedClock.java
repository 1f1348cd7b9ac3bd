package io.fpsctl.capture;

import io.fpsctl.sim.device.frames.TimeSource;

/**
 * One clock for an in-process simulated device and the capture's poll loop that moves only when the loop sleeps
 * (or the test advances it): a poll takes no time on it, so a capture of N seconds costs only the CPU of its polls
 * and its result does not depend on the machine's load. What it cannot show is a poll that comes late in real time
 * (a ring that fills up while adb is slow): the adb rows of {@link DeviceMatrixTest} keep that. The same clock as
 * scripts/SameOutputs.java's, which drives the same matrix for scripts/check-same-outputs.
 */
public final class SteppedClock implements TimeSource, HostClock {
    private long now;

    public SteppedClock(long originNs) {
        this.now = originNs;
    }

    @Override
    public synchronized long nanoTime() {
        return now;
    }

    /** The loop's sleep is the clock's step; at least 1 ns, so a loop that sleeps 0 still moves time on. */
    @Override
    public synchronized void sleepNanos(long ns) {
        now += Math.max(ns, 1);
    }

    /** Moves the clock to {@code deviceNs} (never back). */
    public synchronized void advanceTo(long deviceNs) {
        now = Math.max(now, deviceNs);
    }
}
