package io.fpsctl.sink.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceCounters;
import io.fpsctl.engine.ResourceTimeline;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.PresentedFrame;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Writes traces of hand-made frames and decodes them back with protobuf-java's generic reader (field numbers from
 * Perfetto's protos, spelled out here): one slice per frame with the expected start and length, janky frames
 * annotated, overlapping frames on separate lanes, and the fps counter.
 */
class PerfettoTraceTest {
    private static final long T = 16_666_667L; // 60 Hz
    private static final long MS = 1_000_000L;
    private static final long T0 = 5_000_000_000L;
    private static final String WINDOW = "com.example/com.example.MainActivity";

    /** A decoded slice. */
    record Slice(long track, String name, long start, long end, Map<String, Object> args) {
    }

    /** A decoded trace: slices, counter values, and track names by uuid. */
    record Decoded(List<Slice> slices, List<double[]> counter, Map<Long, String> trackNames, Map<Long, Long> parents,
                   Map<String, List<double[]>> counters) {
    }

    /** delay 1 ms, draw takes the rest but 1 ms, swap 1 ms: a slow frame's main cause is draw. */
    private static RenderedFrame frame(long vsync, long duration) {
        long his = vsync + MS;
        long ds = his;
        long sq = vsync + duration - MS;
        long fc = vsync + duration;
        return new RenderedFrame(WINDOW, 0, vsync, vsync, his, his, his, ds, sq, sq, sq, sq, fc, 0, 0, T);
    }

    @Test
    void renderedFramesBecomeOneSlicePerFrameWithTheirDurations() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoTrace trace = new PerfettoTrace(bytes);
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), trace);
        engine.blockStart(WINDOW);
        engine.frame(frame(T0, 10 * MS));          // on time
        engine.frame(frame(T0 + T, 70 * MS));      // 70 ms: ceil(70 / 16.67) - 1 = 4 missed vsyncs: janky, normal
        engine.frame(frame(T0 + 2 * T, 12 * MS));  // starts while the 70 ms frame is still running
        engine.frame(frame(T0 + 6 * T, 8 * MS));   // after it ended
        engine.blockEnd();
        engine.finish();
        trace.close();

        Decoded d = decode(bytes.toByteArray());
        assertEquals(4, d.slices().size(), "one slice per frame");
        long[][] expected = {{T0, T0 + 10 * MS}, {T0 + T, T0 + T + 70 * MS}, {T0 + 2 * T, T0 + 2 * T + 12 * MS},
            {T0 + 6 * T, T0 + 6 * T + 8 * MS}};
        for (int i = 0; i < expected.length; i++) {
            Slice s = find(d, expected[i][0]);
            assertEquals(expected[i][1], s.end(), "slice " + i + " ends at FrameCompleted");
        }
        Slice janky = find(d, T0 + T);
        assertEquals("janky frame", janky.name());
        assertEquals(4L, janky.args().get("dropped"));
        assertEquals("normal", janky.args().get("dropLevel"));
        assertEquals("draw", janky.args().get("mainCause"));
        assertEquals(70.0, (Double) janky.args().get("durationMs"), 1e-9);
        Slice onTime = find(d, T0);
        assertEquals("frame", onTime.name());
        assertFalse(onTime.args().containsKey("dropLevel"));
        // the frame that overlaps the janky one is on a second lane of the same window; the last one reuses lane 1
        assertNotEquals(janky.track(), find(d, T0 + 2 * T).track());
        assertEquals(janky.track(), find(d, T0 + 6 * T).track());
        assertEquals(d.parents().get(janky.track()), d.parents().get(find(d, T0 + 2 * T).track()));
        assertEquals(WINDOW, d.trackNames().get(d.parents().get(janky.track())));
        // fps of the one live window: 4 frames over (1 + 5 + 1 + 1) vsyncs = 4 / (8 T) = 30 fps
        assertEquals(1, d.counter().size());
        assertEquals(T0, (long) d.counter().get(0)[0]);
        assertEquals(1e9 * 4 / (8.0 * T), d.counter().get(0)[1], 1e-9);
    }

    @Test
    void presentedFramesSpanTheGapToThePreviousPresent() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoTrace trace = new PerfettoTrace(bytes);
        FrameEngine engine = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults(), trace);
        String layer = "SurfaceView[com.game/com.game.Main](BLAST)#12";
        long[] presents = {T0, T0 + T, T0 + 2 * T, T0 + 4 * T, T0 + 5 * T};
        engine.blockStart(layer);
        for (long p : presents) {
            engine.frame(new PresentedFrame(layer, p - MS, p, p - 2 * MS, T));
        }
        engine.blockEnd();
        engine.finish();
        trace.close();

        Decoded d = decode(bytes.toByteArray());
        assertEquals(presents.length, d.slices().size());
        assertEquals(T0 - T, find(d, T0 - T).start(), "the first frame of a segment spans one vsync interval");
        for (int i = 1; i < presents.length; i++) {
            Slice s = find(d, presents[i - 1]);
            assertEquals(presents[i], s.end(), "frame " + i + " spans the gap to the previous present");
        }
        Slice late = find(d, T0 + 2 * T); // presented 2 T after the previous: one vsync missed
        assertEquals("janky frame", late.name());
        assertEquals(1L, late.args().get("dropped"));
        assertTrue(d.slices().stream().filter(s -> s != late).noneMatch(s -> s.name().equals("janky frame")));
        assertEquals(layer, d.trackNames().get(d.parents().get(late.track())));
    }

    private static Slice find(Decoded d, long start) {
        return d.slices().stream().filter(s -> s.start() == start).findFirst()
                .orElseThrow(() -> new AssertionError("no slice starts at " + start + ": " + d.slices()));
    }

    /**
     * The trace declares its clock (protos/perfetto/trace/trace_packet.proto: clock_snapshot = 6,
     * timestamp_clock_id = 58; clock_snapshot.proto: primary_trace_clock = 2; common/builtin_clock.proto:
     * BUILTIN_CLOCK_MONOTONIC = 3, BOOTTIME = 6): dumpsys times are CLOCK_MONOTONIC, and a packet that names no
     * clock is read as BOOTTIME, which runs ahead of MONOTONIC by the time the device spent suspended.
     */
    @Test
    void theTraceDeclaresMonotonicAsItsClock() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoTrace trace = new PerfettoTrace(bytes);
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), trace);
        engine.blockStart(WINDOW);
        engine.frame(frame(T0, 10 * MS));
        engine.frame(frame(T0 + T, 30 * MS));
        engine.finish();
        trace.close();
        List<ByteString> packets = UnknownFieldSet.parseFrom(bytes.toByteArray()).getField(1).getLengthDelimitedList();
        UnknownFieldSet first = UnknownFieldSet.parseFrom(packets.get(0));
        assertEquals(1, first.getField(6).getLengthDelimitedList().size(), "the first packet is a ClockSnapshot");
        UnknownFieldSet snapshot = UnknownFieldSet.parseFrom(first.getField(6).getLengthDelimitedList().get(0));
        assertEquals(List.of(3L), snapshot.getField(2).getVarintList(), "primary_trace_clock MONOTONIC");
        assertEquals(List.of(1L), first.getField(13).getVarintList(), "SEQ_INCREMENTAL_STATE_CLEARED first");
        int timed = 0;
        for (ByteString b : packets) {
            UnknownFieldSet p = UnknownFieldSet.parseFrom(b);
            if (!p.getField(8).getVarintList().isEmpty()) {
                timed++;
                assertEquals(List.of(3L), p.getField(58).getVarintList(), "timestamp_clock_id MONOTONIC: " + p);
            }
        }
        assertTrue(timed >= 4, "two frames give at least two slices (begin and end): " + timed);
    }

    /**
     * Resource counters (docs/metrics.md 13) are the live windows' own figures, at each window's start on the frames'
     * clock. The figures come from a ResourceTimeline fed three hand-made reads (CLK_TCK 100) 2 s apart.
     */
    /** docs/metrics.md 14: GPU, drain and bytes as counters; unknown ones (closed GPU, app bytes) write none. */
    @Test
    void gpuPowerAndBytesBecomeCounterTracks() throws Exception {
        long s = 1_000_000_000L;
        io.fpsctl.engine.LoadUsage known = new io.fpsctl.engine.LoadUsage(95.0, 585.0, null, false, 1594.0, null,
                2048L, 1024L, null, 4096L, 2048L, null, 812.5, null);
        io.fpsctl.engine.LoadUsage closed = new io.fpsctl.engine.LoadUsage(null, null, "gpubusy: Permission denied",
                true, null, "charging", null, null, "per-app bytes need xt_qtaguid", 4096L, 2048L, null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoTrace trace = new PerfettoTrace(bytes);
        int i = 0;
        for (io.fpsctl.engine.LoadUsage l : List.of(known, closed)) {
            ResourceUsage u = new ResourceUsage(1.0, 10.0, 5.0, 3.0, null, null, List.of(), 20.0, List.of(), false,
                    100_000L, null, null, null, null, l);
            trace.window(new LiveWindow(i, T0 + i * s, T0 + (i + 1) * s, EngineRun.smooth60(), u));
            i++;
        }
        trace.close();
        Decoded d = decode(bytes.toByteArray());
        assertEquals(1, d.counters().get("GPU %").size(), "the closed window writes no GPU value");
        assertEquals(95.0, d.counters().get("GPU %").get(0)[1], 1e-9);
        assertEquals(585.0, d.counters().get("GPU MHz").get(0)[1], 1e-9);
        assertEquals(1, d.counters().get("battery drain mW").size(), "charging: no drain value");
        assertEquals(2.0, d.counters().get("app rx kB").get(0)[1], 1e-9);
        assertEquals(List.of(4.0, 4.0), d.counters().get("device rx kB").stream().map(p -> p[1]).toList());
        // docs/metrics.md 14 rule 10: the app's GPU time where known (not the closed window's)
        assertEquals(1, d.counters().get("app GPU ms").size());
        assertEquals(812.5, d.counters().get("app GPU ms").get(0)[1], 1e-9);
    }

    @Test
    void resourcesBecomeCounterTracksWithEachWindowsValuesAtItsStart() throws Exception {
        long s = 1_000_000_000L;
        ResourceTimeline timeline = new ResourceTimeline(100);
        timeline.add(T0, read(100.0, 500, 200, 200_000L, null, 0, 1_800_000));
        timeline.add(T0 + 2 * s, read(102.0, 690, 260, 210_000L, 150_000L, 1, 1_400_000));
        timeline.add(T0 + 4 * s, read(104.0, 790, 280, 190_000L, null, 3, 0));
        List<LiveWindow> windows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long start = T0 + s / 2 + i * s;
            windows.add(new LiveWindow(i, start, start + s, EngineRun.smooth60(), timeline.window(start, start + s)));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PerfettoTrace trace = new PerfettoTrace(bytes);
        windows.forEach(trace::window);
        trace.window(new LiveWindow(3, T0 + 7 * s, T0 + 8 * s, EngineRun.smooth60())); // no resources: no values
        trace.close();
        Decoded d = decode(bytes.toByteArray());

        // by hand, window 0 = [0.5 s, 1.5 s) inside the first interval: main 190 ticks over 2 s evenly = 95 %,
        // RenderThread 60 / 2 s = 30 %, app their sum 125 %; RSS the highest read bracketing it, 210 000 kB
        List<double[]> main = d.counters().get("main thread CPU %");
        assertEquals(T0 + s / 2, (long) main.get(0)[0], "at the window's start, on the frames' clock");
        assertEquals(95.0, main.get(0)[1], 1e-9);
        assertEquals(125.0, d.counters().get("app CPU %").get(0)[1], 1e-9);
        assertEquals(210_000 / 1024.0, d.counters().get("RSS MB").get(0)[1], 1e-9);
        // window 1 = [1.5 s, 2.5 s) straddles the second read: main 0.5 × 95 + 0.5 × 50 = 72.5 %
        assertEquals(72.5, main.get(1)[1], 1e-9);
        for (int i = 0; i < windows.size(); i++) {
            ResourceUsage u = windows.get(i).resources();
            long at = windows.get(i).startNs();
            assertEquals(List.of(at, u.mainCpu()), point(d, "main thread CPU %", i));
            assertEquals(List.of(at, u.renderThreadCpu()), point(d, "RenderThread CPU %", i));
            assertEquals(List.of(at, u.appCpu()), point(d, "app CPU %", i));
            assertEquals(List.of(at, u.rssKb() / 1024.0), point(d, "RSS MB", i));
            assertEquals(List.of(at, (double) u.thermalStatus()), point(d, "thermal status", i));
            assertEquals(List.of(at, u.throttled() ? 1.0 : 0.0), point(d, "throttled", i));
        }
        assertEquals(3, main.size(), "the window without resources wrote no value");
        // PSS: the latest read at or before each window's last bracketing read: 150 000 kB (read at 2 s) for all three
        assertEquals(3, d.counters().get("PSS MB").size());
        assertEquals(150_000 / 1024.0, d.counters().get("PSS MB").get(0)[1], 1e-9);
        // thermal: window 2 = [2.5 s, 3.5 s) is bracketed by the reads at 2 s and 4 s, the latter status 3 (SEVERE)
        assertEquals(3.0, d.counters().get("thermal status").get(2)[1], 1e-9);
        assertEquals(1.0, d.counters().get("throttled").get(2)[1], 1e-9);
        assertEquals(0.0, d.counters().get("throttled").get(0)[1], 1e-9, "status 1, no core counters: not throttled");
        // frequency: read at the window's last bracketing read: window 0's is the read at 2 s (1 400 000 kHz); the
        // read at 4 s says 0 kHz, an unknown frequency, so windows 1 and 2 write none
        List<double[]> freq = d.counters().get("cpu policy0 MHz");
        assertEquals(1, freq.size(), "only window 0 ends at a read that knows the frequency");
        assertEquals(1400.0, freq.get(0)[1], 1e-9);
    }

    private static List<Object> point(Decoded d, String track, int i) {
        double[] p = d.counters().get(track).get(i);
        return List.of((long) p[0], p[1]);
    }

    /** One read of pid 1000 (main thread 1000, RenderThread 1010) with one cpufreq policy of cores 0–1. */
    private static ResourceCounters read(double uptime, long mainTicks, long renderTicks, Long rss, Long pss,
                                         Integer thermal, long curKhz) {
        return new ResourceCounters(uptime, 1000, List.of(new ResourceCounters.Thread(1000, "example.feed", mainTicks),
                new ResourceCounters.Thread(1010, "RenderThread", renderTicks)), null, List.of(),
                List.of(new ResourceCounters.Frequency(0, List.of(0, 1), curKhz, 1_800_000)), rss, pss, thermal, null,
                null, List.of());
    }

    // Perfetto field numbers (trace.proto, trace_packet.proto, track_event.proto, track_descriptor.proto,
    // debug_annotation.proto), written out here rather than taken from the code under test.
    private static Decoded decode(byte[] file) throws Exception {
        UnknownFieldSet traceSet = UnknownFieldSet.parseFrom(file);
        List<Slice> slices = new ArrayList<>();
        List<double[]> counter = new ArrayList<>();
        Map<String, List<double[]>> counters = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        Map<Long, Long> parents = new HashMap<>();
        Map<Long, Deque<Object[]>> open = new HashMap<>();
        for (ByteString packetBytes : traceSet.getField(1).getLengthDelimitedList()) {
            UnknownFieldSet packet = UnknownFieldSet.parseFrom(packetBytes);
            assertEquals(List.of(1L), packet.getField(10).getVarintList(), "trusted_packet_sequence_id");
            for (ByteString desc : packet.getField(60).getLengthDelimitedList()) {
                UnknownFieldSet t = UnknownFieldSet.parseFrom(desc);
                long uuid = t.getField(1).getVarintList().get(0);
                names.put(uuid, t.getField(2).getLengthDelimitedList().get(0).toStringUtf8());
                if (!t.getField(5).getVarintList().isEmpty()) {
                    parents.put(uuid, t.getField(5).getVarintList().get(0));
                }
            }
            for (ByteString ev : packet.getField(11).getLengthDelimitedList()) {
                UnknownFieldSet e = UnknownFieldSet.parseFrom(ev);
                long ts = packet.getField(8).getVarintList().get(0);
                long type = e.getField(9).getVarintList().get(0);
                long track = e.getField(11).getVarintList().get(0);
                if (type == 1) {
                    Map<String, Object> args = new HashMap<>();
                    for (ByteString a : e.getField(4).getLengthDelimitedList()) {
                        UnknownFieldSet an = UnknownFieldSet.parseFrom(a);
                        String key = an.getField(10).getLengthDelimitedList().get(0).toStringUtf8();
                        if (!an.getField(4).getVarintList().isEmpty()) {
                            args.put(key, an.getField(4).getVarintList().get(0));
                        } else if (!an.getField(5).getFixed64List().isEmpty()) {
                            args.put(key, Double.longBitsToDouble(an.getField(5).getFixed64List().get(0)));
                        } else if (!an.getField(6).getLengthDelimitedList().isEmpty()) {
                            args.put(key, an.getField(6).getLengthDelimitedList().get(0).toStringUtf8());
                        }
                    }
                    String name = e.getField(23).getLengthDelimitedList().get(0).toStringUtf8();
                    open.computeIfAbsent(track, k -> new ArrayDeque<>()).push(new Object[] {ts, name, args});
                } else if (type == 2) {
                    Object[] b = open.get(track).pop();
                    @SuppressWarnings("unchecked")
                    Map<String, Object> args = (Map<String, Object>) b[2];
                    slices.add(new Slice(track, (String) b[1], (Long) b[0], ts, args));
                } else if (type == 4) {
                    double[] value = {ts, Double.longBitsToDouble(e.getField(44).getFixed64List().get(0))};
                    counters.computeIfAbsent(names.get(track), k -> new ArrayList<>()).add(value);
                    if ("fps".equals(names.get(track))) {
                        counter.add(value);
                    }
                }
            }
        }
        assertTrue(open.values().stream().allMatch(Deque::isEmpty), "every slice begun has ended");
        return new Decoded(slices, counter, names, parents, counters);
    }
}
