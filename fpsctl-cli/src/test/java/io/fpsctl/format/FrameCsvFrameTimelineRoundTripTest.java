package io.fpsctl.format;

import io.fpsctl.sink.CsvRecorder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The FrameTimeline columns of frames.csv read back: hand-made rows with {@code jankTypes} and {@code presentState}
 * go through {@link FrameCsvReader} into the engine, which counts them into {@code frameTimeline} and hands each
 * verdict on right after its frame; written again through {@link CsvRecorder} / {@link FrameCsv}, the cells come
 * out as they went in. Expected counts are worked out by hand from the rows (docs/metrics.md 10).
 */
class FrameCsvFrameTimelineRoundTripTest {
    private static final String W = "com.example/com.example.MainActivity";
    /** The header as documented (docs/metrics.md), typed here by hand. */
    private static final String HEADER = "device,package,source,window,intendedVsyncNs,endNs,intervalNs,durationMs,"
            + "dropped,janky,dropLevel,flags,delayMs,inputMs,animationMs,layoutMs,drawMs,syncMs,commandMs,swapMs,"
            + "gpuMs,mainCause,jank,bigJank,interaction,chInputMs,chAnimationMs,chTraversalMs,jankTypes,presentState";
    /** The header fpsctl writes: the Flutter (docs/metrics.md 16) and resource columns (13) before the FrameTimeline ones. */
    private static final String WRITTEN_HEADER = HEADER.replace(",jankTypes,",
            ",uiMs,rasterMs,flutterBottleneck,appCpuPercent,mainCpuPercent,"
            + "renderThreadCpuPercent,hwuiTaskCpuPercent,gpuCompletionCpuPercent,deviceCpuPercent,throttled,rssKb,"
            + "pssKb,thermalStatus,gpuPercent,gpuMhz,powerMw,jankTypes,");
    private static final long T0 = 100_000_000_000L;
    private static final long HZ60 = 16_666_667L;

    /** The FrameTimeline cells of the rows below, in order. */
    private static final String[][] CELLS = {
        {"", "Presented"},                           // 0 on time
        {"appDeadlineMissed", "Presented"},          // 1 app jank
        {"surfaceFlingerCpu|displayHal", "Presented"}, // 2 system jank
        {"bufferStuffing", "Presented"},             // 3 not janky: stuffing alone
        {"appDeadlineMissed|dropped", "Dropped"},    // 4 a dropped buffer: neither (rev 3)
        {"", ""},                                    // 5 unattributed
        {"madeUpJank", "Unknown"},                   // 6 unknown key: unknown, system jank
        {"madeUpJank|bufferStuffing", "Presented"},  // 7 the same unknown key again: no second warning
    };

    /** One gfxinfo row of 8 ms at 60 Hz, frame {@code i}, with its FrameTimeline cells. */
    private static String row(int i, String jankTypes, String presentState) {
        List<String> c = new ArrayList<>(List.of("dev", "com.example", "gfxinfo", W, Long.toString(T0 + i * HZ60),
                Long.toString(T0 + i * HZ60 + 8_000_000L), Long.toString(HZ60), "8", "0", "false", "best", "0"));
        c.addAll(Collections.nCopies(16, "")); // 9 stages, mainCause, jank, bigJank, interaction, 3 Choreographer
        c.add(jankTypes);
        c.add(presentState);
        assertEquals(30, c.size());
        return String.join(",", c);
    }

    private static String csv(String header, String[][] cells) {
        StringBuilder b = new StringBuilder(header).append('\n');
        for (int i = 0; i < cells.length; i++) {
            b.append(row(i, cells[i][0], cells[i][1])).append('\n');
        }
        return b.toString();
    }

    /** What the engine told its listener, in order: "frame N awaits" / "frame N" / "verdict N types state". */
    private static final class Events implements FrameEngine.Listener {
        final List<String> log = new ArrayList<>();

        @Override
        public void frame(FrameResult r) {
            log.add("frame " + r.sequence() + (r.awaitsVerdict() ? " awaits" : ""));
        }

        @Override
        public void frameTimeline(long sequence, FrameTimelineVerdict v) {
            log.add("verdict " + sequence + " " + v.jankTypesColumn() + " " + v.presentState());
        }
    }

    @Test
    void verdictsReachTheSummaryAndTheListenerRightAfterTheirFrame() throws Exception {
        Events events = new Events();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), events);
        engine.savedDump(true);
        FrameCsvReader.Result res = new FrameCsvReader(engine).read(utf8(csv(HEADER, CELLS)));
        engine.finish();
        FrameTimelineSummary ft = engine.summary("com.example").frameTimeline();

        assertEquals(List.of(
                "frame 0 awaits", "verdict 0  Presented",
                "frame 1 awaits", "verdict 1 appDeadlineMissed Presented",
                "frame 2 awaits", "verdict 2 surfaceFlingerCpu|displayHal Presented",
                "frame 3 awaits", "verdict 3 bufferStuffing Presented",
                "frame 4 awaits", "verdict 4 appDeadlineMissed|dropped Dropped",
                "frame 5",
                "frame 6 awaits", "verdict 6 unknown Unknown",
                "frame 7 awaits", "verdict 7 bufferStuffing|unknown Presented"), events.log);

        // joined: rows 0-4, 6, 7 = 7; unattributed: row 5. Rev 4 (Perfetto's jank tag, worked by hand): app 1, 4
        // (App Deadline Missed comes before the Dropped present type), 6 and 7 (Unknown is always the app's);
        // system 2; buffer stuffing alone 3; no dropped buffer (4 is the app's)
        assertEquals(7, ft.frames());
        assertEquals(1, ft.unattributed());
        assertEquals(4, ft.appJank());
        assertEquals(1, ft.systemJank());
        assertEquals(0, ft.droppedBuffers());
        assertEquals(1, ft.bufferStuffing());
        assertEquals(5, ft.jankyFrames());
        assertEquals(100.0 * 4 / 7, ft.appJankPercent(), 1e-9);
        assertEquals(100.0 * 1 / 7, ft.systemJankPercent(), 1e-9);
        Map<String, Long> types = new LinkedHashMap<>();
        for (String k : List.of("appDeadlineMissed", "bufferStuffing", "surfaceFlingerCpu", "surfaceFlingerGpu",
                "surfaceFlingerScheduling", "surfaceFlingerStuffing", "displayHal", "predictionError", "dropped",
                "unknown", "appResyncedJitter", "nonAnimating", "displayNotOn", "modeChange", "powerModeChange")) {
            types.put(k, 0L);
        }
        types.put("appDeadlineMissed", 2L);
        types.put("bufferStuffing", 2L);
        types.put("surfaceFlingerCpu", 1L);
        types.put("displayHal", 1L);
        types.put("dropped", 1L);
        types.put("unknown", 2L);
        assertEquals(types, ft.types());
        assertEquals(1, res.warnings().size(), res.warnings().toString());
        assertTrue(res.warnings().get(0).contains("\"madeUpJank\""), res.warnings().get(0));
        assertEquals(0, res.malformedRows());
    }

    @Test
    void writtenAgainTheCellsComeOutAsTheyWentIn() throws Exception {
        StringBuilder out = new StringBuilder();
        FrameCsv csv = new FrameCsv(out, false);
        CsvRecorder recorder = new CsvRecorder(csv, "", w -> "com.example");
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), recorder);
        engine.savedDump(true);
        new FrameCsvReader(engine).read(utf8(csv(HEADER, CELLS)));
        engine.finish();
        Summary first = engine.summary("com.example");
        recorder.close();

        String[] lines = out.toString().split("\n");
        assertEquals(WRITTEN_HEADER, lines[0]);
        assertEquals(CELLS.length + 1, lines.length);
        for (int i = 0; i < CELLS.length; i++) {
            String[] c = lines[i + 1].split(",", -1);
            assertEquals(Long.toString(T0 + i * HZ60), c[4]);
            // the unknown key reads as unknown, and keys come out in the order of the types object
            String expected = switch (i) {
                case 6 -> "unknown";
                case 7 -> "bufferStuffing|unknown";
                default -> CELLS[i][0];
            };
            assertEquals(expected, c[c.length - 2], "jankTypes of row " + i);
            // the state is the device's text (docs/formats.md 6): always quoted when not empty
            assertEquals(CELLS[i][1].isEmpty() ? "" : '"' + CELLS[i][1] + '"', c[c.length - 1],
                    "presentState of row " + i);
            assertEquals(List.of("", "", "", "", "", "", "", "", "", ""), List.of(c).subList(31, 41),
                    "a re-analysed CSV has no resources: empty, never 0");
        }

        FrameEngine again = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        again.savedDump(true);
        new FrameCsvReader(again).read(utf8(out.toString()));
        assertEquals(first.frameTimeline(), again.summary("com.example").frameTimeline());
    }

    @Test
    void withoutAnyPresentStateFrameTimelineIsNull() throws Exception {
        String[][] empty = {{"", ""}, {"", ""}, {"appDeadlineMissed", ""}}; // types without a state: not a verdict
        Events events = new Events();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), events);
        new FrameCsvReader(engine).read(utf8(csv(HEADER, empty)));
        assertNull(engine.summary("com.example").frameTimeline());
        assertEquals(List.of("frame 0", "frame 1", "frame 2"), events.log);

        // a CSV written before the two columns existed still reads, without frameTimeline
        String old = HEADER.substring(0, HEADER.indexOf(",jankTypes"));
        StringBuilder b = new StringBuilder(old).append('\n');
        for (int i = 0; i < 3; i++) {
            String r = row(i, "", "");
            b.append(r, 0, r.length() - 2).append('\n'); // without the two trailing cells
        }
        FrameEngine older = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        FrameCsvReader.Result res = new FrameCsvReader(older).read(utf8(b.toString()));
        Summary s = older.summary("com.example");
        assertEquals(3, s.frames());
        assertEquals(0, res.malformedRows());
        assertNull(s.frameTimeline());
    }

    /** The text as the bytes of a file (the reader reads files). */
    private static java.io.InputStream utf8(String text) {
        return new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
