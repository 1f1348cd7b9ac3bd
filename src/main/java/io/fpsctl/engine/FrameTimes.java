package io.fpsctl.engine;

/**
 * Nearest-rank percentiles, max and mean of the frame times of the timed frames, in ms (unrounded).
 * Rendered frames: duration; presented frames: gap (METRICS.md section 7).
 */
public record FrameTimes(double p50, double p90, double p95, double p99, double max, double mean) {

    static FrameTimes of(LongSeries durations) {
        if (durations.size() == 0) {
            return null;
        }
        long[] v = durations.sorted();
        double sum = 0;
        for (long d : v) {
            sum += d;
        }
        return new FrameTimes(ms(LongSeries.nearestRank(v, 50)), ms(LongSeries.nearestRank(v, 90)),
                ms(LongSeries.nearestRank(v, 95)), ms(LongSeries.nearestRank(v, 99)), ms(v[v.length - 1]),
                sum / v.length / 1e6);
    }

    private static double ms(long ns) {
        return ns / 1e6;
    }
}
