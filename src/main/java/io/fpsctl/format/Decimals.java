package io.fpsctl.format;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How fpsctl rounds the numbers it prints (METRICS.md section 8: half up, a fixed number of decimals), the same in
 * JSON, CSV, text and gate tables. Not in {@link SummaryJson}, so that text output does not load Jackson.
 */
public final class Decimals {
    private Decimals() {
    }

    /** {@code v} rounded half up to {@code decimals} places. */
    public static BigDecimal round(double v, int decimals) {
        return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
    }
}
