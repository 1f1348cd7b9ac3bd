package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.ByteString;
import io.fpsctl.format.perfetto.AtraceSlice;
import io.fpsctl.format.perfetto.LegacyTraceReader;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.testing.SharedFixtures;
import io.fpsctl.testing.SynthTrace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceClock;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceEventBundle;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;
import perfetto.protos.Ftrace.PrintFtraceEvent;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * "No result changed": the streaming reader ({@link PerfettoTraceReader}, packets walked in place, FrameTimeline and
 * ftrace decoded field by field) against the reader it replaced ({@link LegacyTraceReader}, every packet through the
 * generated classes), on every trace the tests build, the shared real trace, gzip'd and deflate'd copies, every cut of
 * the small ones, traces that use the proto2 corners (a oneof member repeated or replaced, an enum value the release
 * does not know, a field with the wrong wire type, non-UTF-8 and Unicode white space in atrace names, an ftrace clock
 * to convert) and seeded random mutants of all of them: the same {@link TraceContents} (frames, slices, processes,
 * clocks, warnings, packet count), or the same one-line error.
 */
class LegacyTraceReaderComparisonTest {

    /**
     * What a reader gives for {@code bytes}: its contents, or its error's class and message — an {@link Error} too
     * (a stack overflow is a difference to see, not a test that stops), with {@code "Error "} before it so that it
     * can never equal a reader's own one-line error.
     */
    private static Object outcome(boolean legacy, byte[] bytes) {
        try {
            ByteArrayInputStream in = new ByteArrayInputStream(bytes);
            return legacy ? LegacyTraceReader.read(in, "t.pftrace") : PerfettoTraceReader.read(in, "t.pftrace");
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        } catch (Error e) {
            return "Error " + e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static void same(String what, byte[] bytes) {
        Object old = outcome(true, bytes);
        Object now = outcome(false, bytes);
        assertEquals(old, now, what);
    }

    private static Map<String, byte[]> corpus() throws Exception {
        Map<String, byte[]> c = new LinkedHashMap<>();
        c.put("frame_timeline_events.py", PerfettoDiffTestsTest.frameTimelineEvents());
        c.put("frame_timeline_power_mode.py", PerfettoDiffTestsTest.frameTimelinePowerMode());
        c.put("frame_timeline_metric.py", FrameTimelineMetricDiffTest.frameTimelineMetric());
        c.put("androidx api31_scroll", MacrobenchmarkGoldenTest.trace());
        c.put("proto2 corners", corners());
        return c;
    }

    private static TracePacket ft(long ts, int clock, byte[] event) throws Exception {
        return TracePacket.newBuilder().setTimestamp(ts).setTimestampClockId(clock).setTrustedPacketSequenceId(3)
                .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder().addField(
                        FrameworksNativeTracePacket.FRAME_TIMELINE_EVENT_FIELD_NUMBER,
                        com.google.protobuf.UnknownFieldSet.Field.newBuilder()
                                .addLengthDelimited(ByteString.copyFrom(event)).build()).build()).build();
    }

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static FtraceEvent print(long ts, int tid, byte[] buf) {
        return FtraceEvent.newBuilder().setTimestamp(ts).setPid(tid)
                .setPrint(PrintFtraceEvent.newBuilder().setBufBytes(ByteString.copyFrom(buf))).build();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A trace of the corners where a hand-written decoder could part from the generated classes. */
    private static byte[] corners() throws Exception {
        Trace.Builder t = Trace.newBuilder();
        t.addPacket(TracePacket.newBuilder().setClockSnapshot(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot
                .newBuilder()
                .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder().setClockId(3)
                        .setTimestamp(100))
                .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder().setClockId(6)
                        .setTimestamp(4_000_000_100L))));
        t.addPacket(TracePacket.newBuilder().setProcessTree(perfetto.protos.ProcessTreeOuterClass.ProcessTree
                .newBuilder()
                .addProcesses(perfetto.protos.ProcessTreeOuterClass.ProcessTree.Process.newBuilder().setPid(1000)
                        .addCmdline("com.example"))
                .addThreads(perfetto.protos.ProcessTreeOuterClass.ProcessTree.Thread.newBuilder().setTid(1001)
                        .setTgid(1000).setName("RenderThread"))));
        FrameTimelineEvent.ActualSurfaceFrameStart.Builder a = FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder()
                .setCookie(11).setToken(5).setDisplayFrameToken(6).setPid(1000).setLayerName("TX - é#0")
                .setPresentType(FrameTimelineEvent.PresentType.PRESENT_LATE).setJankType(64)
                .setPredictionType(FrameTimelineEvent.PredictionType.PREDICTION_VALID).setIsBuffer(true)
                .setJankSeverityType(FrameTimelineEvent.JankSeverityType.SEVERITY_FULL).setOnTimeFinish(true);
        byte[] actual = FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(a).build().toByteArray();
        // the same member twice: merged (the second sets gpu_composition and a new jank type)
        byte[] more = FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(FrameTimelineEvent
                .ActualSurfaceFrameStart.newBuilder().setGpuComposition(true).setJankType(128)).build().toByteArray();
        t.addPacket(ft(1_000_000, 3, cat(actual, more)));
        t.addPacket(ft(9_000_000, 3, FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd
                .newBuilder().setCookie(11)).build().toByteArray()));
        // another member after one: it replaces it (an expected start replaced by an actual one of cookie 12)
        byte[] expected = FrameTimelineEvent.newBuilder().setExpectedSurfaceFrameStart(FrameTimelineEvent
                .ExpectedSurfaceFrameStart.newBuilder().setCookie(99).setToken(7).setDisplayFrameToken(8).setPid(1000)
                .setLayerName("L")).build().toByteArray();
        byte[] actual12 = FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(a.clone().setCookie(12)
                .setToken(7).setDisplayFrameToken(8).clearLayerName()).build().toByteArray(); // "L" must not stay
        t.addPacket(ft(20_000_000, 6, cat(expected, actual12)));
        t.addPacket(ft(30_000_000, 6, FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd
                .newBuilder().setCookie(12)).build().toByteArray()));
        // an enum value this release does not know (present_type 99) after a known one, and pid with wire type 5
        byte[] inner = cat(a.clone().setCookie(13).setToken(9).clearPid().build().toByteArray(),
                new byte[] {(6 << 3), 99}, new byte[] {(4 << 3) | 5, 1, 2, 3, 4},
                new byte[] {(4 << 3), (byte) 0xe8, 0x07}); // pid 1000 as a varint, last
        byte[] odd = cat(new byte[] {(4 << 3) | 2, (byte) inner.length}, inner);
        t.addPacket(ft(40_000_000, 6, odd));
        t.addPacket(ft(50_000_000, 6, FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd
                .newBuilder().setCookie(13)).build().toByteArray()));
        // atrace: ASCII and Unicode white space, non-UTF-8 bytes, counters, ends of every shape
        byte[] bad = {'B', '|', '1', '0', '0', '0', '|', (byte) 0xc3, '(', 'D', 'r', 'a', 'w', 'F', 'r', 'a', 'm', 'e'};
        FtraceEventBundle.Builder b = FtraceEventBundle.newBuilder().setCpu(0)
                .addEvent(print(4_001_000_000L, 1000, utf8("B|1000|  Choreographer#doFrame 5 \n")))
                .addEvent(print(4_001_100_000L, 1001, utf8("B|1000|\u2003DrawFrame 5")))
                .addEvent(print(4_001_200_000L, 1001, utf8("E|1000")))
                .addEvent(print(4_001_300_000L, 1001, bad))
                .addEvent(print(4_001_400_000L, 1001, utf8("E")))
                .addEvent(print(4_001_500_000L, 1000, utf8("C|1000|counter|5")))
                .addEvent(print(4_001_600_000L, 1000, utf8("E\n")))
                .addEvent(print(4_001_700_000L, 1001, utf8("B|10x0|DrawFrame 6")))
                .addEvent(print(4_001_800_000L, 1001, utf8("E|")))
                .addEvent(print(4_001_900_000L, 1002, utf8("B|1000|" + "DrawFrame ".repeat(30))))
                .addEvent(print(4_002_000_000L, 1002, utf8("E|1000")))
                .addEvent(FtraceEvent.newBuilder().setTimestamp(4_002_100_000L).setPid(1002)
                        .setPrint(PrintFtraceEvent.newBuilder()));
        t.addPacket(TracePacket.newBuilder().setFtraceEvents(b));
        // a bundle on another ftrace clock with its BOOTTIME pair, and one without
        t.addPacket(TracePacket.newBuilder().setFtraceEvents(FtraceEventBundle.newBuilder()
                .addEvent(print(5_000, 1000, utf8("B|1000|Choreographer#doFrame 9")))
                .addEvent(print(9_000, 1000, utf8("E|1000")))
                .setFtraceClock(FtraceClock.FTRACE_CLOCK_MONO_RAW).setFtraceTimestamp(1_000)
                .setBootTimestamp(4_003_000_000L)));
        t.addPacket(TracePacket.newBuilder().setFtraceEvents(FtraceEventBundle.newBuilder()
                .addEvent(print(6_000, 1000, utf8("B|1000|Choreographer#doFrame 10")))
                .addEvent(print(7_000, 1000, utf8("E|1000")))
                .setFtraceClock(FtraceClock.FTRACE_CLOCK_LOCAL)));
        // atrace as trace_processor's ParseSystraceTracePoint reads it (v58.2): "E\0" ends a slice, a tab before a
        // name stays in it (not a frame), trailing \0 and \n are stripped, B without a numeric tgid is ignored, the
        // phase is the first character ("Bx|", "Exyz"), strtoul takes " 7" as a tgid
        long t0 = 4_004_000_000L;
        t.addPacket(TracePacket.newBuilder().setFtraceEvents(FtraceEventBundle.newBuilder().setCpu(1)
                .addEvent(print(t0, 1004, utf8("B|1000|Choreographer#doFrame 12")))
                .addEvent(print(t0 + 1000, 1004, utf8("B|1000|inner")))
                .addEvent(print(t0 + 2000, 1004, utf8("E\0")))
                .addEvent(print(t0 + 3000, 1004, utf8("E")))
                .addEvent(print(t0 + 4000, 1004, utf8("B|1000|\tChoreographer#doFrame 11\n")))
                .addEvent(print(t0 + 5000, 1004, utf8("E|1000")))
                .addEvent(print(t0 + 6000, 1004, utf8("B|1000|Choreographer#doFrame 13\0\0")))
                .addEvent(print(t0 + 7000, 1004, utf8("B||DrawFrame 14")))
                .addEvent(print(t0 + 8000, 1004, utf8("Bx|1000|DrawFrame 15")))
                .addEvent(print(t0 + 9000, 1004, utf8("Exyz")))
                .addEvent(print(t0 + 10_000, 1004, utf8("E|1000")))
                .addEvent(print(t0 + 11_000, 1004, utf8("B| 7|DrawFrame 16")))
                .addEvent(print(t0 + 12_000, 1004, utf8("E")))));
        // trace_packet_defaults written before the trusted sequence id (as traced appends it): they hold for
        // sequence 4, whose next FrameTimeline packet names no clock of its own (MONOTONIC, converted: + 4 s)
        byte[] seq4 = TracePacket.newBuilder().setTrustedPacketSequenceId(4).build().toByteArray();
        byte[] defaults = TracePacket.newBuilder().setTracePacketDefaults(perfetto.protos.TracePacketDefaultsOuterClass
                .TracePacketDefaults.newBuilder().setTimestampClockId(3)).build().toByteArray();
        byte[] frame = TracePacket.newBuilder().setTimestamp(60_000_000).setTrustedPacketSequenceId(4)
                .setExtension(FrameworksNativeTracePacket.frameTimelineEvent, FrameTimelineEvent.newBuilder()
                        .setActualSurfaceFrameStart(a.clone().setCookie(14).setToken(11).setDisplayFrameToken(12))
                        .build())
                .build().toByteArray();
        byte[] end = ft(4_070_000_000L, 6, FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd
                .newBuilder().setCookie(14)).build().toByteArray()).toByteArray();
        return cat(t.build().toByteArray(), packetField(cat(defaults, seq4)), packetField(frame), packetField(end));
    }

    /** A {@code Trace.packet} field holding {@code body} as it is (field order kept). */
    private static byte[] packetField(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x0a);
        int n = body.length;
        while ((n & ~0x7f) != 0) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static byte[] gzip(byte[] b) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    /** The trace's packets deflate'd into {@code compressed_packets} (trace_packet.proto). */
    private static byte[] deflated(byte[] b) throws Exception {
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(z)) {
            out.write(b);
        }
        return Trace.newBuilder().addPacket(TracePacket.newBuilder()
                .setCompressedPackets(ByteString.copyFrom(z.toByteArray()))).build().toByteArray();
    }

    @Test
    void theTracesTheTestsBuildReadTheSameThroughBothReaders() throws Exception {
        for (Map.Entry<String, byte[]> e : corpus().entrySet()) {
            byte[] t = e.getValue();
            TraceContents c = PerfettoTraceReader.read(new ByteArrayInputStream(t), "t.pftrace");
            assertTrue(c.packets() > 0, e.getKey());
            same(e.getKey(), t);
            same(e.getKey() + " gzip", gzip(t));
            same(e.getKey() + " deflate", deflated(t));
            for (int cut = 0; cut < t.length; cut++) {
                same(e.getKey() + " cut at " + cut, java.util.Arrays.copyOf(t, cut));
            }
        }
    }

    /**
     * {@code compressed_packets} nested 2 and 1,500 deep (a 28 KB file): both readers give the one-line error of
     * docs/formats.md, not an {@link Error} (which {@link #outcome} would show as "Error …").
     */
    @Test
    void nestedCompressedPacketsAreTheSameOneLineError() throws Exception {
        for (int layers : new int[] {2, 1500}) {
            byte[] t = SynthTrace.nestedDeflate(MacrobenchmarkGoldenTest.trace(), layers);
            same(layers + " layers", t);
            assertEquals("io.fpsctl.format.perfetto.PerfettoTraceException: t.pftrace: packet 2 holds compressed "
                    + "packets inside compressed packets, which Perfetto does not read (one level only): the trace is "
                    + "broken", outcome(false, t), layers + " layers");
        }
    }

    /** The corners trace uses what it means to: frames and slices come out of it (so the comparison compares some). */
    @Test
    void theCornersTraceHasFramesAndSlices() throws Exception {
        TraceContents c = PerfettoTraceReader.read(new ByteArrayInputStream(corners()), "t.pftrace");
        assertEquals(4, c.surfaceFrames().size(), c.surfaceFrames().toString());
        Map<Long, io.fpsctl.format.perfetto.SurfaceFrame> byToken = new LinkedHashMap<>();
        c.surfaceFrames().forEach(f -> byToken.put(f.token(), f));
        // protobuf-java's answers for a repeated or replaced oneof member and an unknown enum value, which fpsctl
        // keeps; trace_processor (protozero: last occurrence, has_* order, raw enums) gives no frame 5, the expected
        // frame instead of actual frame 7, and present type Unspecified for 9 (docs/metrics.md 15.1)
        assertEquals(128, byToken.get(5L).jankType()); // merged: the second message's jank type
        assertTrue(byToken.get(5L).gpuComposition());
        assertEquals(4_001_000_000L, byToken.get(5L).ts()); // MONOTONIC + 4 s
        assertEquals(4_060_000_000L, byToken.get(11L).ts()); // the sequence's default clock: MONOTONIC
        assertEquals(10_000_000L, byToken.get(11L).dur());
        assertEquals("", byToken.get(7L).layerName()); // the actual start that replaced an expected one ("L")
        assertEquals(-1, byToken.get(7L).expectedTs());
        assertEquals(2, byToken.get(9L).presentType()); // present_type 99 unknown: PRESENT_LATE stays
        assertEquals(1000, byToken.get(9L).pid()); // the fixed32 pid skipped, the varint one after it read
        // the slices worked by hand from ParseSystraceTracePoint's rules (v58.2), in time order: the names with a
        // leading space, U+2003 or tab are not kept; "\xC3(" is dropped whole as invalid UTF-8
        // (CheckAsciiAndRemoveInvalidUTF8), leaving "DrawFrame"; "B|10x0|…" is no begin, so "E|" closes nothing;
        // the MONO_RAW bundle is moved by its pair (+ 4_003_000_000 − 1_000), the LOCAL one without a pair is not
        long t0 = 4_004_000_000L;
        List<AtraceSlice> want = List.of(
                new AtraceSlice(1000, 1000, 6_000, 1_000, "Choreographer#doFrame 10"),
                new AtraceSlice(1001, 1000, 4_001_300_000L, 100_000, "DrawFrame"),
                new AtraceSlice(1002, 1000, 4_001_900_000L, 100_000, "DrawFrame ".repeat(20)),
                new AtraceSlice(1000, 1000, 4_003_004_000L, 4_000, "Choreographer#doFrame 9"),
                new AtraceSlice(1004, 1000, t0, 3_000, "Choreographer#doFrame 12"), // E\0 closed "inner"
                new AtraceSlice(1004, 1000, t0 + 6_000, 4_000, "Choreographer#doFrame 13"),
                new AtraceSlice(1004, 1000, t0 + 8_000, 1_000, "DrawFrame 15"),
                new AtraceSlice(1004, 7, t0 + 11_000, 1_000, "DrawFrame 16"));
        assertEquals(want, c.slices());
    }

    /**
     * An ftrace bundle on FTRACE_CLOCK_UNKNOWN (1), or on a clock number v58.2 does not know (9), after the corners:
     * trace_processor stops the import ("Unable to parse ftrace packets with unknown clock"); both readers give the
     * one-line error.
     */
    @Test
    void anFtraceBundleOnAnUnknownClockIsRefusedAsPerfettoRefusesIt() throws Exception {
        for (int clock : new int[] {1, 9}) {
            byte[] bundle = FtraceEventBundle.newBuilder().setCpu(0)
                    .addEvent(print(100, 1000, utf8("B|1000|Choreographer#doFrame 20")))
                    .addEvent(print(200, 1000, utf8("E|1000"))).setFtraceTimestamp(50).setBootTimestamp(5_000)
                    .build().toByteArray();
            byte[] withClock = cat(bundle, new byte[] {(byte) (FtraceEventBundle.FTRACE_CLOCK_FIELD_NUMBER << 3),
                (byte) clock});
            byte[] t = cat(corners(), packetField(cat(new byte[] {(1 << 3) | 2, (byte) withClock.length},
                    withClock)));
            same("clock " + clock, t);
            Object out = outcome(false, t);
            assertTrue(String.valueOf(out).startsWith("io.fpsctl.format.perfetto.PerfettoTraceException: t.pftrace: "
                    + "packet 16 holds ftrace events on ftrace clock " + clock + " (unknown), which Perfetto refuses"),
                    String.valueOf(out));
        }
    }

    /** Random byte changes (seeded): both readers give the same contents or the same error for every mutant. */
    @Test
    void mutantsReadTheSameThroughBothReaders() throws Exception {
        SplittableRandom r = new SplittableRandom(32);
        List<byte[]> bases = new ArrayList<>(corpus().values());
        for (byte[] base : bases) {
            Object plain = outcome(false, base);
            int sameContents = 0;
            int otherContents = 0;
            int errors = 0;
            for (int k = 0; k < 1500; k++) {
                byte[] m = base.clone();
                int changes = 1 + r.nextInt(3);
                for (int j = 0; j < changes; j++) {
                    int at = r.nextInt(m.length);
                    m[at] = switch (r.nextInt(4)) {
                        case 0 -> (byte) (m[at] ^ (1 << r.nextInt(8)));
                        case 1 -> (byte) r.nextInt(256);
                        case 2 -> (byte) (m[at] + 1);
                        default -> (byte) 0x80;
                    };
                }
                same("mutant " + k + " of a trace", m);
                Object now = outcome(false, m);
                if (!(now instanceof TraceContents)) {
                    errors++;
                } else if (now.equals(plain)) {
                    sameContents++;
                } else {
                    otherContents++;
                }
            }
            // the mutants reach the content paths, not only the error ones: each kind of outcome is well represented
            String counts = sameContents + " same, " + otherContents + " other contents, " + errors + " errors";
            // with seed 32: 32-194 unchanged, 261-709 changed, 645-1147 errors per base trace
            assertTrue(sameContents >= 20 && otherContents >= 150 && errors >= 300, counts);
        }
    }

    /** The shared real Android 12 trace (skipped with a message when ../shared is absent) and mutants of it. */
    @Test
    void theSharedRealTraceReadsTheSame() throws Exception {
        Path file = SharedFixtures.real("perfetto/android12_emulator_chrome_launcher__microsoft_perf_tools.pftrace");
        byte[] t = Files.readAllBytes(file);
        same("real trace", t);
        same("real trace gzip", gzip(t));
        SplittableRandom r = new SplittableRandom(12);
        for (int k = 0; k < 40; k++) {
            byte[] m = t.clone();
            m[r.nextInt(m.length)] = (byte) r.nextInt(256);
            same("real trace mutant " + k, m);
        }
    }
}
