package io.fpsctl.sim.device.frames;

/**
 * The simulated device's CLOCK_MONOTONIC in nanoseconds. Production uses {@link SystemTimeSource} (tied to
 * {@link System#nanoTime()}); tests drive a {@link ManualTimeSource}. Must never go backwards.
 */
@FunctionalInterface
public interface TimeSource {

    /** Device monotonic time in ns. */
    long nanoTime();
}
