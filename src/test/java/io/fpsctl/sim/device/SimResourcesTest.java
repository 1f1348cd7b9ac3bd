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
import io.fpsctl.source.DumpFormatException;
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

    /** A device on a manual clock that keeps every frame and every resources truth. */
    private static final class Device implements FrameObserver {
        final ManualTimeSource time = new ManualTimeSource();
        final List<HwuiFrame> frames = new ArrayList<>();
        final List<ResourceTruth> truths = new ArrayList<>();
        final SimulatedAndroid sim;

        Device(String scenario, int android) {
            sim = SimulatedAndroid.create(Scenarios.byName(scenario), SimOptions.defaults().withAndroid(android), time,
                    this);
        }

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
            frames.add(frame);
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public void resources(ResourceTruth truth) {
            truths.add(truth);
        }

        ResourceSample read(boolean slowParts) throws DumpFormatException, IOException {
            int pid = sim.pid().orElseThrow();
            ResourceProbe p = ResourceProbe.of(pid, sim.version().sdk(), slowParts, slowParts, SimHarness.PKG);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            sim.run(p.command(), out, err);
            assertEquals("", err.toString(StandardCharsets.UTF_8), "2>&1 leaves nothing on stderr");
            return p.parse(out.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void everyPartReadsOnAndroid14AndTicksEqualTheTruth() throws Exception {
        Device d = new Device("jank", 14);
        d.time.advanceMillis(5_000);
        ResourceSample s = d.read(true);
        assertEquals(List.of(), s.missing());
        ResourceTruth t = d.truths.get(d.truths.size() - 1);
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
        Device d = new Device("smooth", 6);
        d.time.advanceMillis(3_000);
        ResourceSample s = d.read(true);
        assertNull(s.thermalStatus());
        assertEquals(List.of("thermal status: needs Android 10 (API 29), the device is API 23"), s.missing());
        assertNotNull(s.pssKb());
        assertTrue(s.threads().stream().anyMatch(x -> x.name().equals("Binder_1")), s.threads().toString());
        // and dumpsys answers as Android 6 does when asked anyway
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        d.sim.run("dumpsys thermalservice", out, err);
        assertEquals("Can't find service: thermalservice\n", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void ticksMoveWithTheSimulatedClockOnly() throws Exception {
        Device d = new Device("jank", 14);
        d.time.advanceMillis(2_000);
        ResourceSample a = d.read(false);
        ResourceSample b = d.read(false);
        assertEquals(a.threads(), b.threads(), "no simulated time passed: the same counters");
        d.time.advanceMillis(1_000);
        ResourceSample c = d.read(false);
        assertTrue(c.thread(c.pid()).cpuTicks() > a.thread(a.pid()).cpuTicks());
        assertEquals(100, c.allCpus().totalTicks() / 8 - a.allCpus().totalTicks() / 8,
                "each core's total advances 100 ticks per simulated second");
    }

    @Test
    void aFrameSlowInTheUiStagesKeepsTheMainThreadBusy() throws Exception {
        Device d = new Device("jank", 14);
        long period = 16_666_667L;
        List<long[]> reads = new ArrayList<>(); // {time, main ticks, render ticks}
        for (int i = 0; i < 1_000; i++) { // 20 s in 20 ms steps
            d.time.advanceMillis(20);
            ResourceSample s = d.read(false);
            ThreadTicks main = s.thread(s.pid());
            ThreadTicks render = s.threads().stream().filter(t -> t.name().equals("RenderThread")).findFirst()
                    .orElseThrow();
            reads.add(new long[] {d.time.nanoTime(), main.cpuTicks(), render.cpuTicks()});
        }
        int checked = 0;
        for (HwuiFrame f : d.frames) {
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
        d.sim.advance();
        long uiNs = 0;
        for (HwuiFrame f : d.frames) {
            long from = f.get(FrameColumn.HANDLE_INPUT_START);
            uiNs += Math.max(0, Math.min(f.get(FrameColumn.SYNC_QUEUED), end[0]) - from);
        }
        assertEquals(uiNs / 10_000_000L, end[1], "main thread ticks = floor(UI-stage time / 10 ms)");
    }

    @Test
    void throttleScenarioCapsFrequenciesRaisesStatusAndSlowsFrames() throws Exception {
        Device d = new Device("throttle", 14);
        d.time.advanceMillis(5_000);
        ResourceSample cool = d.read(true);
        d.time.advanceMillis(30_000);
        ResourceSample hot = d.read(true);
        assertEquals(0, cool.thermalStatus());
        assertEquals(3, hot.thermalStatus());
        assertTrue(hot.frequencies().stream().filter(f -> f.policy() == 4).findFirst().orElseThrow().belowMax());
        assertTrue(hot.maxTempC() > cool.maxTempC());
        assertTrue(hot.batteryTempC() > cool.batteryTempC());
        ResourceTruth t = d.truths.get(d.truths.size() - 1);
        assertEquals(List.of(1_497_600L, 1_209_600L, 1_420_800L), t.curKhz());
        assertEquals(3, t.thermalStatus());
        double early = meanFrameMs(d.frames, 3_600_000_000_000L, 3_610_000_000_000L);
        double late = meanFrameMs(d.frames, 3_630_000_000_000L, 3_635_000_000_000L);
        assertTrue(late > early * 1.5, "frames " + early + " ms → " + late + " ms");
    }

    private static double meanFrameMs(List<HwuiFrame> frames, long from, long to) {
        return frames.stream().filter(f -> f.intendedVsync() >= from && f.intendedVsync() < to)
                .mapToLong(f -> f.frameCompleted() - f.intendedVsync()).average().orElseThrow() / 1e6;
    }
}
