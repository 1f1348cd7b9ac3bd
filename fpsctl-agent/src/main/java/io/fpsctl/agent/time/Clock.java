package io.fpsctl.agent.time;

/**
 * The agent's time source: {@code System.nanoTime()} on a device, the same clock as Choreographer frame times,
 * FrameMetrics timestamps and {@code SystemClock.uptimeMillis()} (all CLOCK_MONOTONIC). Tests substitute their own.
 */
public interface Clock {
    /** The system clock. */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }
    };

    /** Monotonic time in nanoseconds. */
    long nanoTime();
}
