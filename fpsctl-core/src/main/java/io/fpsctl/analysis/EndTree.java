package io.fpsctl.analysis;

import java.util.Arrays;

/**
 * Slices' ends by position, for {@link FrameTimingQuery}'s searches in O(log n) each instead of a walk over every
 * slice: a segment tree of the largest end under each node, where an absent position holds {@link Long#MIN_VALUE}.
 * A trace of 10 minutes has some 36 000 frames per app at 60 Hz; walking them all per frame made {@code analyze} of a
 * 100 MB trace take minutes (docs/performance.md, the trace section).
 */
final class EndTree {

    private static final long ABSENT = Long.MIN_VALUE;

    /** Leaves from {@code size}; node {@code i}'s children are {@code 2i} and {@code 2i + 1}. */
    private final long[] max;
    private final int size;

    /** A tree of {@code n} positions, all absent. */
    EndTree(int n) {
        int s = 1;
        while (s < n) {
            s <<= 1;
        }
        size = s;
        max = new long[2 * s];
        Arrays.fill(max, ABSENT);
    }

    /** Sets position {@code i}'s end ({@link Long#MIN_VALUE}: absent). */
    void set(int i, long end) {
        int n = size + i;
        max[n] = end;
        for (n >>= 1; n >= 1; n >>= 1) {
            max[n] = Math.max(max[2 * n], max[2 * n + 1]);
        }
    }

    /** Takes position {@code i} out. */
    void remove(int i) {
        set(i, ABSENT);
    }

    /** The largest present position below {@code limit} whose end is at least {@code t}; −1 when none. */
    int lastBelow(int limit, long t) {
        return limit <= 0 ? -1 : last(1, 0, size, limit, t);
    }

    private int last(int node, int lo, int hi, int limit, long t) {
        if (lo >= limit || max[node] < t || max[node] == ABSENT) {
            return -1;
        }
        if (hi - lo == 1) {
            return lo;
        }
        int mid = (lo + hi) >>> 1;
        int r = last(2 * node + 1, mid, hi, limit, t);
        return r >= 0 ? r : last(2 * node, lo, mid, limit, t);
    }

    /** The smallest present position whose end is at least {@code t}; −1 when none. */
    int first(long t) {
        if (max[1] < t || max[1] == ABSENT) {
            return -1;
        }
        int n = 1;
        while (n < size) {
            n = max[2 * n] >= t && max[2 * n] != ABSENT ? 2 * n : 2 * n + 1;
        }
        return n - size;
    }
}
