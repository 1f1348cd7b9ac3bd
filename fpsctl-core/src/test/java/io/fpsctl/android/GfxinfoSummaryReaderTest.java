package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.GfxinfoSummary.Percentiles;
import io.fpsctl.android.GfxinfoSummary.Scope;

import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GfxinfoSummaryReaderTest {

    private static final String ANDROID6 = "gfxinfo_summary__KazuCocoa_droid-monitor__android6_chrome.txt";
    private static final String ANDROID7 = "gfxinfo_summary__KazuCocoa_droid-monitor__android7_settings.txt";
    private static final String ANDROID9 = "gfxinfo_summary__KazuCocoa_droid-monitor__android9_chrome.txt";
    private static final String M_PREVIEW = "gfxinfo_summary__aosp-mirror_platform_frameworks_base__performance_jd_M_preview_aggregate.txt";
    private static final String ANDROID12 = "gfxinfo_summary__bamlab_flashlight__GfxInfoSample_android12plus.txt";
    private static final String REACT_FEED = "gfxinfo_summary__bamlab_flashlight__sample-gfxinfo-output_reactnativefeed.txt";
    private static final String PIXEL8_FRAMESTATS = "framestats__qtekfun_UltimateMaps__pixel8_120hz_pan1_excerpt.txt";

    private static final List<String> CLASSIC_COUNTERS = List.of(
            "Missed Vsync", "High input latency", "Slow UI thread", "Slow bitmap uploads", "Slow issue draw commands");

    private static List<GfxinfoSummary> read(String fixture) throws Exception {
        try (Reader in = RealFixtures.reader(fixture)) {
            return GfxinfoSummaryReader.read(in);
        }
    }

    private static List<GfxinfoSummary> readText(String text) throws Exception {
        return GfxinfoSummaryReader.read(new StringReader(text));
    }

    private static Map<String, Long> counters(Object... nameThenValue) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < nameThenValue.length; i += 2) {
            map.put((String) nameThenValue[i], ((Number) nameThenValue[i + 1]).longValue());
        }
        return map;
    }

    /** ProfileData::findPercentile (docs/formats.md 5.1), recomputed from a parsed histogram. */
    private static int percentileFromHistogram(Map<Integer, Long> histogram, long total, int percentile) {
        long remaining = total - percentile * total / 100;
        List<Integer> labels = new ArrayList<>(histogram.keySet());
        for (int i = labels.size() - 1; i >= 0; i--) {
            remaining -= histogram.get(labels.get(i));
            if (remaining <= 0) {
                return labels.get(i);
            }
        }
        return labels.get(0);
    }

    /** Checks that hold for every well-formed summary: printed percent and percentiles agree with the counts. */
    private static void assertSelfConsistent(GfxinfoSummary s) {
        assertEquals(Math.round(s.jankyFrames() * 10000.0 / s.totalFrames()) / 100.0, s.jankyPercent(), 1e-9,
                "janky % = janky / total, %.2f");
        if (!s.histogram().isEmpty()) {
            assertEquals(154, s.histogram().size(), "57 normal + 97 slow buckets");
            assertEquals(s.totalFrames(), s.histogramTotal(), "histogram counts add up to Total frames rendered");
            Percentiles p = s.frameTimeMs();
            assertEquals(p.p50(), percentileFromHistogram(s.histogram(), s.totalFrames(), 50));
            assertEquals(p.p90(), percentileFromHistogram(s.histogram(), s.totalFrames(), 90));
            assertEquals(p.p95(), percentileFromHistogram(s.histogram(), s.totalFrames(), 95));
            assertEquals(p.p99(), percentileFromHistogram(s.histogram(), s.totalFrames(), 99));
        }
        if (s.gpuHistogram() != null) {
            assertEquals(26, s.gpuHistogram().size());
            Percentiles gpu = s.gpuFrameTimeMs();
            long gpuTotal = s.gpuHistogram().values().stream().mapToLong(Long::longValue).sum();
            assertEquals(gpu.p50(), percentileFromHistogram(s.gpuHistogram(), gpuTotal, 50));
            assertEquals(gpu.p99(), percentileFromHistogram(s.gpuHistogram(), gpuTotal, 99));
        }
    }

    // ---- real captures -------------------------------------------------------------------------------

    @Test
    void android6_processAndWindowSummaries_noP50_noHistogram() throws Exception {
        List<GfxinfoSummary> all = read(ANDROID6);
        assertEquals(2, all.size());

        GfxinfoSummary process = all.get(0);
        assertEquals(Scope.PROCESS, process.scope());
        assertNull(process.window());
        assertEquals(9702, process.pid());
        assertEquals("com.android.chrome", process.processName());
        assertEquals(9656484850794L, process.statsSinceNs());
        assertEquals(3, process.totalFrames());
        assertEquals(2, process.jankyFrames());
        assertEquals(66.67, process.jankyPercent());
        assertNull(process.legacyJankyFrames());
        assertNull(process.legacyJankyPercent());
        assertEquals(new Percentiles(null, 101, 101, 101), process.frameTimeMs());
        assertEquals(counters("Missed Vsync", 2, "High input latency", 0, "Slow UI thread", 2,
                "Slow bitmap uploads", 0, "Slow issue draw commands", 1), process.counters());
        assertEquals(CLASSIC_COUNTERS, List.copyOf(process.counters().keySet()));
        assertTrue(process.histogram().isEmpty());
        assertNull(process.gpuFrameTimeMs());
        assertNull(process.gpuHistogram());

        GfxinfoSummary window = all.get(1);
        assertEquals(Scope.WINDOW, window.scope());
        assertEquals("com.android.chrome/org.chromium.chrome.browser.firstrun.FirstRunActivityStaging", window.window());
        assertEquals(9702, window.pid());
        assertEquals(process.totalFrames(), window.totalFrames());
        assertEquals(process.counters(), window.counters());
        all.forEach(GfxinfoSummaryReaderTest::assertSelfConsistent);
    }

    @Test
    void android7_histogramWithoutDeadlineCounter() throws Exception {
        List<GfxinfoSummary> all = read(ANDROID7);
        assertEquals(1, all.size(), "the window line is followed by the view hierarchy, not by stats");
        GfxinfoSummary s = all.get(0);

        assertEquals(Scope.PROCESS, s.scope());
        assertEquals(3015, s.pid());
        assertEquals("com.android.settings", s.processName());
        assertEquals(6839009800620L, s.statsSinceNs());
        assertEquals(24, s.totalFrames());
        assertEquals(14, s.jankyFrames());
        assertEquals(58.33, s.jankyPercent());
        assertEquals(new Percentiles(19, 65, 150, 300), s.frameTimeMs());
        assertEquals(counters("Missed Vsync", 3, "High input latency", 0, "Slow UI thread", 5,
                "Slow bitmap uploads", 1, "Slow issue draw commands", 12), s.counters());
        assertTrue(s.counter("Frame deadline missed").isEmpty());
        assertEquals(5, s.histogram().keySet().iterator().next(), "first bucket is 5ms");
        assertEquals(3, s.histogram().get(19));
        assertEquals(1, s.histogram().get(300));
        assertEquals(0, s.histogram().get(4950));
        assertEquals(24, s.histogramTotal());
        assertNull(s.gpuHistogram());
        assertSelfConsistent(s);
    }

    @Test
    void android9_deadlineCounterAndHistogram() throws Exception {
        List<GfxinfoSummary> all = read(ANDROID9);
        assertEquals(1, all.size());
        GfxinfoSummary s = all.get(0);

        assertEquals(2720, s.pid());
        assertEquals(101382312046230L, s.statsSinceNs());
        assertEquals(43, s.totalFrames());
        assertEquals(7, s.jankyFrames());
        assertEquals(16.28, s.jankyPercent());
        assertEquals(new Percentiles(5, 69, 150, 200), s.frameTimeMs());
        assertEquals(counters("Missed Vsync", 5, "High input latency", 14, "Slow UI thread", 5,
                "Slow bitmap uploads", 0, "Slow issue draw commands", 1, "Frame deadline missed", 5), s.counters());
        assertEquals(33, s.histogram().get(5));
        assertEquals(2, s.histogram().get(200));
        assertEquals(43, s.histogramTotal());
        assertNull(s.gpuFrameTimeMs());
        assertSelfConsistent(s);
    }

    @Test
    void mPreviewAggregate_noHeader_unknownCounterKept() throws Exception {
        List<GfxinfoSummary> all = read(M_PREVIEW);
        assertEquals(1, all.size());
        GfxinfoSummary s = all.get(0);

        assertEquals(Scope.PROCESS, s.scope());
        assertNull(s.pid());
        assertNull(s.processName());
        assertEquals(752958278148L, s.statsSinceNs());
        assertEquals(82189, s.totalFrames());
        assertEquals(35335, s.jankyFrames());
        assertEquals(42.99, s.jankyPercent());
        assertEquals(new Percentiles(null, 34, 42, 69), s.frameTimeMs());
        assertEquals(counters("Missed Vsync", 4706, "High input latency", 142, "Slow UI thread", 17270,
                "Slow bitmap uploads", 1542, "Slow draw", 23342), s.counters());
        assertEquals(23342, s.counter("Slow draw").orElseThrow());
        assertTrue(s.histogram().isEmpty());
        assertSelfConsistent(s);
    }

    @Test
    void android12_legacyJankAndGpuSections() throws Exception {
        List<GfxinfoSummary> all = read(ANDROID12);
        assertEquals(1, all.size());
        GfxinfoSummary s = all.get(0);

        assertEquals(2599, s.pid());
        assertEquals("com.example", s.processName());
        assertEquals(558712350232182L, s.statsSinceNs());
        assertEquals(21, s.totalFrames());
        assertEquals(4, s.jankyFrames());
        assertEquals(19.05, s.jankyPercent());
        assertEquals(16, s.legacyJankyFrames());
        assertEquals(76.19, s.legacyJankyPercent());
        assertEquals(new Percentiles(19, 57, 57, 200), s.frameTimeMs());
        assertEquals(7, s.counters().size());
        assertEquals(35, s.counter("High input latency").orElseThrow());
        assertEquals(4, s.counter("Frame deadline missed").orElseThrow());
        assertEquals(3, s.counter("Frame deadline missed (legacy)").orElseThrow());
        assertEquals(21, s.histogramTotal());
        assertEquals(2, s.histogram().get(57));
        assertEquals(1, s.histogram().get(200));
        assertEquals(new Percentiles(4, 5, 9, 9), s.gpuFrameTimeMs());
        Map<Integer, Long> gpu = s.gpuHistogram();
        assertEquals(List.of(1, 25, 4950), List.of(gpu.keySet().iterator().next(),
                new ArrayList<>(gpu.keySet()).get(24), new ArrayList<>(gpu.keySet()).get(25)));
        assertEquals(3, gpu.get(2));
        assertEquals(7, gpu.get(3));
        assertEquals(8, gpu.get(4));
        assertEquals(1, gpu.get(5));
        assertEquals(2, gpu.get(9));
        assertEquals(21, gpu.values().stream().mapToLong(Long::longValue).sum());
        assertSelfConsistent(s);
    }

    @Test
    void reactNativeFeed_largeCountsAndProfileTableIgnored() throws Exception {
        List<GfxinfoSummary> all = read(REACT_FEED);
        assertEquals(1, all.size(), "the Draw/Prepare/Process/Execute table yields nothing");
        GfxinfoSummary s = all.get(0);

        assertEquals(14824, s.pid());
        assertEquals("com.reactnativefeed", s.processName());
        assertEquals(27089945586046L, s.statsSinceNs());
        assertEquals(35360, s.totalFrames());
        assertEquals(23595, s.jankyFrames());
        assertEquals(66.73, s.jankyPercent());
        assertEquals(new Percentiles(28, 48, 53, 57), s.frameTimeMs());
        assertEquals(counters("Missed Vsync", 4838, "High input latency", 12547, "Slow UI thread", 5842,
                "Slow bitmap uploads", 3, "Slow issue draw commands", 11523, "Frame deadline missed", 12149),
                s.counters());
        assertEquals(2781, s.histogram().get(48));
        assertEquals(1, s.histogram().get(500));
        assertEquals(35360, s.histogramTotal());
        assertNull(s.gpuHistogram());
        assertSelfConsistent(s);
    }

    @Test
    void pixel8Framestats_windowSummaryBeforeProfileData() throws Exception {
        List<GfxinfoSummary> all = read(PIXEL8_FRAMESTATS);
        assertEquals(1, all.size());
        GfxinfoSummary s = all.get(0);

        assertEquals(Scope.WINDOW, s.scope());
        assertEquals("org.ultimatemaps.spike.maplibre/org.ultimatemaps.spike.MainActivity", s.window());
        assertNull(s.pid());
        assertEquals(36287833192888L, s.statsSinceNs());
        assertEquals(678, s.totalFrames());
        assertEquals(0, s.jankyFrames());
        assertEquals(0.0, s.jankyPercent());
        assertEquals(0, s.legacyJankyFrames());
        assertEquals(new Percentiles(5, 6, 7, 9), s.frameTimeMs());
        assertEquals(31, s.counter("High input latency").orElseThrow());
        assertEquals(598, s.histogram().get(5));
        assertEquals(678, s.histogramTotal());
        assertEquals(new Percentiles(2, 4, 5, 9), s.gpuFrameTimeMs());
        assertEquals(244, s.gpuHistogram().get(1));
        assertEquals(678, s.gpuHistogram().values().stream().mapToLong(Long::longValue).sum());
        assertSelfConsistent(s);
    }

    @Test
    void legacyDumpsYieldNoSummary() throws Exception {
        List<String> legacy = RealFixtures.namesOfKind("gfxinfo_legacy");
        assertEquals(List.of("gfxinfo_legacy__KazuCocoa_droid-monitor__android5_chrome.txt",
                "gfxinfo_legacy__alexoro_android-dumpsys-gfxinfo-monitoring__dump_2013_jellybean.txt"), legacy);
        for (String name : legacy) {
            assertEquals(List.of(), read(name), name);
        }
    }

    @Test
    void everySummaryFixtureIsCovered() throws Exception {
        assertEquals(List.of(ANDROID6, ANDROID7, ANDROID9, M_PREVIEW, ANDROID12, REACT_FEED),
                RealFixtures.namesOfKind("gfxinfo_summary"));
    }

    // ---- synthetic inputs ---------------------------------------------------------------------------

    @Test
    void lineFedLikeAFramestatsParser_twoWindowsCrlfAndTabs() {
        GfxinfoSummaryReader reader = new GfxinfoSummaryReader();
        String dump = "** Graphics info for pid 4242 [com.example] **\r\n"
                + "\r\n"
                + "Stats since: 1000ns\r\n"
                + "Total frames rendered: 10\r\n"
                + "Janky frames: 1 (10.00%)\r\n"
                + "\r\n"
                + "Profile data in ms:\r\n"
                + "\r\n"
                + "\tcom.example/com.example.MainActivity/android.view.ViewRootImpl@4e4f4c1 (visibility=0)\r\n"
                + "Window: com.example/com.example.MainActivity\r\n"
                + "Stats since: 2000ns\r\n"
                + "\t Total frames rendered: 4\r\n"
                + "  Janky frames: 2 (50.00%)\r\n"
                + "  Janky frames (legacy): 3 (75.00%)\r\n"
                + "  90th percentile: 40ms\r\n"
                + "  Number Brand new reason: 7\r\n"
                + "  HISTOGRAM: 5ms=1 6ms=1 40ms=2\r\n"
                + "\r\n"
                + "\tcom.example/com.example.SettingsActivity/android.view.ViewRootImpl@1a2b3c (visibility=8)\r\n"
                + "Stats since: 3000ns\r\n"
                + "Total frames rendered: 0\r\n"
                + "Janky frames: 0 (0.00%)\r\n";
        for (String line : dump.split("\n")) {
            reader.line(line);
        }
        List<GfxinfoSummary> all = reader.summaries();

        assertEquals(3, all.size());
        assertEquals(Scope.PROCESS, all.get(0).scope());
        assertEquals(4242, all.get(0).pid());
        assertEquals(10, all.get(0).totalFrames());

        GfxinfoSummary main = all.get(1);
        assertEquals(Scope.WINDOW, main.scope());
        assertEquals("com.example/com.example.MainActivity", main.window());
        assertEquals(4242, main.pid());
        assertEquals("com.example", main.processName());
        assertEquals(2000, main.statsSinceNs());
        assertEquals(4, main.totalFrames());
        assertEquals(50.0, main.jankyPercent());
        assertEquals(3, main.legacyJankyFrames());
        assertEquals(75.0, main.legacyJankyPercent());
        assertEquals(new Percentiles(null, 40, null, null), main.frameTimeMs());
        assertEquals(Map.of("Brand new reason", 7L), main.counters());
        assertEquals(List.of(5, 6, 40), List.copyOf(main.histogram().keySet()));
        assertEquals(4, main.histogramTotal());

        assertEquals("com.example/com.example.SettingsActivity", all.get(2).window());
        assertEquals(0, all.get(2).totalFrames());
    }

    @Test
    void summariesIncludeTheOpenSectionAndItKeepsGrowing() {
        GfxinfoSummaryReader reader = new GfxinfoSummaryReader();
        reader.line("Stats since: 5ns");
        reader.line("Total frames rendered: 2");
        assertEquals(List.of(), reader.summaries(), "no Janky frames line yet");
        reader.line("Janky frames: 1 (50.00%)");
        assertEquals(1, reader.summaries().size());
        reader.line("Number Missed Vsync: 1");
        assertEquals(Map.of("Missed Vsync", 1L), reader.summaries().get(0).counters());
        reader.line("---PROFILEDATA---");
        reader.line("Number Missed Vsync: 9");
        assertEquals(Map.of("Missed Vsync", 1L), reader.summaries().get(0).counters(),
                "an unknown line ends the summary; later lines do not change it");
    }

    @Test
    void missingCoreLinesYieldNothing_andBadNumbersAreIgnored() throws Exception {
        assertEquals(List.of(), readText("Stats since: 5ns\nJanky frames: 1 (1.00%)\n"));
        assertEquals(List.of(), readText("Total frames rendered: 3\nJanky frames: 1 (33.33%)\n"), "needs Stats since");
        assertEquals(List.of(), readText("Stats since: 99999999999999999999ns\nTotal frames rendered: 3\nJanky frames: 1\n"));

        List<GfxinfoSummary> all = readText("Stats since: 7ns\nTotal frames rendered: 3\nJanky frames: 1\n"
                + "50th percentile: 99999999999ms\nNumber X: 99999999999999999999\nHISTOGRAM: 5ms=1 junk 6ms=x 7ms=2\n");
        assertEquals(1, all.size());
        GfxinfoSummary s = all.get(0);
        assertEquals(33.33, s.jankyPercent(), 0.01, "computed when the percent is not printed");
        assertNull(s.frameTimeMs().p50());
        assertEquals(Map.of(), s.counters());
        assertEquals(Map.of(5, 1L, 7, 2L), s.histogram());
    }

    @Test
    void decimalCommaPercentAndZeroFrames() throws Exception {
        GfxinfoSummary s = readText("Stats since: 7ns\nTotal frames rendered: 0\nJanky frames: 0 (0,00%)\n"
                + "50th percentile: 4950ms\n").get(0);
        assertEquals(0.0, s.jankyPercent());
        assertEquals(4950, s.frameTimeMs().p50());
        GfxinfoSummary comma = readText("Stats since: 7ns\nTotal frames rendered: 3\nJanky frames: 2 (66,67%)\n").get(0);
        assertEquals(66.67, comma.jankyPercent());
    }

    @Test
    void unmodifiableMaps() throws Exception {
        GfxinfoSummary s = readText("Stats since: 7ns\nTotal frames rendered: 1\nJanky frames: 0 (0.00%)\n"
                + "Number A: 1\nHISTOGRAM: 5ms=1\n").get(0);
        assertThrows(UnsupportedOperationException.class,
                () -> s.counters().put("B", 2L));
        assertThrows(UnsupportedOperationException.class,
                () -> s.histogram().clear());
    }
}
