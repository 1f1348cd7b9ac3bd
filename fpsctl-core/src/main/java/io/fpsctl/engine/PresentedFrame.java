package io.fpsctl.engine;

/**
 * A row of {@code dumpsys SurfaceFlinger --latency <layer>}: desired present, actual present (the
 * display's present fence) and frame ready (acquire fence) times in ns. {@code period} is the refresh
 * period printed on line 1 of the dump (0 if unknown).
 */
public record PresentedFrame(String window, long desiredPresent, long actualPresent, long frameReady, long period)
        implements Frame {

    /** INT64_MAX: the fence had not signalled when the dump was taken. */
    public static final long PENDING = Long.MAX_VALUE;

    @Override
    public long time() {
        return actualPresent;
    }

    /** docs/metrics.md 1: actualPresent is neither 0 nor INT64_MAX. */
    public boolean valid() {
        return actualPresent != 0 && actualPresent != PENDING;
    }
}
