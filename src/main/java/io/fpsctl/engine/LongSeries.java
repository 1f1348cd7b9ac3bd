package io.fpsctl.engine;

import java.util.Arrays;

/** A growable list of primitive longs: the frame times a summary takes percentiles of, without boxing. */
final class LongSeries {
    private long[] values = new long[64];
    private int size;

    void add(long v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    void addAll(LongSeries other) {
        if (size + other.size > values.length) {
            values = Arrays.copyOf(values, Math.max(size + other.size, size * 2));
        }
        System.arraycopy(other.values, 0, values, size, other.size);
        size += other.size;
    }

    int size() {
        return size;
    }

    /** A sorted copy of the values. */
    long[] sorted() {
        long[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }

    /**
     * Nearest-rank percentile of ascending {@code sorted} values (METRICS.md section 7):
     * {@code v[ceil(p/100 × n) − 1]}.
     */
    static long nearestRank(long[] sorted, int p) {
        int n = sorted.length;
        long rank = ((long) p * n + 99) / 100; // ceil(p * n / 100) in integers
        return sorted[(int) Math.max(0, rank - 1)];
    }
}
