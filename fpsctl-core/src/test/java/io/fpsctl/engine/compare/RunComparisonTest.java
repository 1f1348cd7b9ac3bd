package io.fpsctl.engine.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** docs/metrics.md section 8, with every expected number worked out by hand in the comments. */
class RunComparisonTest {

    @Test
    void exactDistributionOfUForThreeAndThree() {
        // U = number of (b, c) pairs with c > b; its C(6,3) = 20 arrangements are the partitions of u into at
        // most 3 parts each at most 3: u=0 {}, 1 {1}, 2 {2},{1,1}, 3 {3},{2,1},{1,1,1}, 4 {3,1},{2,2},{2,1,1},
        // 5 {3,2},{3,1,1},{2,2,1}, 6 {3,3},{3,2,1},{2,2,2}, 7 {3,3,1},{3,2,2}, 8 {3,3,2}, 9 {3,3,3}
        assertArrayEquals(new long[] {1, 1, 2, 3, 3, 3, 3, 2, 1, 1}, MannWhitney.counts(3, 3));
    }

    @Test
    void criticalRanks() {
        // 3+3: P(U <= 0) = 1/20 = 0.05 > 0.025: no finite 95 % interval
        assertEquals(0, MannWhitney.criticalRank(3, 3, 0.05));
        // 4+4: P(U <= 0) = 1/70 = 0.0143 <= 0.025 < P(U <= 1) = 2/70
        assertEquals(1, MannWhitney.criticalRank(4, 4, 0.05));
        // 5+5: counts 1,1,2,3 → P(U <= 2) = 4/252 = 0.0159 <= 0.025 < P(U <= 3) = 7/252 = 0.0278
        assertEquals(3, MannWhitney.criticalRank(5, 5, 0.05));
        // normal approximation, 25+25 = 625 pairs: 312.5 − 1.96 × sqrt(625 × 51 / 12) = 312.5 − 1.96 × 51.54 = 211.48
        assertEquals(211, MannWhitney.criticalRank(25, 25, 0.05));
    }

    @Test
    void hodgesLehmannShiftAndInterval() {
        // c_i − b_j = 10 + i − j for i, j in 0..4: 6..14 with counts 1,2,3,4,5,4,3,2,1 (25 differences)
        // median (13th) = 10; k = 3: d(3) = 7, d(23) = 13
        ShiftEstimate s = ShiftEstimate.of(new double[] {10, 11, 12, 13, 14}, new double[] {20, 21, 22, 23, 24});
        assertEquals(10, s.delta());
        assertEquals(7, s.ciLow());
        assertEquals(13, s.ciHigh());
        assertTrue(s.hasInterval());
    }

    @Test
    void fpsDropBeyondTheAllowedShareRegresses() {
        // baseline sorted 59,60,60,60,61 (median 60); candidate sorted 49,50,50,51,52 (median 50)
        // the 25 differences c − b sorted: −12, −11 ×5, −10 ×8, −9 ×6, −8 ×4, −7
        // Δ = 13th = −10; d(3) = −11, d(23) = −8: the whole interval is below 0, and lower fps is worse
        // |Δ| = 10 > 10 % of 60 = 6 → regressed; percentages of 60: −16.67, −18.33, −13.33
        MetricComparison c = RunComparison.compare(ComparedMetric.FPS, new double[] {60, 59, 60, 61, 60},
                new double[] {50, 51, 49, 50, 52}, 10);
        assertEquals(Verdict.REGRESSED, c.verdict());
        assertEquals(60, c.baseline());
        assertEquals(50, c.candidate());
        assertEquals(59, c.baselineMin());
        assertEquals(61, c.baselineMax());
        assertEquals(-10, c.delta());
        assertEquals(-16.667, c.deltaPercent(), 0.001);
        assertEquals(-18.333, c.ciLowPercent(), 0.001);
        assertEquals(-13.333, c.ciHighPercent(), 0.001);
        assertNull(c.note());
        // allowed 20 % of 60 = 12 ≥ 10: a real shift, but within what the user allows
        assertEquals(Verdict.UNCHANGED, RunComparison.compare(ComparedMetric.FPS, new double[] {60, 59, 60, 61, 60},
                new double[] {50, 51, 49, 50, 52}, 20).verdict());
        // the same numbers for jank % (higher is worse): the candidate is lower, so it improved
        assertEquals(Verdict.IMPROVED, RunComparison.compare(ComparedMetric.JANK_PERCENT,
                new double[] {60, 59, 60, 61, 60}, new double[] {50, 51, 49, 50, 52}, 10).verdict());
    }

    @Test
    void sameRunTwiceIsUnchanged() {
        // baseline 59,60,60,60,61 and candidate 59,60,60,60,61: differences are symmetric about 0, so the
        // interval d(3) = −1 … d(23) = +1 holds 0
        MetricComparison c = RunComparison.compare(ComparedMetric.FPS, new double[] {60, 59, 61, 60, 60},
                new double[] {60, 61, 59, 60, 60}, 10);
        assertEquals(Verdict.UNCHANGED, c.verdict());
        assertEquals(0, c.delta());
        assertEquals(-1.667, c.ciLowPercent(), 0.001);
        assertEquals(1.667, c.ciHighPercent(), 0.001);
    }

    @Test
    void fewerThanThreeIterationsCompareMediansOnly() {
        // medians 2.0 and 3.0 jank %: +1.0 = +50 % of 2.0 > 10 % → regressed, without an interval
        MetricComparison c = RunComparison.compare(ComparedMetric.JANK_PERCENT, new double[] {1, 3},
                new double[] {3}, 10);
        assertEquals(Verdict.REGRESSED, c.verdict());
        assertEquals(1, c.delta());
        assertEquals(50, c.deltaPercent(), 1e-9);
        assertNull(c.ciLowPercent());
        assertEquals(RunComparison.TOO_FEW, c.note());
    }

    @Test
    void threeAgainstThreeAndFourUseTheMediansRule() {
        // rev 3: 3+3 and 3+4 have no finite exact 95 % interval (P(U = 0) = 1/20 and 1/35 > 0.025), so the
        // medians are compared: 60 → 30 fps is −30 = −50 % of 60, beyond 10 % on the worse side → regressed
        MetricComparison c = RunComparison.compare(ComparedMetric.FPS, new double[] {60, 60, 60},
                new double[] {30, 30, 30}, 10);
        assertEquals(Verdict.REGRESSED, c.verdict());
        assertEquals(-30, c.delta());
        assertEquals(-50, c.deltaPercent(), 1e-9);
        assertNull(c.ciLowPercent());
        assertEquals("too few iterations for a confidence interval (need 4 + 4 or 3 + 5)", c.note());
        assertTrue(RunComparison.anyRegressed(java.util.List.of(c)));
        // 3+4: baseline median 60, candidate 59,60,61,62 median 60.5: +0.5 fps is better, 0.83 % < 10 % → unchanged
        MetricComparison d = RunComparison.compare(ComparedMetric.FPS, new double[] {61, 60, 59},
                new double[] {62, 59, 60, 61}, 10);
        assertEquals(Verdict.UNCHANGED, d.verdict());
        assertEquals(0.5, d.delta());
        assertEquals(RunComparison.NO_INTERVAL, d.note());
        // 3+5: P(U = 0) = 1/56 = 0.018 ≤ 0.025, k = 1: the interval is [min, max] of the 15 differences
        // c − b for b in {60,60,60}, c in {30,31,32,33,34}: −30 … −26, all below 0; Δ = median = −28 → regressed
        MetricComparison e = RunComparison.compare(ComparedMetric.FPS, new double[] {60, 60, 60},
                new double[] {30, 31, 32, 33, 34}, 10);
        assertEquals(Verdict.REGRESSED, e.verdict());
        assertEquals(-28, e.delta());
        assertEquals(-50, e.ciLowPercent(), 1e-9);
        assertEquals(-26 / 60.0 * 100, e.ciHighPercent(), 1e-9);
        assertNull(e.note());
    }

    @Test
    void theSameMediansAreUnchangedAtTenPercentAndRegressedAtFive() {
        // the values of a flaky ReportBrowserTest run: 3 + 3 iterations, so the medians decide (section 8)
        // baseline sorted 41.9, 42.4, 44.0 (median 42.4); candidate sorted 37.0, 38.5, 45.1 (median 38.5)
        // Δ = 38.5 − 42.4 = −3.9 = −9.198 % of 42.4, on the worse side (lower fps)
        // against 10 % (gate --max-regression 10): 3.9 ≤ 4.24 → unchanged
        MetricComparison ten = RunComparison.compare(ComparedMetric.FPS, new double[] {42.4, 41.9, 44.0},
                new double[] {38.5, 45.1, 37.0}, 10);
        assertEquals(Verdict.UNCHANGED, ten.verdict());
        assertEquals(-3.9, ten.delta(), 1e-9);
        assertEquals(-9.198, ten.deltaPercent(), 0.001);
        assertEquals(RunComparison.NO_INTERVAL, ten.note());
        // against 5 % (the report command's default, docs/commands.md 8): 3.9 > 2.12 → regressed, same change
        MetricComparison five = RunComparison.compare(ComparedMetric.FPS, new double[] {42.4, 41.9, 44.0},
                new double[] {38.5, 45.1, 37.0}, 5);
        assertEquals(Verdict.REGRESSED, five.verdict());
        assertEquals(ten.deltaPercent(), five.deltaPercent());
    }

    @Test
    void zeroBaselineRegressesOnlyWhenTheWholeIntervalIsWorse() {
        // rev 3: baseline median 0 → no percentage, the threshold does not apply.
        // frozen frames 0,0,0,0,0 against 2,2,2,2,2: all 25 differences are +2, interval [2, 2] above 0 →
        // regressed even at PCT 1000 (the rev 2 rule allowed PCT in the unit, so PCT 5 passed)
        MetricComparison c = RunComparison.compare(ComparedMetric.FROZEN_FRAMES, new double[] {0, 0, 0, 0, 0},
                new double[] {2, 2, 2, 2, 2}, 1000);
        assertEquals(Verdict.REGRESSED, c.verdict());
        assertEquals(2, c.delta());
        assertNull(c.deltaPercent());
        assertNull(c.ciLowPercent());
        // jank 0,0,0,0,0 against 0,0,0,0,3: differences twenty 0s and five 3s sorted; k = 3: d(3) = 0, so the
        // interval [0, 3] touches 0 → unchanged
        assertEquals(Verdict.UNCHANGED, RunComparison.compare(ComparedMetric.JANK_PERCENT,
                new double[] {0, 0, 0, 0, 0}, new double[] {0, 0, 0, 0, 3}, 10).verdict());
        // one iteration each (the fewer-than-3 rule): 0.00 % → 2.50 % is worse → regressed at any PCT
        MetricComparison one = RunComparison.compare(ComparedMetric.JANK_PERCENT, new double[] {0},
                new double[] {2.5}, 10);
        assertEquals(Verdict.REGRESSED, one.verdict());
        assertNull(one.deltaPercent());
        assertEquals(RunComparison.TOO_FEW, one.note());
        // improved is impossible from 0: fps 0 → 60 (higher is better) is unchanged
        assertEquals(Verdict.UNCHANGED, RunComparison.compare(ComparedMetric.FPS, new double[] {0},
                new double[] {60}, 10).verdict());
        assertEquals(Verdict.UNCHANGED, RunComparison.compare(ComparedMetric.JANK_PERCENT, new double[] {0, 0},
                new double[] {0}, 10).verdict());
    }

    /**
     * Frame overrun near 0 (docs/metrics.md 8): a baseline median within 1 ms of 0 is compared in ms against
     * --max-regression of 1 ms. Worked by hand, 5 + 5 iterations, every pairwise difference equal (so the interval is
     * that one value), --max-regression 10 → 0.1 ms.
     */
    @Test
    void overrunNearZeroIsComparedInMilliseconds() {
        ComparedMetric m = ComparedMetric.FRAME_OVERRUN_P90_MS;
        // -0.1 → -0.08: +0.02 ms, worse but under 0.1 ms: unchanged (as 20 % of 0.1 it was "regressed")
        MetricComparison tiny = RunComparison.compare(m, new double[] {-0.1, -0.1, -0.1, -0.1, -0.1},
                new double[] {-0.08, -0.08, -0.08, -0.08, -0.08}, 10);
        assertEquals(Verdict.UNCHANGED, tiny.verdict());
        assertNull(tiny.deltaPercent());
        assertNull(tiny.ciLowPercent());
        // -0.1 → +0.1: +0.2 ms > 0.1 ms: regressed, shown in ms
        MetricComparison worse = RunComparison.compare(m, new double[] {-0.1, -0.1, -0.1, -0.1, -0.1},
                new double[] {0.1, 0.1, 0.1, 0.1, 0.1}, 10);
        assertEquals(Verdict.REGRESSED, worse.verdict());
        assertEquals("+0.20 ms", io.fpsctl.verdict.ComparisonFigures.change(worse));
        // 0 → -0.5: on the deadline is no "none": -0.5 ms is an improvement (frozen frames from 0 could not improve)
        assertEquals(Verdict.IMPROVED, RunComparison.compare(m, new double[] {0, 0, 0, 0, 0},
                new double[] {-0.5, -0.5, -0.5, -0.5, -0.5}, 10).verdict());
        // -3 → -2.5, outside the floor: the percentage of its size, +0.5 / 3 = 16.67 % > 10 %: regressed
        MetricComparison far = RunComparison.compare(m, new double[] {-3, -3, -3, -3, -3},
                new double[] {-2.5, -2.5, -2.5, -2.5, -2.5}, 10);
        assertEquals(Verdict.REGRESSED, far.verdict());
        assertEquals(16.67, far.deltaPercent(), 0.01);
    }
}
