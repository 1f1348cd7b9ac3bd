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
        TraceContents c = read(t.bytes());
        List<SurfaceFrame> f = c.surfaceFrames();
        assertEquals(2, f.size());
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
}
