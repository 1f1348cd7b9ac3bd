package io.fpsctl.sim.device.frames;

/** A clock that only moves when told to (tests, replays). Thread-safe. */
public final class ManualTimeSource implements TimeSource {

    private volatile long now;

    public ManualTimeSource(long startNs) {
        this.now = startNs;
    }

    /** Starts at the same pretend uptime as {@link SystemTimeSource}. */
    public ManualTimeSource() {
        this(SystemTimeSource.DEFAULT_UPTIME_AT_START_NS);
    }

    @Override
    public long nanoTime() {
        return now;
    }

    public synchronized void advanceNanos(long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("time cannot go backwards");
        }
        now += ns;
    }

    public void advanceMillis(long ms) {
        advanceNanos(ms * 1_000_000L);
    }
}
