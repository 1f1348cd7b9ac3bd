package io.fpsctl.engine;

/**
 * One {@code Flutter.Frame} event of a profile or debug Flutter app (docs/metrics.md 16), as
 * {@code SchedulerBinding._profileFramePostEvent} posts it (flutter/flutter
 * {@code packages/flutter/lib/src/scheduler/binding.dart}, 5f440a94): every value in microseconds from
 * {@code dart:ui}'s {@code FrameTiming}.
 *
 * @param number          {@code FrameTiming.frameNumber}
 * @param startUs         {@code timestampInMicroseconds(FramePhase.buildStart)} (the engine's monotonic clock)
 * @param elapsedUs       {@code totalSpan}: rasterFinish − vsyncStart
 * @param buildUs         {@code buildDuration}: the UI thread's part
 * @param rasterUs        {@code rasterDuration}: the raster thread's part
 * @param vsyncOverheadUs {@code vsyncOverhead}: buildStart − vsyncStart
 */
public record FlutterFrame(long number, long startUs, long elapsedUs, long buildUs, long rasterUs,
                           long vsyncOverheadUs) {

    /** Build time in ms. */
    public double buildMs() {
        return buildUs / 1000.0;
    }

    /** Raster time in ms. */
    public double rasterMs() {
        return rasterUs / 1000.0;
    }

    /**
     * Janky: the UI or the raster part took longer than one refresh period (the budget at the display's rate, not
     * a fixed 16 ms), the rule of Flutter DevTools' frames chart (docs/metrics.md 16).
     */
    public boolean janky(long budgetUs) {
        return buildUs > budgetUs || rasterUs > budgetUs;
    }
}
