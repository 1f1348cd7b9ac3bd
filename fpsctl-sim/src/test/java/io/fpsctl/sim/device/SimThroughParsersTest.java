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
import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.android.FramestatsDump;
import io.fpsctl.android.FramestatsParser;
import io.fpsctl.android.GfxinfoSummary;
import io.fpsctl.android.GfxinfoSummaryReader;
import io.fpsctl.android.LatencyDump;
import io.fpsctl.android.LatencyParser;
import io.fpsctl.android.LayerList;
import io.fpsctl.android.LayerRanker;
import io.fpsctl.android.RefreshRate;
import io.fpsctl.analysis.SavedDump;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the simulated device prints, for every emulated Android version, read by fpsctl's parsers and compared with
 * values known without them (column counts, periods) or with the simulator's structured frames.
 */
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

    /**
     * Every complete row the rings showed, as FramestatsParser read it, equals the simulator's structured truth frame
     * with that IntendedVsync, column by column (a broken column mapping fails here): the expected values come from
     * the generated frames, never from a parser.
     */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void everyRowTheRingsShowedIsItsTruthFrame(int android) throws IOException {
        SimHarness h = new SimHarness("jank", android, 120, 7);
        Map<Long, RenderedFrame> shown = new HashMap<>();
        for (int poll = 0; poll < 8; poll++) {
            h.advanceMillis(700);
            Collect c = new Collect();
            framestats(h.sh("dumpsys gfxinfo " + SimHarness.PKG + " framestats"), c, new GfxinfoSummaryReader());
            c.rendered.stream().filter(RenderedFrame::complete).forEach(f -> shown.put(f.intendedVsync(), f));
        }
        Map<Long, HwuiFrame> truth = new HashMap<>();
        h.frames(0).forEach(f -> truth.put(f.intendedVsync(), f));
        assertTrue(shown.size() > 500, "rows seen: " + shown.size());
        boolean deadline = android >= 12;
        boolean gpu = android >= 11;
        for (RenderedFrame row : shown.values()) {
            HwuiFrame t = truth.get(row.intendedVsync());
            String at = "Android " + android + " row at " + row.intendedVsync() + ": ";
            assertTrue(t != null, at + "not a truth frame");
            assertEquals(t.flags(), row.flags(), at + "Flags");
            assertEquals(t.get(FrameColumn.VSYNC), row.vsync(), at + "Vsync");
            assertEquals(t.get(FrameColumn.HANDLE_INPUT_START), row.handleInputStart(), at + "HandleInputStart");
            assertEquals(t.get(FrameColumn.ANIMATION_START), row.animationStart(), at + "AnimationStart");
            assertEquals(t.get(FrameColumn.PERFORM_TRAVERSALS_START), row.performTraversalsStart(),
                    at + "PerformTraversalsStart");
            assertEquals(t.get(FrameColumn.DRAW_START), row.drawStart(), at + "DrawStart");
            assertEquals(t.get(FrameColumn.SYNC_QUEUED), row.syncQueued(), at + "SyncQueued");
            assertEquals(t.get(FrameColumn.SYNC_START), row.syncStart(), at + "SyncStart");
            assertEquals(t.get(FrameColumn.ISSUE_DRAW_COMMANDS_START), row.issueDrawCommandsStart(),
                    at + "IssueDrawCommandsStart");
            assertEquals(t.get(FrameColumn.SWAP_BUFFERS), row.swapBuffers(), at + "SwapBuffers");
            assertEquals(t.frameCompleted(), row.frameCompleted(), at + "FrameCompleted");
            if (gpu && row.gpuCompleted() != 0) { // 0 while the GPU fence was pending at dump time
                assertEquals(t.get(FrameColumn.GPU_COMPLETED), row.gpuCompleted(), at + "GpuCompleted");
            }
            if (!gpu) {
                assertEquals(0, row.gpuCompleted(), at + "no GpuCompleted column before 11");
            }
            assertEquals(deadline ? t.get(FrameColumn.FRAME_DEADLINE) : 0, row.frameDeadline(), at + "FrameDeadline");
            assertEquals(deadline ? t.get(FrameColumn.FRAME_INTERVAL) : 0, row.frameInterval(),
                    at + "FrameInterval (label swap on 12-15 undone)");
        }
    }

    /** {@code fpsctl analyze} reads the truth file like any dump: as many frames as the simulator generated. */
    @Test
    void theTruthFileAnalyzesToTheGeneratedFrames(@TempDir Path dir) throws IOException, DumpFormatException {
        Path truthFile = dir.resolve("t.txt");
        TruthWriter writer = TruthWriter.open(truthFile, AndroidVersion.of(14));
        List<HwuiFrame> generated = new ArrayList<>();
        FrameObserver both = new FrameObserver() {
            @Override
            public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
                writer.hwuiFrame(windowIndex, title, frame);
                if (windowIndex == 0) {
                    generated.add(frame);
                }
            }

            @Override
            public void layerFrame(String layerKey, long periodNs, io.fpsctl.sim.device.frames.LayerFrame frame) {
                writer.layerFrame(layerKey, periodNs, frame);
            }

            @Override
            public void flush() {
                writer.flush();
            }
        };
        ManualTimeSource time = new ManualTimeSource();
        SimulatedAndroid device = SimulatedAndroid.create(io.fpsctl.sim.device.scenario.Scenarios.byName("jank"),
                SimOptions.defaults().withAndroid(14).withRefreshHz(120).withSeed(7), time, both);
        time.advanceMillis(8_000);
        device.advance();
        writer.close();
        long counted = generated.stream().filter(f -> (f.flags() & 8) == 0).count();
        assertTrue(counted > 600, "8 s at 120 Hz with slow frames: " + counted);
        Summary s = SavedDump.analyze(truthFile, EngineConfig.defaults(), null, null).summary();
        assertEquals(counted, s.frames());
        assertEquals(SimHarness.PKG, s.packageName());
    }

}
