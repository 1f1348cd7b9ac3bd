package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.resources.CpuFrequency;
import io.fpsctl.android.resources.ResourceProbe;
import io.fpsctl.android.resources.ResourceSample;
import io.fpsctl.android.resources.ThreadTicks;
import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.android.DumpFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulated device's resource files (issue 26) read with fpsctl's own batch command and parser, checked
 * against the simulator's structured truth ({@link ResourceTruth}) and its frames (a reference calculation here:
 * the main thread works from HandleInputStart to SyncQueued, so its ticks over a window follow from the frames).
 */
class SimResourcesTest {

    /** The batch fpsctl sends, run on the simulated device and parsed by fpsctl's parser. */
    private static ResourceSample read(SimHarness h, boolean slowParts) throws DumpFormatException {
        int pid = h.device.pid().orElseThrow();
        ResourceProbe p = ResourceProbe.of(pid, h.device.version().sdk(), slowParts, slowParts, SimHarness.PKG);
        SimHarness.Result r = h.run(p.command());
        assertEquals("", r.err(), "2>&1 leaves nothing on stderr");
        return p.parse(r.out());
    }

    @Test
    void everyPartReadsOnAndroid14AndTicksEqualTheTruth() throws Exception {
        SimHarness d = new SimHarness("jank", 14, null, 1);
        d.time.advanceMillis(5_000);
        ResourceSample s = read(d, true);
        assertEquals(List.of(), s.missing());
        ResourceTruth t = d.resources.get(d.resources.size() - 1);
        assertEquals(t.pid(), s.pid());
        // /proc/uptime: the device clock in hundredths (3 600 s boot offset + 5 s)
        assertEquals(3605.00, s.uptimeSeconds(), 1e-9);
        assertEquals(t.threads().size(), s.threads().size());
        for (ResourceTruth.ThreadTruth tt : t.threads()) {
            ThreadTicks read = s.thread(tt.tid());
            assertNotNull(read, tt.name());
            assertEquals(tt.name(), read.name());
            assertEquals(tt.busyNs() / 10_000_000L, read.cpuTicks(), tt.name() + ": ticks = floor(busy / 10 ms)");
            assertEquals(tt.utimeTicks(), read.utimeTicks());
        }
        assertTrue(s.threads().stream().anyMatch(x -> x.name().equals("Pool (2) ) x")), "the nasty comm survives");
        assertEquals(t.processTicks(), s.process().cpuTicks());
        // the process line also holds the exited OkHttp threads (1.5 s at 40 % = 60 ticks each, one by 5 s)
        long live = s.threads().stream().mapToLong(ThreadTicks::cpuTicks).sum();
        assertTrue(s.process().cpuTicks() >= live + 60 - s.threads().size(), s.process() + " vs " + live);
        assertEquals(t.rssKb(), s.rssKb());
        assertEquals(t.pssKb(), s.pssKb());
        assertEquals(0, s.thermalStatus());
        assertEquals(30.2, s.batteryTempC(), 1e-9);
        assertEquals(List.of(0, 4, 7), s.frequencies().stream().map(CpuFrequency::policy).toList());
        assertTrue(s.frequencies().stream().noneMatch(CpuFrequency::belowMax), "a cool phone runs at full speed");
        assertEquals(8, s.cores().size());
        assertTrue(s.allCpus().busyTicks() > 0 && s.allCpus().busyTicks() < s.allCpus().totalTicks());
    }

    @Test
    void android6HasNoThermalServiceAndBinderThreadsOfItsTime() throws Exception {
        SimHarness d = new SimHarness("smooth", 6, null, 1);
        d.time.advanceMillis(3_000);
        ResourceSample s = read(d, true);
        assertNull(s.thermalStatus());
        assertEquals(List.of("thermal status: needs Android 10 (API 29), the device is API 23"), s.missing());
        assertNotNull(s.pssKb());
        assertTrue(s.threads().stream().anyMatch(x -> x.name().equals("Binder_1")), s.threads().toString());
        // and dumpsys answers as Android 6 does when asked anyway
        assertEquals("Can't find service: thermalservice\n", d.run("dumpsys thermalservice").err());
    }

    @Test
    void ticksMoveWithTheSimulatedClockOnly() throws Exception {
        SimHarness d = new SimHarness("jank", 14, null, 1);
        d.time.advanceMillis(2_000);
        ResourceSample a = read(d, false);
        ResourceSample b = read(d, false);
        assertEquals(a.threads(), b.threads(), "no simulated time passed: the same counters");
        d.time.advanceMillis(1_000);
        ResourceSample c = read(d, false);
        assertTrue(c.thread(c.pid()).cpuTicks() > a.thread(a.pid()).cpuTicks());
        assertEquals(100, c.allCpus().totalTicks() / 8 - a.allCpus().totalTicks() / 8,
                "each core's total advances 100 ticks per simulated second");
    }

    @Test
    void aFrameSlowInTheUiStagesKeepsTheMainThreadBusy() throws Exception {
        SimHarness d = new SimHarness("jank", 14, null, 1);
        long period = 16_666_667L;
        List<long[]> reads = new ArrayList<>(); // {time, main ticks, render ticks}
        for (int i = 0; i < 1_000; i++) { // 20 s in 20 ms steps
            d.time.advanceMillis(20);
            ResourceSample s = read(d, false);
            ThreadTicks main = s.thread(s.pid());
            ThreadTicks render = s.threads().stream().filter(t -> t.name().equals("RenderThread")).findFirst()
                    .orElseThrow();
            reads.add(new long[] {d.time.nanoTime(), main.cpuTicks(), render.cpuTicks()});
        }
        int checked = 0;
        for (HwuiFrame f : d.frames(0)) {
            long ui = f.get(FrameColumn.SYNC_QUEUED) - f.get(FrameColumn.HANDLE_INPUT_START);
            if (ui < 6 * period) {
                continue; // not a frame made slow in its UI-thread stages
            }
            // the reads inside [HandleInputStart, SyncQueued]: the main thread ran all the time in between
            long[] first = null;
            long[] last = null;
            for (long[] r : reads) {
                if (r[0] >= f.get(FrameColumn.HANDLE_INPUT_START) && r[0] <= f.get(FrameColumn.SYNC_QUEUED)) {
                    first = first == null ? r : first;
                    last = r;
                }
            }
            if (first == null || last[0] - first[0] < 60_000_000L) {
                continue;
            }
            double pct = 100.0 * (last[1] - first[1]) / ((last[0] - first[0]) / 10_000_000.0);
            assertTrue(pct > 90, "main thread at " + pct + " % of a core during a slow UI frame");
            checked++;
        }
        assertTrue(checked >= 1, "the jank scenario has a frame slow in its UI stages within 20 s");
        // Reference calculation over the whole run: the main thread's ticks at the last read are the UI-stage time
        // (HandleInputStart → SyncQueued) of every frame up to that instant, floored to 10 ms. Let the frames in
        // flight at that read complete first, so the truth holds them too.
        long[] end = reads.get(reads.size() - 1);
        d.time.advanceMillis(2_000);
        d.device.advance();
        long uiNs = 0;
        for (HwuiFrame f : d.frames(0)) {
            long from = f.get(FrameColumn.HANDLE_INPUT_START);
            uiNs += Math.max(0, Math.min(f.get(FrameColumn.SYNC_QUEUED), end[0]) - from);
        }
        assertEquals(uiNs / 10_000_000L, end[1], "main thread ticks = floor(UI-stage time / 10 ms)");
    }

    @Test
    void throttleScenarioCapsFrequenciesRaisesStatusAndSlowsFrames() throws Exception {
        SimHarness d = new SimHarness("throttle", 14, null, 1);
        d.time.advanceMillis(5_000);
        ResourceSample cool = read(d, true);
        d.time.advanceMillis(30_000);
        ResourceSample hot = read(d, true);
        assertEquals(0, cool.thermalStatus());
        assertEquals(3, hot.thermalStatus());
        assertTrue(hot.frequencies().stream().filter(f -> f.policy() == 4).findFirst().orElseThrow().belowMax());
        assertTrue(hot.maxTempC() > cool.maxTempC());
        assertTrue(hot.batteryTempC() > cool.batteryTempC());
        ResourceTruth t = d.resources.get(d.resources.size() - 1);
        assertEquals(List.of(1_497_600L, 1_209_600L, 1_420_800L), t.curKhz());
        assertEquals(3, t.thermalStatus());
        double early = meanFrameMs(d.frames(0), 3_600_000_000_000L, 3_610_000_000_000L);
        double late = meanFrameMs(d.frames(0), 3_630_000_000_000L, 3_635_000_000_000L);
        assertTrue(late > early * 1.5, "frames " + early + " ms → " + late + " ms");
    }

    private static double meanFrameMs(List<HwuiFrame> frames, long from, long to) {
        return frames.stream().filter(f -> f.intendedVsync() >= from && f.intendedVsync() < to)
                .mapToLong(f -> f.frameCompleted() - f.intendedVsync()).average().orElseThrow() / 1e6;
    }
}
