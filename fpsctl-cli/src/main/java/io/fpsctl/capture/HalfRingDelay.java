package io.fpsctl.capture;

import java.time.Duration;

/**
 * When to poll a device ring again: after half a ring's worth of frames at the fastest refresh seen (so the ring
 * never fills between two polls), capped at {@link #MAX} and never below {@link #MIN}; each poll that found the
 * ring overflowed halves the delay from then on, down to a tenth. The one rule of the gfxinfo and the
 * SurfaceFlinger {@code --latency} pollers (their ring sizes: {@code FrameEngine.GFXINFO_RING} and
 * {@code FrameEngine.LATENCY_RING}).
 */
final class HalfRingDelay {
    /** The slowest interval: 500 ms. */
    static final Duration MAX = Duration.ofMillis(500);
    /** The fastest interval: 50 ms. */
    static final Duration MIN = Duration.ofMillis(50);
    private static final double MIN_SHRINK = 0.1;

    private final int ring;
    private double shrink = 1.0;

    /** @param ring the frames the device's ring holds */
    HalfRingDelay(int ring) {
        this.ring = ring;
    }

    /**
     * The delay before the next poll.
     *
     * @param minIntervalNs the shortest frame interval seen so far, 0 when none
     * @param overflow      whether this poll found the ring overflowed
     */
    Duration next(long minIntervalNs, boolean overflow) {
        if (overflow) {
            shrink = Math.max(MIN_SHRINK, shrink / 2);
        }
        long halfRing = minIntervalNs > 0 ? minIntervalNs * ring / 2 : MAX.toNanos();
        long ns = (long) (Math.min(MAX.toNanos(), halfRing) * shrink);
        return Duration.ofNanos(Math.max(MIN.toNanos(), ns));
    }
}
