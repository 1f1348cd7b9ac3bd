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
     * a fixed 16 ms), by the rule of Flutter DevTools' frames chart (docs/metrics.md 16): flutter/devtools
     * {@code flutter_frame_model.dart FlutterFrame.isUiJanky}/{@code isRasterJanky} compare
     * {@code buildTime.inMilliseconds} (whole ms, truncated) with {@code 1000 / displayRefreshRate}.
     */
    public boolean janky(long budgetUs) {
        return over(buildUs, budgetUs) || over(rasterUs, budgetUs);
    }

    /** DevTools' test of one part: its whole milliseconds (truncated, as Dart's {@code inMilliseconds}) above the budget. */
    public static boolean over(long partUs, long budgetUs) {
        return partUs / 1000 > budgetUs / 1000.0;
    }

    /**
     * {@code rasterFinish} on the engine's clock in µs: {@code startTime − vsyncOverhead + elapsed} (buildStart −
     * (buildStart − vsyncStart) + (rasterFinish − vsyncStart)). The engine's clock is the device's
     * {@code CLOCK_MONOTONIC} (flutter/engine {@code fml/time/time_point.cc TimePoint::Now}: {@code
     * std::chrono::steady_clock} on Android), the clock of SurfaceFlinger's timestamps.
     */
    public long rasterFinishUs() {
        return startUs - vsyncOverheadUs + elapsedUs;
    }

    /**
     * The thread whose part of the frame took longer: {@code ui} or {@code raster}; a tie names {@code ui}, the same
     * tie rule as the summary's {@code worseThread} ({@link FlutterStats#worse}, docs/metrics.md 16 rules 4 and 9).
     */
    public String bottleneck() {
        return rasterUs > buildUs ? "raster" : "ui";
    }
}
