package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fpsctl.format.Decimals;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FrameTimeHistogramTest {

    /** Exact nearest rank on sorted ns values, as docs/metrics.md section 5 writes it. */
    private static double exactMs(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[rank - 1] / 1e6;
    }

    @Test
    void printedPercentilesEqualTheExactNanosecondOnes() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rnd.nextInt(3000);
            long[] v = new long[n];
            FrameTimeHistogram h = new FrameTimeHistogram();
            for (int i = 0; i < n; i++) {
                // mostly frame-like times, some right on x.xx5 ms boundaries, a few beyond the dense pages
                long ns = switch (rnd.nextInt(10)) {
                    case 0 -> 5_105_000L + rnd.nextInt(3) - 1;
                    case 1 -> 5_000_000_000L + rnd.nextInt(1_000_000_000);
                    default -> rnd.nextLong(1, 200_000_000L);
                };
                v[i] = ns;
                h.add(ns);
            }
            Arrays.sort(v);
            FrameTimes t = h.toFrameTimes();
            for (int p : new int[] {50, 90, 95, 99}) {
                double got = p == 50 ? t.p50() : p == 90 ? t.p90() : p == 95 ? t.p95() : t.p99();
                assertEquals(Decimals.round(exactMs(v, p), 2), Decimals.round(got, 2), "p" + p + " n=" + n);
            }
            assertEquals(v[n - 1] / 1e6, t.max(), 0);
            assertEquals(Arrays.stream(v).sum() / 1e6 / n, t.mean(), 1e-9);
        }
    }

    @Test
    void mergeAddsCountsAndEmptyHasNoTimes() {
        FrameTimeHistogram a = new FrameTimeHistogram();
        FrameTimeHistogram b = new FrameTimeHistogram();
        assertNull(a.toFrameTimes());
        a.add(1_000_000);
        a.add(3_000_000);
        b.add(2_000_000);
        b.add(9_000_000_000L);
        a.addAll(b);
        assertEquals(4, a.count());
        assertEquals(2.0, a.toFrameTimes().p50(), 0);
        assertEquals(9000.0, a.toFrameTimes().p99(), 0);
    }
}
