package io.fpsctl.engine.compare;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.Summary;
import java.util.function.Function;

/**
 * A metric that runs are compared on (docs/metrics.md section 8), with the direction that counts as worse. A metric a
 * summary has no value for (no timed frames, not measured by its source) reads as null.
 */
public enum ComparedMetric {
    FPS("fps", false, Summary::fps),
    JANK_PERCENT("jankPercent", true, Summary::jankPercent),
    P90_MS("frameTimeMs.p90", true, s -> s.frameTimeMs() == null ? null : s.frameTimeMs().p90()),
    P99_MS("frameTimeMs.p99", true, s -> s.frameTimeMs() == null ? null : s.frameTimeMs().p99()),
    FROZEN_FRAMES("dropLevels.frozen", true, s -> s.timedFrames() > 0 ? (double) s.dropLevel(DropLevel.FROZEN) : null),
    SCROLL_FPS("scrollFps", false, Summary::scrollFps),
    /**
     * Macrobenchmark's frameOverrunMs p90 of an analysed trace (docs/metrics.md 15.3); may be negative, and 0 is "on
     * the deadline", not "none": within 1 ms of 0 it is compared in ms ({@link #absoluteFloor}, docs/metrics.md 8).
     */
    FRAME_OVERRUN_P90_MS("frameTiming.frameOverrunMs.p90", true,
            s -> s.frameTiming() == null ? null : s.frameTiming().overrun(90), 1.0),
    /** Macrobenchmark's frameDurationCpuMs p90 (docs/metrics.md 15.3). */
    FRAME_CPU_P90_MS("frameTiming.frameDurationCpuMs.p90", true,
            s -> s.frameTiming() == null ? null : s.frameTiming().cpu(90));

    private final String key;
    private final boolean higherIsWorse;
    private final Function<Summary, Double> value;
    private final double absoluteFloor;

    ComparedMetric(String key, boolean higherIsWorse, Function<Summary, Double> value) {
        this(key, higherIsWorse, value, 0);
    }

    ComparedMetric(String key, boolean higherIsWorse, Function<Summary, Double> value, double absoluteFloor) {
        this.key = key;
        this.higherIsWorse = higherIsWorse;
        this.value = value;
        this.absoluteFloor = absoluteFloor;
    }

    /**
     * For a signed metric whose 0 is no "none": a baseline median nearer 0 than this (in the metric's unit) is
     * compared in absolute terms, as if it were this far from 0 (docs/metrics.md 8); 0 for the others.
     */
    public double absoluteFloor() {
        return absoluteFloor;
    }

    /** The JSON path of the metric, e.g. {@code frameTimeMs.p90}. */
    public String key() {
        return key;
    }

    /** True when a higher value is worse (jank, frame time); false for rates (fps). */
    public boolean higherIsWorse() {
        return higherIsWorse;
    }

    /** The metric's value in {@code summary}, or null when it has none. */
    public Double valueOf(Summary summary) {
        return value.apply(summary);
    }
}
