package io.fpsctl.engine;

import java.util.Arrays;

/**
 * The {@code flutter} block of a run (docs/metrics.md 16): build (UI thread) and raster time percentiles, the share
 * of frames whose UI or raster part ran over the refresh period, and the figures Flutter's performance overlay
 * would have shown. Pure and single-threaded; memory is two longs per frame.
 *
 * <p>The overlay (flutter/engine {@code flow/layers/performance_overlay_layer.cc} and {@code flow/stopwatch.cc}):
 * each of the UI and raster stopwatches keeps its last {@code kMaxSamples} = 120 laps and shows
 * {@code MaxDelta()} (the slowest of them); older engines printed it as {@code 1e3 / max(MaxDelta, kOneFrameMS)} fps
 * with {@code kOneFrameMS} a fixed 60 Hz frame (592f8de7), so at most 60 fps even on a 120 Hz display, newer ones as "max … ms/frame, avg … ms/frame" (9459670). fpsctl computes that worst-case fps for
 * each disjoint block of 120 consecutive frames and reports the median and the lowest, beside its own fps, which counts
 * the frames the user saw over the whole interval.
 */
public final class FlutterStats {

    /** The overlay's stopwatch length ({@code kMaxSamples}). */
    public static final int OVERLAY_WINDOW = 120;

    private long[] build = new long[256];
    private long[] raster = new long[256];
    private int count;
    private long lastNumber = -1;
    private int duplicates;

    /**
     * Adds one frame.
     *
     * @return false when it was seen before (not counted)
     */
    public boolean add(FlutterFrame f) {
        if (f.number() <= lastNumber) {
            duplicates++; // an event seen before (e.g. sent again after a reconnect): never counted twice
            return false;
        }
        lastNumber = f.number();
        if (count == build.length) {
            build = Arrays.copyOf(build, count * 2);
            raster = Arrays.copyOf(raster, count * 2);
        }
        build[count] = f.buildUs();
        raster[count] = f.rasterUs();
        count++;
        return true;
    }

    /** Starts where {@code before} stopped: an event {@code before} counted is not counted again. */
    public void continueAfter(FlutterStats before) {
        lastNumber = before.lastNumber;
    }

    /** A new engine (a new VM service after a restart) numbers its frames from 1 again. */
    public void engineRestarted() {
        lastNumber = -1;
    }

    /** Frames added so far. */
    public int count() {
        return count;
    }

    /**
     * The block, or null when no frame was added (a run without a VM service: "unavailable").
     *
     * @param budgetUs one refresh period of the display in µs (its rate, not 16 ms)
     */
    public Result result(long budgetUs) {
        if (count == 0) {
            return null;
        }
        int uiOver = 0;
        int rasterOver = 0;
        int janky = 0;
        for (int i = 0; i < count; i++) {
            boolean ui = FlutterFrame.over(build[i], budgetUs);
            boolean rs = FlutterFrame.over(raster[i], budgetUs);
            uiOver += ui ? 1 : 0;
            rasterOver += rs ? 1 : 0;
            janky += ui || rs ? 1 : 0;
        }
        long[] b = Arrays.copyOf(build, count);
        long[] r = Arrays.copyOf(raster, count);
        double[] uiFps = overlayFps(build, count);
        double[] rasterFps = overlayFps(raster, count);
        Arrays.sort(b);
        Arrays.sort(r);
        return new Result(count, budgetUs / 1000.0, pct(b, 50), pct(b, 90), pct(b, 99), pct(r, 50), pct(r, 90), pct(r, 99),
                (double) uiOver / count, (double) rasterOver / count, (double) janky / count,
                median(uiFps), min(uiFps), median(rasterFps), min(rasterFps), duplicates, worse(uiOver, rasterOver));
    }

    /**
     * The one rule for {@code worseThread} (docs/metrics.md 16 rule 4), on the counts of frames over the budget:
     * {@code raster} when more frames ran over on the raster thread, {@code ui} when at least as many did on the UI
     * thread (a tie names {@code ui}, as {@link FlutterFrame#bottleneck()} does per frame), {@code none} when no
     * frame ran over.
     */
    public static String worse(long uiOver, long rasterOver) {
        return rasterOver > uiOver ? "raster" : uiOver > 0 ? "ui" : "none";
    }

    /**
     * Whether {@code word} is what {@link #worse} gives for some counts whose shares round to the shares as
     * written: {@code summary.json} keeps 4 decimals, so 3 and 4 frames over out of 30 000 are both written 0.0001
     * and either word may stand beside them. Rounding keeps order, so a strictly larger written share still fixes
     * the word; {@code none} needs both written shares zero.
     */
    public static boolean worseAgrees(String word, double uiShareWritten, double rasterShareWritten) {
        return switch (word) {
            case "raster" -> rasterShareWritten >= uiShareWritten;
            case "ui" -> uiShareWritten >= rasterShareWritten;
            case "none" -> uiShareWritten == 0 && rasterShareWritten == 0;
            default -> false;
        };
    }

    /**
     * The overlay's one frame ({@code kOneFrameMS = 1e3 / 60.0}, flutter/engine {@code flow/instrumentation.h},
     * 592f8de7): a fixed 60 Hz frame whatever the display's rate, so the overlay never showed more than 60 fps.
     */
    static final double OVERLAY_ONE_FRAME_US = 1e6 / 60.0;

    /**
     * 1e3 / max(slowest lap in ms, kOneFrameMS) per window of 120 frames (the last one may be shorter), as
     * {@code PerformanceOverlayLayer}'s {@code VisualizeStopWatch} printed it (592f8de7).
     */
    static double[] overlayFps(long[] laps, int n) {
        int windows = (n + OVERLAY_WINDOW - 1) / OVERLAY_WINDOW;
        double[] fps = new double[windows];
        for (int w = 0; w < windows; w++) {
            long max = 0;
            for (int i = w * OVERLAY_WINDOW; i < Math.min(n, (w + 1) * OVERLAY_WINDOW); i++) {
                max = Math.max(max, laps[i]);
            }
            fps[w] = 1e6 / Math.max(max, OVERLAY_ONE_FRAME_US);
        }
        return fps;
    }

    /** Nearest-rank percentile, in ms. */
    static double pct(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1000.0;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[(s.length - 1) / 2];
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    /**
     * The block.
     *
     * @param frames              frames with timings
     * @param budgetMs            the budget: one refresh period
     * @param uiOverBudget        share of frames whose build took longer than the budget ("fix the UI thread")
     * @param rasterOverBudget    share whose raster did ("fix the raster thread")
     * @param jankyShare          share with either over the budget
     * @param overlayUiFps        median of the overlay's UI fps over 120-frame windows
     * @param overlayUiFpsWorst   its lowest
     * @param duplicates          events dropped as already seen
     * @param worseThread         the thread to look at first: {@link #worse} on the counts (not on the shares,
     *                            which a file holds rounded)
     */
    public record Result(int frames, double budgetMs, double buildP50, double buildP90, double buildP99, double rasterP50,
                         double rasterP90, double rasterP99, double uiOverBudget, double rasterOverBudget,
                         double jankyShare, double overlayUiFps, double overlayUiFpsWorst, double overlayRasterFps,
                         double overlayRasterFpsWorst, int duplicates, String worseThread) {

        /** The word when the refresh rate, hence the budget, is not known: which thread ran over cannot be said. */
        public static final String UNAVAILABLE = "unavailable";

        /** This block with the worse thread unavailable (its budget was assumed, not read). */
        public Result budgetUnknown() {
            return new Result(frames, budgetMs, buildP50, buildP90, buildP99, rasterP50, rasterP90, rasterP99,
                    uiOverBudget, rasterOverBudget, jankyShare, overlayUiFps, overlayUiFpsWorst, overlayRasterFps,
                    overlayRasterFpsWorst, duplicates, UNAVAILABLE);
        }
    }
}
