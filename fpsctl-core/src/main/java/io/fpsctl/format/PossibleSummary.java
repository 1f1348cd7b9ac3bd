package io.fpsctl.format;

import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.PlausibleBounds;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.Summary;

/**
 * What a summary read back from JSON must satisfy before {@code gate --from} or a baseline trusts it (docs/metrics.md,
 * "What fpsctl refuses to believe"): every figure one that fpsctl's engine can produce from frames a device can
 * report. Values are compared as printed (rates with one decimal, durations and percentages with two).
 */
final class PossibleSummary {
    /** Half the last printed digit of a rate (one decimal): what rounding may add. */
    private static final double RATE_ROUNDING = 0.05;
    /** Half the last printed digit of a duration or a percentage (two decimals). */
    private static final double MS_ROUNDING = 0.005;
    /** The most vsyncs one frame can miss: it lasts at most an hour and a vsync is at least 1 ms. */
    private static final long MAX_DROPPED_PER_FRAME = PlausibleBounds.MAX_FRAME_NS / PlausibleBounds.MIN_PERIOD_NS;

    private PossibleSummary() {
    }

    /** @throws SummaryFormatException naming the first impossible figure (in a window: with the window's name) */
    static void check(Summary s) throws SummaryFormatException {
        String where = s.name() == null ? "" : "window '" + s.name() + "': ";
        String why = impossible(s);
        if (why != null) {
            throw new SummaryFormatException(where + why);
        }
        for (Summary w : s.windows()) {
            check(w);
        }
    }

    /** The first impossible figure of {@code s} (its windows aside), or null. */
    private static String impossible(Summary s) {
        Double hz = s.refreshHz();
        if (hz != null && (hz < PlausibleBounds.MIN_REFRESH_HZ - RATE_ROUNDING
                || hz > PlausibleBounds.MAX_REFRESH_HZ + RATE_ROUNDING)) {
            return "refreshHz " + hz + " is no display's (1–1000 Hz)";
        }
        double maxRate = (hz == null ? PlausibleBounds.MAX_REFRESH_HZ : hz) + RATE_ROUNDING;
        String rate = overRate("fps", s.fps(), maxRate);
        rate = rate != null ? rate : overRate("spanFps", s.spanFps(), maxRate);
        rate = rate != null ? rate : overRate("scrollFps", s.scrollFps(), maxRate);
        rate = rate != null ? rate : overRate("fingerScrollFps", s.fingerScrollFps(), maxRate);
        if (rate != null) {
            return rate;
        }
        if (s.timedFrames() == 0 && (s.fps() != null || s.frameTimeMs() != null || s.jankPercent() != null)) {
            return "fps, frame times or jankPercent without timed frames (timedFrames 0)";
        }
        if (s.timedFrames() > s.frames()) {
            return "timedFrames " + s.timedFrames() + " is more than frames " + s.frames();
        }
        if (s.jankyFrames() > s.timedFrames()) {
            return "jankyFrames " + s.jankyFrames() + " is more than timedFrames " + s.timedFrames();
        }
        if (s.frames() > 0 && s.droppedFrames() / s.frames() > MAX_DROPPED_PER_FRAME) {
            return "droppedFrames " + s.droppedFrames() + " for " + s.frames() + " frames: more than a frame of an hour"
                    + " at 1000 Hz misses";
        }
        if (s.frames() == 0 && s.droppedFrames() > 0) {
            return "droppedFrames " + s.droppedFrames() + " without frames";
        }
        long levels = 0;
        for (long l : s.dropLevels()) {
            levels += l;
        }
        if (levels > s.timedFrames()) {
            return "dropLevels count " + levels + " frames, more than timedFrames " + s.timedFrames();
        }
        if (s.jank() != null && s.jank() > s.timedFrames()) {
            return "jank " + s.jank() + " is more than timedFrames " + s.timedFrames();
        }
        if (s.bigJank() != null && s.bigJank() > (s.jank() == null ? 0 : s.jank())) {
            return "bigJank " + s.bigJank() + " is more than jank " + s.jank();
        }
        String percent = percent("jankPercent", s.jankPercent());
        percent = percent != null ? percent : percent("stutterPercent", s.stutterPercent());
        AndroidVitals v = s.androidVitals();
        if (v != null && percent == null) {
            percent = percent("androidVitals.slowFramesPercent", v.slowFramesPercent());
            percent = percent != null ? percent : percent("androidVitals.frozenFramesPercent", v.frozenFramesPercent());
            percent = percent != null ? percent
                    : percent("androidVitals.slowSession20Percent", v.slowSession20Percent());
            percent = percent != null ? percent
                    : percent("androidVitals.slowSession30Percent", v.slowSession30Percent());
        }
        FrameTimelineSummary ft = s.frameTimeline();
        if (ft != null && percent == null) {
            percent = percent("frameTimeline.appJankPercent", ft.appJankPercent());
            percent = percent != null ? percent : percent("frameTimeline.systemJankPercent", ft.systemJankPercent());
        }
        if (percent != null) {
            return percent;
        }
        String times = frameTimes(s.frameTimeMs());
        if (times != null) {
            return times;
        }
        String spans = nonNegative("stagesMs", s.stagesMs());
        spans = spans != null ? spans : nonNegative("choreographerMs", s.choreographerMs());
        if (spans != null) {
            return spans;
        }
        if (!Double.isFinite(s.coverageGapMs()) || s.coverageGapMs() < 0) {
            return "coverageGapMs " + s.coverageGapMs() + " is negative";
        }
        return resources(s.resources(), s.timedFrames());
    }

    /**
     * A thread uses at most one core; a figure over a short interval can show more by the 10 ms tick rounding (one
     * tick over 0.1 s is 10 %; docs/metrics.md 13 rule 1), so twice that is impossible.
     */
    static final double MAX_THREAD_PERCENT = 200.0;
    /** An app's CPU: at most 64 cores busy. */
    static final double MAX_APP_PERCENT = 6400.0;
    /** Memory: at most 1 TiB in kB. */
    static final long MAX_MEMORY_KB = 1L << 30;

    /** docs/metrics.md 13 rule 11 read back: what a device can report; null when plausible. */
    private static String resources(ResourceSummary r, long timedFrames) {
        if (r == null) {
            return null;
        }
        String why = cpu("resources.app", r.app(), MAX_APP_PERCENT);
        why = why != null ? why : cpu("resources.device", r.device(), 100);
        for (ResourceSummary.Cpu t : r.threads()) {
            why = why != null ? why : cpu("resources.threads '" + t.name() + "'", t, MAX_THREAD_PERCENT);
        }
        if (why != null) {
            return why;
        }
        for (Long kb : new Long[] {r.rssPeakKb(), r.pssPeakKb()}) {
            if (kb != null && kb > MAX_MEMORY_KB) {
                return "resources memory peak " + kb + " kB is more than 1 TiB";
            }
        }
        if (r.worstThermalStatus() != null && r.worstThermalStatus() > 6) {
            return "resources.worstThermalStatus " + r.worstThermalStatus() + " is not 0–6 (THERMAL_STATUS_*)";
        }
        for (Double c : new Double[] {r.maxTempC(), r.batteryTempC()}) {
            if (c != null && (c < -50 || c > 150)) {
                return "resources temperature " + c + " °C is not -50–150";
            }
        }
        if (r.throttledShare() != null && (r.throttledShare() < 0 || r.throttledShare() > 1)) {
            return "resources.throttledShare " + r.throttledShare() + " is not 0–1";
        }
        long slow = r.slowFramesMainThreadBusy() + r.slowFramesThrottled()
                + (r.load() == null ? 0 : r.load().slowFramesGpuBusy());
        if (slow > timedFrames) {
            return "resources slow frames " + slow + " are more than timedFrames " + timedFrames;
        }
        return load(r.load());
    }

    /** A phone's battery gives out at most this (100 W); a GPU clock is at most 10 GHz. */
    static final double MAX_POWER_MW = 100_000;
    static final double MAX_GPU_MHZ = 10_000;

    /** docs/metrics.md 14 rule 7 read back; null when plausible. */
    private static String load(io.fpsctl.engine.LoadSummary l) {
        if (l == null) {
            return null;
        }
        String why = range("resources.gpu percent", 100, l.gpuMeanPercent(), l.gpuPeakPercent());
        why = why != null ? why : range("resources.gpu.meanMhz", MAX_GPU_MHZ, l.gpuMeanMhz());
        why = why != null ? why : range("resources.power mW", MAX_POWER_MW, l.powerMeanMw(), l.powerPeakMw());
        why = why != null ? why : range("resources.power.energyMwh", Double.MAX_VALUE, l.energyMwh(),
                l.dischargingSeconds(), l.chargingSeconds());
        why = why != null ? why : range("resources.gpu.appActiveMs", Double.MAX_VALUE, l.appGpuMs());
        if (why != null) {
            return why;
        }
        if (l.gpuMeanPercent() != null && l.gpuPeakPercent() != null
                && l.gpuMeanPercent() > l.gpuPeakPercent() + MS_ROUNDING) {
            return "resources.gpu mean " + l.gpuMeanPercent() + " % is above its peak " + l.gpuPeakPercent() + " %";
        }
        if (l.powerMeanMw() != null && l.powerPeakMw() != null && l.powerMeanMw() > l.powerPeakMw() + MS_ROUNDING) {
            return "resources.power mean " + l.powerMeanMw() + " mW is above its peak " + l.powerPeakMw() + " mW";
        }
        return null;
    }

    private static String range(String key, double max, Double... values) {
        for (Double v : values) {
            if (v != null && (v.isNaN() || v < 0 || v > max + MS_ROUNDING)) {
                return key + " " + v + " is not 0–" + (max == Double.MAX_VALUE ? "∞" : (long) max);
            }
        }
        return null;
    }

    private static String cpu(String key, ResourceSummary.Cpu c, double max) {
        if (c == null) {
            return null;
        }
        for (Double v : new Double[] {c.meanPercent(), c.peakPercent()}) {
            if (v != null && (v < 0 || v > max + MS_ROUNDING)) {
                return key + " CPU " + v + " % is not 0–" + (long) max + " %";
            }
        }
        // docs/metrics.md 13 rule 11: the peak is the highest of the intervals the mean averages
        if (c.meanPercent() != null && c.peakPercent() != null && c.meanPercent() > c.peakPercent() + MS_ROUNDING) {
            return key + " CPU mean " + c.meanPercent() + " % is above its peak " + c.peakPercent() + " %";
        }
        return null;
    }

    private static String overRate(String key, Double value, double max) {
        if (value == null) {
            return null;
        }
        if (value < 0) {
            return key + " " + value + " is negative";
        }
        return value > max ? key + " " + value + " is more than the refresh rate allows (" + (max - RATE_ROUNDING)
                + " Hz)" : null;
    }

    private static String percent(String key, Double value) {
        return value != null && (value < 0 || value > 100 + MS_ROUNDING) ? key + " " + value + " is not 0–100" : null;
    }

    /** Durations are 0 or more and the percentiles ordered: p50 ≤ p90 ≤ p95 ≤ p99 ≤ max, mean ≤ max. */
    private static String frameTimes(FrameTimes t) {
        if (t == null) {
            return null;
        }
        double[] ordered = {t.p50(), t.p90(), t.p95(), t.p99(), t.max()};
        String[] names = {"p50", "p90", "p95", "p99", "max"};
        if (t.p50() < 0 || t.mean() < 0) {
            return "frameTimeMs holds a negative duration (p50 " + t.p50() + ", mean " + t.mean() + ")";
        }
        for (int i = 1; i < ordered.length; i++) {
            if (ordered[i] < ordered[i - 1]) {
                return "frameTimeMs." + names[i] + " " + ordered[i] + " is below " + names[i - 1] + " "
                        + ordered[i - 1];
            }
        }
        if (t.mean() > t.max() + MS_ROUNDING) {
            return "frameTimeMs.mean " + t.mean() + " is above max " + t.max();
        }
        if (t.max() > PlausibleBounds.MAX_FRAME_NS / 1e6) {
            return "frameTimeMs.max " + t.max() + " is over an hour";
        }
        return null;
    }

    private static String nonNegative(String key, Double[] values) {
        if (values != null) {
            for (Double d : values) {
                if (d != null && d < 0) {
                    return key + " holds a negative span (" + d + ")";
                }
            }
        }
        return null;
    }
}
