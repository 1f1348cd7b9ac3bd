package io.fpsctl.engine;

import java.util.Arrays;

/**
 * The thresholds of the engine (docs/metrics.md defaults unless the user overrides them).
 *
 * @param dropLevelBounds       lower bounds of the normal, middle, high and frozen drop levels
 * @param slowFrameNs           {@code --slow-frame-ms} in ns; 0 means "the frame's own interval T"
 * @param idleGapNs             {@code --idle-gap}: a gap this long ends a segment
 * @param userRefreshPeriodNs   {@code --refresh-rate} as a period in ns; 0 when not given
 * @param windowNs              {@code --window}: length of a live window
 */
public record EngineConfig(int[] dropLevelBounds, long slowFrameNs, long idleGapNs, long userRefreshPeriodNs,
                           long windowNs) {

    /** 1e9 / 60 rounded: the period used when nothing else tells the refresh rate. */
    public static final long FALLBACK_PERIOD_NS = 16_666_667L;
    public static final long DEFAULT_IDLE_GAP_NS = 1_000_000_000L;
    public static final long DEFAULT_WINDOW_NS = 1_000_000_000L;

    public EngineConfig {
        if (dropLevelBounds.length != 4) {
            throw new IllegalArgumentException("drop levels need 4 bounds (normal,middle,high,frozen), got "
                    + dropLevelBounds.length);
        }
        for (int i = 0; i < 4; i++) {
            if (dropLevelBounds[i] < 1 || (i > 0 && dropLevelBounds[i] <= dropLevelBounds[i - 1])) {
                throw new IllegalArgumentException("drop levels must be ascending positive integers, got "
                        + Arrays.toString(dropLevelBounds));
            }
        }
        if (slowFrameNs < 0 || idleGapNs <= 0 || userRefreshPeriodNs < 0 || windowNs <= 0) {
            throw new IllegalArgumentException("thresholds must be positive");
        }
        dropLevelBounds = dropLevelBounds.clone();
    }

    public static EngineConfig defaults() {
        return new EngineConfig(DropLevel.DEFAULT_BOUNDS, 0, DEFAULT_IDLE_GAP_NS, 0, DEFAULT_WINDOW_NS);
    }

    @Override
    public int[] dropLevelBounds() {
        return dropLevelBounds.clone();
    }

    public EngineConfig withUserRefreshPeriodNs(long periodNs) {
        return new EngineConfig(dropLevelBounds, slowFrameNs, idleGapNs, periodNs, windowNs);
    }

    DropLevel dropLevel(long dropped) {
        return DropLevel.of(dropped, dropLevelBounds);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EngineConfig c && Arrays.equals(dropLevelBounds, c.dropLevelBounds)
                && slowFrameNs == c.slowFrameNs && idleGapNs == c.idleGapNs
                && userRefreshPeriodNs == c.userRefreshPeriodNs && windowNs == c.windowNs;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dropLevelBounds) * 31 + Long.hashCode(slowFrameNs ^ idleGapNs ^ windowNs);
    }

    @Override
    public String toString() {
        return "EngineConfig" + Arrays.toString(dropLevelBounds) + " slow=" + slowFrameNs + " idle=" + idleGapNs
                + " refresh=" + userRefreshPeriodNs + " window=" + windowNs;
    }
}
