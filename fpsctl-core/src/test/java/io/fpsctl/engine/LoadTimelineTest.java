package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md section 14 worked by hand from four reads one second apart (timeline 0, 1, 2, 3 s; uptime
 * 100..103 s) of one app whose main thread is idle, and a run that charges.
 */
class LoadTimelineTest {
    private static final double EPS = 1e-9;
    private static final long S = 1_000_000_000L;

    private static ResourceCounters read(double uptime, DeviceLoad load) {
        return new ResourceCounters(uptime, 1000, List.of(new ResourceCounters.Thread(1000, "example.feed",
                (long) uptime)), null, List.of(), List.of(), null, null, null, null, null, List.of(), load);
    }

    private static DeviceLoad load(double gpu, double mhz, Double drainMw, boolean external, long appRx, long appTx,
                                   long devRx, long devTx) {
        return new DeviceLoad(gpu, mhz, null, external, drainMw, drainMw == null ? 0 : -1,
                drainMw == null ? "charging (Charging)" : null, appRx, appTx, null, devRx, devTx, null);
    }

    private static ResourceTimeline fourReads() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, load(40, 300, 1000.0, false, 0, 0, 0, 0)));
        t.add(1 * S, read(101, load(95, 585, 2000.0, false, 1000, 100, 3000, 400)));
        t.add(2 * S, read(102, load(97, 585, 1500.0, false, 5000, 300, 9000, 1000)));
        t.add(3 * S, read(103, load(50, 400, 1500.0, false, 5000, 300, 9500, 1200)));
        return t;
    }

    @Test
    void aWindowTakesTheReadsThatDescribeItAndInterpolatesBytes() {
        ResourceTimeline t = fourReads();
        LoadUsage u = t.window(S / 2, 5 * S / 2).load();
        // reads after the start's (0 s) up to the first at or after the end (3 s): 1 s, 2 s, 3 s
        assertEquals((95 + 97 + 50) / 3.0, u.gpuPercent(), EPS);
        assertEquals((585 + 585 + 400) / 3.0, u.gpuMhz(), EPS);
        assertEquals((2000 + 1500 + 1500) / 3.0, u.powerMw(), EPS);
        assertEquals(Boolean.FALSE, u.charging());
        // app rx at 0.5 s: 500; at 2.5 s: 5000 -> 4500; tx 50 -> 300 = 250
        assertEquals(4500L, u.appRxBytes());
        assertEquals(250L, u.appTxBytes());
        // device rx 1500 -> 9250 = 7750; tx 200 -> 1100 = 900 (the app's bytes are part of them)
        assertEquals(7750L, u.deviceRxBytes());
        assertEquals(900L, u.deviceTxBytes());
        assertNull(u.appNetReason());
    }

    @Test
    void aSaturatedGpuIsTheCauseWhenTheMainThreadIsNotBusy() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, load(40, 300, 1000.0, false, 0, 0, 0, 0)));
        t.add(1 * S, read(101, load(95, 585, 2000.0, false, 1000, 100, 3000, 400)));
        ResourceUsage u = t.newestInterval();
        // the main thread used 1 tick in 1 s: 1 %
        assertEquals(1.0, u.mainCpu(), EPS);
        assertEquals(LoadUsage.GPU_BUSY, u.slowFrameCause());
        t.slowFrameCause(u.slowFrameCause());
        assertEquals(1, t.summary().load().slowFramesGpuBusy());
    }

    @Test
    void theRunAddsEnergyAndBytes() {
        LoadSummary s = fourReads().summary().load();
        // each interval takes the read at its end: 95, 97, 50 over 1 s each
        assertEquals((95 + 97 + 50) / 3.0, s.gpuMeanPercent(), EPS);
        assertEquals(97.0, s.gpuPeakPercent(), EPS);
        // (2000 + 1500 + 1500) mW over 1 s each = 5000 mJ... as mWh: 5000 / 3600
        assertEquals(5000 / 3600.0, s.energyMwh(), EPS);
        assertEquals(5000 / 3.0, s.powerMeanMw(), EPS);
        assertEquals(2000.0, s.powerPeakMw(), EPS);
        assertEquals(3.0, s.dischargingSeconds(), EPS);
        assertEquals(-1, s.dischargeSign());
        assertEquals(5000L, s.appRxBytes());
        assertEquals(300L, s.appTxBytes());
        assertEquals(9500L, s.deviceRxBytes());
        assertEquals(1200L, s.deviceTxBytes());
    }

    @Test
    void chargingIsSaidAndNeverANegativeDrain() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, load(10, 300, null, true, 0, 0, 0, 0)));
        t.add(1 * S, read(101, load(10, 300, null, true, 0, 0, 0, 0)));
        t.add(2 * S, read(102, load(10, 300, null, true, 0, 0, 0, 0)));
        LoadUsage u = t.window(S / 2, 3 * S / 2).load();
        assertEquals(Boolean.TRUE, u.charging());
        assertNull(u.powerMw());
        assertEquals("charging", u.powerReason());
        LoadSummary s = t.summary().load();
        assertNull(s.energyMwh());
        assertNull(s.powerMeanMw());
        assertEquals(2.0, s.chargingSeconds(), EPS);
        assertEquals("charging the whole run", s.powerReason());
    }

    @Test
    void unreadableFiguresKeepTheirReason() {
        ResourceTimeline t = new ResourceTimeline(100);
        DeviceLoad closed = new DeviceLoad(null, null, "/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied", false,
                1200.0, -1, null, null, null, "per-app bytes need xt_qtaguid", 10L, 10L, null);
        t.add(0, read(100, closed));
        t.add(1 * S, read(101, closed));
        t.add(2 * S, read(102, closed));
        LoadUsage u = t.window(S / 2, 3 * S / 2).load();
        assertNull(u.gpuPercent());
        assertEquals("/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied", u.gpuReason());
        assertNull(u.appRxBytes());
        assertEquals("per-app bytes need xt_qtaguid", u.appNetReason());
        assertEquals(0L, u.deviceRxBytes()); // read, and nothing moved: a true 0
        LoadSummary s = t.summary().load();
        assertNull(s.gpuMeanPercent());
        assertTrue(s.gpuReason().contains("Permission denied"));
        assertNull(s.appRxBytes());
    }
    private static DeviceLoad gpuTime(Long activeNs, String reason) {
        return new DeviceLoad(50.0, 585.0, null, false, 1000.0, -1, null, 0L, 0L, null, 0L, 0L, null, activeNs,
                reason);
    }

    /**
     * docs/metrics.md 14 rule 10 by hand: the app's GPU counter 0, 0.3 s, 0.8 s, then 0.1 s (gpuservice cleared its
     * map: a statsd pull) at 0..3 s. The window 0.5..1.5 s: 0.15 s -> 0.55 s = 400 ms; a window over the reset has
     * none, saying why; the run, which lost an interval, has none either.
     */
    @Test
    void theAppsGpuTimeIsACounterThatCanBeReset() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, gpuTime(0L, null)));
        t.add(1 * S, read(101, gpuTime(300_000_000L, null)));
        t.add(2 * S, read(102, gpuTime(800_000_000L, null)));
        LoadUsage u = t.window(S / 2, 3 * S / 2).load();
        assertEquals(400.0, u.appGpuMs(), EPS);
        assertNull(u.appGpuReason());
        assertEquals(800.0, t.summary().load().appGpuMs(), EPS);
        t.add(3 * S, read(103, gpuTime(100_000_000L, null)));
        LoadUsage over = t.window(2 * S, 3 * S).load();
        assertNull(over.appGpuMs());
        assertTrue(over.appGpuReason().contains("statsd"), over::toString);
        LoadSummary run = t.summary().load();
        assertNull(run.appGpuMs());
        assertTrue(run.appGpuReason().contains("during the run"), run::toString);
        // an unreadable counter keeps the device's reason
        ResourceTimeline off = new ResourceTimeline(100);
        off.add(0, read(100, gpuTime(null, "GPU work information is not available")));
        off.add(1 * S, read(101, gpuTime(null, "GPU work information is not available")));
        assertEquals("GPU work information is not available", off.window(0, S).load().appGpuReason());
        assertEquals("GPU work information is not available", off.summary().load().appGpuReason());
    }
    /**
     * A clear between two reads inside a window, whose interpolated edges still rise: reads 0, 800, 100 (cleared) and
     * 1000 ms at 0 to 3 s; the window 1.5 to 2.5 s has edges 450 and 550 (a false 100 ms) and a read that went back
     * between them: unknown, saying why.
     */
    @Test
    void aResetBetweenAWindowsEdgeReadsIsSeen() {
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, gpuTime(0L, null)));
        t.add(1 * S, read(101, gpuTime(800_000_000L, null)));
        t.add(2 * S, read(102, gpuTime(100_000_000L, null)));
        t.add(3 * S, read(103, gpuTime(1_000_000_000L, null)));
        LoadUsage u = t.window(3 * S / 2, 5 * S / 2).load();
        assertNull(u.appGpuMs(), u::toString);
        assertTrue(u.appGpuReason().contains("reset"), u::toString);
        // a window inside one interval after the clear is whole: 2.25 to 2.75 s of 100 -> 1000 ms is 450 ms
        assertEquals(450.0, t.window(9 * S / 4, 11 * S / 4).load().appGpuMs(), EPS);
    }

    /**
     * Right after a clear the map is empty until the driver's next report, so the read in between is unknown ("lists no
     * uid"): reads 0, 800, unknown, 50, 900 ms. The run must not add 0->800 and 50->900 (1650 ms) as if whole: the
     * counter went back across the unknown read; and a run with an unknown read in its middle has no total either
     * (0, 800, unknown, 900: whether it was cleared cannot be told).
     */
    @Test
    void anEmptyReadRightAfterAClearDoesNotHideIt() {
        String empty = "dumpsys gpu --gpuwork lists no uid (the GPU driver reported no gpu_work_period yet, or the map "
                + "was just cleared)";
        ResourceTimeline t = new ResourceTimeline(100);
        t.add(0, read(100, gpuTime(0L, null)));
        t.add(1 * S, read(101, gpuTime(800_000_000L, null)));
        t.add(2 * S, read(102, gpuTime(null, empty)));
        t.add(3 * S, read(103, gpuTime(50_000_000L, null)));
        t.add(4 * S, read(104, gpuTime(900_000_000L, null)));
        LoadSummary run = t.summary().load();
        assertNull(run.appGpuMs(), run::toString);
        assertTrue(run.appGpuReason().contains("during the run"), run::toString);
        ResourceTimeline g = new ResourceTimeline(100);
        g.add(0, read(100, gpuTime(0L, null)));
        g.add(1 * S, read(101, gpuTime(800_000_000L, null)));
        g.add(2 * S, read(102, gpuTime(null, empty)));
        g.add(3 * S, read(103, gpuTime(900_000_000L, null)));
        LoadSummary gap = g.summary().load();
        assertNull(gap.appGpuMs(), gap::toString);
        assertTrue(gap.appGpuReason().contains("a total would miss their intervals")
                && gap.appGpuReason().contains("lists no uid"), gap::toString);
        // a window holding the unknown read is unknown with its reason; one before it is whole
        assertEquals(empty, g.window(3 * S / 2, 5 * S / 2).load().appGpuReason());
        assertEquals(400.0, g.window(S / 4, 3 * S / 4).load().appGpuMs(), EPS);
    }
}
