package io.fpsctl.sim.device;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The touches injected with {@code input swipe} and {@code input tap}: how many, and until when (device clock) the
 * last swipe lasts. The simulated app does not yet render differently while it is swiped; the counts let a test
 * see that a driver reached the device.
 */
final class TouchInput {
    private final AtomicLong swipes = new AtomicLong();
    private final AtomicLong taps = new AtomicLong();
    private volatile long swipingUntilNs = Long.MIN_VALUE;

    void swipe(long nowNs, long durationMs) {
        swipes.incrementAndGet();
        swipingUntilNs = Math.max(swipingUntilNs, nowNs + durationMs * 1_000_000L);
    }

    void tap() {
        taps.incrementAndGet();
    }

    long swipes() {
        return swipes.get();
    }

    long taps() {
        return taps.get();
    }

    boolean swiping(long nowNs) {
        return nowNs < swipingUntilNs;
    }
}
