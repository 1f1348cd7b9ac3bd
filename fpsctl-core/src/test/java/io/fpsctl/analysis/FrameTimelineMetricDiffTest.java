package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.analysis.PerfettoDiffTestsTest.JankType;
import io.fpsctl.analysis.PerfettoDiffTestsTest.PredictionType;
import io.fpsctl.analysis.PerfettoDiffTestsTest.PresentType;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.testing.SynthTrace;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

/**
 * Perfetto's answers as the yardstick (docs/metrics.md 15.4): trace_processor's diff test
 * {@code test/trace_processor/diff_tests/metrics/frame_timeline/tests.py::test_frame_timeline_metric} (google/perfetto
 * v58.2): the input {@code frame_timeline_metric.py} ported call for call onto {@link SynthTrace} (but its first,
 * {@code trace.add_packet(ts=5000000)}: see {@link #frameTimelineMetric}), and fpsctl's
 * per-package summary compared with {@code frame_timeline_metric.out} (the metric
 * {@code android_frame_timeline_metric}, {@code src/trace_processor/metrics/sql/android/android_frame_timeline_metric.sql})
 * for the figures fpsctl reports the same way. The differences are asserted as what fpsctl gives, with the reason, so
 * that a change to either side shows; the columns fpsctl has no counterpart for are listed in docs/metrics.md 15.4.
 */
class FrameTimelineMetricDiffTest {

    /**
     * frame_timeline_metric.py (v58.2), call for call but its first {@code add_packet(ts=5000000)}: there it opens
     * the packet that the four {@code add_process} calls fill (synth_common.py writes them into the current packet's
     * {@code process_tree}); SynthTrace writes each process into a packet of its own without a timestamp, which reads
     * the same (fpsctl keeps no time of a process record). {@code jank_score} has no field in SynthTrace (weighted
     * only).
     */
    static byte[] frameTimelineMetric() {
        SynthTrace t = new SynthTrace();
        t.addProcess(1001, 1, "process1");
        t.addProcess(1002, 1, "process2");
        t.addProcess(1003, 1, "process3");
        t.addProcess(1004, 1, "process4");
        t.addActualSurfaceFrameStartEvent(21000000, 6, 100201, 100211, 1002, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_NONE, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(37000000, 6);
        t.addActualSurfaceFrameStartEvent(31000000, 7, 100202, 100212, 1002, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_APP_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(47000000, 7);
        t.addActualSurfaceFrameStartEvent(32000000, 8, 100202, 100212, 1002, "Layer1", PresentType.PRESENT_ON_TIME, 1, 0, JankType.JANK_APP_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(40000000, 8);
        t.addActualSurfaceFrameStartEvent(41000000, 10, 100101, 100111, 1001, "Layer1", PresentType.PRESENT_LATE, 0, 0, JankType.JANK_APP_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(74000000, 10);
        t.addActualSurfaceFrameStartEvent(41000000, 11, 100102, 100112, 1001, "Layer1", PresentType.PRESENT_LATE, 0, 0, JankType.JANK_APP_DEADLINE_MISSED | JankType.JANK_BUFFER_STUFFING, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(75000000, 11);
        t.addActualSurfaceFrameStartEvent(81000000, 15, 100301, 100311, 1003, "Layer1", PresentType.PRESENT_LATE, 0, 0, JankType.JANK_SF_CPU_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(95000000, 15);
        t.addActualSurfaceFrameStartEvent(90000000, 16, 100302, 100312, 1003, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_DROPPED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(96000000, 16);
        t.addActualSurfaceFrameStartEvent(10000000, 20, 100402, 100412, 1004, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_SF_STUFFING, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(12000000, 20);
        t.addActualSurfaceFrameStartEvent(12500000, 25, 100502, 100512, 1004, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_SF_SCHEDULING, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(14000000, 25);
        t.addActualSurfaceFrameStartEvent(14500000, 30, 100602, 100612, 1004, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_SF_CPU_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(15000000, 30);
        t.addActualSurfaceFrameStartEvent(15500000, 35, 100702, 100712, 1004, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_SF_GPU_DEADLINE_MISSED, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(16000000, 35);
        t.addActualSurfaceFrameStartEvent(16500000, 40, 100802, 100812, 1004, "Layer1", PresentType.PRESENT_DROPPED, 0, 0, JankType.JANK_SF_SCHEDULING | JankType.JANK_SF_STUFFING, PredictionType.PREDICTION_VALID, null);
        t.addFrameEndEvent(17000000, 40);
        return t.bytes();
    }

    private static Summary of(TraceContents c, String process) throws Exception {
        return TraceAnalysis.analyze(c, EngineConfig.defaults(), process, null).summary();
    }

    private static long type(Summary s, String key) {
        return s.frameTimeline().types().get(key);
    }

    /**
     * {@code frame_timeline_metric.out} (v58.2), per process, for the quantities fpsctl reports the same way:
     * frames (its {@code total_frames} counts distinct tokens: the same where every SurfaceFrame has its own),
     * {@code frame_dur_max} / {@code frame_dur_avg} (fpsctl's frame time max / mean: the same where no frame's jank
     * types hold {@code Dropped Frame}, whose durations the metric leaves out) and the {@code jank_types} counts (per
     * SurfaceFrame in fpsctl; the same where tokens are distinct, except that fpsctl also counts {@code Dropped Frame}
     * for a frame whose present type is Dropped, as a dump's {@code Present State : Dropped} says it).
     */
    @Test
    void perProcessFiguresEqualPerfettosMetricWhereTheQuantityIsTheSame() throws Exception {
        TraceContents c = PerfettoTraceReader.read(new ByteArrayInputStream(frameTimelineMetric()), "metric");

        Summary p1 = of(c, "process1"); // total_frames 2, frame_dur_max 34000000, frame_dur_avg 33500000
        assertEquals(2, p1.frames());
        assertEquals(34.0, p1.frameTimeMs().max(), 1e-9);
        assertEquals(33.5, p1.frameTimeMs().mean(), 1e-9);
        assertEquals(2, type(p1, "appDeadlineMissed"));        // App Deadline Missed total_count 2
        assertEquals(1, type(p1, "bufferStuffing"));           // Buffer Stuffing total_count 1

        Summary p2 = of(c, "process2"); // frame_dur_max 16000000, frame_dur_avg 13333333 (over its three slices)
        assertEquals(16.0, p2.frameTimeMs().max(), 1e-9);
        assertEquals(13_333_333, Math.floor(p2.frameTimeMs().mean() * 1e6), 1);
        // differs: total_frames 2 and App Deadline Missed 1 count distinct tokens; two SurfaceFrames share 100202
        assertEquals(3, p2.frames());
        assertEquals(2, type(p2, "appDeadlineMissed"));

        Summary p3 = of(c, "process3"); // total_frames 2, frame_dur_max 14000000, dropped_frames 1
        assertEquals(2, p3.frames());
        assertEquals(14.0, p3.frameTimeMs().max(), 1e-9);
        assertEquals(1, type(p3, "dropped"));                  // Dropped Frame total_count 1
        assertEquals(1, type(p3, "surfaceFlingerCpu"));        // SurfaceFlinger CPU Deadline Missed total_count 1
        // differs: frame_dur_avg 14000000 leaves out the Dropped Frame's 6 ms; fpsctl's mean has it
        assertEquals(10.0, p3.frameTimeMs().mean(), 1e-9);

        Summary p4 = of(c, "process4"); // total_frames 5, frame_dur_max 2000000, frame_dur_avg 1000000
        assertEquals(5, p4.frames());
        assertEquals(2.0, p4.frameTimeMs().max(), 1e-9);
        assertEquals(1.0, p4.frameTimeMs().mean(), 1e-9);
        assertEquals(1, type(p4, "surfaceFlingerCpu"));
        assertEquals(1, type(p4, "surfaceFlingerGpu"));
        assertEquals(2, type(p4, "surfaceFlingerScheduling"));
        assertEquals(2, type(p4, "surfaceFlingerStuffing"));
        // differs: the five are PRESENT_DROPPED without the Dropped Frame bit: the metric lists no Dropped Frame type
        assertEquals(5, type(p4, "dropped"));

        // the whole trace's jank_types, summed over the processes where they agree: SurfaceFlinger CPU Deadline
        // Missed 2, SurfaceFlinger GPU Deadline Missed 1, SurfaceFlinger Scheduling 2, SurfaceFlinger Stuffing 2,
        // Buffer Stuffing 1
        long cpu = 0;
        long gpu = 0;
        long scheduling = 0;
        long stuffing = 0;
        long buffer = 0;
        for (String p : new String[] {"process1", "process2", "process3", "process4"}) {
            Summary s = of(c, p);
            cpu += type(s, "surfaceFlingerCpu");
            gpu += type(s, "surfaceFlingerGpu");
            scheduling += type(s, "surfaceFlingerScheduling");
            stuffing += type(s, "surfaceFlingerStuffing");
            buffer += type(s, "bufferStuffing");
        }
        assertEquals(java.util.List.of(2L, 1L, 2L, 2L, 1L), java.util.List.of(cpu, gpu, scheduling, stuffing, buffer));
    }
}
