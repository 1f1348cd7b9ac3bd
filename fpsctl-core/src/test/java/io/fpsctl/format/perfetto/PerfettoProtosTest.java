package io.fpsctl.format.perfetto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.ExtensionRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * The protos compiled from Perfetto's vendored files (src/main/proto, v58.2) decode a trace built here byte by
 * byte with field numbers written out from Perfetto's .proto files — so a wrong file, a wrong extension number or
 * a trim that dropped a needed field fails here, before any reader logic.
 */
class PerfettoProtosTest {

    /** Trace.packet = 1 (trace.proto). */
    private static final int TRACE_PACKET = 1;
    /** TracePacket.timestamp = 8, timestamp_clock_id = 58, process_tree = 2 (trace_packet.proto). */
    private static final int TIMESTAMP = 8;
    private static final int CLOCK_ID = 58;
    private static final int PROCESS_TREE = 2;
    /** TracePacket extension frame_timeline_event = 76 (frameworks_native_trace_packet.proto). */
    private static final int FRAME_TIMELINE_EVENT = 76;
    /** FrameTimelineEvent.actual_surface_frame_start = 4; ActualSurfaceFrameStart fields 1..11. */
    private static final int ACTUAL_SURFACE_FRAME_START = 4;

    private static byte[] message(Writer w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        w.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    private interface Writer {
        void write(CodedOutputStream out) throws IOException;
    }

    @Test
    void anActualSurfaceFrameAndAProcessDecodeWithTheirPerfettoNames() throws IOException {
        byte[] actual = message(o -> {
            o.writeInt64(1, 77);          // cookie
            o.writeInt64(2, 1234);        // token
            o.writeInt64(3, 1240);        // display_frame_token
            o.writeInt32(4, 4242);        // pid
            o.writeString(5, "TX - com.example/com.example.MainActivity#0");  // layer_name
            o.writeEnum(6, 2);            // present_type PRESENT_LATE
            o.writeBool(7, false);        // on_time_finish
            o.writeBool(8, false);        // gpu_composition
            o.writeInt32(9, 64 | 128);    // jank_type: APP_DEADLINE_MISSED | BUFFER_STUFFING
            o.writeEnum(10, 1);           // prediction_type PREDICTION_VALID
            o.writeBool(11, true);        // is_buffer
            o.writeUInt64(999, 5);        // a field this release does not know: must be skipped
        });
        byte[] event = message(o -> o.writeByteArray(ACTUAL_SURFACE_FRAME_START, actual));
        byte[] process = message(o -> {
            o.writeInt32(1, 4242);        // pid
            o.writeInt32(2, 1);           // ppid
            o.writeString(3, "com.example");  // cmdline
        });
        byte[] tree = message(o -> o.writeByteArray(1, process));
        byte[] packet1 = message(o -> {
            o.writeUInt64(TIMESTAMP, 5_000_000_000L);
            o.writeUInt32(CLOCK_ID, 3);   // BUILTIN_CLOCK_MONOTONIC, as Android 12 writes it
            o.writeByteArray(FRAME_TIMELINE_EVENT, event);
        });
        byte[] packet2 = message(o -> o.writeByteArray(PROCESS_TREE, tree));
        byte[] trace = message(o -> {
            o.writeByteArray(TRACE_PACKET, packet1);
            o.writeByteArray(TRACE_PACKET, packet2);
        });

        ExtensionRegistry registry = ExtensionRegistry.newInstance();
        com.android.internal.FrameworksNativeTracePacketOuterClass.registerAllExtensions(registry);
        Trace decoded = Trace.parseFrom(trace, registry);

        assertEquals(2, decoded.getPacketCount());
        TracePacket p = decoded.getPacket(0);
        assertEquals(5_000_000_000L, p.getTimestamp());
        assertEquals(3, p.getTimestampClockId());
        assertTrue(p.hasExtension(FrameworksNativeTracePacket.frameTimelineEvent));
        FrameTimelineEvent ev = p.getExtension(FrameworksNativeTracePacket.frameTimelineEvent);
        assertEquals(FrameTimelineEvent.EventCase.ACTUAL_SURFACE_FRAME_START, ev.getEventCase());
        FrameTimelineEvent.ActualSurfaceFrameStart a = ev.getActualSurfaceFrameStart();
        assertEquals(77, a.getCookie());
        assertEquals(1234, a.getToken());
        assertEquals(1240, a.getDisplayFrameToken());
        assertEquals(4242, a.getPid());
        assertEquals("TX - com.example/com.example.MainActivity#0", a.getLayerName());
        assertEquals(FrameTimelineEvent.PresentType.PRESENT_LATE, a.getPresentType());
        assertFalse(a.getOnTimeFinish());
        assertEquals(FrameTimelineEvent.JankType.JANK_APP_DEADLINE_MISSED_VALUE
                | FrameTimelineEvent.JankType.JANK_BUFFER_STUFFING_VALUE, a.getJankType());
        assertEquals(FrameTimelineEvent.PredictionType.PREDICTION_VALID, a.getPredictionType());
        assertTrue(a.getIsBuffer());
        assertTrue(a.getUnknownFields().hasField(999));

        ProcessTree.Process proc = decoded.getPacket(1).getProcessTree().getProcesses(0);
        assertEquals(4242, proc.getPid());
        assertEquals("com.example", proc.getCmdline(0));
    }
}
