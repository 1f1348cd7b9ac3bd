package io.fpsctl.analysis;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import perfetto.protos.Ftrace.PrintFtraceEvent;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;
import perfetto.protos.TrackDescriptorOuterClass.TrackDescriptor;
import perfetto.protos.TrackEventOuterClass.TrackEvent;

/**
 * The input of Perfetto's stdlib frame tests ({@code test/trace_processor/diff_tests/stdlib/android/frames_tests.py},
 * google/perfetto v58.2): the synthetic trace {@code test/trace_processor/diff_tests/metrics/graphics/android_jank_cuj.py}
 * (same tag), ported call for call, with the helpers of {@code test/synth_common.py} (same tag) that it uses,
 * keeping their quirk that matters for the bytes: {@code add_process}, {@code add_thread} and the ftrace helpers
 * write into the <em>current</em> packet (the last one added, {@code self.packet} there), so the process records land
 * in the second package-list packet and replace its package list (one {@code oneof}).
 *
 * <p>The script's fields that fpsctl's trimmed protos do not hold (fpsctl-protos README: {@code packages_list} 47 of
 * {@code TracePacket}, {@code process} 3 of {@code TrackDescriptor}, {@code sched_switch} 4 of {@code FtraceEvent})
 * are written as the same field numbers and wire types from Perfetto's full protos at v58.2
 * ({@code trace_packet.proto}, {@code android/packages_list.proto}, {@code track_event/track_descriptor.proto},
 * {@code track_event/process_descriptor.proto}, {@code ftrace/ftrace_event.proto}, {@code ftrace/sched.proto}), so
 * the trace is byte for byte the one the script writes ({@link AndroidJankCujDiffTest#thePortIsTheScriptsTrace}).
 */
final class AndroidJankCujTrace {

    // android_jank_cuj.py's constants
    static final int PID = 1000;           // com.android.systemui
    static final int RTID = 1555;          // RenderThread
    static final int JITID = 1777;         // Jit thread pool
    static final String LAYER = "TX - NotificationShade#0";
    static final int SF_PID = 1050;        // /system/bin/surfaceflinger
    static final int SF_RETID = 1055;      // RenderEngine thread
    static final long PROCESS_TRACK = 1234;
    static final long FIRST_CUJ_TRACK = 321;
    static final long SHADE_CUJ_TRACK = 654;
    static final long CANCELED_CUJ_TRACK = 987;

    private final List<TracePacket.Builder> packets = new ArrayList<>();
    private TracePacket.Builder packet;
    /** synth_common's {@code proc_map}: pid/tid → the cmdline given to add_process / add_thread. */
    private final Map<Integer, String> procMap = new HashMap<>(Map.of(0, "idle_thread"));

    private AndroidJankCujTrace() {
    }

    // ---- synth_common.py (v58.2) helpers ----

    private TracePacket.Builder addPacket(Long ts) {
        packet = TracePacket.newBuilder();
        packets.add(packet);
        if (ts != null) {
            packet.setTimestamp(ts);
        }
        return packet;
    }

    private void addFtracePacket(int cpu) {
        addPacket(null).getFtraceEventsBuilder().setCpu(cpu);
    }

    private FtraceEvent.Builder ftraceEvent(long ts, int tid) {
        return packet.getFtraceEventsBuilder().addEventBuilder().setTimestamp(ts).setPid(tid);
    }

    private void addPrint(long ts, int tid, String buf) {
        ftraceEvent(ts, tid).setPrint(PrintFtraceEvent.newBuilder().setBuf(buf));
    }

    private void addAtraceCounter(long ts, int pid, int tid, String buf, long cnt) {
        addPrint(ts, tid, "C|" + pid + "|" + buf + "|" + cnt);
    }

    private void addAtraceBegin(long ts, int tid, int pid, String buf) {
        addPrint(ts, tid, "B|" + pid + "|" + buf);
    }

    private void addAtraceEnd(long ts, int tid, int pid) {
        addPrint(ts, tid, "E|" + pid);
    }

    private void addAtraceInstant(long ts, int tid, int pid, String buf) {
        addPrint(ts, tid, "I|" + pid + "|" + buf);
    }

    /** {@code add_sched}: {@code sched_switch} (FtraceEvent field 4, SchedSwitchFtraceEvent of sched.proto). */
    private void addSched(long ts, int prevPid, int nextPid, String prevState) {
        UnknownFieldSet.Builder ss = UnknownFieldSet.newBuilder()
                .addField(1, bytes(procMap.get(prevPid)))                  // prev_comm
                .addField(2, varint(prevPid));                             // prev_pid
        if (prevState != null) {
            if (!prevState.equals("R")) {
                throw new IllegalArgumentException(prevState);             // the script uses 'R' only
            }
            ss.addField(4, varint(0));                                     // prev_state: R = 0
        }
        ss.addField(5, bytes(procMap.get(nextPid)))                        // next_comm
                .addField(6, varint(nextPid));                             // next_pid
        ftraceEvent(ts, 0).setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(4, message(ss.build())).build());
    }

    /**
     * {@code packages_list} and {@code process_tree} are members of TracePacket's {@code oneof data}: setting the
     * process tree of the current packet clears a package list there (python protobuf's oneof rule), so the script's
     * second {@code add_package_list} ("android") is not in its trace.
     */
    private void takeOneofForProcessTree() {
        packet.setUnknownFields(UnknownFieldSet.newBuilder(packet.getUnknownFields()).clearField(47).build());
    }

    private void addProcess(int pid, int ppid, String cmdline, int uid) {
        takeOneofForProcessTree();
        packet.getProcessTreeBuilder().addProcesses(ProcessTree.Process.newBuilder().setPid(pid).setPpid(ppid)
                .addCmdline(cmdline).setUid(uid));
        procMap.put(pid, cmdline);
    }

    private void addThread(int tid, int tgid, String cmdline, String name) {
        takeOneofForProcessTree();
        packet.getProcessTreeBuilder().addThreads(ProcessTree.Thread.newBuilder().setTid(tid).setTgid(tgid)
                .setName(name));
        procMap.put(tid, cmdline);
    }

    /** {@code add_package_list}: {@code packages_list} (TracePacket field 47; PackagesList.packages 1). */
    private void addPackageList(long ts, String name, long uid, long versionCode) {
        UnknownFieldSet info = UnknownFieldSet.newBuilder().addField(1, bytes(name)).addField(2, varint(uid))
                .addField(5, varint(versionCode)).build();
        addPacket(null).setTimestamp(ts).setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(47, message(UnknownFieldSet.newBuilder().addField(1, message(info)).build())).build());
    }

    private TracePacket.Builder addTrackDescriptor(long uuid, Long parent) {
        TracePacket.Builder p = addPacket(null);
        p.getTrackDescriptorBuilder().setUuid(uuid);
        if (parent != null) {
            p.getTrackDescriptorBuilder().setParentUuid(parent);
        }
        return p;
    }

    /** {@code add_process_track_descriptor}: {@code process} (TrackDescriptor field 3; ProcessDescriptor.pid 1). */
    private void addProcessTrackDescriptor(long track, int pid) {
        addTrackDescriptor(track, null).getTrackDescriptorBuilder().setUnknownFields(UnknownFieldSet.newBuilder()
                .addField(3, message(UnknownFieldSet.newBuilder().addField(1, varint(pid)).build())).build());
    }

    private TracePacket.Builder addTrackEvent(String name, long ts, long track) {
        TracePacket.Builder p = addPacket(ts);
        if (name != null) {
            p.getTrackEventBuilder().setName(name);
        }
        p.getTrackEventBuilder().setTrackUuid(track);
        p.setTrustedPacketSequenceId(0);
        return p;
    }

    private void addTrackEventSliceBegin(String name, long ts, long track) {
        addTrackEvent(name, ts, track).getTrackEventBuilder().setType(TrackEvent.Type.TYPE_SLICE_BEGIN);
    }

    private void addTrackEventSliceEnd(long ts, long track) {
        addTrackEvent(null, ts, track).getTrackEventBuilder().setType(TrackEvent.Type.TYPE_SLICE_END);
    }

    private void addTrackEventSlice(String name, long ts, long dur, long track) {
        addTrackEventSliceBegin(name, ts, track);
        if (dur >= 0) {
            addTrackEventSliceEnd(ts + dur, track);
        }
    }

    private void addFrameTimeline(long ts, FrameTimelineEvent e) {
        addPacket(ts).setExtension(FrameworksNativeTracePacket.frameTimelineEvent, e);
    }

    private void addExpectedDisplayFrameStartEvent(long ts, long cookie, long token, int pid) {
        addFrameTimeline(ts, FrameTimelineEvent.newBuilder().setExpectedDisplayFrameStart(
                FrameTimelineEvent.ExpectedDisplayFrameStart.newBuilder().setCookie(cookie).setToken(token).setPid(pid))
                .build());
    }

    private void addActualDisplayFrameStartEvent(long ts, long cookie, long token, int pid, int presentType,
                                                 int onTimeFinish, int gpuComposition, int jankType,
                                                 int predictionType) {
        addFrameTimeline(ts, FrameTimelineEvent.newBuilder().setActualDisplayFrameStart(
                FrameTimelineEvent.ActualDisplayFrameStart.newBuilder().setCookie(cookie).setToken(token).setPid(pid)
                        .setPresentType(FrameTimelineEvent.PresentType.forNumber(presentType))
                        .setOnTimeFinish(onTimeFinish != 0).setGpuComposition(gpuComposition != 0)
                        .setJankType(jankType)
                        .setPredictionType(FrameTimelineEvent.PredictionType.forNumber(predictionType))).build());
    }

    private void addExpectedSurfaceFrameStartEvent(long ts, long cookie, long token, long displayFrameToken, int pid,
                                                   String layerName) {
        addFrameTimeline(ts, FrameTimelineEvent.newBuilder().setExpectedSurfaceFrameStart(
                FrameTimelineEvent.ExpectedSurfaceFrameStart.newBuilder().setCookie(cookie).setToken(token)
                        .setDisplayFrameToken(displayFrameToken).setPid(pid).setLayerName(layerName)).build());
    }

    /** {@code add_actual_surface_frame_start_event} with {@code jank_severity_type} left to its default. */
    private void addActualSurfaceFrameStartEvent(long ts, long cookie, long token, long displayFrameToken, int pid,
                                                 String layerName, int presentType, int onTimeFinish,
                                                 int gpuComposition, int jankType, int predictionType,
                                                 int jankScore) {
        addFrameTimeline(ts, FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(
                FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder().setCookie(cookie).setToken(token)
                        .setDisplayFrameToken(displayFrameToken).setPid(pid).setLayerName(layerName)
                        .setPresentType(FrameTimelineEvent.PresentType.forNumber(presentType))
                        .setOnTimeFinish(onTimeFinish != 0).setGpuComposition(gpuComposition != 0)
                        .setJankType(jankType)
                        // "When not set, default to none if no jank; otherwise default to unknown"
                        .setJankSeverityType(FrameTimelineEvent.JankSeverityType.forNumber(jankType == 1 ? 1 : 0))
                        .setPredictionType(FrameTimelineEvent.PredictionType.forNumber(predictionType))
                        .setJankSeverityScore(jankScore)).build());
    }

    private void addFrameEndEvent(long ts, long cookie) {
        addFrameTimeline(ts, FrameTimelineEvent.newBuilder().setFrameEnd(
                FrameTimelineEvent.FrameEnd.newBuilder().setCookie(cookie)).build());
    }

    private static UnknownFieldSet.Field varint(long v) {
        return UnknownFieldSet.Field.newBuilder().addVarint(v).build();
    }

    private static UnknownFieldSet.Field bytes(String s) {
        return UnknownFieldSet.Field.newBuilder().addLengthDelimited(ByteString.copyFromUtf8(s)).build();
    }

    private static UnknownFieldSet.Field message(UnknownFieldSet m) {
        return UnknownFieldSet.Field.newBuilder().addLengthDelimited(m.toByteString()).build();
    }

    // ---- android_jank_cuj.py (v58.2), its functions and then its body, in order ----

    private void addInstantForTrack(long ts, long track, String name) {
        addTrackEventSlice(name, ts, 0, track);
    }

    private void addMainThreadAtrace(long ts, long tsEnd, String buf) {
        addAtraceBegin(ts, PID, PID, buf);
        addAtraceEnd(tsEnd, PID, PID);
    }

    private void addRenderThreadAtraceBegin(long ts, String buf) {
        addAtraceBegin(ts, RTID, PID, buf);
    }

    private void addRenderThreadAtraceEnd(long tsEnd) {
        addAtraceEnd(tsEnd, RTID, PID);
    }

    private void addRenderThreadAtrace(long ts, long tsEnd, String buf) {
        addRenderThreadAtraceBegin(ts, buf);
        addRenderThreadAtraceEnd(tsEnd);
    }

    private void addGpuThreadAtrace(long ts, long tsEnd, String buf) {
        addAtraceBegin(ts, 1666, PID, buf);
        addAtraceEnd(tsEnd, 1666, PID);
    }

    private void addJitThreadAtrace(long ts, long tsEnd, String buf) {
        addAtraceBegin(ts, JITID, PID, buf);
        addAtraceEnd(tsEnd, JITID, PID);
    }

    private void addSfMainThreadAtrace(long ts, long tsEnd, String buf) {
        addSfMainThreadAtraceBegin(ts, buf);
        addSfMainThreadAtraceEnd(tsEnd);
    }

    private void addSfMainThreadAtraceBegin(long ts, String buf) {
        addAtraceBegin(ts, SF_PID, SF_PID, buf);
    }

    private void addSfMainThreadAtraceEnd(long tsEnd) {
        addAtraceEnd(tsEnd, SF_PID, SF_PID);
    }

    private void addSfRenderEngineAtrace(long ts, long tsEnd, String buf) {
        addAtraceBegin(ts, SF_RETID, SF_PID, buf);
        addAtraceEnd(tsEnd, SF_RETID, SF_PID);
    }

    /** The script's {@code add_frame} (not synth_common's): doFrame, optional resync, DrawFrames with its fence. */
    private void addFrame(int vsync, long tsDoFrame, long tsEndDoFrame, long tsDrawFrame, long tsEndDrawFrame,
                          Long tsGpu, Long tsEndGpu, boolean resync) {
        addMainThreadAtrace(tsDoFrame, tsEndDoFrame, "Choreographer#doFrame " + vsync);
        if (resync) {
            addMainThreadAtrace(tsDoFrame, tsEndDoFrame,
                    "Choreographer#doFrame - resynced to " + (vsync + 1) + " in 0.0s");
        }
        int gpuIdx = 1000 + vsync * 10 + 1;
        String gpuFenceMessage = tsGpu == null ? "GPU completion fence %d has signaled"
                : "Trace GPU completion fence %d";
        addRenderThreadAtraceBegin(tsDrawFrame, "DrawFrames " + vsync);
        addRenderThreadAtrace(tsEndDrawFrame - 100, tsEndDrawFrame - 1, String.format(gpuFenceMessage, gpuIdx));
        addRenderThreadAtraceEnd(tsEndDrawFrame);
        if (tsGpu != null) {
            addGpuThreadAtrace(tsGpu, tsEndGpu, "waiting for GPU completion " + gpuIdx);
        }
    }

    private void addFrame(int vsync, long tsDoFrame, long tsEndDoFrame, long tsDrawFrame, long tsEndDrawFrame,
                          Long tsGpu, Long tsEndGpu) {
        addFrame(vsync, tsDoFrame, tsEndDoFrame, tsDrawFrame, tsEndDrawFrame, tsGpu, tsEndGpu, false);
    }

    private void addSfFrame(int vsync, long tsCommit, long tsEndCommit, long tsComposite, long tsEndComposite,
                            Long tsComposeSurfaces, Long tsEndComposeSurfaces) {
        addSfMainThreadAtrace(tsCommit, tsEndCommit, "commit " + vsync);
        addSfMainThreadAtraceBegin(tsComposite, "composite " + vsync);
        if (tsComposeSurfaces != null) {
            addSfMainThreadAtrace(tsComposeSurfaces, tsEndComposeSurfaces, "composeSurfaces");
        }
        addSfMainThreadAtraceEnd(tsEndComposite);
    }

    private void addExpectedDisplayFrameEvents(long ts, long dur, int token) {
        addExpectedDisplayFrameStartEvent(ts, token, 100 + token, SF_PID);
        addFrameEndEvent(ts + dur, token);
    }

    private void addExpectedSurfaceFrameEvents(long ts, long dur, int token) {
        addExpectedSurfaceFrameStartEvent(ts, 100000 + token, token, 100 + token, PID, "");
        addFrameEndEvent(ts + dur, 100000 + token);
    }

    private void addActualDisplayFrameEvents(long ts, long dur, int token, Integer jank) {
        int jankType = jank != null ? jank : 1;
        int presentType = jank != null ? 2 : 1;
        int onTimeFinish = jank != null ? 0 : 1;
        addActualDisplayFrameStartEvent(ts, token + 1, 100 + token, SF_PID, presentType, onTimeFinish, 0, jankType,
                3);
        addFrameEndEvent(ts + dur, token + 1);
    }

    private void addActualSurfaceFrameEvents(long ts, long dur, int token, Integer cookie, Integer jank, int jankScore,
                                             Integer onTimeFinishOverride, Integer displayFrameTokenOverride,
                                             String layerName) {
        int c = cookie != null ? cookie : token + 1;
        int jankType = jank != null ? jank : 1;
        int presentType = jank != null ? 2 : 1;
        int onTimeFinish = onTimeFinishOverride != null ? onTimeFinishOverride : jank == null ? 1 : 0;
        long displayFrameToken = displayFrameTokenOverride != null ? displayFrameTokenOverride : token + 100;
        addActualSurfaceFrameStartEvent(ts, 100002 + c, token, displayFrameToken, PID, layerName, presentType,
                onTimeFinish, 0, jankType, 3, jankScore);
        addFrameEndEvent(ts + dur, 100002 + c);
    }

    private void addActualSurfaceFrameEvents(long ts, long dur, int token) {
        addActualSurfaceFrameEvents(ts, dur, token, null, null, 0, null, null, LAYER);
    }

    private void addActualSurfaceFrameEvents(long ts, long dur, int token, int jank, int jankScore) {
        addActualSurfaceFrameEvents(ts, dur, token, null, jank, jankScore, null, null, LAYER);
    }

    /** android_jank_cuj.py (v58.2): the serialized {@code Trace} it writes to stdout. */
    static byte[] bytes() {
        return new AndroidJankCujTrace().build();
    }

    private byte[] build() {
        String firstCuj = "J<FIRST_CUJ>";
        String shadeCuj = "J<SHADE_ROW_EXPAND>";

        addPacket(null);
        addPackageList(0, "com.android.systemui", 10001, 1);
        addPackageList(0, "android", 1000, 1);

        addProcess(PID, 1, "com.android.systemui", 10001);
        addProcess(SF_PID, 1, "/system/bin/surfaceflinger", 1000);

        addThread(RTID, PID, "RenderThread", "RenderThread");
        addThread(1666, PID, "GPU completion", "GPU completion");
        addThread(JITID, PID, "Jit thread pool", "Jit thread pool");
        addThread(SF_RETID, SF_PID, "RenderEngine", "RenderEngine");

        addProcessTrackDescriptor(PROCESS_TRACK, PID);
        addTrackDescriptor(FIRST_CUJ_TRACK, PROCESS_TRACK);
        addTrackDescriptor(SHADE_CUJ_TRACK, PROCESS_TRACK);
        addTrackDescriptor(CANCELED_CUJ_TRACK, PROCESS_TRACK);
        addFtracePacket(0);

        addAtraceInstant(6, PID, PID, firstCuj + "#UIThread");
        addAtraceInstant(11, PID, PID, shadeCuj + "#UIThread");
        addInstantForTrack(7, FIRST_CUJ_TRACK, "FT#beginVsync#10");
        addInstantForTrack(15, FIRST_CUJ_TRACK, "FT#layerId#0");
        addInstantForTrack(100_000_000 - 1, FIRST_CUJ_TRACK, "FT#endVsync#90");
        addInstantForTrack(12, SHADE_CUJ_TRACK, "FT#beginVsync#10");
        addInstantForTrack(20, SHADE_CUJ_TRACK, "FT#layerId#0");
        addInstantForTrack(900_000_000 - 1, SHADE_CUJ_TRACK, "FT#endVsync#160");
        addInstantForTrack(950_100_000, SHADE_CUJ_TRACK, "FT#MissedHWUICallback#150");
        addInstantForTrack(950_100_000, SHADE_CUJ_TRACK, "FT#MissedSFCallback#150");

        addTrackEventSliceBegin(firstCuj, 5, FIRST_CUJ_TRACK);
        addTrackEventSliceEnd(100_000_000, FIRST_CUJ_TRACK);
        addTrackEventSliceBegin(shadeCuj, 10, SHADE_CUJ_TRACK);
        addTrackEventSliceEnd(901_000_010, SHADE_CUJ_TRACK);
        addTrackEventSliceBegin("J<CANCELED>", 100_100_000, CANCELED_CUJ_TRACK);
        addTrackEventSliceEnd(999_000_000, CANCELED_CUJ_TRACK);
        addFtracePacket(0);

        addAtraceCounter(150_000_000, PID, PID, "J<FIRST_CUJ>#totalFrames", 6);
        addAtraceCounter(150_100_000, PID, PID, "J<FIRST_CUJ>#missedFrames", 5);
        addAtraceCounter(150_200_000, PID, PID, "J<FIRST_CUJ>#missedAppFrames", 5);
        addAtraceCounter(150_300_000, PID, PID, "J<FIRST_CUJ>#missedSfFrames", 1);
        addAtraceCounter(150_300_000, PID, PID, "J<FIRST_CUJ>#totalAnimTime", 500);
        addAtraceCounter(150_300_000, PID, PID, "J<FIRST_CUJ>#weightedAppJank", 225);
        addAtraceCounter(150_300_000, PID, PID, "J<FIRST_CUJ>#weightedSfJank", 421);
        addAtraceCounter(150_300_000, PID, PID, "J<FIRST_CUJ>#weightedJank", 520);
        addAtraceCounter(150_400_000, PID, PID, "J<FIRST_CUJ>#maxFrameTimeMillis", 40);
        addAtraceCounter(950_000_000, PID, PID, "J<SHADE_ROW_EXPAND>#totalFrames", 13);
        addAtraceCounter(950_100_000, PID, PID, "J<SHADE_ROW_EXPAND>#missedFrames", 8);
        addAtraceCounter(950_200_000, PID, PID, "J<SHADE_ROW_EXPAND>#missedAppFrames", 7);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#missedSfFrames", 2);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#maxSuccessiveMissedFrames", 5);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#totalAnimTime", 250);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#weightedAppJank", 1025);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#weightedSfJank", 142);
        addAtraceCounter(950_300_000, PID, PID, "J<SHADE_ROW_EXPAND>#weightedJank", 1800);
        addAtraceCounter(950_400_000, PID, PID, "J<SHADE_ROW_EXPAND>#maxFrameTimeMillis", 62);

        addFrame(10, 0, 5_000_000, 4_000_000, 5_000_000, 10_000_000L, 15_000_000L, true);
        addMainThreadAtrace(1_500_000, 2_000_000, "binder transaction");
        addRenderThreadAtrace(4_500_000, 4_800_000, "flush layers");

        addSfFrame(110, 1_006_000_500, 1_006_500_000, 1_007_000_000, 1_008_000_000, null, null);
        // main thread binder call that delays the start of work on this frame
        addSfMainThreadAtrace(900_000_000, 1_006_000_000, "sf binder");

        addFrame(20, 20_000_000, 23_000_000, 22_000_000, 26_000_000, 27_500_000L, 35_000_000L);
        addMainThreadAtrace(9_000_000, 19_000_000, "binder transaction");
        addRenderThreadAtrace(24_000_000, 25_000_000, "flush layers");

        addSfFrame(120, 1_016_000_000, 1_018_000_000, 1_020_500_000, 1_025_000_000, null, null);

        addFrame(30, 30_000_000, 33_000_000, 31_000_000, 50_000_000, 51_500_000L, 52_000_000L);
        for (long t = 31_000_000; t <= 31_800_000; t += 100_000) {
            addMainThreadAtrace(t, t + 50_000, "binder transaction");   // nine calls, 31.0 … 31.8 ms
        }
        addRenderThreadAtrace(38_000_000, 50_000_000, "flush layers");

        addSfFrame(130, 1_032_000_000, 1_033_000_000, 1_034_000_000, 1_045_000_000, null, null);

        addFrame(40, 40_000_000, 53_000_000, 52_000_000, 59_000_000, 66_500_000L, 78_000_000L);
        addJitThreadAtrace(39_000_000, 45_000_000, "JIT compiling void aa.aa(java.lang.Object, bb) (kind=Baseline)");
        addJitThreadAtrace(46_000_000, 47_000_000, "Lock contention on Jit code cache (owner tid: 12345)");
        addJitThreadAtrace(52_500_000, 54_000_000, "JIT compiling void cc.bb(java.lang.Object, bb) (kind=Osr)");
        addJitThreadAtrace(56_500_000, 60_000_000, "JIT compiling void ff.zz(java.lang.Object, bb) (kind=Baseline)");
        // Main thread Running for 14 millis
        addSched(39_000_000, 0, PID, null);
        addSched(53_000_000, PID, 0, "R");
        // RenderThread Running for 5 millis
        addSched(54_000_000, 0, RTID, null);
        addSched(59_000_000, RTID, 0, "R");

        addSfFrame(140, 1_048_000_000, 1_049_000_000, 1_055_000_000, 1_060_000_000, null, null);

        addFrame(60, 70_000_000, 80_000_000, 78_000_000, 87_000_000, 86_500_000L, 88_000_000L);
        // Main thread Running for 1 millis
        addSched(70_000_000, 0, PID, null);
        addSched(71_000_000, PID, 0, "R");
        // RenderThread Running for 1 millis and R for 9.5 millis
        addSched(78_000_000, 0, RTID, null);
        addSched(78_500_000, RTID, 0, "R");
        addSched(78_500_000, 0, 0, null);
        addSched(88_000_000, 0, RTID, null);
        addSched(88_500_000, RTID, 0, "R");

        addSfFrame(160, 1_070_000_000, 1_071_000_000, 1_072_000_000, 1_080_000_000, null, null);

        addFrame(90, 100_000_000, 115_000_000, 102_000_000, 104_000_000, 108_000_000L, 115_600_000L);
        addRenderThreadAtraceBegin(108_000_000, "DrawFrames 90");
        addRenderThreadAtrace(113_000_000, 113_500_000, "Trace GPU completion fence 1902");
        addRenderThreadAtraceEnd(114_000_000);
        addGpuThreadAtrace(121_500_000, 122_000_000, "waiting for GPU completion 1902");

        addSfFrame(190, 1_100_000_000, 1_101_000_000, 1_102_000_000, 1_110_000_000, 1_104_000_000L, 1_108_000_000L);
        addSfRenderEngineAtrace(1_104_500_000, 1_107_500_000, "REThreaded::drawLayers");
        addSfRenderEngineAtrace(1_105_000_000, 1_107_000_000, "shader compile");

        addFrame(100, 200_000_000, 215_000_000, 202_000_000, 204_000_000, 208_000_000L, 210_000_000L);
        addRenderThreadAtrace(208_000_000, 214_000_000, "DrawFrames 100");

        addSfFrame(200, 1_200_000_000, 1_202_000_000, 1_203_000_000, 1_232_000_000, 1_205_000_000L, 1_230_000_000L);
        // shader compile from outside the frame that delays REThreaded::drawLayers
        addSfRenderEngineAtrace(1_150_000_000, 1_207_000_000, "shader compile");
        addSfRenderEngineAtrace(1_208_000_000, 1_229_000_000, "REThreaded::drawLayers");
        addSfRenderEngineAtrace(1_209_000_000, 1_228_000_000, "shader compile");

        addFrame(110, 300_000_000, 315_000_000, 302_000_000, 304_000_000, null, null);
        addRenderThreadAtrace(305_000_000, 308_000_000, "dispatchFrameCallbacks");

        addFrame(120, 400_000_000, 415_000_000, 402_000_000, 404_000_000, 408_000_000L, 410_000_000L);
        addRenderThreadAtrace(415_000_000, 418_000_000, "dispatchFrameCallbacks");

        // Frame start delayed by 50ms by a long binder transaction
        addMainThreadAtrace(500_000_000, 549_500_000, "binder transaction");
        addFrame(130, 550_000_000, 555_000_000, 552_000_000, 556_000_000, null, null);

        // Frame start delayed by 8ms by a long binder transaction
        addMainThreadAtrace(600_000_000, 608_049_000, "binder transaction");
        addFrame(140, 608_500_000, 610_000_000, 609_000_000, 626_000_000, null, null);

        addFrame(145, 655_000_000, 675_000_000, 657_000_000, 660_000_000, null, null);

        // Actual timeline slice starts 0.5ms after doFrame
        addFrame(150, 700_000_000, 702_000_000, 701_200_000, 715_000_000, null, null);

        // Frame without a matching actual timeline
        addFrame(160, 800_000_000, 802_000_000, 801_000_000, 802_000_000, null, null);

        // One more frame after the CUJ is finished
        addFrame(1000, 1_100_000_000, 1_200_000_000, 1_150_000_000, 1_300_000_000, 1_400_000_000L, 1_500_000_000L);

        addInstantForTrack(990_000_000, CANCELED_CUJ_TRACK, "FT#cancel#0");

        addExpectedDisplayFrameEvents(1_000_000_000, 16_000_000, 10);
        addActualDisplayFrameEvents(1_000_000_000, 16_000_000, 10, null);
        addExpectedSurfaceFrameEvents(0, 16_000_000, 10);
        addActualSurfaceFrameEvents(0, 16_000_000, 10);

        addExpectedDisplayFrameEvents(1_016_000_000, 20_000_000, 20);
        addActualDisplayFrameEvents(1_016_000_000, 10_000_000, 20, null);
        addExpectedSurfaceFrameEvents(8_000_000, 20_000_000, 20);
        addActualSurfaceFrameEvents(8_000_000, 28_000_000, 20, 66, 10);

        addExpectedDisplayFrameEvents(1_032_000_000, 16_000_000, 30);
        addActualDisplayFrameEvents(1_032_000_000, 16_000_000, 30, null);
        addExpectedSurfaceFrameEvents(30_000_000, 20_000_000, 30);
        addActualSurfaceFrameEvents(30_000_000, 25_000_000, 30, 64, 2);

        addExpectedDisplayFrameEvents(1_048_000_000, 16_000_000, 40);
        addActualDisplayFrameEvents(1_048_000_000, 16_000_000, 40, null);
        addExpectedSurfaceFrameEvents(40_000_000, 20_000_000, 40);
        addActualSurfaceFrameEvents(40_000_000, 40_000_000, 40, 64, 3);

        addExpectedDisplayFrameEvents(1_070_000_000, 16_000_000, 60);
        addActualDisplayFrameEvents(1_070_000_000, 16_000_000, 60, null);
        addExpectedSurfaceFrameEvents(70_000_000, 20_000_000, 60);
        addActualSurfaceFrameEvents(70_000_000, 10_000_000, 60, 64, 4);
        // second layer produced frame later so was picked up by the next SF frame
        addActualSurfaceFrameEvents(70_000_000, 20_000_000, 60, 62, 64, 5, null, 190, LAYER);

        addExpectedDisplayFrameEvents(1_100_000_000, 16_000_000, 90);
        addActualDisplayFrameEvents(1_100_000_000, 16_000_000, 90, null);
        addExpectedSurfaceFrameEvents(100_000_000, 20_000_000, 90);
        addActualSurfaceFrameEvents(100_000_000, 23_000_000, 90, 64, 6);

        addExpectedDisplayFrameEvents(1_200_000_000, 16_000_000, 100);
        addActualDisplayFrameEvents(1_200_000_000, 32_000_000, 100, 16);
        addExpectedSurfaceFrameEvents(200_000_000, 20_000_000, 100);
        addActualSurfaceFrameEvents(200_000_000, 22_000_000, 100, 34, 7);

        addExpectedSurfaceFrameEvents(300_000_000, 20_000_000, 110);
        addActualSurfaceFrameEvents(300_000_000, 61_000_000, 110, 112, null, 0, null, null, LAYER);
        addActualSurfaceFrameEvents(300_000_000, 80_000_000, 110, 114, 64, 8, null, null, "TX - JankyLayer#1");

        addExpectedSurfaceFrameEvents(400_000_000, 20_000_000, 120);
        addActualSurfaceFrameEvents(400_000_000, 61_000_000, 120, null, 128, 9, 1, null, LAYER);

        // Multiple layers but only one of them janked (the one we care about)
        addExpectedSurfaceFrameEvents(500_000_000, 20_000_000, 130);
        addActualSurfaceFrameEvents(500_000_000, 2_000_000, 130);
        addActualSurfaceFrameEvents(550_000_000, 6_000_000, 130, 132, 64, 1, null, null, LAYER);

        // Single layer but actual frame event is slighly after doFrame start
        addExpectedSurfaceFrameEvents(600_000_000, 20_000_000, 140);
        addActualSurfaceFrameEvents(608_600_000, 17_000_000, 140, 64, 11);

        // Surface flinger stuffing frame not classified as missed
        addExpectedSurfaceFrameEvents(650_000_000, 20_000_000, 145);
        addActualSurfaceFrameEvents(650_000_000, 20_000_000, 145, 512, 12);

        addExpectedSurfaceFrameEvents(700_000_000, 20_000_000, 150);
        addActualSurfaceFrameEvents(700_500_000, 14_500_000, 150);

        // No matching actual timeline
        addExpectedSurfaceFrameEvents(800_000_000, 20_000_000, 160);

        addExpectedSurfaceFrameEvents(1_100_000_000, 20_000_000, 1000);
        addActualSurfaceFrameEvents(1_100_000_000, 500_000_000, 1000, 64, 13);

        Trace.Builder t = Trace.newBuilder();
        packets.forEach(t::addPacket);
        return t.build().toByteArray();
    }
}
