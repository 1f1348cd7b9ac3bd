package io.fpsctl.engine;

import java.util.Map;
import java.util.TreeMap;

/**
 * Frame times counted per microsecond, in memory that does not grow with the number of frames: pages of 4096
 * µs are allocated as values land in them (a capture uses a few), times beyond ~4.2 s go to a small sorted map.
 * Percentiles are nearest-rank (docs/metrics.md section 5) on the µs-truncated values: a 10 µs rounding boundary
 * (x.xx5 ms) is a whole microsecond, so every value printed with two decimals is the same as from the exact
 * ns values. Max is exact; the mean sums in {@code double} (never overflows, exact below 2^53 ns).
 */
final class FrameTimeHistogram {
    private static final int PAGE_BITS = 12;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGES = 1024;

    private int[][] pages;
    private TreeMap<Long, Long> beyond;
    private long count;
    private double sumNs;
    private long maxNs = Long.MIN_VALUE;

    void add(long ns) {
        count++;
        sumNs += ns;
        if (ns > maxNs) {
            maxNs = ns;
        }
        long us = Math.max(0, ns) / 1000;
        if (us < (long) PAGES * PAGE) {
            if (pages == null) {
                pages = new int[PAGES][];
            }
            int p = (int) (us >>> PAGE_BITS);
            int[] page = pages[p];
            if (page == null) {
                page = pages[p] = new int[PAGE];
            }
            page[(int) (us & (PAGE - 1))]++;
        } else {
            if (beyond == null) {
                beyond = new TreeMap<>();
            }
            beyond.merge(us, 1L, Long::sum);
        }
    }

    void addAll(FrameTimeHistogram o) {
        if (o.count == 0) {
            return;
        }
        count += o.count;
        sumNs += o.sumNs;
        maxNs = Math.max(maxNs, o.maxNs);
        if (o.pages != null) {
            if (pages == null) {
                pages = new int[PAGES][];
            }
            for (int p = 0; p < PAGES; p++) {
                int[] src = o.pages[p];
                if (src == null) {
                    continue;
                }
                if (pages[p] == null) {
                    pages[p] = new int[PAGE];
                }
                int[] dst = pages[p];
                for (int i = 0; i < PAGE; i++) {
                    dst[i] += src[i];
                }
            }
        }
        if (o.beyond != null) {
            if (beyond == null) {
                beyond = new TreeMap<>();
            }
            o.beyond.forEach((k, v) -> beyond.merge(k, v, Long::sum));
        }
    }

    long count() {
        return count;
    }

    /** Nearest rank: the value at rank {@code ceil(p/100 × n)}, in µs. */
    long percentileUs(int p) {
        long rank = Math.max(1, (p * count + 99) / 100);
        long seen = 0;
        if (pages != null) {
            for (int pg = 0; pg < PAGES; pg++) {
                int[] page = pages[pg];
                if (page == null) {
                    continue;
                }
                for (int i = 0; i < PAGE; i++) {
                    seen += page[i];
                    if (seen >= rank) {
                        return ((long) pg << PAGE_BITS) + i;
                    }
                }
            }
        }
        for (Map.Entry<Long, Long> e : beyond.entrySet()) {
            seen += e.getValue();
            if (seen >= rank) {
                return e.getKey();
            }
        }
        throw new IllegalStateException("rank beyond count");
    }

    /** The summary of the counted times, null when there are none. */
    FrameTimes toFrameTimes() {
        if (count == 0) {
            return null;
        }
        return new FrameTimes(percentileUs(50) / 1e3, percentileUs(90) / 1e3, percentileUs(95) / 1e3,
                percentileUs(99) / 1e3, maxNs / 1e6, sumNs / 1e6 / count);
    }
}
