package io.fpsctl.format;

import io.fpsctl.engine.compare.ComparedMetric;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How fpsctl rounds the numbers it prints (docs/metrics.md section 9: half up, a fixed number of decimals), the same in
 * JSON, CSV, text and gate tables. Not in {@link SummaryJson}, so that text output does not load Jackson.
 */
public final class Decimals {
    private Decimals() {
    }

    /** {@code v} rounded half up to {@code decimals} places. */
    public static BigDecimal round(double v, int decimals) {
        return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
    }

    /** The decimals a compared metric is printed with (docs/metrics.md section 8): rates one, counts none, the rest two. */
    public static int of(ComparedMetric m) {
        return switch (m) {
            case FPS, SCROLL_FPS -> 1;
            case FROZEN_FRAMES -> 0;
            default -> 2;
        };
    }
}
