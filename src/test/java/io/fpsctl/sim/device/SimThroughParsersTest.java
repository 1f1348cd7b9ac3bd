package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Frame;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.PresentedFrame;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.source.DumpFormatException;
import io.fpsctl.source.FramestatsDump;
import io.fpsctl.source.FramestatsParser;
import io.fpsctl.source.GfxinfoSummary;
import io.fpsctl.source.GfxinfoSummaryReader;
import io.fpsctl.source.LatencyDump;
import io.fpsctl.source.LatencyParser;
import io.fpsctl.source.LayerList;
import io.fpsctl.source.LayerRanker;
import io.fpsctl.source.RefreshRate;
import io.fpsctl.source.SavedDump;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the simulated device prints, for every emulated Android version, read back by fpsctl's own parsers. */
class SimThroughParsersTest {

    /** Collects rendered or presented frames. */
    private static final class Collect implements FrameSink {
        final List<RenderedFrame> rendered = new ArrayList<>();
        final List<PresentedFrame> presented = new ArrayList<>();

        @Override
        public void frame(Frame f) {
            if (f instanceof RenderedFrame r) {
                rendered.add(r);
            } else if (f instanceof PresentedFrame p) {
                presented.add(p);
            }
        }
    }

    private static FramestatsDump framestats(String text, Collect c, GfxinfoSummaryReader summaries) throws IOException {
        return new FramestatsParser(c, summaries::line).parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static int expectedColumns(int android) {
        return android <= 7 ? 14 : android <= 10 ? 16 : android == 11 ? 17 : android == 12 ? 22 : android <= 15 ? 23 : 24;
    }

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void everyVersionParsesCleanly(int android) throws IOException, DumpFormatException {
        SimHarness h = new SimHarness("jank", android, 120, 7);
        h.advanceMillis(3000);
        Collect c = new Collect();
        GfxinfoSummaryReader summaries = new GfxinfoSummaryReader();
        FramestatsDump d = framestats(h.sh("dumpsys gfxinfo " + SimHarness.PKG + " framestats"), c, summaries);
        assertEquals(0, d.malformedRows());
        assertEquals(1, d.blocks());
        assertEquals(expectedColumns(android), d.columns());
        assertTrue(c.rendered.size() > 100 && c.rendered.size() <= 120, "a full ring: " + c.rendered.size());
        for (RenderedFrame f : c.rendered) {
            assertEquals(android >= 12 ? 8_333_333L : 0L, f.frameInterval() == 0 ? 0L : 8_333_333L,
                    "interval column only on 12+ (label swap undone on 12–15)");
            if (f.frameInterval() > 0) {
                assertTrue(Math.abs(f.frameInterval() - 8_333_333L) <= 1, "interval " + f.frameInterval());
            }
        }
        List<GfxinfoSummary> s = summaries.summaries();
        assertFalse(s.isEmpty());
        assertTrue(s.get(0).totalFrames() >= c.rendered.size());

        String list = h.sh("dumpsys SurfaceFlinger --list");
        List<String> ranked = LayerRanker.rank(LayerList.parse(list), SimHarness.PKG);
        assertFalse(ranked.isEmpty(), "a layer to measure:\n" + list);
        Collect layer = new Collect();
        LatencyDump lat = LatencyParser.parse(new StringReader(h.sh("dumpsys SurfaceFlinger --latency '" + ranked.get(0)
                + "'")), ranked.get(0), layer);
        assertEquals(8_333_333L, lat.periodNs(), 1);
        assertTrue(lat.hasData(), "the app's layer has presents");
        assertEquals(127, lat.rows());
        assertEquals(120.0, RefreshRate.fromDisplayDump(h.sh("dumpsys display")).orElseThrow().hz(), 0.01);
    }

    @ParameterizedTest(name = "{0} Hz")
    @ValueSource(ints = {60, 90, 120, 144})
    void gameLayerIsFoundAndMeasuredAtEveryRefreshRate(int hz) throws IOException, DumpFormatException {
        SimHarness h = new SimHarness("game", 14, hz, 3);
        h.advanceMillis(4000);
        List<String> ranked = LayerRanker.rank(LayerList.parse(h.sh("dumpsys SurfaceFlinger --list")), SimHarness.PKG);
        assertTrue(ranked.get(0).startsWith("SurfaceView["), ranked.toString());
        FrameEngine engine = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults());
        LatencyDump d = LatencyParser.parse(new StringReader(h.sh("dumpsys SurfaceFlinger --latency '" + ranked.get(0)
                + "'")), ranked.get(0), engine);
        assertEquals(Math.round(1e9 / hz), d.periodNs(), 1);
        Summary s = engine.summary(SimHarness.PKG);
        assertTrue(s.fps() > 30 && s.fps() < 65, "game fps " + s.fps());
    }

    @Test
    void everyRowTheRingsShowedIsInTheTruthFile(@TempDir Path dir) throws IOException, DumpFormatException {
        Path truthFile = dir.resolve("t.txt");
        TruthWriter truth = TruthWriter.open(truthFile, AndroidVersion.of(14));
        ManualTimeSource time = new ManualTimeSource();
        SimulatedAndroid device = SimulatedAndroid.create(io.fpsctl.sim.device.scenario.Scenarios.byName("jank"),
                SimOptions.defaults().withAndroid(14).withRefreshHz(120).withSeed(7), time, truth);
        Set<Long> shown = new HashSet<>();
        for (int poll = 0; poll < 12; poll++) {
            time.advanceMillis(700);
            device.advance();
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            device.run("dumpsys gfxinfo " + SimHarness.PKG + " framestats", out, new java.io.ByteArrayOutputStream());
            Collect c = new Collect();
            framestats(out.toString(StandardCharsets.UTF_8), c, new GfxinfoSummaryReader());
            c.rendered.stream().filter(RenderedFrame::complete).forEach(f -> shown.add(f.intendedVsync()));
        }
        truth.close();
        Collect all = new Collect();
        framestats(Files.readString(truthFile), all, new GfxinfoSummaryReader());
        Set<Long> inTruth = new HashSet<>();
        all.rendered.forEach(f -> inTruth.add(f.intendedVsync()));
        assertTrue(shown.size() > 500);
        assertTrue(inTruth.containsAll(shown), "rows missing from the truth: " + shown.stream()
                .filter(v -> !inTruth.contains(v)).limit(5).toList());
        // and fpsctl analyze reads the truth file like any dump
        Summary s = SavedDump.analyze(truthFile, EngineConfig.defaults(), null, null).summary();
        assertEquals(inTruth.size(), s.frames() + countSkipped(all));
        assertEquals(SimHarness.PKG, s.packageName());
    }

    private static long countSkipped(Collect c) {
        return c.rendered.stream().filter(f -> (f.flags() & RenderedFrame.FLAG_SKIPPED) != 0 || !f.complete()).count();
    }
}
