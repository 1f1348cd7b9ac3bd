package io.fpsctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.SurfaceFrameRecord;
import io.fpsctl.android.FrameTimelineDump;
import io.fpsctl.android.FrameTimelineParser;
import io.fpsctl.testing.FrameTimelineGoldens;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code analyze gfx.txt --frametimeline ft.txt} on the hand-written AOSP-spelled dumps of {@link FrameTimelineGoldens}
 * (12, 13, 14 QPR2, 15, 16): every frame whose Token and pid are in the ring joins, and app / system jank and dropped
 * buffers equal the numbers worked out by hand below (docs/metrics.md 10.
 */
class FrameTimelineGoldenTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Worked by hand from the story in {@link FrameTimelineGoldens}, frame by frame (the app is pid 4242):
     * <pre>
     * 1001 SurfaceFrame of pid 4242 on time (the status bar's, pid 1500, is not the app's)       joined, on time
     * 1002 pid 4242's: SurfaceFlinger CPU, finished on time (the clone's, pid 5555, is not it)   joined, system
     * 1003 pid 4242's buffer (Is Buffer?: 1, preferred to its 2 bufferless ones): App Deadline Missed joined, app
     * 1004 Unknown jank with Late Finish                                                          joined, app
     * 1005 Buffer Stuffing alone                                                                  joined, not janky
     * 1006 dropped (12/13: Present State : Dropped, Jank Type : None; 14+: Dropped Frame)          joined, dropped buffer
     * 1007 on time                                                                                joined, on time
     * 1008 Prediction State : Expired: 12 Unknown jank, 13+ App Deadline Missed                   joined, app
     * 1009 no SurfaceFrame in the ring                                                            unattributed
     * 1010 Prediction Error                                                                       joined, system
     * </pre>
     * frames 9, unattributed 1, app 3 (1003, 1004, 1008), system 2 (1002, 1010), droppedBuffers 1 (1006),
     * jankyFrames 3 + 2 = 5, appJankPercent 100 · 3 / 9 = 33.33, systemJankPercent 100 · 2 / 9 = 22.22;
     * types: appDeadlineMissed 1 on 12 (1003), 2 from 13 (1003, 1008); unknown 2 on 12 (1004, 1008), 1 from 13
     * (1004); surfaceFlingerCpu 1, bufferStuffing 1, predictionError 1, dropped 1, every other type 0.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void joinsEveryFrameOfTheAppsPidAndSplitsAsWorkedByHand(int android, @TempDir Path dir) throws Exception {
        Path gfx = dir.resolve("gfx.txt");
        Path ft = dir.resolve("ft.txt");
        Files.writeString(gfx, FrameTimelineGoldens.gfxinfo(android));
        Files.writeString(ft, FrameTimelineGoldens.frameTimeline(android));
        Cli r = Cli.run("analyze", gfx.toString(), "--frametimeline", ft.toString(), "--format", "json");
        assertEquals(0, r.exit, r::toString);
        JsonNode root = JSON.readTree(r.out);
        assertEquals(10, root.get("frames").asLong(), "every gfxinfo row is a counted frame: " + root);
        JsonNode j = root.get("frameTimeline");
        assertEquals(9, j.get("frames").asLong(), j::toString);
        assertEquals(1, j.get("unattributed").asLong(), j::toString);
        assertEquals(3, j.get("appJank").asLong(), j::toString);
        assertEquals(2, j.get("systemJank").asLong(), j::toString);
        assertEquals(1, j.get("droppedBuffers").asLong(), j::toString);
        assertEquals(5, j.get("jankyFrames").asLong(), j::toString);
        assertEquals(33.33, j.get("appJankPercent").asDouble(), 1e-9, j::toString);
        assertEquals(22.22, j.get("systemJankPercent").asDouble(), 1e-9, j::toString);
        JsonNode t = j.get("types");
        assertEquals(android == 12 ? 1 : 2, t.get("appDeadlineMissed").asLong(), j::toString);
        assertEquals(android == 12 ? 2 : 1, t.get("unknown").asLong(), j::toString);
        assertEquals(1, t.get("surfaceFlingerCpu").asLong(), j::toString);
        assertEquals(1, t.get("bufferStuffing").asLong(), j::toString);
        assertEquals(1, t.get("predictionError").asLong(), j::toString);
        assertEquals(1, t.get("dropped").asLong(), j::toString);
        for (String k : List.of("surfaceFlingerGpu", "surfaceFlingerScheduling", "surfaceFlingerStuffing",
                "displayHal")) {
            assertEquals(0, t.get(k).asLong(), k + " in " + j);
        }
    }

    /**
     * A gfxinfo dump without its {@code ** Graphics info for pid} line: no pid, so the window's name is the key,
     * compared without {@code TX - }. By hand: as with the pid, but 1002 takes the first SurfaceFrame named after
     * the window, the clone's (App Deadline Missed): frames 9, app 4 (1002, 1003, 1004, 1008), system 1 (1010),
     * dropped buffers 1 — the name cannot tell the app from its clone, which is why the pid is the key.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 14})
    void withoutThePidLineTheWindowNameIsTheKey(int android, @TempDir Path dir) throws Exception {
        Path gfx = dir.resolve("gfx.txt");
        Path ft = dir.resolve("ft.txt");
        String text = FrameTimelineGoldens.gfxinfo(android);
        text = text.replace("** Graphics info for pid " + FrameTimelineGoldens.PID + " [" + FrameTimelineGoldens.PKG
                + "] **\n", "");
        assertTrue(!text.contains("Graphics info for pid"));
        Files.writeString(gfx, text);
        Files.writeString(ft, FrameTimelineGoldens.frameTimeline(android));
        Cli r = Cli.run("analyze", gfx.toString(), "--frametimeline", ft.toString(), "--format", "json");
        assertEquals(0, r.exit, r::toString);
        JsonNode j = JSON.readTree(r.out).get("frameTimeline");
        assertEquals(9, j.get("frames").asLong(), j::toString);
        assertEquals(4, j.get("appJank").asLong(), j::toString);
        assertEquals(1, j.get("systemJank").asLong(), j::toString);
        assertEquals(1, j.get("droppedBuffers").asLong(), j::toString);
    }

    /**
     * {@code analyze ft.txt --package com.example}: no pid to go by, so the layer names are the key, compared without
     * {@code TX - }: the buffer SurfaceFrames whose layer starts with the package. By hand: the app's 1001 … 1008 and
     * 1010 (9, the dropped 1006 included) and the clone's 1002 (its window has the same name) = 10 frames; app jank:
     * the clone's 1002, 1003, 1004 (Unknown jank, Late Finish), 1008 (expired) = 4; system: the app's 1002, 1010 = 2;
     * dropped buffers: 1006 = 1. The bufferless 1003, the {@code Token: -1} transaction and the status bar are out.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void packageFallbackMatchesNamesWithoutTheTransactionPrefix(int android, @TempDir Path dir) throws Exception {
        Path ft = dir.resolve("ft.txt");
        Files.writeString(ft, FrameTimelineGoldens.frameTimeline(android));
        Cli r = Cli.run("analyze", ft.toString(), "--package", FrameTimelineGoldens.PKG, "--format", "json");
        assertEquals(0, r.exit, r::toString);
        JsonNode j = JSON.readTree(r.out).get("frameTimeline");
        assertEquals(10, j.get("frames").asLong(), j::toString);
        assertEquals(4, j.get("appJank").asLong(), j::toString);
        assertEquals(2, j.get("systemJank").asLong(), j::toString);
        assertEquals(1, j.get("droppedBuffers").asLong(), j::toString);
    }

    /**
     * Issue 25 item 9: {@code analyze ft.txt} printed "no frames" (and fps, frame times and a 0 % jank row) above
     * the app-jank figure. A FrameTimeline dump holds verdicts, no frame times: the text shows only the split, and
     * says once where the frame times come from. The numbers are those of
     * {@link #packageFallbackMatchesNamesWithoutTheTransactionPrefix}: app 4 of 10 = 40.00 %, system 2 of 10 =
     * 20.00 %, dropped buffers 1.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 16})
    void aFrameTimelineDumpAloneShowsOnlyItsSplit(int android, @TempDir Path dir) throws Exception {
        Path ft = dir.resolve("ft.txt");
        Files.writeString(ft, FrameTimelineGoldens.frameTimeline(android));
        Cli r = Cli.run("analyze", ft.toString(), "--package", FrameTimelineGoldens.PKG);
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("app jank     40.00 % (4 of 10 joined frames; FrameTimeline)"), r::toString);
        assertTrue(r.out.contains("system jank  20.00 % (2), unattributed 0, dropped buffers 1"), r::toString);
        String all = r.out + r.err;
        assertFalse(all.contains("no frames"), r::toString);
        for (String absent : new String[] {"  fps ", "  frames ", "  janky ", "  gap ms ", "  vitals "}) {
            assertFalse(r.out.contains(absent), () -> "'" + absent + "' in " + r);
        }
        assertTrue(all.contains("--frametimeline"), r::toString); // says how to get fps and frame times

        Cli json = Cli.run("analyze", ft.toString(), "--package", FrameTimelineGoldens.PKG, "--format", "json");
        assertEquals(0, json.exit, json::toString);
        assertFalse(JSON.readTree(json.out).get("warnings").toString().contains("no frames"), json::toString);
    }

    /**
     * Issue 25: {@code analyze ft.txt --format json} said {@code "source": "surfaceflinger"} and {@code "frames": 0}.
     * It says what it is: a FrameTimeline-only summary, no frame count or frame time claimed (null, not 0), and the
     * frameTimeline block with the numbers of {@link #aFrameTimelineDumpAloneShowsOnlyItsSplit} worked out by hand
     * there: 10 joined, app 4 (40.00 % = 100 · 4 / 10), system 2 (20.00 %), janky 6, dropped buffers 1, unattributed
     * 0. Such a file is no summary to gate: gate --from refuses it with one line (exit 5).
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 16})
    void aFrameTimelineDumpAloneIsAFrameTimelineOnlyJson(int android, @TempDir Path dir) throws Exception {
        Path ft = dir.resolve("ft.txt");
        Files.writeString(ft, FrameTimelineGoldens.frameTimeline(android));
        Cli r = Cli.run("analyze", ft.toString(), "--package", FrameTimelineGoldens.PKG, "--format", "json");
        assertEquals(0, r.exit, r::toString);
        JsonNode j = JSON.readTree(r.out);
        assertEquals("frametimeline", j.get("source").asText(), r.out);
        assertEquals(FrameTimelineGoldens.PKG, j.get("package").asText(), r.out);
        assertEquals(ft.toString(), j.get("file").asText(), r.out);
        for (String key : new String[] {"frames", "timedFrames", "fps", "spanFps", "jankyFrames", "jankPercent",
            "droppedFrames", "dropLevels", "frameTimeMs", "windows", "androidVitals", "coverageGaps"}) {
            assertTrue(j.has(key) && j.get(key).isNull(), () -> key + " is not claimed: " + r.out);
        }
        JsonNode t = j.get("frameTimeline");
        assertEquals(10, t.get("frames").asLong(), r.out);
        assertEquals(0, t.get("unattributed").asLong(), r.out);
        assertEquals(6, t.get("jankyFrames").asLong(), r.out);
        assertEquals(4, t.get("appJank").asLong(), r.out);
        assertEquals(2, t.get("systemJank").asLong(), r.out);
        assertEquals(40.0, t.get("appJankPercent").asDouble(), 1e-9, r.out);
        assertEquals(20.0, t.get("systemJankPercent").asDouble(), 1e-9, r.out);
        assertEquals(1, t.get("droppedBuffers").asLong(), r.out);
        assertTrue(j.get("warnings").toString().contains("no frame times"), r.out);

        Path saved = dir.resolve("ft.json");
        Files.writeString(saved, r.out);
        Cli gate = Cli.run("gate", "--from", saved.toString(), "--min-fps", "1");
        assertEquals(5, gate.exit, gate::toString);
        assertTrue(gate.err.contains("FrameTimeline-only") && gate.err.lines().count() == 1, gate::toString);
    }

    /**
     * The parser reads every line of the goldens: 9 display frames, 14 SurfaceFrames handed on and the pending one
     * held back, no unknown line.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void everyGoldenLineIsKnown(int android) throws Exception {
        List<SurfaceFrameRecord> out = new ArrayList<>();
        FrameTimelineDump d = new FrameTimelineParser(out::add).parse(new ByteArrayInputStream(
                FrameTimelineGoldens.frameTimeline(android).getBytes(StandardCharsets.UTF_8)));
        assertEquals(9, d.displayFrames());
        assertEquals(9, d.displayFramesHeader());
        assertEquals(14, out.size());
        assertEquals(1, d.pendingSurfaceFrames());
        assertEquals(0, d.unknownLines());
        assertEquals(1001, d.oldestToken()); // Token -1 is not a position in the ring
        assertEquals(1011, d.newestToken()); // the pending display frame's token is in the ring all the same
        SurfaceFrameRecord expired = out.stream().filter(s -> s.token() == 1008).findFirst().orElseThrow();
        assertTrue(expired.predictionExpired());
        SurfaceFrameRecord unknown = out.stream().filter(s -> s.token() == 1004).findFirst().orElseThrow();
        assertTrue(unknown.lateFinish());
        assertEquals("com.example/com.example.MainActivity#" + (android == 12 ? "0" : "151"), unknown.layerName());
    }
}
