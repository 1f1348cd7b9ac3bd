package io.fpsctl.sim.device;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class SurfaceFlingerTest {

    private static final String TITLE = "com.example.feed/com.example.feed.MainActivity";

    private static String q(String name) {
        return "'" + name + "'";
    }

    @ParameterizedTest
    @CsvSource({"60,16666666", "90,11111111", "120,8333333", "144,6944444"})
    void latencyHas127RowsAndThePeriod(int hz, long period) {
        SimHarness h = new SimHarness("smooth", 14, hz, 1);
        h.advanceMillis(3_000);
        String out = h.sh("dumpsys SurfaceFlinger --latency " + q(h.device.windowLayerName(0)));
        String[] lines = out.split("\n", -1);
        assertEquals(String.valueOf(period), lines[0]);
        assertEquals(1 + 127 + 1 + 1, lines.length, "period, 127 rows, blank line, end");
        assertEquals("", lines[128]);
        assertTrue(out.endsWith("\n\n"));
        long lastActual = 0;
        for (int i = 1; i <= 127; i++) {
            String[] cells = lines[i].split("\t");
            assertEquals(3, cells.length, lines[i]);
            long actual = Long.parseLong(cells[1]);
            if (actual != 0 && actual != Long.MAX_VALUE) {
                assertTrue(actual > lastActual);
                lastActual = actual;
            }
        }
        assertTrue(lastActual > 0);
    }

    @Test
    void newLayerPadsWithZeroRowsAndShowsPendingFences() {
        SimHarness h = new SimHarness("smooth", 13, 60, 1);
        h.advanceMillis(300);
        String[] lines = h.sh("dumpsys SurfaceFlinger --latency " + q(h.device.windowLayerName(0))).split("\n");
        assertEquals("0\t0\t0", lines[1]);
        boolean pending = false;
        for (int i = 0; i < 40; i++) {
            h.time.advanceNanos(3_000_001);
            String out = h.sh("dumpsys SurfaceFlinger --latency " + q(h.device.windowLayerName(0)));
            pending |= out.contains("\t9223372036854775807");
        }
        assertTrue(pending, "newest present fences are sometimes still pending");
    }

    @Test
    void unknownNameAndMissingNamePerVersion() {
        for (int v : new int[] {9, 13, 14, 15}) {
            SimHarness h = new SimHarness("smooth", v, 60, 1);
            h.advanceMillis(500);
            assertEquals("16666666\n", h.sh("dumpsys SurfaceFlinger --latency 'no such layer#0'"));
            String noName = h.sh("dumpsys SurfaceFlinger --latency");
            if (v <= 13) {
                assertEquals(1 + 127 + 1, noName.split("\n", -1).length - 1, "v" + v);
                assertTrue(noName.contains("0\t0\t0\n"));
            } else {
                assertEquals("16666666\n", noName);
            }
        }
    }

    @Test
    void layerWithoutBuffersPrintsZeroRows() {
        SimHarness h = new SimHarness("smooth", 12, 60, 1);
        h.advanceMillis(500);
        String out = h.sh("dumpsys SurfaceFlinger --latency 'Bounds for - " + TITLE + "#0'");
        assertEquals(129, out.split("\n", -1).length - 1);
        assertFalse(out.substring(out.indexOf('\n')).matches("(?s).*[1-9].*"));
    }

    @Test
    void latencyClearZeroesTheLayer() {
        SimHarness h = new SimHarness("smooth", 14, 60, 1);
        h.advanceMillis(3_000);
        String name = q(h.device.windowLayerName(0));
        assertEquals("", h.sh("dumpsys SurfaceFlinger --latency-clear " + name));
        String[] rows = h.sh("dumpsys SurfaceFlinger --latency " + name).split("\n");
        long nonZero = Arrays.stream(rows).skip(1).filter(r -> !r.equals("0\t0\t0")).count();
        assertTrue(nonZero <= 1, "only a buffer latched after the clear may show");
        h.advanceMillis(1_000);
        rows = h.sh("dumpsys SurfaceFlinger --latency " + name).split("\n");
        assertTrue(Arrays.stream(rows).skip(1).filter(r -> !r.equals("0\t0\t0")).count() > 50);
        h.sh("dumpsys SurfaceFlinger --latency-clear");
        rows = h.sh("dumpsys SurfaceFlinger --latency " + name).split("\n");
        assertTrue(Arrays.stream(rows).skip(1).filter(r -> !r.equals("0\t0\t0")).count() <= 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void listNamingPerVersion(int v) {
        SimHarness h = new SimHarness("game", v, 60, 1);
        h.advanceMillis(1_000);
        List<String> lines = List.of(h.sh("dumpsys SurfaceFlinger --list").split("\n"));
        String sv = h.device.surfaceViewLayerName();
        String app = h.device.windowLayerName(0);
        if (v >= 15) {
            assertTrue(lines.stream().allMatch(l -> l.startsWith("RequestedLayerState{") && l.endsWith("}")));
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("RequestedLayerState{" + app + " parentId=")));
        } else {
            assertTrue(lines.contains(app));
            assertTrue(lines.contains(sv));
        }
        if (v == 6) {
            // Marshmallow's SurfaceView window title is just "SurfaceView"
            assertEquals(TITLE, app);
            assertEquals("SurfaceView", sv);
        } else if (v == 7) {
            // Nougat titles it "SurfaceView - " + the activity window's title; no suffix, no colour layer yet
            assertEquals(TITLE, app);
            assertEquals("SurfaceView - " + TITLE, sv);
            assertTrue(lines.stream().noneMatch(l -> l.startsWith("Background for")));
        } else if (v <= 11) {
            assertEquals(TITLE + "#0", app);
            assertEquals("SurfaceView - " + TITLE + "#0", sv);
            assertTrue(lines.contains("Background for -SurfaceView - " + TITLE + "#0"));
        } else if (v == 12) {
            assertEquals(TITLE + "#0", app);
            assertEquals("SurfaceView[" + TITLE + "](BLAST)#0", sv);
        } else {
            assertTrue(app.matches(java.util.regex.Pattern.quote(TITLE) + "#[1-9][0-9]*"), app);
            assertTrue(sv.matches(java.util.regex.Pattern.quote("SurfaceView[" + TITLE + "](BLAST)") + "#[1-9][0-9]*"));
        }
        assertEquals(v >= 10, lines.stream().anyMatch(l -> l.contains("Bounds for - " + TITLE)));
        assertEquals(v >= 8, lines.stream().anyMatch(l -> l.matches(".*[0-9a-f]{7} " + java.util.regex.Pattern.quote(TITLE) + ".*")));
        // the game layer has frames in --latency
        String lat = h.sh("dumpsys SurfaceFlinger --latency " + q(sv));
        assertTrue(lat.split("\n").length >= 128);
        assertTrue(Arrays.stream(lat.split("\n")).skip(1).anyMatch(r -> !r.equals("0\t0\t0")));
    }

    @Test
    void restartGivesNewSequenceNumbersOn13() {
        SimHarness h = new SimHarness("smooth", 13, 60, 1);
        String before = h.device.windowLayerName(0);
        h.device.crashApp();
        assertNotEquals(before, h.device.windowLayerName(0));
    }

    @Test
    void gameFramesAreOnlyInSurfaceFlinger() {
        SimHarness h = new SimHarness("game", 14, 60, 4);
        for (int i = 0; i < 40; i++) {
            h.advanceMillis(250);
            h.sh("dumpsys gfxinfo com.example.feed framestats");
        }
        int game = h.layers.get("surfaceview").size();
        int hwui = h.frames(0).size();
        assertTrue(game > 350, "game frames " + game);
        assertTrue(hwui < 60, "only the HUD draws with hwui: " + hwui);
        String dump = h.sh("dumpsys gfxinfo com.example.feed framestats");
        assertFalse(dump.contains("SurfaceView"));
        assertEquals(1, SimHarness.blocks(dump).size());
    }

    @Test
    void displayAndRefreshSwitch() throws Exception {
        var s = io.fpsctl.sim.device.scenario.Scenarios.fromJson(
                "{\"refreshHz\":120,\"refreshChanges\":[{\"atMs\":1000,\"hz\":60}]}");
        SimHarness h = new SimHarness(s, 14, null, 1);
        h.advanceMillis(500);
        assertEquals("8333333\n", h.sh("dumpsys SurfaceFlinger --latency x"));
        String d = h.sh("dumpsys display");
        assertTrue(d.contains("renderFrameRate 120.0,"), d);
        assertTrue(d.contains("supportedModes [{id=1, width=1080, height=2400, fps=60.0, alternativeRefreshRates=[120.0], supportedHdrTypes=[]}"), d);
        assertTrue(d.contains("{id=2, width=1080, height=2400, fps=120.0, alternativeRefreshRates=[60.0], supportedHdrTypes=[]}"), d); // Display.Mode.toString SDK 34: no vsync= before 35
        h.advanceMillis(1_000);
        assertEquals("16666666\n", h.sh("dumpsys SurfaceFlinger --latency x"));
        assertTrue(h.sh("dumpsys display").contains("renderFrameRate 60.0,"));
        var f = h.frames(0);
        assertEquals(8_333_333L, f.get(5).get(io.fpsctl.sim.device.frames.FrameColumn.FRAME_INTERVAL));
        assertEquals(16_666_666L, f.get(f.size() - 1).get(io.fpsctl.sim.device.frames.FrameColumn.FRAME_INTERVAL));
    }
}
