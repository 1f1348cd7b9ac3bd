package io.fpsctl.cli;

import static io.fpsctl.testing.SharedFixtures.real;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code fpsctl analyze --format json} on every real capture that holds frames, against numbers worked out
 * independently (by hand, and by a separate calculation in the test).
 */
class RealCapturesAnalyzeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode analyze(Path file, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", file.toString(), "--format", "json"));
        args.addAll(Arrays.asList(extra));
        Cli r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.exit, r.toString());
        return JSON.readTree(r.out);
    }

    @Test
    void pixel8FramestatsAt120Hz() throws IOException {
        Path f = real("framestats__qtekfun_UltimateMaps__pixel8_120hz_pan1_excerpt.txt");
        JsonNode s = analyze(f);
        assertEquals("gfxinfo", s.get("source").asText());
        assertEquals("org.ultimatemaps.spike.maplibre", s.get("package").asText());
        assertEquals(10, s.get("frames").asInt());
        assertEquals(10, s.get("timedFrames").asInt());
        // smallest FrameInterval 8330464 ns → 120.04 Hz
        assertEquals(120.0, s.get("refreshHz").asDouble());
        // every frame is within one interval: Σ (0 + 1) × T_i, fps capped at refresh
        assertEquals(120.0, s.get("fps").asDouble());
        // 9 spans over IntendedVsync 36293716104165 → 36293816103912 = 99.999747 ms
        assertEquals(90.0, s.get("spanFps").asDouble());
        assertEquals(0, s.get("jankyFrames").asInt());
        assertEquals(0, s.get("droppedFrames").asInt());
        assertEquals(10, s.get("dropLevels").get("best").asInt());
        JsonNode t = s.get("frameTimeMs");
        assertEquals(5.10, t.get("p50").asDouble()); // 5104158 ns, the 5th of 10 sorted durations
        assertEquals(6.73, t.get("p90").asDouble()); // 6732241, the 9th
        assertEquals(7.46, t.get("p95").asDouble());
        assertEquals(7.46, t.get("max").asDouble());
        assertEquals(5.53, t.get("mean").asDouble()); // 55287527 / 10
        assertEquals(1, s.get("windows").size());
        assertEquals("org.ultimatemaps.spike.maplibre/org.ultimatemaps.spike.MainActivity",
                s.get("windows").get(0).get("name").asText());
        assertIndependentlyComputed(f, s);
    }

    /** Re-derives duration percentiles, stage means and fps from the raw rows with plain string splitting. */
    private static void assertIndependentlyComputed(Path f, JsonNode s) throws IOException {
        List<String> lines = Files.readAllLines(f);
        int h = lines.indexOf("---PROFILEDATA---") + 1;
        List<String> header = Arrays.asList(lines.get(h).split(","));
        List<long[]> rows = new ArrayList<>();
        for (String l : lines.subList(h + 1, lines.size())) {
            if (!l.isEmpty() && Character.isDigit(l.charAt(0))) {
                rows.add(Arrays.stream(l.split(",")).mapToLong(Long::parseLong).toArray());
            }
        }
        int iv = header.indexOf("IntendedVsync");
        int fc = header.indexOf("FrameCompleted");
        int fi = header.indexOf("FrameInterval"); // 26 columns: labels in data order
        int ds = header.indexOf("DrawStart");
        int sq = header.indexOf("SyncQueued");
        double renderTime = 0;
        double drawSum = 0;
        long minT = Long.MAX_VALUE;
        for (long[] r : rows) {
            long d = r[fc] - r[iv];
            long t = r[fi];
            minT = Math.min(minT, t);
            renderTime += (d / t + 1) * (double) t;
            drawSum += Math.max(0, r[sq] - r[ds]);
        }
        double refresh = 1e9 / minT;
        double fps = Math.min(refresh, 1e9 * rows.size() / renderTime);
        assertEquals(Math.round(fps * 10) / 10.0, s.get("fps").asDouble(), 1e-9);
        assertEquals(Math.round(drawSum / rows.size() / 1e4) / 100.0, s.get("stagesMs").get("draw").asDouble(), 1e-9);
    }

    @Test
    void androidSixDocumentationRowsWithoutHeader() throws IOException {
        Path f = real("framestats__aosp-mirror_platform_frameworks_base__performance_jd_M_preview_rows_only.txt");
        JsonNode s = analyze(f, "--package", "com.example");
        assertEquals(4, s.get("frames").asInt());
        // no interval column and no --refresh-rate (docs/metrics.md 2: the IntendedVsync steps are
        // 16790989 ns three times → T = 16790989 ns, 1e9 / T = 59.556 Hz → 59.6, with the warning
        assertEquals(59.6, s.get("refreshHz").asDouble());
        assertTrue(s.get("warnings").toString().contains(
                "refresh rate inferred from the vsync grid: 59.6 Hz; pass --refresh-rate to override"));
        // durations 14386715, 13626299, 14277653, 15539164 ns: none over T
        assertEquals(0, s.get("jankyFrames").asInt());
        assertEquals(59.6, s.get("fps").asDouble());     // 4 / (4 · T) = 59.556, capped at refreshHz anyway
        assertEquals(59.6, s.get("spanFps").asDouble()); // min(59.556, 3 / 50195632 ns = 59.766)
        JsonNode t = s.get("frameTimeMs");
        assertEquals(14.28, t.get("p50").asDouble());
        assertEquals(15.54, t.get("p90").asDouble());
        assertEquals(15.54, t.get("max").asDouble());
        assertEquals(14.46, t.get("mean").asDouble());
        JsonNode st = s.get("stagesMs");
        assertEquals(3.47, st.get("input").asDouble());    // (4.289219 + 3.068229 + 2.950781 + 3.578802) / 4
        assertEquals(4.97, st.get("command").asDouble());  // (4.717552 + 4.711563 + 5.089844 + 5.350312) / 4
        assertTrue(st.get("gpu").isNull(), "Android 6 has no GpuCompleted");
        assertEquals(0, s.get("mainCauses").get("none").asInt());
    }

    @Test
    void refreshRateOptionReplacesTheSixtyHertzGuess() throws IOException {
        Path f = real("framestats__aosp-mirror_platform_frameworks_base__performance_jd_M_preview_rows_only.txt");
        JsonNode s = analyze(f, "--refresh-rate", "90");
        assertEquals(90.0, s.get("refreshHz").asDouble());
        // at 90 Hz (11111111 ns) every frame misses one vsync: janky and dropped 1 each
        assertEquals(4, s.get("jankyFrames").asInt());
        assertEquals(4, s.get("droppedFrames").asInt());
        assertEquals(45.0, s.get("fps").asDouble());
        // all 4 are slow (> T); the largest stage, command (≤ 5.35 ms), stays under S / 2 = 5.56 ms
        assertEquals(4, s.get("mainCauses").get("none").asInt());
    }

    @Test
    void catapultLatencyDumps() throws IOException {
        for (String name : List.of("latency__catapult-project_catapult__surface_stats_collector_test_simple.txt",
                "latency__catapult-project_catapult__surface_stats_collector_test_withWarning.txt")) {
            JsonNode s = analyze(real(name));
            assertEquals("surfaceflinger", s.get("source").asText());
            assertEquals(59.0, s.get("refreshHz").asDouble()); // 1e9 / 16954612 = 58.98
            assertEquals(3, s.get("frames").asInt());
            assertEquals(2, s.get("timedFrames").asInt());
            assertEquals(59.0, s.get("fps").asDouble());        // 2 gaps of exactly one period
            assertEquals(16.95, s.get("frameTimeMs").get("p50").asDouble());
            assertEquals(0, s.get("droppedFrames").asInt());
            assertEquals(0, s.get("jank").asInt());
            assertEquals(0.0, s.get("stutterPercent").asDouble());
            assertTrue(s.get("stagesMs").isNull());
        }
    }

    @Test
    void hakaboomMixedSeparators() throws IOException {
        JsonNode s = analyze(real("latency__hakaboom_adb-utils__fps_py_docstring_excerpt.txt"));
        assertEquals(5, s.get("frames").asInt());
        assertEquals(4, s.get("timedFrames").asInt());
        assertEquals(60.0, s.get("fps").asDouble());
        assertEquals(16.67, s.get("frameTimeMs").get("max").asDouble()); // 16666666 ns gaps
    }

    @Test
    void honor9PendingFencesInOtherColumns() throws IOException {
        JsonNode s = analyze(real("latency__alibaba_mobileperf__honor9_android8_pending_fence_excerpt.txt"));
        assertEquals(3, s.get("frames").asInt()); // column 2 is valid although columns 1 and 3 are INT64_MAX
        assertEquals(16.66, s.get("frameTimeMs").get("p50").asDouble()); // 16659375 ns
        assertEquals(60.0, s.get("fps").asDouble());
    }

    @Test
    void pixel2AllZeroLayerHasNoFramesButASummary() throws IOException {
        JsonNode s = analyze(real("latency__alibaba_mobileperf__pixel2_android8_all_zero_excerpt.txt"));
        assertEquals(0, s.get("frames").asInt());
        assertTrue(s.get("fps").isNull());
        assertTrue(s.get("frameTimeMs").get("p50").isNull());
        assertTrue(s.get("warnings").toString().contains("no frame data"));
    }

    @Test
    void summaryOnlyAndLegacyGfxinfoHaveNoFramesAndSayWhy() throws IOException {
        for (String name : List.of("gfxinfo_summary__bamlab_flashlight__GfxInfoSample_android12plus.txt",
                "gfxinfo_summary__KazuCocoa_droid-monitor__android9_chrome.txt",
                "gfxinfo_legacy__KazuCocoa_droid-monitor__android5_chrome.txt")) {
            JsonNode s = analyze(real(name));
            assertEquals("gfxinfo", s.get("source").asText());
            assertEquals(0, s.get("frames").asInt(), name);
            assertTrue(s.get("warnings").toString().contains("framestats"), name);
        }
    }

    @Test
    void listAndDisplayFilesAreClearErrors() {
        Cli list = Cli.run("analyze", real("list__smart-test-ti_SoloX__issue249_android12plus_BLAST_grep.txt").toString());
        assertEquals(5, list.exit);
        assertTrue(list.err.contains("--list") && list.err.lines().count() == 1, list.toString());
        Cli display = Cli.run("analyze", real("display__bamlab_flashlight__dumpsys-display120.txt").toString());
        assertEquals(5, display.exit);
        assertTrue(display.err.contains("dumpsys display"), display.toString());
    }
}
