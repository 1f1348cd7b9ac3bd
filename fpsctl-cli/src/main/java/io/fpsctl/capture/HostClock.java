package io.fpsctl.capture;

/**
 * The host's monotonic clock and sleep, as the poll loop uses them. {@link #SYSTEM} in production; a test may
 * run the loop faster than real time by scaling both together with a simulator's clock.
 */
public interface HostClock {

    /** Monotonic nanoseconds. */
    long nanoTime();

    /** Sleeps about {@code ns} of this clock's time. */
    void sleepNanos(long ns) throws InterruptedException;

    /** {@link System#nanoTime()} and {@link Thread#sleep}. */
    HostClock SYSTEM = new HostClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepNanos(long ns) throws InterruptedException {
            Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000));
        }
    };
}
