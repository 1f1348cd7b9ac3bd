package io.fpsctl.sink.report;

/**
 * Which frames of a long run the page embeds (docs/report.md "Big captures"), and what the page would otherwise
 * count from them. A run of more than {@code threshold} frames keeps every janky frame (drop level above best),
 * every frame FrameTimeline marks as app or system jank (the chart rings them), and of the other frames the shortest
 * and the longest of each grid column; untimed frames are not drawn and are left out.
 *
 * <p>The grid: its columns are {@link #columnS()} seconds wide, a power of two, starting at the page's 0 s, and a
 * frame's column is {@code floor(t / columnS)} of the same float32 {@code t} the page reads. While a pixel column of
 * the chart is at least one grid column wide, the page makes it a whole number of grid columns and widens the range
 * shown to whole grid columns, so the shortest and longest best frame of every pixel column are among the kept ones
 * (the extremes of a union of columns are extremes of one of them). Zoomed finer, the page draws the kept frames only
 * and says so (docs/report.md "Big captures").
 *
 * <p>What the page used to count from the frames it decoded — the frame-time distribution (0.5 ms bins, the last
 * holding everything from 1,000 ms, as report.js bins them), the FrameTimeline verdicts and the span — is counted
 * here over every frame, so a thinned page prints the same numbers as a full one.
 */
final class ReportThinning {
    /** Runs with more frames than this are thinned: a page of 200,000 frames (about 4 MB) opens in well under 2 s. */
    static final int THIN_ABOVE = 200_000;
    /**
     * The grid is the finest power of two of seconds with at most a quarter as many columns as the threshold (each
     * keeps at most two best frames: half the threshold at most; 50,000 columns by default, 0.7 s per column for a
     * 10-hour run, while the widest chart has at most 1,060 pixel columns).
     */
    static final int COLUMNS_PER_THRESHOLD = 4;
    /**
     * Rows of the chart a frame can be drawn in: 5 drop levels and the FrameTimeline app and system jank rings
     * (report.js LEVELS and FT_MARKS). When a run has more janky and ringed frames than half the threshold (a game
     * janky all along), every row is thinned like best frames: per grid column its shortest and longest, on a grid
     * coarse enough that the page holds at most the threshold's number of frames (docs/report.md "Big captures").
     */
    static final int ROWS = 7;
    /** The distribution's bin, ms, and its last bin (everything from 1,000 ms): report.js's own. */
    static final double BIN_MS = 0.5;
    static final int LAST_BIN = 2000;

    private final int[] kept;
    private final double columnS;
    private final float span;
    private final long timed;
    private final long[] histogram;
    private final boolean capped;

    private ReportThinning(int[] kept, double columnS, float span, long timed, long[] histogram, boolean capped) {
        this.capped = capped;
        this.kept = kept;
        this.columnS = columnS;
        this.span = span;
        this.timed = timed;
        this.histogram = histogram;
    }

    /** The page's time of frame {@code i}: float32 seconds since {@code origin}, exactly as the page reads it. */
    static float pageTime(ReportFrames f, int i, long origin) {
        return (float) ((f.timeNs(i) - origin) / 1e9);
    }

    /** The thinned set of {@code f}, or null when it has at most {@code threshold} frames (the page gets them all). */
    static ReportThinning of(ReportFrames f, long origin, int threshold) {
        int n = f.size();
        if (n <= threshold) {
            return null;
        }
        float span = 0;
        for (int i = 0; i < n; i++) {
            span = Math.max(span, pageTime(f, i, origin)); // the page's own maximum of its float32 times
        }
        double columnS = columnS(span, Math.max(1, threshold / COLUMNS_PER_THRESHOLD));
        int columns = (int) Math.floor(span / columnS) + 1;
        int[] shortest = new int[columns];
        int[] longest = new int[columns];
        java.util.Arrays.fill(shortest, -1);
        java.util.Arrays.fill(longest, -1);
        long[] histogram = new long[LAST_BIN + 1];
        long timed = 0;
        int janky = 0;
        boolean[] keep = new boolean[n];
        for (int i = 0; i < n; i++) {
            byte level = f.level(i);
            if (level < 0) {
                continue; // untimed: not drawn, not in the distribution
            }
            timed++;
            float d = f.durationMs(i);
            double bin = Math.floor(d / BIN_MS);
            if (bin >= 0) { // NaN and negative bins: counted in the share's total, in no bin (as report.js)
                histogram[(int) Math.min(LAST_BIN, bin)]++;
            }
            byte ft = f.frameTimeline(i);
            if (level > 0 || ft == ReportFrames.FT_APP_JANK || ft == ReportFrames.FT_SYSTEM_JANK) {
                keep[i] = true;
                janky++;
            }
            if (level == 0) {
                int c = (int) Math.floor(pageTime(f, i, origin) / columnS);
                if (shortest[c] < 0 || d < f.durationMs(shortest[c])) {
                    shortest[c] = i;
                }
                if (longest[c] < 0 || d > f.durationMs(longest[c])) {
                    longest[c] = i;
                }
            }
        }
        for (int c = 0; c < columns; c++) {
            if (shortest[c] >= 0) {
                keep[shortest[c]] = true;
                keep[longest[c]] = true;
            }
        }
        boolean capped = janky > threshold / 2;
        if (capped) { // every row thinned alike, on a grid of at most threshold / (2 × ROWS) columns
            columnS = columnS(span, Math.max(1, threshold / (2 * ROWS)));
            keep = everyRowsExtremes(f, origin, columnS, (int) Math.floor(span / columnS) + 1);
        }
        int count = 0;
        for (boolean k : keep) {
            count += k ? 1 : 0;
        }
        int[] kept = new int[count];
        for (int i = 0, j = 0; i < n; i++) {
            if (keep[i]) {
                kept[j++] = i;
            }
        }
        return new ReportThinning(kept, columnS, span, timed, histogram, capped);
    }

    /** Per grid column and chart row, the shortest and the longest timed frame (a frame is in its level's row and,
     * when ringed, in its ring's row). */
    private static boolean[] everyRowsExtremes(ReportFrames f, long origin, double columnS, int columns) {
        int n = f.size();
        int[] shortest = new int[columns * ROWS];
        int[] longest = new int[columns * ROWS];
        java.util.Arrays.fill(shortest, -1);
        java.util.Arrays.fill(longest, -1);
        for (int i = 0; i < n; i++) {
            byte level = f.level(i);
            if (level < 0) {
                continue;
            }
            int c = (int) Math.floor(pageTime(f, i, origin) / columnS);
            byte ft = f.frameTimeline(i);
            int ring = ft == ReportFrames.FT_APP_JANK ? 5 : ft == ReportFrames.FT_SYSTEM_JANK ? 6 : -1;
            for (int row : new int[] {Math.min(level, 4), ring}) {
                if (row < 0) {
                    continue;
                }
                int k = c * ROWS + row;
                float d = f.durationMs(i);
                if (shortest[k] < 0 || d < f.durationMs(shortest[k])) {
                    shortest[k] = i;
                }
                if (longest[k] < 0 || d > f.durationMs(longest[k])) {
                    longest[k] = i;
                }
            }
        }
        boolean[] keep = new boolean[n];
        for (int k = 0; k < shortest.length; k++) {
            if (shortest[k] >= 0) {
                keep[shortest[k]] = true;
                keep[longest[k]] = true;
            }
        }
        return keep;
    }

    /** True when janky frames were too many to keep all: every row is thinned per grid column. */
    boolean capped() {
        return capped;
    }

    /** The finest power of two of seconds that splits {@code [0, span]} into at most {@code maxColumns} columns. */
    static double columnS(double span, int maxColumns) {
        double c = 0x1p-20; // about 1 µs: finer than any two frames
        while (Math.floor(span / c) + 1 > maxColumns) {
            c *= 2;
        }
        return c;
    }

    /** The indexes of the kept frames, in the order recorded. */
    int[] kept() {
        return kept;
    }

    double columnS() {
        return columnS;
    }

    /** The latest frame's page time (the page's span), over every frame. */
    float span() {
        return span;
    }

    /** Timed frames: the distribution's 100 %. */
    long timed() {
        return timed;
    }

    /** Timed frames per 0.5 ms bin; bin {@link #LAST_BIN} holds everything from 1,000 ms. */
    long[] histogram() {
        return histogram;
    }
}
