package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.ResourceCounters.Cpu;
import io.fpsctl.engine.ResourceCounters.Frequency;
import io.fpsctl.engine.ResourceCounters.Thread;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md section 13 worked by hand from three reads of one app (pid 1000) and one of its restart (pid 2000).
 * CLK_TCK = 100: one tick is 10 ms.
 */
class ResourceTimelineTest {
    private static final double EPS = 1e-9;
    private static final long S = 1_000_000_000L;

    // read A at uptime 100 s (timeline 1 s)
    private static final ResourceCounters A = new ResourceCounters(100.0, 1000,
            List.of(new Thread(1000, "example.feed", 500), new Thread(1010, "RenderThread", 200),
                    new Thread(1011, "hwuiTask0", 10), new Thread(1012, "hwuiTask1", 20),
                    new Thread(1013, "GPU completion", 5), new Thread(1014, "Binder:1000_1", 3)),
            new Cpu("cpu", 10_000, 40_000), List.of(new Cpu("cpu0", 5_000, 10_000), new Cpu("cpu1", 5_000, 10_000)),
            List.of(new Frequency(0, List.of(0, 1), 1_800_000, 1_800_000)), 200_000L, 150_000L, 0, 30.0, 40.0,
            List.of("thermal temperatures: none listed"));
    // read B at uptime 102 s (timeline 3 s): 2 s later
    private static final ResourceCounters B = new ResourceCounters(102.0, 1000,
            List.of(new Thread(1000, "example.feed", 690), new Thread(1010, "RenderThread", 260),
                    new Thread(1011, "hwuiTask0", 20), new Thread(1012, "hwuiTask1", 30),
                    new Thread(1013, "GPU completion", 7), new Thread(1014, "Binder:1000_1", 7),
                    new Thread(1015, "OkHttp", 8)),
            new Cpu("cpu", 10_600, 40_800), List.of(new Cpu("cpu0", 5_380, 10_400), new Cpu("cpu1", 5_360, 10_400)),
            List.of(new Frequency(0, List.of(0, 1), 1_400_000, 1_800_000)), 210_000L, null, null, null, null,
            List.of("thermal temperatures: none listed"));
    // read C at uptime 104 s (timeline 5 s)
    private static final ResourceCounters C = new ResourceCounters(104.0, 1000,
            List.of(new Thread(1000, "example.feed", 790), new Thread(1010, "RenderThread", 280),
                    new Thread(1011, "hwuiTask0", 20), new Thread(1012, "hwuiTask1", 30),
                    new Thread(1013, "GPU completion", 7), new Thread(1014, "Binder:1000_1", 7),
                    new Thread(1015, "OkHttp", 8)),
            new Cpu("cpu", 10_800, 41_600), List.of(new Cpu("cpu0", 5_480, 10_800), new Cpu("cpu1", 5_460, 10_800)),
            List.of(new Frequency(0, List.of(0, 1), 1_800_000, 1_800_000)), 190_000L, 160_000L, 1, 31.5, 42.0,
            List.of());

    @Test
    void theIntervalOfTheTwoNewestReadsIsWorkedOutFromTheirTicks() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(1 * S, A);
        assertNull(t.newestInterval(), "one read has no interval");
        t.add(3 * S, B);
        ResourceUsage u = t.newestInterval();
        assertEquals(2.0, u.seconds(), EPS);
        // main: 690 − 500 = 190 ticks = 1.9 s of CPU over 2 s = 95 % of one core
        assertEquals(95.0, u.mainCpu(), EPS);
        // RenderThread: 60 ticks / 2 s = 30 %; hwuiTask0 + hwuiTask1: (10 + 10) ticks / 2 s = 10 %; GPU completion 1 %
        assertEquals(30.0, u.renderThreadCpu(), EPS);
        assertEquals(10.0, u.hwuiTaskCpu(), EPS);
        assertEquals(1.0, u.gpuCompletionCpu(), EPS);
        // others: OkHttp appeared in between, counted from 0: 8 ticks = 4 %; Binder 4 ticks = 2 %
        assertEquals(List.of(new ResourceUsage.ThreadCpu("OkHttp", 4.0), new ResourceUsage.ThreadCpu("Binder:1000_1",
                2.0)), u.topOthers());
        // app: 95 + 30 + 10 + 1 + 4 + 2 = 142 % (more than one core)
        assertEquals(142.0, u.appCpu(), EPS);
        // device: busy 600 of 800 ticks = 75 % of all cores
        assertEquals(75.0, u.deviceCpu(), EPS);
        // cores 0 and 1: 380/400 = 95 %, 360/400 = 90 %, mean 92.5 % ≥ 90 % while policy 0 runs at 1.4 of 1.8 GHz
        assertEquals(Boolean.TRUE, u.throttled());
        assertEquals(210_000L, u.rssKb(), "the highest RSS read in the interval");
        assertEquals(150_000L, u.pssKb(), "the PSS read last (at A: B did not read it)");
        assertEquals(ResourceUsage.MAIN_THREAD_BUSY, u.slowFrameCause(), "95 % > 90 %");
    }

    @Test
    void aWindowInterpolatesTheCountersAtItsEdges() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(1 * S, A);
        t.add(3 * S, B);
        t.add(5 * S, C);
        // [2.5 s, 3.5 s): main at 2.5 s = 500 + 190 × 0.75 = 642.5; at 3.5 s = 690 + 100 × 0.25 = 715;
        // 72.5 ticks over uptime 101.5 → 102.5 = 1 s: 72.5 %
        ResourceUsage w = t.window(2_500_000_000L, 3_500_000_000L);
        assertEquals(1.0, w.seconds(), EPS);
        assertEquals(72.5, w.mainCpu(), EPS);
        // device: busy 10 450 → 10 650 (200) of total 40 600 → 41 000 (400) = 50 %
        assertEquals(50.0, w.deviceCpu(), EPS);
        // the reads bracketing it are A, B and C: thermal 1 at C, RSS peak 210 000 at B, PSS 160 000 read at C
        assertEquals(1, w.thermalStatus());
        assertEquals(210_000L, w.rssKb());
        assertEquals(160_000L, w.pssKb());
        // frequencies read at C: at max, so not throttled although B was
        assertEquals(Boolean.FALSE, w.throttled());
        assertNull(t.window(4 * S, 6 * S), "a window after the last read has no figures");
    }

    @Test
    void theRunHasTimeWeightedMeansPeaksAndMemoryAndAnotherProcessStartsAfresh() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(ResourceTimeline.UNPLACED, A);
        t.add(3 * S, B);
        t.add(5 * S, C);
        // the app restarted: pid 2000's threads are not compared with pid 1000's
        t.add(7 * S, new ResourceCounters(106.0, 2000, List.of(new Thread(2000, "example.feed", 50)),
                new Cpu("cpu", 11_000, 42_400), List.of(), List.of(), 90_000L, null, 4, null, 38.0, List.of()));
        assertNull(t.newestInterval().appCpu(), "no CPU figure spans two processes");
        assertEquals(25.0, t.newestInterval().deviceCpu(), EPS, "200 of 800 ticks");
        assertEquals(Boolean.TRUE, t.newestInterval().throttled(), "thermal status 4 ≥ SEVERE");
        t.slowFrameCause(ResourceUsage.MAIN_THREAD_BUSY);
        t.slowFrameCause(ResourceUsage.CPU_THROTTLED);
        t.slowFrameCause(ResourceUsage.MAIN_THREAD_BUSY);
        ResourceSummary s = t.summary();
        // main: (190 + 100) ticks = 2.9 s over the 4 s of pid 1000 = 72.5 %; peak (no window asked): 95 % (A→B)
        assertEquals(72.5, s.thread("main").meanPercent(), EPS);
        assertEquals(95.0, s.thread("main").peakPercent(), EPS);
        // RenderThread: 80 ticks / 4 s = 20 %; peak 30 %
        assertEquals(20.0, s.thread("RenderThread").meanPercent(), EPS);
        assertEquals(30.0, s.thread("RenderThread").peakPercent(), EPS);
        // app: (284 + 120) ticks / 4 s = 101 %
        assertEquals(101.0, s.app().meanPercent(), EPS);
        // device: (600 + 200 + 200) busy of (800 + 800 + 800) = 41.67 %; peak 75 %
        assertEquals(100.0 * 1000 / 2400, s.device().meanPercent(), EPS);
        assertEquals(75.0, s.device().peakPercent(), EPS);
        // others by mean: OkHttp 8 ticks / 4 s = 2 %, Binder 4 ticks / 4 s = 1 %
        assertEquals("OkHttp", s.threads().get(4).name());
        assertEquals(2.0, s.threads().get(4).meanPercent(), EPS);
        assertEquals(210_000L, s.rssPeakKb());
        assertEquals(160_000L, s.pssPeakKb());
        assertEquals(160_000L, s.memoryPeakKb());
        assertEquals("PSS", s.memoryPeakKind());
        assertEquals(4, s.worstThermalStatus());
        assertEquals(31.5, s.batteryTempC(), EPS, "battery: 30.0 at A, 31.5 at C");
        assertEquals(42.0, s.maxTempC(), EPS, "hottest: 40.0 at A, 42.0 at C, 38.0 at D");
        // throttled A→B (2 s) and C→D (2 s), not B→C: 4 of 6 s
        assertEquals(4.0 / 6.0, s.throttledShare(), EPS);
        assertEquals(2, s.slowFramesMainThreadBusy());
        assertEquals(1, s.slowFramesThrottled());
        assertEquals(List.of("thermal temperatures: none listed"), s.missing(), "each missing part once");
    }

    @Test
    void theNewestReadCanBePlacedLaterOnceTheClockEstimateTightens() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(1 * S, A);
        t.add(2 * S, B); // placed with the estimate before the poll
        t.placeNewest(3 * S); // the poll's frames moved the estimate: B was read at 3 s
        // [1.5 s, 2.5 s) now lies between A and B: 190 ticks over 2 s evenly, 95 ticks in 1 s = 95 %
        assertEquals(95.0, t.window(1_500_000_000L, 2_500_000_000L).mainCpu(), EPS);
    }

    @Test
    void aPeakIsTheHighestIntervalBetweenReadsSoNeverBelowTheMeanWhateverTheWindows() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(1 * S, A);
        t.add(3 * S, B);
        t.add(5 * S, C);
        // the only live window lies within B→C: main 100 ticks over 2 s evenly = 50 %
        assertEquals(50.0, t.window(3_500_000_000L, 4_500_000_000L).mainCpu(), EPS);
        ResourceSummary s = t.summary();
        // mean A→C: (190 + 100) ticks / 4 s = 72.5 %; peak: A→B 190 / 2 s = 95 % (not the window's 50 %)
        assertEquals(72.5, s.thread("main").meanPercent(), EPS);
        assertEquals(95.0, s.thread("main").peakPercent(), EPS);
        // app: A→B 142 %, B→C (100 + 20) / 2 s = 60 %; mean (284 + 120) / 4 s = 101 %; peak 142 %
        assertEquals(101.0, s.app().meanPercent(), EPS);
        assertEquals(142.0, s.app().peakPercent(), EPS);
        // device: A→B 75 %, B→C 200/800 = 25 %; mean 800/1600 = 50 %; peak 75 %
        assertEquals(50.0, s.device().meanPercent(), EPS);
        assertEquals(75.0, s.device().peakPercent(), EPS);
        for (ResourceSummary.Cpu c : s.threads()) {
            assertTrue(c.meanPercent() <= c.peakPercent(), c.toString());
        }
    }

    @Test
    void aCurrentFrequencyOfZeroIsUnknownNotBelowTheMaximum() {
        // B's cores are 92.5 % busy; with policy 0 at 1.4 of 1.8 GHz B is throttled (first test). A driver that
        // reads scaling_cur_freq 0 tells nothing: with no thermal status either, throttled is unknown (null)
        ResourceCounters zero = new ResourceCounters(B.uptimeSeconds(), B.pid(), B.threads(), B.cpu(), B.cores(),
                List.of(new Frequency(0, List.of(0, 1), 0, 1_800_000)), B.rssKb(), B.pssKb(), null, null, null,
                List.of());
        ResourceCounters noThermal = new ResourceCounters(A.uptimeSeconds(), A.pid(), A.threads(), A.cpu(), A.cores(),
                A.frequencies(), A.rssKb(), A.pssKb(), null, null, null, List.of());
        assertFalse(zero.frequencies().get(0).belowMax());
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(1 * S, noThermal);
        t.add(3 * S, zero);
        assertNull(t.newestInterval().throttled(), "0 kHz and no thermal status: not known");
        assertNull(t.summary().throttledShare());
    }
}
