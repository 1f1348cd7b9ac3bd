package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;

class ScenarioTest {

    private static final long MS = 1_000_000L;

    private static long dropped(HwuiFrame f) {
        return (f.frameCompleted() - f.intendedVsync()) / f.get(FrameColumn.FRAME_INTERVAL);
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 90, 120, 144})
    void smoothHasNoDroppedFrames(int hz) {
        SimHarness h = new SimHarness("smooth", 14, hz, 2);
        h.advanceMillis(30_000);
        List<HwuiFrame> f = h.frames(0);
        assertTrue(f.size() > hz * 29, "continuous rendering: " + f.size());
        for (HwuiFrame x : f.subList(1, f.size())) {
            assertEquals(0, dropped(x));
            assertTrue(x.get(FrameColumn.GPU_COMPLETED) < x.get(FrameColumn.FRAME_DEADLINE), "on time for 12+ rules");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 120, 144})
    void jankHasAllDropLevels(int hz) {
        SimHarness h = new SimHarness("jank", 13, hz, 3);
        h.advanceMillis(60_000);
        Set<Long> levels = new TreeSet<>();
        for (HwuiFrame x : h.frames(0)) {
            if (x.flags() == 0) {
                levels.add(dropped(x));
            }
        }
        assertEquals(Set.of(0L, 3L, 9L, 24L), levels);
    }

    @Test
    void freezeHasAFrozenFrameAtLeastEvery5Seconds() {
        SimHarness h = new SimHarness("freeze", 12, 120, 4);
        h.advanceMillis(120_000);
        long last = h.frames(0).get(0).intendedVsync();
        int freezes = 0;
        for (HwuiFrame x : h.frames(0)) {
            if (x.frameCompleted() - x.intendedVsync() >= 700 * MS) {
                assertTrue(x.intendedVsync() - last <= 5_000 * MS, "gap " + (x.intendedVsync() - last) / MS);
                last = x.intendedVsync();
                freezes++;
            }
        }
        assertTrue(freezes >= 24, "freezes " + freezes);
    }

    @Test
    void idleBurstsAreSeparatedByAtLeast1500ms() {
        SimHarness h = new SimHarness("idle-bursts", 11, 90, 5);
        h.advanceMillis(60_000);
        List<HwuiFrame> f = h.frames(0);
        int bursts = 1;
        for (int i = 1; i < f.size(); i++) {
            long gap = f.get(i).intendedVsync() - f.get(i - 1).frameCompleted();
            if (gap > 500 * MS) {
                assertTrue(f.get(i).intendedVsync() - f.get(i - 1).intendedVsync() >= 1_500 * MS);
                bursts++;
            }
        }
        assertTrue(bursts >= 15, "bursts " + bursts);
    }

    @Test
    void gameLayerRunsAt40To60FpsWithPerfDogJank() {
        SimHarness h = new SimHarness("game", 14, 120, 6);
        h.advanceMillis(60_000);
        List<LayerFrame> f = h.layers.get("surfaceview");
        double seconds = (f.get(f.size() - 1).actualPresent() - f.get(0).actualPresent()) / 1e9;
        double fps = (f.size() - 1) / seconds;
        assertTrue(fps > 35 && fps < 60, "fps " + fps);
        int jank = 0;
        int bigJank = 0;
        for (int i = 1; i < f.size(); i++) {
            long gap = f.get(i).actualPresent() - f.get(i - 1).actualPresent();
            assertTrue(gap > 0);
            assertTrue(f.get(i).desiredPresent() < f.get(i).actualPresent());
            assertTrue(f.get(i).frameReady() < f.get(i).actualPresent());
            if (gap > 83_330_000L) {
                jank++;
            }
            if (gap > 125 * MS) {
                bigJank++;
            }
        }
        assertTrue(jank >= 8 && bigJank >= 3, "jank " + jank + " big " + bigJank);
    }

    @Test
    void twoWindowsBothRender() {
        SimHarness h = new SimHarness("two-windows", 14, 60, 7);
        h.advanceMillis(10_000);
        assertTrue(h.frames(0).size() > 500);
        assertTrue(h.frames(1).size() > 20);
        List<SimHarness.Block> blocks = SimHarness.blocks(h.sh("dumpsys gfxinfo com.example.feed framestats"));
        assertEquals(2, blocks.size());
        assertEquals("com.example.feed/com.example.feed.ShareSheetActivity", blocks.get(1).window());
        assertNotNull(h.device.windowLayerName(1));
    }

    @Test
    void jsonScenarioRoundTripsAndRuns(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (String name : Scenarios.names()) {
            Scenario s = Scenarios.byName(name);
            assertEquals(s, Scenarios.fromJson(Scenarios.toJson(s)), name);
        }
        Path file = dir.resolve("custom.json");
        Files.writeString(file, "{\"name\":\"mine\",\"refreshHz\":90,\"windows\":[{\"activity\":\".Feed\",\"phases\":["
                + "{\"kind\":\"render\",\"durationMs\":2000,\"input\":true,\"slow\":{\"everyFrames\":30,\"missedVsyncs\":[5]}},"
                + "{\"kind\":\"idle\",\"durationMs\":1500}]}]}");
        Scenario s = Scenarios.byNameOrFile(file.toString());
        SimHarness h = new SimHarness(s, 10, null, 1);
        h.advanceMillis(7_000);
        assertTrue(h.frames(0).stream().anyMatch(x -> dropped(x) == 5));
        assertEquals(11_111_111L, h.frames(0).get(3).get(FrameColumn.FRAME_INTERVAL));
        assertTrue(h.sh("dumpsys gfxinfo com.example.feed framestats").contains("com.example.feed/com.example.feed.Feed"));
        assertThrows(Exception.class, () -> Scenarios.fromJson("{\"refresh\":90}"));
        assertThrows(IllegalArgumentException.class, () -> Scenarios.byName("nope"));
    }

    @Test
    void sameSeedSameFramesWhateverThePollingDifferentSeedDifferentFrames() {
        SimHarness a = new SimHarness("jank", 14, 120, 42);
        SimHarness b = new SimHarness("jank", 14, 120, 42);
        SimHarness c = new SimHarness("jank", 14, 120, 43);
        a.advanceMillis(10_000);
        for (int i = 0; i < 37; i++) {
            b.advanceMillis(270);
            b.sh("dumpsys gfxinfo com.example.feed framestats");
        }
        b.advanceMillis(10_000 - 37 * 270);
        c.advanceMillis(10_000);
        assertEquals(a.frames(0).toString(), b.frames(0).toString());
        assertNotEquals(a.frames(0).toString(), c.frames(0).toString());
        assertEquals(a.sh("dumpsys gfxinfo com.example.feed framestats"),
                b.sh("dumpsys gfxinfo com.example.feed framestats"));
        assertEquals(a.sh("dumpsys SurfaceFlinger --list"), b.sh("dumpsys SurfaceFlinger --list"));
    }

    /**
     * init's PropertySet (property_service.cpp) refuses a value of PROP_VALUE_MAX (92) bytes or more unless the name
     * starts with ro.: 91 bytes pass, 92 are refused with the property named; an ro. value of any length passes.
     */
    @Test
    void propertyValuesAndroidRefusesAreRefused() throws Exception {
        String ok = "{\"properties\":{\"sys.x\":\"" + "a".repeat(91) + "\",\"ro.product.model\":\""
                + "m".repeat(500) + "\"}}";
        assertEquals(91, Scenarios.fromJson(ok).properties().get("sys.x").length());
        Exception e = assertThrows(Exception.class, () -> Scenarios.fromJson("{\"properties\":{\"sys.x\":\""
                + "\u00e9".repeat(46) + "\"}}")); // 46 two-byte characters: 92 bytes
        assertTrue(e.getMessage().contains("scenario property sys.x is 92 bytes"), e.getMessage());
    }
}
