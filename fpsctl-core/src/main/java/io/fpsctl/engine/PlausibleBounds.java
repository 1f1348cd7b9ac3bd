package io.fpsctl.engine;

/**
 * The bounds of what a device can report (docs/metrics.md, "What fpsctl refuses to believe"). A value outside them
 * is not a measurement but a damaged or hand-edited input: the parsers reject the row (or refuse the file) instead of
 * letting the engine turn it into an impossible figure, and {@code gate --from} refuses a summary that holds one.
 */
public final class PlausibleBounds {
    /** The shortest refresh period a display has: 1 ms (1000 Hz). */
    public static final long MIN_PERIOD_NS = 1_000_000L;
    /** The longest refresh period a display has: 1 s (1 Hz). */
    public static final long MAX_PERIOD_NS = 1_000_000_000L;
    /** The refresh rates those periods give. */
    public static final double MIN_REFRESH_HZ = 1.0;
    public static final double MAX_REFRESH_HZ = 1000.0;
    /** A frame longer than an hour is not a frame (docs/metrics.md 1. */
    public static final long MAX_FRAME_NS = 3_600_000_000_000L;
    /** A CLOCK_MONOTONIC timestamp at or above 2^62 ns (146 years of uptime) is not one (docs/metrics.md 1. */
    public static final long TIMESTAMP_LIMIT = 1L << 62;

    private PlausibleBounds() {
    }

    /** Whether {@code ns} is a refresh period a display can have (1–1000 Hz). */
    public static boolean period(long ns) {
        return ns >= MIN_PERIOD_NS && ns <= MAX_PERIOD_NS;
    }

    /** Whether {@code ns} is a CLOCK_MONOTONIC timestamp: 0 or more and below 2^62. */
    public static boolean timestamp(long ns) {
        return ns >= 0 && ns < TIMESTAMP_LIMIT;
    }

    /**
     * Why {@code ns} is no refresh period, for messages: "2 ns (500000000.0 Hz) is impossible: a display refreshes at
     * 1–1000 Hz (1000000–1000000000 ns)".
     */
    public static String whyNotPeriod(long ns) {
        String hz = ns > 0 ? String.format(java.util.Locale.ROOT, " (%.1f Hz)", 1e9 / ns) : "";
        return ns + " ns" + hz + " is impossible: a display refreshes at 1–1000 Hz (1000000–1000000000 ns)";
    }
}
