package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class GfxinfoFramestatsTest {

    private static final String TITLE = "com.example.feed/com.example.feed.MainActivity";

    private static int expectedColumns(int v) {
        return v <= 7 ? 14 : v <= 10 ? 16 : v == 11 ? 17 : v == 12 ? 22 : v <= 15 ? 23 : 24;
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void framestatsBlockHasTheVersionsShape(int v) {
        SimHarness h = new SimHarness("jank", v, 90, 3);
        h.advanceMillis(4_000);
        String dump = h.sh("dumpsys gfxinfo com.example.feed framestats");
        assertTrue(dump.startsWith("Applications Graphics Acceleration Info:\nUptime: "), dump);
        assertTrue(dump.contains("\n** Graphics info for pid " + h.device.pid().getAsInt() + " [com.example.feed] **\n"));
        assertTrue(dump.contains("Profile data in ms:\n\n\t" + TITLE + "/android.view.ViewRootImpl@"));
        assertTrue(dump.contains("\nView hierarchy:\n\n  " + TITLE + "/android.view.ViewRootImpl@"));
        assertEquals(v >= 8, dump.contains("\nWindow: " + TITLE + "\n"));

        List<SimHarness.Block> blocks = SimHarness.blocks(dump);
        assertEquals(1, blocks.size());
        SimHarness.Block b = blocks.get(0);
        assertEquals(TITLE, b.window());
        assertEquals(expectedColumns(v), b.header().size());
        assertEquals(List.of("Flags"), b.header().subList(0, 1));
        assertTrue(b.rows().size() <= 120 && b.rows().size() >= 100, "rows " + b.rows().size());
        for (String raw : b.rawRows()) {
            assertTrue(raw.endsWith(","), raw);
            assertEquals(expectedColumns(v), raw.split(",", -1).length - 1, raw);
        }
        int iv = b.col("IntendedVsync");
        for (int i = 1; i < b.rows().size(); i++) {
            assertTrue(b.rows().get(i)[iv] > b.rows().get(i - 1)[iv], "IntendedVsync must increase");
        }
        // label swap on 12-15 only
        long period = 11_111_111L;
        if (v >= 12) {
            long[] row = b.rows().get(0);
            long underInterval = row[b.col("FrameInterval")];
            long underStart = row[b.col("FrameStartTime")];
            if (v <= 15) {
                assertEquals(period, underStart, "12-15: FrameStartTime label holds the interval");
                assertTrue(underInterval > 1_000_000_000L);
                int d = b.col("FrameDeadline");
                assertEquals(List.of("FrameDeadline", "FrameInterval", "FrameStartTime"), b.header().subList(d, d + 3));
            } else {
                assertEquals(period, underInterval);
                assertTrue(underStart > 1_000_000_000L);
                assertTrue(b.header().contains("WorkloadTarget"));
            }
        } else {
            assertFalse(b.header().contains("FrameInterval"));
        }
        // blank lines before the block: 3 on 12+, 2 before
        String blanks = v >= 12 ? "\n\n\n\n---PROFILEDATA---\n" : "\n\n\n---PROFILEDATA---\n";
        assertTrue(dump.contains(blanks));
        assertEquals(v >= 12, dump.contains("\n\n\n\n---PROFILEDATA---\n"));
        assertTrue(dump.contains("\n---PROFILEDATA---\n\n\nView hierarchy:\n\n"));
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void summaryMatchesFramesSinceResetAndB4Math(int v) {
        SimHarness h = new SimHarness("jank", v, 60, 11);
        h.advanceMillis(2_000);
        SimHarness.Result r = h.run("dumpsys gfxinfo com.example.feed reset");
        assertEquals(0, r.exit());
        int before = h.frames(0).size();
        h.advanceMillis(1_000);
        h.time.advanceMillis(5_000);
        String dump = h.sh("dumpsys gfxinfo com.example.feed framestats");
        List<HwuiFrame> since = h.frames(0).subList(before, h.frames(0).size());
        assertTrue(since.size() > 200);

        String start = v >= 8 ? "Window: " + TITLE : "\t" + TITLE;
        Map<String, String> window = SimHarness.summaryAfter(dump, start);
        Map<String, String> global = SimHarness.summaryAfter(dump, "** Graphics info");
        // the jank rule of B.2/B.3 on the truth frames: ≤11 duration (minus the sync stall) > period, 12+ GPU done
        // at or after the deadline; the bucket math itself is checked by hand in ProfileDataTest
        long janky = since.stream().filter(f -> v >= 12
                ? f.get(FrameColumn.GPU_COMPLETED) >= f.get(FrameColumn.FRAME_DEADLINE)
                : f.get(FrameColumn.FRAME_COMPLETED) - f.get(FrameColumn.INTENDED_VSYNC)
                - Math.max(0, f.get(FrameColumn.SYNC_START) - f.get(FrameColumn.SYNC_QUEUED)) > 16_666_666L).count();
        for (Map<String, String> s : List.of(window, global)) {
            assertEquals(String.valueOf(since.size()), s.get("Total frames rendered"), s.toString());
            assertEquals(String.format(java.util.Locale.ROOT, "%d (%.2f%%)", janky, 100.0 * janky / since.size()),
                    s.get("Janky frames"));
            assertTrue(janky > 0);
            assertEquals(v >= 7, s.containsKey("50th percentile"));
            assertEquals(v >= 7, s.containsKey("HISTOGRAM"));
            if (v >= 7) {
                Map<String, Long> histogram = new java.util.HashMap<>();
                for (String bucket : s.get("HISTOGRAM").split(" ")) {
                    histogram.put(bucket.substring(0, bucket.indexOf('=')), Long.parseLong(bucket.substring(bucket.indexOf('=') + 1)));
                }
                assertEquals(57 + 97, histogram.size());
                assertEquals(since.size(), histogram.values().stream().mapToLong(Long::longValue).sum());
                int previous = 0;
                for (int p : new int[] {50, 90, 95, 99}) {
                    String label = s.get(p + "th percentile");
                    assertTrue(histogram.getOrDefault(label, 0L) > 0, "p" + p + " " + label + " is a filled bucket");
                    int ms = Integer.parseInt(label.substring(0, label.length() - 2));
                    assertTrue(ms >= previous, "percentiles rise");
                    previous = ms;
                }
            }
            assertEquals(v >= 12, s.containsKey("Janky frames (legacy)"));
            assertEquals(v >= 12, s.containsKey("Number Frame deadline missed (legacy)"));
            assertEquals(v >= 8, s.containsKey("Number Frame deadline missed"));
            assertEquals(v >= 11, s.containsKey("GPU HISTOGRAM"));
            assertEquals(v >= 11, s.containsKey("50th gpu percentile"));
            assertTrue(s.containsKey("Number Slow issue draw commands"));
            assertTrue(s.get("Stats since").endsWith("ns"));
        }
        if (v >= 11) {
            assertEquals(26, window.get("GPU HISTOGRAM").split(" ").length);
        }
    }

    @Test
    void emptyStatsPrintTheQuirky4950Percentiles() {
        SimHarness h = new SimHarness("idle-bursts", 13, 60, 1);
        h.advanceMillis(500);
        h.sh("dumpsys gfxinfo com.example.feed reset");
        String dump = h.sh("dumpsys gfxinfo com.example.feed");
        Map<String, String> global = SimHarness.summaryAfter(dump, "** Graphics info");
        assertEquals("0", global.get("Total frames rendered"));
        assertEquals("0 (0.00%)", global.get("Janky frames"));
        assertEquals("4950ms", global.get("50th percentile"));
        assertEquals("4950ms", global.get("99th gpu percentile"));
        assertFalse(dump.contains("PROFILEDATA"), "no framestats without the framestats arg");
        assertTrue(dump.contains("(visibility=0)\nView hierarchy:\n"));
    }

    @Test
    void ringHoldsOnlyTheLast120FramesAndMatchesTruth() {
        SimHarness h = new SimHarness("smooth", 14, 120, 5);
        h.advanceMillis(3_000);
        SimHarness.Block b = SimHarness.blocks(h.sh("dumpsys gfxinfo com.example.feed framestats")).get(0);
        List<HwuiFrame> truth = h.frames(0);
        int iv = b.col("IntendedVsync");
        int fc = b.col("FrameCompleted");
        List<long[]> complete = b.rows().stream().filter(r -> r[fc] > 0).toList();
        assertTrue(complete.size() >= 119);
        HwuiFrame last = truth.get(truth.size() - 1);
        assertEquals(last.intendedVsync(), complete.get(complete.size() - 1)[iv]);
        HwuiFrame firstInRing = truth.get(truth.size() - complete.size());
        assertEquals(firstInRing.intendedVsync(), complete.get(0)[iv]);
    }

    @Test
    void inFlightFrameShowsAsNewestRowWithZeroFrameCompleted() {
        SimHarness h = new SimHarness("smooth", 13, 60, 5);
        h.advanceMillis(3_000);
        boolean sawInFlight = false;
        for (int i = 0; i < 60 && !sawInFlight; i++) {
            h.time.advanceNanos(1_234_567);
            SimHarness.Block b = SimHarness.blocks(h.sh("dumpsys gfxinfo com.example.feed framestats")).get(0);
            int fc = b.col("FrameCompleted");
            for (int r = 0; r < b.rows().size(); r++) {
                if (b.rows().get(r)[fc] == 0) {
                    assertEquals(b.rows().size() - 1, r, "only the newest row may be in flight");
                    assertTrue(b.rows().get(r)[b.col("SyncStart")] > 0);
                    assertEquals(120, b.rows().size(), "the in-flight slot counts against the 120-frame ring");
                    sawInFlight = true;
                }
            }
        }
        assertTrue(sawInFlight);
    }

    @Test
    void flagsMarkFirstFrameOnlyAndSlowFramesLandOnLaterVsyncs() {
        SimHarness h = new SimHarness("jank", 12, 60, 9);
        h.advanceMillis(20_000);
        List<HwuiFrame> f = h.frames(0);
        assertEquals(HwuiFrame.FLAG_WINDOW_VISIBILITY_CHANGED, f.get(0).flags());
        for (int i = 1; i < f.size(); i++) {
            assertTrue(f.get(i).flags() == 0 || f.get(i).flags() == HwuiFrame.FLAG_RT_ANIMATION);
            assertTrue(f.get(i).intendedVsync() > f.get(i - 1).frameCompleted(), "Choreographer waits");
            assertTrue(f.get(i).presentTime() > f.get(i - 1).presentTime());
            long period = f.get(i).get(FrameColumn.FRAME_INTERVAL);
            long dropped = (f.get(i).frameCompleted() - f.get(i).intendedVsync()) / period;
            if (f.get(i).flags() == 0) {
                assertTrue(List.of(0L, 3L, 9L, 24L).contains(dropped), "dropped " + dropped);
            }
        }
    }

    @Test
    void int64MaxDeadlineCanBeRequested() throws Exception {
        var s = io.fpsctl.sim.device.scenario.Scenarios.fromJson(
                "{\"windows\":[{\"phases\":[{\"kind\":\"render\",\"durationMs\":5000,\"maxDeadlineEvery\":10}]}]}");
        SimHarness h = new SimHarness(s, 14, null, 1);
        h.advanceMillis(1_000);
        SimHarness.Block b = SimHarness.blocks(h.sh("dumpsys gfxinfo com.example.feed framestats")).get(0);
        assertTrue(b.rows().stream().anyMatch(r -> r[b.col("FrameDeadline")] == Long.MAX_VALUE));
    }

    @Test
    void resetClearsRingsAndPrintsThePreResetSummary() {
        SimHarness h = new SimHarness("smooth", 14, 60, 2);
        h.advanceMillis(1_000);
        String first = h.sh("dumpsys gfxinfo com.example.feed framestats reset");
        assertEquals(String.valueOf(h.frames(0).size()),
                SimHarness.summaryAfter(first, "** Graphics info").get("Total frames rendered"));
        String after = h.sh("dumpsys gfxinfo com.example.feed framestats");
        assertTrue(SimHarness.blocks(after).get(0).rows().size() <= 1);
        assertEquals("0", SimHarness.summaryAfter(after, "Window: ").get("Total frames rendered"));
    }
}
