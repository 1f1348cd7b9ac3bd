package io.fpsctl.format.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.fpsctl.testing.SynthTrace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * The trace reader on traces built here with Perfetto's generated protos: start/end pairing by cookie after sorting,
 * the two clocks SurfaceFlinger stamps FrameTimeline with, gzip'd files, deflate'd {@code compressed_packets}, a last
 * packet cut short, and files that are not traces.
 */
class PerfettoTraceReaderTest {

    /** One frame of pid 1000 whose packets come in the order SurfaceFlinger writes them (after the present). */
    private static SynthTrace oneFrame(Integer clock, long t0) {
        SynthTrace t = new SynthTrace().clock(clock);
        t.addExpectedSurfaceFrameStartEvent(t0, 5, 7, 8, 1000, "TX - app#0");
        t.addFrameEndEvent(t0 + 16_000_000, 5);
        t.addActualSurfaceFrameStartEvent(t0, 6, 7, 8, 1000, "TX - app#0", 2, 0, 0, 64, 1, null);
        t.addFrameEndEvent(t0 + 30_000_000, 6);
        return t;
    }

    private static TraceContents read(byte[] bytes) throws Exception {
        return PerfettoTraceReader.read(new ByteArrayInputStream(bytes), "t.pftrace");
    }

    @Test
    void android12MonotonicStampsAreConvertedToBoottimeThroughTheClockSnapshot() throws Exception {
        SynthTrace t = oneFrame(3, 1_000_000_000L);
        t.clockSnapshot(500_000_000L, 4_500_000_000L); // BOOTTIME is MONOTONIC + 4 s (the device slept)
        TraceContents c = read(t.bytes());
        SurfaceFrame f = c.surfaceFrames().get(0);
        assertEquals(5_000_000_000L, f.ts());
        assertEquals(30_000_000L, f.dur());
        assertEquals(5_000_000_000L, f.expectedTs());
        assertEquals(16_000_000L, f.expectedDur());
        assertEquals(java.util.Set.of(3), c.frameClocks());
    }

    /** A {@code Trace.packet} field holding {@code parts} concatenated (protobuf fields may come in any order). */
    private static byte[] packetField(TracePacket... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (TracePacket p : parts) {
            body.writeBytes(p.toByteArray());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x0a); // Trace.packet = 1, length-delimited
        int n = body.size();
        while ((n & ~0x7f) != 0) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    /** The trusted fields traced appends after a producer's bytes (tracing_service_impl.cc, v58.2). */
    private static TracePacket trusted(int seq) {
        return TracePacket.newBuilder().setTrustedUid(1000).setTrustedPacketSequenceId(seq).build();
    }

    private static TracePacket defaults(Integer clock) {
        perfetto.protos.TracePacketDefaultsOuterClass.TracePacketDefaults.Builder d =
                perfetto.protos.TracePacketDefaultsOuterClass.TracePacketDefaults.newBuilder();
        if (clock != null) {
            d.setTimestampClockId(clock);
        }
        return TracePacket.newBuilder().setTracePacketDefaults(d).build();
    }

    /** The packets of {@link #oneFrame} (no clock of their own), with token {@code token} and cookies from it. */
    private static List<TracePacket> frame(long token, long t0) throws Exception {
        SynthTrace t = new SynthTrace();
        t.addActualSurfaceFrameStartEvent(t0, token * 10, token, 8, 1000, "TX - app#0", 1, 1, 0, 1, 1, null);
        t.addFrameEndEvent(t0 + 10_000_000, token * 10);
        return Trace.parseFrom(t.bytes(), REGISTRY).getPacketList();
    }

    private static final com.google.protobuf.ExtensionRegistry REGISTRY = registry();

    private static com.google.protobuf.ExtensionRegistry registry() {
        com.google.protobuf.ExtensionRegistry r = com.google.protobuf.ExtensionRegistry.newInstance();
        com.android.internal.FrameworksNativeTracePacketOuterClass.registerAllExtensions(r);
        return r;
    }

    /**
     * {@code trace_packet_defaults} hold per {@code trusted_packet_sequence_id} (trace_processor v58.2,
     * {@code ProtoTraceReader::ParseTracePacketDefaults} / {@code TimestampTokenizeAndPushToSorter}), with the
     * sequence id written after the producer's fields as traced writes it. Worked by hand from proto_trace_reader.cc
     * v58.2, BOOTTIME = MONOTONIC + 4 s, the only clock snapshot at the end of the file:
     * <ul>
     * <li>sequence 7 declares MONOTONIC; its frame at 1 s cannot be converted yet (no snapshot), so the packet waits
     * for the end of the file ({@code ResolveTimestampToTraceTime}: {@code eof_deferred_packets_}) and is tokenized
     * again there with sequence 7's defaults <em>at the end</em> ({@code OnPushDataToSorter}). By then sequence 7
     * cleared its incremental state with defaults that name no clock: no conversion, 1 s;</li>
     * <li>its next frame at 2 s, after the clear: BOOTTIME, 2 s;</li>
     * <li>sequence 9 declares MONOTONIC and keeps it: its frame at 1 s, deferred too, converts at the end: 5 s;</li>
     * <li>sequence 8 had no defaults when its frame at 1 s was read: BOOTTIME, converted at once (nothing to defer),
     * 1 s, although sequence 8 declares MONOTONIC later;</li>
     * <li>defaults on a packet without a sequence id change nothing (sequence 0 stays BOOTTIME): 1 s.</li>
     * </ul>
     */
    @Test
    void packetDefaultsHoldPerSequenceAsTraceProcessorReadsThem() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(packetField(defaults(3), trusted(7)));       // 59 before 10, as in a real file
        file.writeBytes(packetField(defaults(3)));                   // no sequence id: ignored
        for (TracePacket p : frame(1, 1_000_000_000L)) {
            file.writeBytes(packetField(p, trusted(7)));
        }
        for (TracePacket p : frame(2, 1_000_000_000L)) {
            file.writeBytes(packetField(p, trusted(8)));
        }
        file.writeBytes(packetField(defaults(3), trusted(8)));
        file.writeBytes(packetField(defaults(3), trusted(9)));
        for (TracePacket p : frame(5, 1_000_000_000L)) {
            file.writeBytes(packetField(p, trusted(9)));
        }
        for (TracePacket p : frame(3, 1_000_000_000L)) {
            file.writeBytes(packetField(p));                         // sequence 0
        }
        file.writeBytes(packetField(TracePacket.newBuilder().setSequenceFlags(1).build(), defaults(null), trusted(7)));
        for (TracePacket p : frame(4, 2_000_000_000L)) {
            file.writeBytes(packetField(p, trusted(7)));
        }
        file.writeBytes(packetField(TracePacket.newBuilder().setClockSnapshot(
                perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.newBuilder()
                        .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder()
                                .setClockId(3).setTimestamp(500_000_000L))
                        .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder()
                                .setClockId(6).setTimestamp(4_500_000_000L))).build(), trusted(1)));
        TraceContents c = read(file.toByteArray());
        java.util.Map<Long, Long> startOf = new java.util.HashMap<>();
        c.surfaceFrames().forEach(f -> startOf.put(f.token(), f.ts()));
        assertEquals(java.util.Map.of(1L, 1_000_000_000L, 2L, 1_000_000_000L, 3L, 1_000_000_000L,
                4L, 2_000_000_000L, 5L, 5_000_000_000L), startOf);
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("without trusted_packet_sequence_id")),
                c.warnings()::toString);
    }

    private static TracePacket snapshot(long monotonic, long boottime) {
        return TracePacket.newBuilder().setClockSnapshot(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot
                .newBuilder()
                .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder().setClockId(3)
                        .setTimestamp(monotonic))
                .addClocks(perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot.Clock.newBuilder().setClockId(6)
                        .setTimestamp(boottime))).build();
    }

    private static void monotonicFrame(ByteArrayOutputStream file, long token, long t0) throws Exception {
        for (TracePacket p : frame(token, t0)) {
            file.writeBytes(packetField(p.toBuilder().setTimestampClockId(3).build(), trusted(3)));
        }
    }

    /**
     * A MONOTONIC event is converted with the clock snapshots read before it, as trace_processor v58.2 converts at
     * tokenize time ({@code ProtoTraceReader::ResolveTimestampToTraceTime}), and with all of them when none came
     * before it (deferred to the end). Worked by hand: snapshot 1 pairs MONOTONIC 0.5 s with BOOTTIME 4.5 s, snapshot
     * 2 (written later, after a 6 s suspend) 0.8 s with 10.8 s. Frame 1 at MONOTONIC 1 s comes before any snapshot:
     * the last snapshot at or before 1 s of all, snapshot 2: 11 s. Frame 2 at 1 s comes after snapshot 1 only: 5 s.
     * Frame 3 at 1 s after both: 11 s. Frame 4 at 0.6 s after both: snapshot 1, 4.6 s. Frame 5 at 0.1 s, before
     * every snapshot's time: the first snapshot, 4.1 s.
     */
    @Test
    void monotonicStampsAreConvertedWithTheSnapshotsReadBeforeThem() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        monotonicFrame(file, 1, 1_000_000_000L);
        file.writeBytes(packetField(snapshot(500_000_000L, 4_500_000_000L), trusted(1)));
        monotonicFrame(file, 2, 1_000_000_000L);
        file.writeBytes(packetField(snapshot(800_000_000L, 10_800_000_000L), trusted(1)));
        monotonicFrame(file, 3, 1_000_000_000L);
        monotonicFrame(file, 4, 600_000_000L);
        monotonicFrame(file, 5, 100_000_000L);
        TraceContents c = read(file.toByteArray());
        java.util.Map<Long, Long> startOf = new java.util.HashMap<>();
        c.surfaceFrames().forEach(f -> startOf.put(f.token(), f.ts()));
        assertEquals(java.util.Map.of(1L, 11_000_000_000L, 2L, 5_000_000_000L, 3L, 11_000_000_000L,
                4L, 4_600_000_000L, 5L, 4_100_000_000L), startOf);
    }

    @Test
    void android13BoottimeStampsAreTakenAsTheyAre() throws Exception {
        SynthTrace t = oneFrame(6, 1_000_000_000L);
        t.clockSnapshot(500_000_000L, 4_500_000_000L);
        TraceContents c = read(t.bytes());
        assertEquals(1_000_000_000L, c.surfaceFrames().get(0).ts());
        assertEquals(java.util.Set.of(6), c.frameClocks());
    }

    /** Packets out of time order and an end written before its start in the file: sorted, then paired by cookie. */
    @Test
    void startsAndEndsArePairedByCookieAfterSorting() throws Exception {
        SynthTrace t = new SynthTrace();
        t.addFrameEndEvent(50, 2);                                  // written first, later in time than its start
        t.addActualSurfaceFrameStartEvent(40, 2, 11, 12, 1000, "L", 1, 1, 0, 1, 1, null);
        t.addActualSurfaceFrameStartEvent(10, 1, 9, 10, 1000, "L", 1, 1, 0, 1, 1, null);
        t.addFrameEndEvent(25, 1);
        t.addActualSurfaceFrameStartEvent(60, 3, 13, 14, 1000, "L", 1, 1, 0, 1, 1, null); // never ended: not a frame
        // two frames that overlap (two layers): the first to start ends last
        t.addActualSurfaceFrameStartEvent(100, 7, 20, 21, 1000, "A", 1, 1, 0, 1, 1, null);
        t.addActualSurfaceFrameStartEvent(102, 8, 20, 21, 1000, "B", 1, 1, 0, 1, 1, null);
        t.addFrameEndEvent(110, 8);
        t.addFrameEndEvent(130, 7);
        TraceContents c = read(t.bytes());
        List<SurfaceFrame> f = c.surfaceFrames();
        assertEquals(4, f.size());
        assertEquals("A", f.get(2).layerName());
        assertEquals(30, f.get(2).dur());
        assertEquals("B", f.get(3).layerName());
        assertEquals(8, f.get(3).dur());
        assertEquals(10, f.get(0).ts());
        assertEquals(15, f.get(0).dur());
        assertEquals(9, f.get(0).token());
        assertEquals(40, f.get(1).ts());
        assertEquals(10, f.get(1).dur());
        assertTrue(c.warnings().get(0).startsWith("1 actual SurfaceFrame(s) without an end packet"), c.warnings()
                .toString());
    }

    @Test
    void gzipAndDeflatedCompressedPacketsReadTheSame() throws Exception {
        byte[] plain = oneFrame(null, 1000).bytes();
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(plain);
        }
        assertEquals(read(plain).surfaceFrames(), read(gz.toByteArray()).surfaceFrames());

        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(z)) {
            out.write(plain); // a Trace, deflated: TracePacket.compressed_packets (trace_packet.proto)
        }
        byte[] compressed = Trace.newBuilder().addPacket(TracePacket.newBuilder()
                .setCompressedPackets(ByteString.copyFrom(z.toByteArray()))).build().toByteArray();
        TraceContents c = read(compressed);
        assertEquals(read(plain).surfaceFrames(), c.surfaceFrames());
        assertEquals(4, c.packets() - 1); // the four packets inside, plus the one that held them
    }

    @Test
    void aLastPacketCutShortIsDroppedWithAWarning() throws Exception {
        byte[] whole = oneFrame(null, 1000).bytes();
        TraceContents c = read(Arrays.copyOf(whole, whole.length - 3)); // inside the last FrameEnd
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("cut short and was dropped")), c.warnings()
                .toString());
        assertEquals(0, c.surfaceFrames().size()); // its end is gone: the actual frame has no end
    }

    @Test
    void whatIsNotATraceIsAOneLineError() {
        PerfettoTraceException text = assertThrows(PerfettoTraceException.class,
                () -> read("Applications Graphics Acceleration Info:\n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(text.getMessage().startsWith("t.pftrace: not a Perfetto trace"), text.getMessage());
        assertFalse(text.getMessage().contains("\n"));
        PerfettoTraceException empty = assertThrows(PerfettoTraceException.class, () -> read(new byte[0]));
        assertTrue(empty.getMessage().contains("empty"), empty.getMessage());
        byte[] bad = {0x0a, 0x03, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // a packet that is not protobuf
        PerfettoTraceException broken = assertThrows(PerfettoTraceException.class, () -> read(bad));
        assertTrue(broken.getMessage().contains("not a valid TracePacket"), broken.getMessage());
        assertFalse(PerfettoTraceReader.looksLikeTrace("\n\n** Graphics info for pid 1".getBytes(
                StandardCharsets.UTF_8), 27));
    }

    /**
     * Perfetto expands {@code compressed_packets} one level only (v58.2 {@code ProtoTraceTokenizer::Tokenize},
     * {@code ProtoTraceReader::ParsePacket}'s {@code PERFETTO_CHECK}): one level reads, two are the one-line error,
     * and 1,500 levels (28 KB) are the same error, not a stack overflow.
     */
    @Test
    void compressedPacketsInsideCompressedPacketsAreAOneLineError() throws Exception {
        byte[] plain = oneFrame(null, 1000).bytes();
        assertEquals(read(plain).surfaceFrames(), read(SynthTrace.nestedDeflate(plain, 1)).surfaceFrames());
        for (int layers : new int[] {2, 1500}) {
            byte[] nested = SynthTrace.nestedDeflate(plain, layers);
            PerfettoTraceException e = assertThrows(PerfettoTraceException.class, () -> read(nested));
            assertEquals("t.pftrace: packet 2 holds compressed packets inside compressed packets, which Perfetto "
                    + "does not read (one level only): the trace is broken", e.getMessage(), layers + " layers");
            assertTrue(nested.length < (layers == 2 ? 1000 : 40_000), nested.length + " bytes");
        }
    }

    /**
     * Atrace written through the Perfetto SDK (TrackEvent) is not read: a trace with TrackEvent packets and no
     * doFrame/DrawFrame slice in ftrace says so in one line; with the slices in ftrace, or without TrackEvent, it
     * does not.
     */
    @Test
    void trackEventsWithoutAtraceSlicesAreAOneLineWarning() throws Exception {
        byte[] trackEvent = Trace.newBuilder().addPacket(TracePacket.newBuilder().setTimestamp(1_000_000_100L)
                .setTrustedPacketSequenceId(9).setTrackEvent(perfetto.protos.TrackEventOuterClass.TrackEvent
                        .newBuilder().setName("Choreographer#doFrame 7").setTrackUuid(1))).build().toByteArray();
        byte[] plain = oneFrame(null, 1_000_000_000L).bytes();
        TraceContents sdk = read(cat(plain, trackEvent, trackEvent));
        List<String> w = sdk.warnings().stream().filter(x -> x.contains("TrackEvent")).toList();
        assertEquals(List.of("the trace has 2 TrackEvent packet(s) but no Choreographer#doFrame / DrawFrame atrace "
                + "slice in ftrace: frameOverrunMs and frameDurationCpuMs cannot be computed (atrace written through "
                + "the Perfetto SDK's track_event is not read; record the gfx and view atrace categories with the "
                + "linux.ftrace data source)"), w);
        assertEquals(1, sdk.surfaceFrames().size()); // the FrameTimeline frames are still read

        SynthTrace withAtrace = oneFrame(null, 1_000_000_000L);
        withAtrace.addFtracePacket(0);
        withAtrace.addFrame(7, 1_000_000_000L, 1_005_000_000L, 1000, 1000);
        TraceContents both = read(cat(withAtrace.bytes(), trackEvent));
        assertFalse(both.slices().isEmpty());
        assertTrue(both.warnings().stream().noneMatch(x -> x.contains("TrackEvent")), both.warnings().toString());
        assertTrue(read(plain).warnings().stream().noneMatch(x -> x.contains("TrackEvent")));
    }

    /**
     * A known TracePacket field sent with another wire type is an unknown field to protobuf-java's generated parser,
     * skipped: every packet of a one-frame trace gets a fixed64 {@code timestamp}, a varint {@code ftrace_events} and
     * FrameTimeline event, and a fixed32 {@code compressed_packets} after its own fields; the frames are those of the
     * clean trace, and protobuf-java itself (the yardstick) keeps each packet's timestamp.
     */
    @Test
    void aKnownPacketFieldWithAnotherWireTypeIsSkipped() throws Exception {
        byte[] plain = oneFrame(null, 1_000_000_000L).bytes();
        byte[] odd = {
            (8 << 3) | 1, 1, 2, 3, 4, 5, 6, 7, 8,        // timestamp as fixed64
            (1 << 3), 3,                                 // ftrace_events as a varint
            (byte) 0xe0, 0x04, 5,                        // frame_timeline_event (76) as a varint
            (byte) 0x95, 0x03, 1, 2, 3, 4};              // compressed_packets (50) as fixed32
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (TracePacket packet : Trace.parseFrom(plain).getPacketList()) {
            byte[] body = cat(packet.toByteArray(), odd);
            TracePacket java = TracePacket.parseFrom(body);
            assertEquals(packet.getTimestamp(), java.getTimestamp());
            assertFalse(java.hasFtraceEvents());
            out.writeBytes(packetField(body));
        }
        TraceContents c = read(out.toByteArray());
        assertEquals(read(plain).surfaceFrames(), c.surfaceFrames());
        assertEquals(1, c.surfaceFrames().size());
    }

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

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
