package io.fpsctl.android;

import java.util.Optional;

/**
 * What {@link LatencyParser} saw in one {@code dumpsys SurfaceFlinger --latency <layer>} dump. The rows
 * themselves went to the {@link io.fpsctl.engine.FrameSink}; this is the bookkeeping around them.
 *
 * @param layer               the layer name the dump was taken for (as given to the parser)
 * @param periodNs            the refresh period printed on line 1, in ns
 * @param unresponsiveWarning whether the dump began with a {@link SurfaceFlingerLockWarning} line
 * @param rows                data rows parsed (every well-formed row, including {@code 0 0 0} and pending ones)
 * @param validRows           rows whose actualPresent (column 2) is neither 0 nor INT64_MAX (docs/metrics.md 1)
 * @param emptyRows           rows that were {@code 0 0 0} (unused FrameTracker slots)
 * @param malformedLines      non-blank lines after the period that were not three integers (skipped)
 * @param rejectedRows        rows of three integers that cannot be true (an actualPresent that is negative or
 *                            beyond 2^62 and no sentinel), skipped: docs/metrics.md, "What fpsctl refuses to believe"
 * @param firstRejected       "line N: why" of the first of them; null when none
 */
public record LatencyDump(
        String layer,
        long periodNs,
        boolean unresponsiveWarning,
        long rows,
        long validRows,
        long emptyRows,
        long malformedLines,
        long rejectedRows,
        String firstRejected) {

    /** A dump without rejected rows. */
    public LatencyDump(String layer, long periodNs, boolean unresponsiveWarning, long rows, long validRows,
                       long emptyRows, long malformedLines) {
        this(layer, periodNs, unresponsiveWarning, rows, validRows, emptyRows, malformedLines, 0, null);
    }

    /**
     * Whether the layer showed any frame data: false when the dump was the period line only (unknown layer,
     * or no layer on Android 14+) or when every row was {@code 0 0 0} (docs/metrics.md 1: try the next
     * candidate layer).
     */
    public boolean hasData() {
        return rows > emptyRows;
    }

    /** The display refresh rate from the period line; empty when the period is 0. */
    public Optional<RefreshRate> refreshRate() {
        return RefreshRate.fromPeriodNs(periodNs);
    }
}
