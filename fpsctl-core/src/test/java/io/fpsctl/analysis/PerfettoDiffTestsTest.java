package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.testing.SynthTrace;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Perfetto's own answers as the yardstick (docs/metrics.md 15.4): the inputs of trace_processor's diff tests
 * {@code test/trace_processor/diff_tests/parser/graphics/frame_timeline_events.py} and
 * {@code frame_timeline_power_mode.py} (google/perfetto v58.2) ported call for call onto {@link SynthTrace} (the
 * helpers of Perfetto's {@code synth_common.py}), and fpsctl's per-frame table compared row for row with the CSV
 * that {@code tests.py} ({@code test_actual_frame_timeline_events}, {@code test_expected_frame_timeline_events},
 * {@code test_display_power_mode_change}) expects, for the rows fpsctl has: the app's SurfaceFrames. Display-frame
 * rows (pid 666, {@code surface_frame_token} NULL) have no counterpart in fpsctl (docs/metrics.md 15.4).
 */
class PerfettoDiffTestsTest {

    /** The constants of the scripts (the numbers of Perfetto's FrameTimelineEvent enums). */
    static final class JankType {
        static final int JANK_UNSPECIFIED = 0;
        static final int JANK_NONE = 1;
        static final int JANK_SF_SCHEDULING = 2;
        static final int JANK_PREDICTION_ERROR = 4;
        static final int JANK_DISPLAY_HAL = 8;
        static final int JANK_SF_CPU_DEADLINE_MISSED = 16;
        static final int JANK_SF_GPU_DEADLINE_MISSED = 32;
        static final int JANK_APP_DEADLINE_MISSED = 64;
        static final int JANK_BUFFER_STUFFING = 128;
        static final int JANK_UNKNOWN = 256;
        static final int JANK_SF_STUFFING = 512;
        static final int JANK_DROPPED = 1024;
        static final int JANK_NON_ANIMATING = 2048;
        static final int JANK_APP_RESYNCED_JITTER = 4096;
        static final int JANK_DISPLAY_NOT_ON = 8192;
        static final int JANK_DISPLAY_MODE_CHANGE_IN_PROGRESS = 16384;
        static final int JANK_DISPLAY_POWER_MODE_CHANGE_IN_PROGRESS = 32768;
    }

    static final class JankSeverityType {
        static final int UNKNOWN = 0;
        static final int NONE = 1;
        static final int PARTIAL = 2;
        static final int FULL = 3;
    }

    static final class PresentType {
        static final int PRESENT_UNSPECIFIED = 0;
        static final int PRESENT_ON_TIME = 1;
        static final int PRESENT_LATE = 2;
        static final int PRESENT_EARLY = 3;
        static final int PRESENT_DROPPED = 4;
        static final int PRESENT_UNKNOWN = 5;
    }

    static final class PredictionType {
        static final int PREDICTION_UNSPECIFIED = 0;
        static final int PREDICTION_VALID = 1;
        static final int PREDICTION_EXPIRED = 2;
        static final int PREDICTION_UNKNOWN = 3;
    }

    /** frame_timeline_events.py (v58.2), call for call. */
    static byte[] frameTimelineEvents() {
        SynthTrace t = new SynthTrace();
        t.addExpectedDisplayFrameStartEvent(20, 1, 2, 666);
        t.addFrameEndEvent(26, 1);
        t.addActualDisplayFrameStartEvent(20, 2, 2, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(26, 2);
        t.addExpectedDisplayFrameStartEvent(40, 3, 4, 666);
        t.addFrameEndEvent(46, 3);
        t.addActualDisplayFrameStartEvent(42, 4, 4, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(47, 4);
        t.addExpectedSurfaceFrameStartEvent(21, 5, 1, 4, 1000, "Layer1");
        t.addFrameEndEvent(36, 5);
        t.addActualSurfaceFrameStartEvent(21, 6, 1, 4, 1000, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(37, 6);
        t.addExpectedDisplayFrameStartEvent(80, 7, 6, 666);
        t.addFrameEndEvent(86, 7);
        t.addActualDisplayFrameStartEvent(81, 8, 6, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(88, 8);
        t.addExpectedSurfaceFrameStartEvent(41, 9, 5, 6, 1000, "Layer1");
        t.addFrameEndEvent(56, 9);
        t.addActualSurfaceFrameStartEvent(41, 10, 5, 6, 1000, "Layer1", PresentType.PRESENT_LATE, 0, 0, JankType.JANK_APP_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, JankSeverityType.FULL);
        t.addFrameEndEvent(74, 10);
        t.addExpectedDisplayFrameStartEvent(120, 11, 8, 666);
        t.addFrameEndEvent(126, 11);
        t.addActualDisplayFrameStartEvent(108, 12, 8, 666, PresentType.PRESENT_EARLY, 1, 0, JankType.JANK_SF_SCHEDULING, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(112, 12);
        t.addExpectedSurfaceFrameStartEvent(90, 13, 7, 8, 1000, "Layer1");
        t.addFrameEndEvent(106, 13);
        t.addActualSurfaceFrameStartEvent(90, 14, 7, 8, 1000, "Layer1", PresentType.PRESENT_EARLY, 1, 0, JankType.JANK_SF_SCHEDULING, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(106, 14);
        t.addExpectedDisplayFrameStartEvent(140, 15, 12, 666);
        t.addFrameEndEvent(146, 15);
        t.addActualDisplayFrameStartEvent(148, 16, 12, 666, PresentType.PRESENT_LATE, 0, 0, JankType.JANK_SF_CPU_DEADLINE_MISSED | JankType.JANK_SF_SCHEDULING, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(156, 16);
        t.addExpectedDisplayFrameStartEvent(170, 17, 15, 666);
        t.addFrameEndEvent(176, 17);
        t.addActualDisplayFrameStartEvent(170, 18, 15, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(176, 18);
        t.addExpectedSurfaceFrameStartEvent(150, 19, 14, 15, 1000, "Layer1");
        t.addFrameEndEvent(170, 19);
        t.addActualSurfaceFrameStartEvent(150, 20, 14, 15, 1000, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(167, 20);
        t.addExpectedSurfaceFrameStartEvent(150, 21, 14, 15, 1000, "Layer2");
        t.addFrameEndEvent(170, 21);
        t.addActualSurfaceFrameStartEvent(150, 22, 14, 15, 1000, "Layer2", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(167, 22);
        t.addExpectedDisplayFrameStartEvent(200, 23, 17, 666);
        t.addFrameEndEvent(206, 23);
        t.addActualDisplayFrameStartEvent(200, 24, 17, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(206, 24);
        t.addActualSurfaceFrameStartEvent(80, 25, 16, 17, 1000, "Layer1", PresentType.PRESENT_UNKNOWN, 0, 0, JankType.JANK_UNKNOWN, PredictionType.PREDICTION_EXPIRED, JankSeverityType.PARTIAL);
        t.addFrameEndEvent(190, 25);
        t.addExpectedDisplayFrameStartEvent(220, 26, 18, 666);
        t.addFrameEndEvent(230, 26);
        t.addActualDisplayFrameStartEvent(245, 27, 18, 666, PresentType.PRESENT_LATE, 0, 0, JankType.JANK_SF_STUFFING, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(260, 27);
        t.addExpectedDisplayFrameStartEvent(220, 26, 18, 666);
        t.addFrameEndEvent(230, 26);
        t.addActualDisplayFrameStartEvent(245, 27, 18, 666, PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_DROPPED, PredictionType.PREDICTION_UNSPECIFIED);
        t.addFrameEndEvent(260, 27);
        return t.bytes();
    }

    /** frame_timeline_power_mode.py (v58.2), call for call. */
    static byte[] frameTimelinePowerMode() {
        SynthTrace t = new SynthTrace();
        t.addExpectedDisplayFrameStartEvent(100, 1, 1, 666);
        t.addFrameEndEvent(110, 1);
        t.addActualDisplayFrameStartEvent(100, 2, 1, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_DISPLAY_POWER_MODE_CHANGE_IN_PROGRESS, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(110, 2);
        t.addExpectedSurfaceFrameStartEvent(120, 3, 2, 1, 1000, "Layer1");
        t.addFrameEndEvent(130, 3);
        t.addActualSurfaceFrameStartEvent(120, 4, 2, 1, 1000, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_DISPLAY_POWER_MODE_CHANGE_IN_PROGRESS, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(135, 4);
        t.addExpectedDisplayFrameStartEvent(140, 5, 3, 666);
        t.addFrameEndEvent(150, 5);
        t.addActualDisplayFrameStartEvent(140, 6, 3, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NON_ANIMATING, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(150, 6);
        t.addExpectedDisplayFrameStartEvent(160, 7, 4, 666);
        t.addFrameEndEvent(170, 7);
        t.addActualDisplayFrameStartEvent(160, 8, 4, 666, PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_DISPLAY_NOT_ON, PredictionType.PREDICTION_VALID);
        t.addFrameEndEvent(170, 8);
        return t.bytes();
    }

    private static TraceContents read(byte[] trace) throws Exception {
        return PerfettoTraceReader.read(new ByteArrayInputStream(trace), "synth");
    }

    /** fpsctl's per-frame row in the columns of test_actual_frame_timeline_events' query. */
    static String row(SurfaceFrame f) {
        return String.format(Locale.ROOT, "%d,%d,%d,%d,%d,\"%s\",\"%s\",%d,%d,\"%s\",\"%s\",\"%s\",\"%s\"", f.ts(),
                f.dur(), f.pid(), f.displayFrameToken(), f.token(), f.layerName(), f.presentTypeName(),
                f.onTimeFinish() ? 1 : 0, f.gpuComposition() ? 1 : 0, FrameTimelineJankType.perfettoName(f.jankType()),
                f.predictionTypeName(), TraceAnalysis.verdict(f).blame().perfettoName(), f.jankSeverityName());
    }

    /** The expected CSV's rows whose surface_frame_token is not NULL (the app's SurfaceFrames). */
    private static List<String> surfaceRows(String csv) {
        List<String> rows = new ArrayList<>();
        for (String line : csv.strip().split("\n")) {
            line = line.strip();
            if (!line.startsWith("\"ts\"") && !line.contains("\"[NULL]\"")) {
                rows.add(line);
            }
        }
        return rows;
    }

    private static List<String> rows(TraceContents c) {
        List<String> out = new ArrayList<>();
        for (SurfaceFrame f : c.surfaceFrames()) {
            out.add(row(f));
        }
        return out;
    }

    @Test
    void actualFrameTimelineEventsEqualPerfettosRows() throws Exception {
        // tests.py test_actual_frame_timeline_events, out=Csv (v58.2), verbatim
        String expected = """
          "ts","dur","pid","display_frame_token","surface_frame_token","layer_name","present_type","on_time_finish","gpu_composition","jank_type","prediction_type","jank_tag","jank_severity_type"
          20,6,666,2,"[NULL]","[NULL]","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          21,16,1000,4,1,"Layer1","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          41,33,1000,6,5,"Layer1","Late Present",0,0,"App Deadline Missed","Valid Prediction","Self Jank","Full"
          42,5,666,4,"[NULL]","[NULL]","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          80,110,1000,17,16,"Layer1","Unknown Present",0,0,"Unknown Jank","Expired Prediction","Self Jank","Partial"
          81,7,666,6,"[NULL]","[NULL]","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          90,16,1000,8,7,"Layer1","Early Present",1,0,"SurfaceFlinger Scheduling","Valid Prediction","Other Jank","Unknown"
          108,4,666,8,"[NULL]","[NULL]","Early Present",1,0,"SurfaceFlinger Scheduling","Valid Prediction","Self Jank","Unknown"
          148,8,666,12,"[NULL]","[NULL]","Late Present",0,0,"SurfaceFlinger Scheduling, SurfaceFlinger CPU Deadline Missed","Valid Prediction","Self Jank","Unknown"
          150,17,1000,15,14,"Layer1","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          150,17,1000,15,14,"Layer2","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          170,6,666,15,"[NULL]","[NULL]","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          200,6,666,17,"[NULL]","[NULL]","On-time Present",1,0,"None","Valid Prediction","No Jank","None"
          245,-1,666,18,"[NULL]","[NULL]","Late Present",0,0,"SurfaceFlinger Stuffing","Valid Prediction","SurfaceFlinger Stuffing","Unknown"
          245,15,666,18,"[NULL]","[NULL]","Dropped Frame",0,0,"Dropped Frame","Unspecified Prediction","Dropped Frame","Unknown"
          """;
        TraceContents c = read(frameTimelineEvents());
        assertEquals(surfaceRows(expected), rows(c));

        // the same frames as analyze totals them (pid 1000 has no process record: "pid 1000")
        Summary s = TraceAnalysis.analyze(c, EngineConfig.defaults(), null, null).summary();
        FrameTimelineSummary ft = s.frameTimeline();
        assertEquals(6, s.frames());          // the six SurfaceFrame rows above
        assertEquals(2, ft.appJank());        // Self Jank: 41, 80
        assertEquals(1, ft.systemJank());     // Other Jank: 90
        assertEquals(0, ft.droppedBuffers());
        assertEquals(1L, ft.types().get("appDeadlineMissed"));
        assertEquals(1L, ft.types().get("unknown"));
        assertEquals(1L, ft.types().get("surfaceFlingerScheduling"));
    }

    @Test
    void expectedFrameTimelineEventsEqualPerfettosRows() throws Exception {
        // tests.py test_expected_frame_timeline_events, out=Csv (v58.2): its SurfaceFrame rows, as (ts, dur, pid,
        // surface_frame_token) — fpsctl keeps an actual frame's expected start and length, keyed by pid and token
        String expected = """
          21,15,1000,1
          41,15,1000,5
          90,16,1000,7
          150,20,1000,14
          """;
        TreeSet<String> got = new TreeSet<>();
        for (SurfaceFrame f : read(frameTimelineEvents()).surfaceFrames()) {
            if (f.expectedTs() >= 0) {
                got.add(f.expectedTs() + "," + f.expectedDur() + "," + f.pid() + "," + f.token());
            }
        }
        assertEquals(new TreeSet<>(List.of(expected.strip().split("\\s+"))), got);
    }

    @Test
    void displayPowerModeChangeEqualsPerfettosRows() throws Exception {
        // tests.py test_display_power_mode_change, out=Csv (v58.2), verbatim
        String expected = """
          "ts","dur","pid","display_frame_token","surface_frame_token","layer_name","present_type","on_time_finish","gpu_composition","jank_type","prediction_type","jank_tag","jank_severity_type"
          100,10,666,1,"[NULL]","[NULL]","On-time Present",1,0,"PowerModeChange in progress","Valid Prediction","Non-perceivable Jank","Unknown"
          120,15,1000,1,2,"Layer1","On-time Present",1,0,"PowerModeChange in progress","Valid Prediction","Non-perceivable Jank","Unknown"
          140,10,666,3,"[NULL]","[NULL]","On-time Present",1,0,"Non Animating","Valid Prediction","Non-perceivable Jank","Unknown"
          160,10,666,4,"[NULL]","[NULL]","On-time Present",1,0,"Display not ON","Valid Prediction","Non-perceivable Jank","Unknown"
          """;
        TraceContents c = read(frameTimelinePowerMode());
        assertEquals(surfaceRows(expected), rows(c));
        FrameTimelineSummary ft = TraceAnalysis.analyze(c, EngineConfig.defaults(), null, null).summary()
                .frameTimeline();
        assertEquals(1, ft.nonPerceivable());
        assertEquals(0, ft.appJank() + ft.systemJank());
    }
}
