package io.fpsctl.engine;

import java.util.function.Consumer;

/**
 * The vsync period a frame without its own interval takes (docs/metrics.md 2): the display's as read from the
 * device, else {@code --refresh-rate}, else the one a saved dump's vsync grid gave, else 60 Hz with one warning.
 * Part of {@link FrameEngine}.
 */
final class PeriodInForce {
    private final long userPeriodNs;
    private final Consumer<String> warn;
    /** The display's period as read from the device; 0 while unknown. */
    private long displayNs;
    /** The period a saved dump's vsync grid gave (or the fallback when it gave none); 0 while not inferred. */
    private long gridNs;
    private boolean warnedFallback;

    PeriodInForce(EngineConfig config, Consumer<String> warn) {
        this.userPeriodNs = config.userRefreshPeriodNs();
        this.warn = warn;
    }

    /** The display's period from now on; ignored unless {@link FrameEngine#validPeriod}. */
    void display(long periodNs) {
        if (FrameEngine.validPeriod(periodNs)) {
            displayNs = periodNs;
        }
    }

    /** The display's period, 0 while unknown. */
    long displayNs() {
        return displayNs;
    }

    void grid(long periodNs) {
        gridNs = periodNs;
    }

    /** Whether a frame without its own interval has to wait for a vsync grid: nothing else gives a period. */
    boolean awaitsGrid() {
        return gridNs == 0 && displayNs == 0 && userPeriodNs == 0;
    }

    /** A frame's own period when valid, else the display's, --refresh-rate, the grid's, 60 Hz. */
    long interval(long own) {
        if (FrameEngine.validPeriod(own)) {
            return own;
        }
        if (displayNs > 0) {
            return displayNs;
        }
        if (userPeriodNs > 0) {
            return userPeriodNs;
        }
        if (gridNs > 0) {
            return gridNs;
        }
        return fallback();
    }

    /** 60 Hz, said once. */
    long fallback() {
        if (!warnedFallback) {
            warnedFallback = true;
            warn.accept("refresh rate unknown: assuming 60 Hz (pass --refresh-rate)");
        }
        return EngineConfig.FALLBACK_PERIOD_NS;
    }
}
