package io.fpsctl.engine;

import java.util.Arrays;

/**
 * Macrobenchmark's {@code FrameTimingMetric} over a trace's frames (docs/metrics.md 15.3): {@code frameCount} and the
 * p50/p90/p95/p99 of {@code frameDurationCpuMs} and {@code frameOverrunMs}, percentiles as androidx's
 * {@code MetricResult.getPercentile} computes them (benchmark-common, androidx/androidx 0c6d1c5d: linear between the
 * two closest ranks of the sorted samples, index {@code p/100 · (n − 1)}). Immutable.
 *
 * @param frameCount matched frames
 * @param cpuMs      {@code frameDurationCpuMs} at p50, p90, p95, p99 (ms); null entries without frames
 * @param overrunMs  {@code frameOverrunMs} at p50, p90, p95, p99 (ms); null when the trace has no FrameTimeline
 *                   (API &lt; 31) or no frame
 */
public record FrameTiming(int frameCount, Double[] cpuMs, Double[] overrunMs) {

    /** The percentiles kept, in the order of {@link #cpuMs} and {@link #overrunMs}. */
    public static final int[] PERCENTILES = {50, 90, 95, 99};

    public FrameTiming {
        cpuMs = cpuMs == null ? null : cpuMs.clone();
        overrunMs = overrunMs == null ? null : overrunMs.clone();
    }

    /** From the per-frame samples (ms, frame order); {@code overrun} null below API 31. */
    public static FrameTiming of(double[] cpu, double[] overrun) {
        return new FrameTiming(cpu.length, percentiles(cpu), overrun == null ? null : percentiles(overrun));
    }

    @Override
    public Double[] cpuMs() {
        return cpuMs == null ? null : cpuMs.clone();
    }

    @Override
    public Double[] overrunMs() {
        return overrunMs == null ? null : overrunMs.clone();
    }

    /** {@code frameDurationCpuMs} at {@code p} (one of {@link #PERCENTILES}); null when unknown. */
    public Double cpu(int p) {
        return at(cpuMs, p);
    }

    /** {@code frameOverrunMs} at {@code p} (one of {@link #PERCENTILES}); null when unknown. */
    public Double overrun(int p) {
        return at(overrunMs, p);
    }

    private static Double at(Double[] values, int p) {
        if (values == null) {
            return null;
        }
        for (int i = 0; i < PERCENTILES.length; i++) {
            if (PERCENTILES[i] == p) {
                return values[i];
            }
        }
        throw new IllegalArgumentException("no p" + p);
    }

    private static Double[] percentiles(double[] data) {
        Double[] out = new Double[PERCENTILES.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = percentile(data, PERCENTILES[i]);
        }
        return out;
    }

    /** androidx {@code MetricResult.getPercentile}; null without samples. */
    public static Double percentile(double[] data, int p) {
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
