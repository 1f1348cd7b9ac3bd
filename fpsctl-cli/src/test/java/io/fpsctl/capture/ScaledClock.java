package io.fpsctl.capture;

import io.fpsctl.sim.device.frames.TimeSource;

/**
 * One clock for the simulated device and the capture's poll loop that runs {@code scale} times faster than real
 * time: the simulator's CLOCK_MONOTONIC and the loop's deadline and sleeps move together, so a 5 s capture takes
 * 5 / scale s. Polls themselves (adb round trips) take real time, i.e. {@code scale} times longer on this clock;
 * the scale is kept low enough that a poll never lets a frame ring (120 frames) fill up.
 */
final class ScaledClock implements TimeSource, HostClock {
    private final long scale;
    private final long originReal = System.nanoTime();
    private final long originDevice;

    ScaledClock(long originDevice, long scale) {
        this.originDevice = originDevice;
        this.scale = scale;
    }

    @Override
    public long nanoTime() {
        return originDevice + (System.nanoTime() - originReal) * scale;
    }

    @Override
    public void sleepNanos(long ns) throws InterruptedException {
        long real = ns / scale;
        Thread.sleep(real / 1_000_000, (int) (real % 1_000_000));
    }

    /** Blocks until this clock reads {@code deviceNs} (a condition on the clock, not a guess). */
    void awaitNanoTime(long deviceNs) throws InterruptedException {
        long left;
        while ((left = deviceNs - nanoTime()) > 0) {
            sleepNanos(left);
        }
    }
}
