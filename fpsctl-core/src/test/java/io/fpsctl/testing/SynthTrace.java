package io.fpsctl.testing;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceEventBundle;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;
import perfetto.protos.Ftrace.PrintFtraceEvent;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * Builds Perfetto traces in tests with the classes generated from Perfetto's protos, with the helpers of Perfetto's
 * own {@code test/synth_common.py} (google/perfetto v58.2: {@code add_expected_display_frame_start_event},
 * {@code add_actual_surface_frame_start_event}, {@code add_frame_end_event}, {@code add_process},
 * {@code add_thread}, {@code add_ftrace_packet}, {@code add_atrace_begin}/{@code end}, …) taking the same arguments
 * and setting the same fields, so that Perfetto's diff-test scripts port call for call. Packets carry only a
 * timestamp (no clock id: BOOTTIME) unless {@link #clock} says otherwise, as the scripts' packets do.
 */
public final class SynthTrace {
    private final Trace.Builder trace = Trace.newBuilder();
    private TracePacket.Builder ftrace;
    private Integer clock;

    /** Stamps the frame timeline packets that follow with {@code clockId} (null: none, i.e. BOOTTIME). */
    public SynthTrace clock(Integer clockId) {
        this.clock = clockId;
        return this;
    }

    private TracePacket.Builder packet(long ts) {
        flushFtrace();
        TracePacket.Builder p = TracePacket.newBuilder().setTimestamp(ts);
        if (clock != null) {
            p.setTimestampClockId(clock);
        }
        return p;
    }

    private void add(TracePacket.Builder p, FrameTimelineEvent e) {
        trace.addPacket(p.setExtension(FrameworksNativeTracePacket.frameTimelineEvent, e).build());
    }

    public SynthTrace clockSnapshot(long monotonic, long boottime) {
        flushFtrace();
        trace.addPacket(TracePacket.newBuilder().setClockSnapshot(ClockSnapshot.newBuilder()
                .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(3).setTimestamp(monotonic))
                .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(6).setTimestamp(boottime))).build());
        return this;
    }

    /** synth_common {@code add_process}: one process record (in a packet of its own). */
    public SynthTrace addProcess(int pid, int ppid, String cmdline) {
        flushFtrace();
        trace.addPacket(TracePacket.newBuilder().setProcessTree(ProcessTree.newBuilder().addProcesses(
                ProcessTree.Process.newBuilder().setPid(pid).setPpid(ppid).addCmdline(cmdline))).build());
        return this;
    }

    /** synth_common {@code add_thread}. */
    public SynthTrace addThread(int tid, int tgid, String name) {
        flushFtrace();
        ProcessTree.Thread.Builder t = ProcessTree.Thread.newBuilder().setTid(tid).setTgid(tgid);
        if (name != null) {
            t.setName(name);
        }
        trace.addPacket(TracePacket.newBuilder().setProcessTree(ProcessTree.newBuilder().addThreads(t)).build());
        return this;
    }

    public SynthTrace addExpectedDisplayFrameStartEvent(long ts, long cookie, long token, int pid) {
        FrameTimelineEvent.ExpectedDisplayFrameStart.Builder e = FrameTimelineEvent.ExpectedDisplayFrameStart
                .newBuilder();
        if (token != -1) {
            e.setCookie(cookie).setToken(token).setPid(pid);
        }
        add(packet(ts), FrameTimelineEvent.newBuilder().setExpectedDisplayFrameStart(e).build());
        return this;
    }

    public SynthTrace addActualDisplayFrameStartEvent(long ts, long cookie, long token, int pid, int presentType,
                                                      int onTimeFinish, int gpuComposition, int jankType,
                                                      int predictionType) {
        FrameTimelineEvent.ActualDisplayFrameStart.Builder e = FrameTimelineEvent.ActualDisplayFrameStart.newBuilder();
        if (token != -1) {
            e.setCookie(cookie).setToken(token).setPid(pid)
                    .setPresentType(FrameTimelineEvent.PresentType.forNumber(presentType))
                    .setOnTimeFinish(onTimeFinish != 0).setGpuComposition(gpuComposition != 0).setJankType(jankType)
                    .setPredictionType(FrameTimelineEvent.PredictionType.forNumber(predictionType));
        }
        add(packet(ts), FrameTimelineEvent.newBuilder().setActualDisplayFrameStart(e).build());
        return this;
    }

    public SynthTrace addExpectedSurfaceFrameStartEvent(long ts, long cookie, long token, long displayFrameToken,
                                                        int pid, String layerName) {
        FrameTimelineEvent.ExpectedSurfaceFrameStart.Builder e = FrameTimelineEvent.ExpectedSurfaceFrameStart
                .newBuilder();
        if (token != -1 && displayFrameToken != -1) {
            e.setCookie(cookie).setToken(token).setDisplayFrameToken(displayFrameToken).setPid(pid)
                    .setLayerName(layerName);
        }
        add(packet(ts), FrameTimelineEvent.newBuilder().setExpectedSurfaceFrameStart(e).build());
        return this;
    }

    /** synth_common {@code add_actual_surface_frame_start_event}; {@code jankSeverityType} null as its default. */
    public SynthTrace addActualSurfaceFrameStartEvent(long ts, long cookie, long token, long displayFrameToken, int pid,
                                                      String layerName, int presentType, int onTimeFinish,
                                                      int gpuComposition, int jankType, int predictionType,
                                                      Integer jankSeverityType) {
        FrameTimelineEvent.ActualSurfaceFrameStart.Builder e = FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder();
        if (token != -1 && displayFrameToken != -1) {
            e.setCookie(cookie).setToken(token).setDisplayFrameToken(displayFrameToken).setPid(pid)
                    .setLayerName(layerName).setPresentType(FrameTimelineEvent.PresentType.forNumber(presentType))
                    .setOnTimeFinish(onTimeFinish != 0).setGpuComposition(gpuComposition != 0).setJankType(jankType);
            int severity = jankSeverityType != null ? jankSeverityType : jankType == 1 ? 1 : 0;
            e.setJankSeverityType(FrameTimelineEvent.JankSeverityType.forNumber(severity))
                    .setPredictionType(FrameTimelineEvent.PredictionType.forNumber(predictionType))
                    .setJankSeverityScore(0);
        }
        add(packet(ts), FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(e).build());
        return this;
    }

    public SynthTrace addFrameEndEvent(long ts, long cookie) {
        add(packet(ts), FrameTimelineEvent.newBuilder().setFrameEnd(FrameTimelineEvent.FrameEnd.newBuilder()
                .setCookie(cookie)).build());
        return this;
    }

    /** synth_common {@code add_ftrace_packet}: the prints that follow go into one ftrace bundle of {@code cpu}. */
    public SynthTrace addFtracePacket(int cpu) {
        flushFtrace();
        ftrace = TracePacket.newBuilder().setFtraceEvents(FtraceEventBundle.newBuilder().setCpu(cpu));
        return this;
    }

    /** synth_common {@code add_print}. */
    public SynthTrace addPrint(long ts, int tid, String buf) {
        if (ftrace == null) {
            addFtracePacket(0);
        }
        ftrace.getFtraceEventsBuilder().addEvent(FtraceEvent.newBuilder().setTimestamp(ts).setPid(tid)
                .setPrint(PrintFtraceEvent.newBuilder().setBuf(buf)));
        return this;
    }

    public SynthTrace addAtraceBegin(long ts, int tid, int pid, String buf) {
        return addPrint(ts, tid, "B|" + pid + "|" + buf);
    }

    public SynthTrace addAtraceEnd(long ts, int tid, int pid) {
        return addPrint(ts, tid, "E|" + pid);
    }

    /** synth_common {@code add_atrace_for_thread}. */
    public SynthTrace addAtraceForThread(long ts, long tsEnd, String buf, int tid, int pid) {
        return addAtraceBegin(ts, tid, pid, buf).addAtraceEnd(tsEnd, tid, pid);
    }

    /** synth_common {@code add_frame}: {@code Choreographer#doFrame <vsync>} on {@code tid}. */
    public SynthTrace addFrame(long vsync, long tsDoFrame, long tsEndDoFrame, int tid, int pid) {
        return addAtraceForThread(tsDoFrame, tsEndDoFrame, "Choreographer#doFrame " + vsync, tid, pid);
    }

    private void flushFtrace() {
        if (ftrace != null) {
            trace.addPacket(ftrace.build());
            ftrace = null;
        }
    }

    /** The trace's bytes (a serialized {@code Trace}, as the scripts write to stdout). */
    public byte[] bytes() {
        flushFtrace();
        return trace.build().toByteArray();
    }

    /**
     * {@code trace} wrapped {@code layers} times in a packet whose {@code compressed_packets} (trace_packet.proto) is
     * the deflate of the layer inside: each layer is a few bytes, so 1,500 layers make a file of about 28 KB.
     */
    public static byte[] nestedDeflate(byte[] trace, int layers) {
        byte[] t = trace;
        for (int i = 0; i < layers; i++) {
            java.io.ByteArrayOutputStream z = new java.io.ByteArrayOutputStream();
            try (java.util.zip.DeflaterOutputStream out = new java.util.zip.DeflaterOutputStream(z)) {
                out.write(t);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            t = Trace.newBuilder().addPacket(TracePacket.newBuilder().setCompressedPackets(
                    com.google.protobuf.ByteString.copyFrom(z.toByteArray()))).build().toByteArray();
        }
        return t;
    }
}
