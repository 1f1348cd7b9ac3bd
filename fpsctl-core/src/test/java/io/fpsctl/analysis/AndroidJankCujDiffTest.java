package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameTiming;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.perfetto.AtraceSlice;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;
import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Perfetto's answers as the yardstick (docs/metrics.md 15.4): the per-frame cases of trace_processor's stdlib diff
 * tests {@code test/trace_processor/diff_tests/stdlib/android/frames_tests.py} (google/perfetto v58.2), whose input is
 * {@code metrics/graphics/android_jank_cuj.py}, ported in {@link AndroidJankCujTrace}. Each expected CSV below is
 * the test's {@code out=Csv(…)}, verbatim; the SQL that produces it is
 * {@code src/trace_processor/perfetto_sql/stdlib/android/frames/timeline.sql} and {@code per_frame_metrics.sql} (same
 * tag).
 *
 * <p>What is the same quantity, and so asserted equal row for row: the {@code Choreographer#doFrame} and
 * {@code DrawFrame} slices fpsctl reads (frame id, start, length, count per frame), the app's actual SurfaceFrames
 * ({@code android_frames_layers}, {@code android_frames}), the app-vsync delay (actual start − expected start of the
 * frame's first SurfaceFrame), and Macrobenchmark's {@code frameOverrunMs} on the frames where androidx's rules pick
 * the same actual SurfaceFrame as the stdlib and that SurfaceFrame ends after the RenderThread. What is not (asserted
 * as fpsctl's own hand-worked values, with the reason): the stdlib's {@code overrun} where it takes another
 * SurfaceFrame or ignores the RenderThread end, its {@code cpu_time} (vsync delay + doFrame + every DrawFrame, where
 * androidx's {@code frameDurationCpuMs} is DrawFrame end − doFrame start), and the frames androidx's rules drop.
 */
class AndroidJankCujDiffTest {
    private static final String PKG = "com.android.systemui";
    private static TraceContents trace;

    @BeforeAll
    static void read() throws Exception {
        trace = PerfettoTraceReader.read(new ByteArrayInputStream(AndroidJankCujTrace.bytes()), "android_jank_cuj");
    }

    /** The CSV's rows after its header, as lists of cells ({@code "[NULL]"} kept as is, quotes dropped). */
    private static List<List<String>> csv(String text) {
        List<List<String>> rows = new ArrayList<>();
        String[] lines = text.strip().split("\n");
        for (int i = 1; i < lines.length; i++) {
            List<String> cells = new ArrayList<>();
            for (String c : lines[i].strip().split(",", -1)) {
                cells.add(c.startsWith("\"") ? c.substring(1, c.length() - 1) : c);
            }
            rows.add(cells);
        }
        return rows;
    }

    /** Column {@code col} of the CSV keyed by its first column (frame_id). */
    private static Map<Long, String> column(String text, int col) {
        Map<Long, String> m = new LinkedHashMap<>();
        for (List<String> r : csv(text)) {
            m.put(Long.valueOf(r.get(0)), r.get(col));
        }
        return m;
    }

    /** Slice.kt {@code frameId} / the stdlib's {@code STR_SPLIT(name, ' ', 1)}: the integer after the first space. */
    private static long frameId(String name) {
        String[] p = name.split(" ");
        return Long.parseLong(p[1]);
    }

    private static List<SurfaceFrame> appFrames() {
        List<SurfaceFrame> out = new ArrayList<>();
        for (SurfaceFrame f : trace.surfaceFrames()) {
            if (PKG.equals(trace.processName(f.pid()))) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * The port is the script's trace, byte for byte: the SHA-256 of what {@code android_jank_cuj.py} (v58.2) writes to
     * stdout, run once with Debian's python3-protobuf 3.21.12 and a descriptor set that {@code protoc
     * --include_imports} built from Perfetto's own protos at v58.2 ({@code trace.proto},
     * {@code frameworks_native_trace_packet.proto}, {@code chrome_track_event.proto}, {@code chrome_enums.proto}:
     * what {@code synth_common.create_trace} looks up): 11,803 bytes (without the "android" package list the script asks
     * for: see {@link AndroidJankCujTrace}). The script and its output are not in this
     * repository; the Java port is what the tests read.
     */
    @Test
    void thePortIsTheScriptsTrace() throws Exception {
        byte[] b = AndroidJankCujTrace.bytes();
        assertEquals(11_803, b.length);
        assertEquals("afd9665b36c8787675455b4df22d3e7889c8a053c32575aab052bd0f469b736c",
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b)));
    }

    /**
     * {@code test_android_frames_choreographer_do_frame} (frame_id, ts) and the {@code ui_time} column of
     * {@code test_android_frame_stats} ({@code android_frames_ui_time}: the doFrame slice's {@code dur}) equal the
     * UI-thread {@code Choreographer#doFrame N} slices fpsctl reads, one per frame (the {@code … - resynced to 11 …}
     * slice has no frame id there, {@code cast_int!('-') = 0} is dropped, and is dropped by androidx's "resynced" rule
     * here).
     */
    @Test
    void doFrameSlicesEqualPerfettosRows() {
        String doFrame = """
            "id","frame_id","ui_thread_utid","upid","ts"
            2,10,2,2,0
            20,20,2,2,20000000
            27,30,2,2,30000000
            40,40,2,2,40000000
            51,60,2,2,70000000
            61,90,2,2,100000000
            69,100,2,2,200000000
            79,110,2,2,300000000
            85,120,2,2,400000000
            93,130,2,2,550000000
            99,140,2,2,608500000
            105,145,2,2,655000000
            108,150,2,2,700000000
            114,160,2,2,800000000
            147,1000,2,2,1100000000
            """;
        Map<Long, String> uiTime = column(FRAME_STATS, 3);
        List<String> expected = new ArrayList<>();
        for (List<String> r : csv(doFrame)) {
            long id = Long.parseLong(r.get(1));
            expected.add(id + "," + r.get(4) + "," + uiTime.get(id));
        }
        List<String> got = new ArrayList<>();
        for (AtraceSlice s : trace.slices()) {
            if (s.name().startsWith("Choreographer#doFrame") && !s.name().contains("resynced")) {
                assertEquals(AndroidJankCujTrace.PID, s.tid(), s.name());
                assertEquals(PKG, trace.processName(s.pid()));
                got.add(frameId(s.name()) + "," + s.ts() + "," + s.dur());
            }
        }
        assertEquals(expected, got);
    }

    /**
     * {@code test_android_frames_draw_frame} (one row per {@code DrawFrame…} slice: frame_id) and the
     * {@code draw_frame_dur} column of {@code test_android_cpu_time_per_frame} (the sum of a frame's DrawFrame
     * {@code dur}s) equal the RenderThread {@code DrawFrames N} slices fpsctl reads; and the stdlib's
     * {@code cpu_time = app_vsync_delay + doFrame.dur + Σ DrawFrame.dur} (per_frame_metrics.sql,
     * {@code android_cpu_time_per_frame}) holds on them: that is the definition docs/metrics.md 15.4 cites.
     */
    @Test
    void drawFrameSlicesEqualPerfettosRows() {
        String drawFrame = """
            "id","frame_id","render_thread_utid","upid"
            13,10,4,2
            21,20,4,2
            28,30,4,2
            46,40,4,2
            55,60,4,2
            63,90,4,2
            66,90,4,2
            72,100,4,2
            75,100,4,2
            80,110,4,2
            86,120,4,2
            95,130,4,2
            101,140,4,2
            106,145,4,2
            111,150,4,2
            115,160,4,2
            153,1000,4,2
            """;
        List<Long> expectedIds = new ArrayList<>();
        csv(drawFrame).forEach(r -> expectedIds.add(Long.valueOf(r.get(1))));
        List<Long> ids = new ArrayList<>();
        Map<Long, Long> drawDur = new TreeMap<>();
        Map<Long, Long> doFrameDur = new TreeMap<>();
        for (AtraceSlice s : trace.slices()) {
            if (s.name().startsWith("DrawFrame")) {
                assertEquals("RenderThread", trace.threadName(s.tid()));
                ids.add(frameId(s.name()));
                drawDur.merge(frameId(s.name()), s.dur(), Long::sum);
            } else if (!s.name().contains("resynced")) {
                doFrameDur.put(frameId(s.name()), s.dur());
            }
        }
        assertEquals(expectedIds, ids);

        Map<Long, Long> vsyncDelay = vsyncDelayPerToken();
        for (List<String> r : csv(CPU_TIME)) {
            long id = Long.parseLong(r.get(0));
            assertEquals(Long.parseLong(r.get(3)), drawDur.get(id), "draw_frame_dur of " + id);
            assertEquals(Long.parseLong(r.get(2)), doFrameDur.get(id), "do_frame_dur of " + id);
            assertEquals(Long.parseLong(r.get(4)), vsyncDelay.get(id) + doFrameDur.get(id) + drawDur.get(id),
                    "cpu_time of " + id);
        }
    }

    /**
     * {@code test_android_frames_layers}: its rows with an actual SurfaceFrame ({@code actual_frame_timeline_id} not
     * NULL; frames 90 and 100 appear twice there, once per DrawFrame, with the same SurfaceFrame) are fpsctl's
     * per-frame table for the package: one frame per actual SurfaceFrame (token, start, length, end, layer). Frame 160
     * (no actual SurfaceFrame, its row times taken from the slices) is no fpsctl frame.
     */
    @Test
    void surfaceFramesEqualAndroidFramesLayers() {
        String layers = """
            "frame_id","ts","dur","ts_end","do_frame_id","draw_frame_id","actual_frame_timeline_id","expected_frame_timeline_id","render_thread_utid","ui_thread_utid","layer_id","layer_name","upid","process_name"
            10,0,16000000,16000000,2,13,1,0,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            20,8000000,28000000,36000000,20,21,17,16,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            30,30000000,25000000,55000000,27,28,26,25,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            40,40000000,40000000,80000000,40,46,42,41,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            60,70000000,10000000,80000000,51,55,53,52,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            60,70000000,20000000,90000000,51,55,54,52,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            90,100000000,23000000,123000000,61,63,60,59,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            90,100000000,23000000,123000000,61,66,60,59,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            100,200000000,22000000,222000000,69,72,71,70,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            100,200000000,22000000,222000000,69,75,71,70,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            110,300000000,61000000,361000000,79,80,77,76,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            110,300000000,80000000,380000000,79,80,78,76,4,2,1,"TX - JankyLayer#1",2,"com.android.systemui"
            120,400000000,61000000,461000000,85,86,84,83,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            130,500000000,2000000,502000000,93,95,91,90,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            130,550000000,6000000,556000000,93,95,94,90,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            140,608600000,17000000,625600000,99,101,100,97,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            145,650000000,20000000,670000000,105,106,104,103,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            150,700500000,14500000,715000000,108,111,110,109,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            160,800000000,2000000,802000000,114,115,"[NULL]",113,4,2,"[NULL]","[NULL]",2,"com.android.systemui"
            1000,1100000000,500000000,1600000000,147,153,145,144,4,2,0,"TX - NotificationShade#0",2,"com.android.systemui"
            """;
        List<String> expected = new ArrayList<>();
        String last = null;
        for (List<String> r : csv(layers)) {
            if (r.get(6).equals("[NULL]")) {
                continue;
            }
            String row = String.join(",", r.get(0), r.get(1), r.get(2), r.get(3), r.get(11), r.get(13));
            if (!row.equals(last)) {           // the second DrawFrame's copy of the same SurfaceFrame
                expected.add(row);
            }
            last = row;
        }
        List<String> got = new ArrayList<>();
        for (SurfaceFrame f : appFrames()) {
            got.add(String.join(",", Long.toString(f.token()), Long.toString(f.ts()), Long.toString(f.dur()),
                    Long.toString(f.end()), f.layerName(), trace.processName(f.pid())));
        }
        assertEquals(expected, got);
        assertEquals(17, TraceAnalysis.framesPerPackage(trace).get(PKG));
    }

    /**
     * {@code test_android_frames}: per frame id, the first start, the longest SurfaceFrame and how many there are
     * ({@code min(ts)}, {@code max(dur)}, {@code count(DISTINCT actual_frame_timeline_id)}), from fpsctl's frames
     * grouped by token; frame 160 has none (its row's times come from the doFrame/DrawFrame fallback).
     */
    @Test
    void surfaceFramesPerTokenEqualAndroidFrames() {
        String frames = """
            "frame_id","ts","dur","do_frame_id","draw_frame_id","actual_frame_timeline_id","expected_frame_timeline_id","render_thread_utid","ui_thread_utid","actual_frame_timeline_count","expected_frame_timeline_count","draw_frame_count","upid","process_name"
            10,0,16000000,2,13,1,0,4,2,1,1,1,2,"com.android.systemui"
            20,8000000,28000000,20,21,17,16,4,2,1,1,1,2,"com.android.systemui"
            30,30000000,25000000,27,28,26,25,4,2,1,1,1,2,"com.android.systemui"
            40,40000000,40000000,40,46,42,41,4,2,1,1,1,2,"com.android.systemui"
            60,70000000,20000000,51,55,53,52,4,2,2,1,1,2,"com.android.systemui"
            90,100000000,23000000,61,63,60,59,4,2,1,1,2,2,"com.android.systemui"
            100,200000000,22000000,69,72,71,70,4,2,1,1,2,2,"com.android.systemui"
            110,300000000,80000000,79,80,77,76,4,2,2,1,1,2,"com.android.systemui"
            120,400000000,61000000,85,86,84,83,4,2,1,1,1,2,"com.android.systemui"
            130,500000000,6000000,93,95,91,90,4,2,2,1,1,2,"com.android.systemui"
            140,608600000,17000000,99,101,100,97,4,2,1,1,1,2,"com.android.systemui"
            145,650000000,20000000,105,106,104,103,4,2,1,1,1,2,"com.android.systemui"
            150,700500000,14500000,108,111,110,109,4,2,1,1,1,2,"com.android.systemui"
            160,800000000,2000000,114,115,"[NULL]",113,4,2,0,1,1,2,"com.android.systemui"
            1000,1100000000,500000000,147,153,145,144,4,2,1,1,1,2,"com.android.systemui"
            """;
        Map<Long, long[]> perToken = new TreeMap<>();     // token -> {min ts, max dur, count}
        for (SurfaceFrame f : appFrames()) {
            long[] a = perToken.computeIfAbsent(f.token(), k -> new long[] {Long.MAX_VALUE, 0, 0});
            a[0] = Math.min(a[0], f.ts());
            a[1] = Math.max(a[1], f.dur());
            a[2]++;
        }
        List<String> expected = new ArrayList<>();
        for (List<String> r : csv(frames)) {
            if (!r.get(9).equals("0")) {
                expected.add(r.get(0) + "," + r.get(1) + "," + r.get(2) + "," + r.get(9));
            }
        }
        List<String> got = new ArrayList<>();
        perToken.forEach((k, a) -> got.add(k + "," + a[0] + "," + a[1] + "," + a[2]));
        assertEquals(expected, got);
    }

    /**
     * Per token, the app-vsync delay of per_frame_metrics.sql: the start of the frame's first actual SurfaceFrame
     * ({@code min(actual_frame_timeline_id)}: the first one trace_processor parsed, which is fpsctl's first by start,
     * ties in file order) − its expected SurfaceFrame's start.
     */
    private static Map<Long, Long> vsyncDelayPerToken() {
        Map<Long, Long> m = new TreeMap<>();
        for (SurfaceFrame f : appFrames()) {
            assertNotEquals(-1, f.expectedTs());
            m.putIfAbsent(f.token(), f.ts() - f.expectedTs());
        }
        return m;
    }

    /**
     * {@code test_android_app_vsync_delay_per_frame}: {@code act.ts − exp.ts}, which fpsctl's per-frame table
     * holds (a SurfaceFrame's start and its expected start); the frames with doFrame and DrawFrame slices.
     */
    @Test
    void appVsyncDelayEqualsPerfettosRows() {
        String delay = """
            "frame_id","app_vsync_delay"
            10,0
            20,0
            30,0
            40,0
            60,0
            90,0
            100,0
            110,0
            120,0
            130,0
            140,8600000
            145,0
            150,500000
            1000,0
            """;
        Map<Long, String> expected = column(delay, 1);
        Map<Long, String> got = new LinkedHashMap<>();
        vsyncDelayPerToken().forEach((k, v) -> got.put(k, Long.toString(v)));
        assertEquals(expected, got);
    }

    /** test_android_frame_stats, verbatim. */
    private static final String FRAME_STATS = """
        "frame_id","overrun","cpu_time","ui_time","was_jank","was_slow_frame","was_big_jank","was_huge_jank"
        10,0,6000000,5000000,"[NULL]","[NULL]","[NULL]","[NULL]"
        20,8000000,7000000,3000000,1,"[NULL]","[NULL]","[NULL]"
        30,5000000,22000000,3000000,1,1,"[NULL]","[NULL]"
        40,20000000,20000000,13000000,1,"[NULL]","[NULL]","[NULL]"
        60,-10000000,19000000,10000000,"[NULL]","[NULL]","[NULL]","[NULL]"
        90,3000000,23000000,15000000,1,1,"[NULL]","[NULL]"
        100,2000000,23000000,15000000,1,1,"[NULL]","[NULL]"
        110,41000000,17000000,15000000,1,"[NULL]","[NULL]","[NULL]"
        120,41000000,17000000,15000000,1,"[NULL]","[NULL]","[NULL]"
        130,-18000000,9000000,5000000,"[NULL]","[NULL]","[NULL]","[NULL]"
        140,5600000,27100000,1500000,1,1,"[NULL]","[NULL]"
        145,0,23000000,20000000,"[NULL]",1,"[NULL]","[NULL]"
        150,-5000000,16300000,2000000,"[NULL]","[NULL]","[NULL]","[NULL]"
        160,266000000,7000000,2000000,1,"[NULL]","[NULL]","[NULL]"
        1000,480000000,250000000,100000000,1,1,1,1
        """;

    /** test_android_cpu_time_per_frame, verbatim. */
    private static final String CPU_TIME = """
        "frame_id","app_vsync_delay","do_frame_dur","draw_frame_dur","cpu_time"
        10,0,5000000,1000000,6000000
        20,0,3000000,4000000,7000000
        30,0,3000000,19000000,22000000
        40,0,13000000,7000000,20000000
        60,0,10000000,9000000,19000000
        90,0,15000000,8000000,23000000
        100,0,15000000,8000000,23000000
        110,0,15000000,2000000,17000000
        120,0,15000000,2000000,17000000
        130,0,5000000,4000000,9000000
        140,8600000,1500000,17000000,27100000
        145,0,20000000,3000000,23000000
        150,500000,2000000,13800000,16300000
        1000,0,100000000,150000000,250000000
        """;

    /** test_android_frames_overrun, verbatim. */
    private static final String OVERRUN = """
        "frame_id","overrun"
        10,0
        20,8000000
        30,5000000
        40,20000000
        60,-10000000
        90,3000000
        100,2000000
        110,41000000
        120,41000000
        130,-18000000
        140,5600000
        145,0
        150,-5000000
        160,266000000
        190,0
        200,16000000
        1000,480000000
        """;

    /**
     * The frames androidx's rules match (FrameTimingQuery.kt {@code getFrameData}; docs/metrics.md 15.3), in
     * RenderThread-slice order, each worked by hand from android_jank_cuj.py's times (ms): the DrawFrame, the doFrame
     * of its id and the middle of that doFrame, the actual SurfaceFrame taken (the last unused one starting before
     * doFrame + 50 µs that holds the middle), its expected end; CPU = DrawFrame end − doFrame start, overrun =
     * max(actual end, DrawFrame end) − expected end.
     * <pre>
     *  id    DrawFrame    doFrame (mid)         actual        exp.end  CPU  overrun
     *  10    [4, 5]       [0, 5] (2.5)          [0, 16]       16       5    0
     *  20    [22, 26]     [20, 23] (21.5)       [8, 36]       28       6    8
     *  30    [31, 50]     [30, 33] (31.5)       [30, 55]      50      20    5      ([8, 36] holds 31.5: taken by 20)
     *  40    [52, 59]     [40, 53] (46.5)       [40, 80]      60      19   20
     *  60    [78, 87]     [70, 80] (75)         [70, 90]      90      17    0      (last of [70, 80], [70, 90])
     *  90    [102, 104]   [100, 115] (107.5)    [100, 123]   120       4    3
     *  90    [108, 114]   the same              none left                 dropped
     * 100    [202, 204]   [200, 215] (207.5)    [200, 222]   220       4    2
     * 100    [208, 214]   the same              none left                 dropped
     * 110    [302, 304]   [300, 315] (307.5)    [300, 380]   320       4   60      (last of [300, 361], [300, 380])
     * 120    [402, 404]   [400, 415] (407.5)    [400, 461]   420       4   41
     * 130    [552, 556]   [550, 555] (552.5)    [550, 556]   520       6   36      ([500, 502] does not hold 552.5)
     * 140    [609, 626]   [608.5, 610]          [608.6, …] starts 100 µs after doFrame: dropped
     * 145    [657, 660]   [655, 675] (665)      [650, 670]   670       5    0
     * 150    [701.2, 715] [700, 702]            [700.5, …] starts 500 µs after doFrame: dropped
     * 160    [801, 802]   [800, 802]            no actual SurfaceFrame: dropped
     * 1000   [1150, 1300] [1100, 1200] (1150)   [1100, 1600] 1120    200  480
     * </pre>
     */
    private static final long[] MATCHED = {10, 20, 30, 40, 60, 90, 100, 110, 120, 130, 145, 1000};
    private static final double[] CPU_MS = {5, 6, 20, 19, 17, 4, 4, 4, 4, 6, 5, 200};
    private static final double[] OVERRUN_MS = {0, 8, 5, 20, 0, 3, 2, 60, 41, 36, 0, 480};

    /**
     * {@code test_android_frames_overrun} ({@code android_frames_overrun}: {@code (act.ts + act.dur) − (exp.ts +
     * exp.dur)} with, per frame id over <em>every</em> process's {@code actual_frame_timeline_slice}, the slice of
     * {@code min(id)} — the first one parsed — and the expected slice of the same name) against Macrobenchmark's
     * {@code frameOverrunMs}. Equal, row for row, on the nine frames where androidx takes the same actual SurfaceFrame
     * and it ends at or after the DrawFrame: 10, 20, 30, 40, 90, 100, 120, 145, 1000. Different, by definition:
     * <ul>
     *   <li>60 (stdlib −10 ms): the stdlib takes the first SurfaceFrame [70, 80]; androidx the last one holding the
     *       doFrame's middle, [70, 90], and the later of its end and the DrawFrame's (87): 0 (with [70, 80] it would be
     *       max(80, 87) − 90 = −3, still not −10: the b/279088460 workaround);</li>
     *   <li>110 (stdlib 41 ms): two layers' SurfaceFrames of token 110; the stdlib takes NotificationShade's [300, 361],
     *       androidx the last, JankyLayer's [300, 380]: 60;</li>
     *   <li>130 (stdlib −18 ms): the stdlib takes [500, 502], the first SurfaceFrame of token 130; androidx the one
     *       that holds doFrame 130's middle, [550, 556]: 36;</li>
     *   <li>140 (5.6 ms), 150 (−5 ms): no fpsctl frame: their actual SurfaceFrames start 100 µs and 500 µs after the
     *       doFrame, past androidx's 50 µs;</li>
     *   <li>160 (266 ms), 190 (0), 200 (16 ms): no fpsctl frame: the stdlib groups by name alone, across processes,
     *       so SurfaceFlinger's DisplayFrames 160, 190, 200 (tokens 100 + N in the script) are frames there; 160's
     *       266 ms is SurfaceFlinger's DisplayFrame end (1086) − the app's expected end (820).</li>
     * </ul>
     */
    @Test
    void frameOverrunEqualsAndroidFramesOverrunWhereTheQuantityIsTheSame() {
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(trace, PKG, true);
        assertNotNull(s);
        Map<Long, String> perfetto = column(OVERRUN, 1);
        Map<Long, Double> fpsctl = new LinkedHashMap<>();
        for (int i = 0; i < s.overrunMs().length && i < MATCHED.length; i++) {
            fpsctl.put(MATCHED[i], s.overrunMs()[i]);
        }
        assertEquals(MATCHED.length, s.overrunMs().length, "frames matched");
        for (long id : new long[] {10, 20, 30, 40, 90, 100, 120, 145, 1000}) {
            assertEquals(Long.parseLong(perfetto.get(id)) / 1e6, fpsctl.get(id), 1e-9, "overrun of frame " + id);
        }
        Map<Long, Double> differs = Map.of(60L, 0.0, 110L, 60.0, 130L, 36.0);
        differs.forEach((id, ms) -> {
            assertEquals(ms, fpsctl.get(id), 1e-9, "fpsctl's overrun of frame " + id);
            assertNotEquals(Long.parseLong(perfetto.get(id)) / 1e6, ms.doubleValue(), "frame " + id);
        });
        assertEquals(List.of(10L, 20L, 30L, 40L, 60L, 90L, 100L, 110L, 120L, 130L, 140L, 145L, 150L, 160L, 190L,
                200L, 1000L), new ArrayList<>(perfetto.keySet()));
        for (int i = 0; i < MATCHED.length; i++) {
            assertEquals(OVERRUN_MS[i], s.overrunMs()[i], 1e-9, "overrun of frame " + MATCHED[i]);
        }
    }

    /**
     * {@code frameDurationCpuMs} per frame (DrawFrame end − doFrame start, androidx's {@code FrameDurationCpuNs}) is
     * not the stdlib's {@code cpu_time} (vsync delay + doFrame dur + every DrawFrame's dur: it counts overlapping
     * UI/RenderThread time twice and a frame's second DrawFrame too) on any frame of this trace; fpsctl's values are
     * the hand-worked ones of {@link #MATCHED}, and each differs from the CSV's.
     */
    @Test
    void frameDurationCpuIsAndroidxsNotTheStdlibsCpuTime() {
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(trace, PKG, true);
        assertNotNull(s);
        assertEquals(MATCHED.length, s.cpuMs().length);
        Map<Long, String> cpuTime = column(CPU_TIME, 4);
        for (int i = 0; i < MATCHED.length; i++) {
            assertEquals(CPU_MS[i], s.cpuMs()[i], 1e-9, "frameDurationCpuMs of frame " + MATCHED[i]);
            assertNotEquals(Long.parseLong(cpuTime.get(MATCHED[i])) / 1e6, s.cpuMs()[i], "frame " + MATCHED[i]);
        }
    }

    /**
     * {@code analyze}'s totals on this trace: the package's 17 SurfaceFrames, and {@code frameTiming} over the twelve
     * matched frames with androidx's percentiles (MetricResult.getPercentile: index p/100·(n−1), linear between the
     * two ranks), by hand: overrun sorted 0 0 0 2 3 5 8 20 36 41 60 480 → p50 (index 5.5) 6.5, p90 (9.9) 41 + 0.9 ·
     * 19 = 58.1; CPU sorted 4 4 4 4 5 5 6 6 17 19 20 200 → p50 5.5, p90 19 + 0.9 · 1 = 19.9.
     */
    @Test
    void analyzeTotalsTheMatchedFrames() throws Exception {
        Summary summary = TraceAnalysis.analyze(trace, EngineConfig.defaults(), null, null).summary();
        assertEquals(17, summary.frames());
        FrameTiming t = summary.frameTiming();
        assertNotNull(t);
        assertEquals(12, t.frameCount());
        assertEquals(6.5, t.overrun(50), 1e-9);
        assertEquals(58.1, t.overrun(90), 1e-9);
        assertEquals(5.5, t.cpu(50), 1e-9);
        assertEquals(19.9, t.cpu(90), 1e-9);
    }
}
