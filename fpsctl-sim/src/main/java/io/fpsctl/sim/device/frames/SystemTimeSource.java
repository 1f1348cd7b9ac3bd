package io.fpsctl.sim.device.frames;

/**
 * Real time: {@link System#nanoTime()} shifted so the device appears to have booted {@code uptimeAtStartNs}
 * before the simulator started (realistic timestamps such as {@code 3604000000000}).
 */
public final class SystemTimeSource implements TimeSource {

    /** The default pretend uptime at start: one hour. */
    public static final long DEFAULT_UPTIME_AT_START_NS = 3_600_000_000_000L;

    private final long offset;

    public SystemTimeSource() {
        this(DEFAULT_UPTIME_AT_START_NS);
    }

    public SystemTimeSource(long uptimeAtStartNs) {
        this.offset = uptimeAtStartNs - System.nanoTime();
    }

    @Override
    public long nanoTime() {
        return System.nanoTime() + offset;
    }
}
