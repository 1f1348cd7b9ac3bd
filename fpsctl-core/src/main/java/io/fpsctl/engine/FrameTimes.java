package io.fpsctl.engine;

/**
 * Nearest-rank percentiles, max and mean of the frame times of the timed frames, in ms (unrounded).
 * Rendered frames: duration; presented frames: gap (docs/metrics.md section 5). Percentiles are exact to the
 * microsecond, max and mean to the nanosecond (see {@link FrameTimeHistogram}).
 */
public record FrameTimes(double p50, double p90, double p95, double p99, double max, double mean) {
}
