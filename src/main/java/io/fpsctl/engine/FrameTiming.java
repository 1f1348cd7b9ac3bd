package io.fpsctl.engine;

import java.util.Arrays;

/**
 * Macrobenchmark's {@code FrameTimingMetric} over a trace's frames (docs/metrics.md 14.3): {@code frameCount} and the
 * p50/p90/p95/p99 of {@code frameDurationCpuMs} and {@code frameOverrunMs}, percentiles as androidx's
 * {@code MetricResult.getPercentile} computes them (linear between the two closest ranks of the sorted samples:
 * index {@code p/100 · (n − 1)}). Immutable.
 *
 * @param frameCount       matched frames
 * @param cpuMs            {@code frameDurationCpuMs} per frame, in frame order (ms)
 * @param overrunMs        {@code frameOverrunMs} per frame (ms); null when the trace has no FrameTimeline (API < 31)
 */
public record FrameTiming(int frameCount, double[] cpuMs, double[] overrunMs) {

    public FrameTiming {
        cpuMs = cpuMs.clone();
        overrunMs = overrunMs == null ? null : overrunMs.clone();
    }

    @Override
    public double[] cpuMs() {
        return cpuMs.clone();
    }

    @Override
    public double[] overrunMs() {
        return overrunMs == null ? null : overrunMs.clone();
    }

    /** {@code frameDurationCpuMs} at percentile {@code p} (0–100); null without frames. */
    public Double cpuPercentile(int p) {
        return percentile(cpuMs, p);
    }

    /** {@code frameOverrunMs} at percentile {@code p}; null without frames or without FrameTimeline. */
    public Double overrunPercentile(int p) {
        return overrunMs == null ? null : percentile(overrunMs, p);
    }

    /** androidx {@code MetricResult.getPercentile} (benchmark-common, androidx/androidx). */
    static Double percentile(double[] data, int p) {
        if (data.length == 0) {
            return null;
        }
        double[] v = data.clone();
        Arrays.sort(v);
        double ideal = Math.max(0, Math.min(100, p)) / 100.0 * (v.length - 1);
        int first = (int) ideal;
        double a = v[first];
        double b = first + 1 < v.length ? v[first + 1] : a;
        double ratio = ideal - first;
        return a * (1 - ratio) + b * ratio;
    }
}
