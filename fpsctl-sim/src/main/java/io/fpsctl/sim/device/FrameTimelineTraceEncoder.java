package io.fpsctl.sim.device;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import io.fpsctl.sim.device.frames.TimeSource;
import perfetto.protos.BuiltinClockOuterClass.BuiltinClock;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A finished session's trace file, with Perfetto's own generated protos (google/perfetto v58.2, src/main/proto):
 * <ol>
 *   <li>a {@code ClockSnapshot} of traced ({@code TracingServiceImpl::SnapshotClocks}: BOOTTIME as the primary
 *       trace clock, MONOTONIC, REALTIME), at the session's start and again at its end;</li>
 *   <li>the process records of {@code linux.process_stats} with {@code scan_all_processes_on_start}
 *       ({@code ProcessTree.processes}: pid, ppid, {@code /proc/pid/cmdline} split on its NULs, uid) when the
 *       config has that data source; processes started during the session (an app restarted) in a second
 *       {@code ProcessTree} at the end (inferred: traced_probes dumps the pids that ftrace hands it,
 *       {@code ProcessStatsDataSource::OnPids});</li>
 *   <li>the FrameTimeline packets, in the order SurfaceFlinger wrote them: per display frame, when its present
 *       was processed, {@code DisplayFrame::trace}: expected start + end (only with valid predictions), actual
 *       start + end, then each SurfaceFrame's {@code SurfaceFrame::trace}: nothing without a token, expected start
 *       + end unless the prediction expired, actual start + end. Cookies come from one counter incremented per
 *       expected or actual timeline ({@code TraceCookieCounter::getCookieForTracing}). Start packets come long after
 *       the frames' own times and each end packet follows its start, so the file is out of time order.</li>
 * </ol>
 * Field by field (frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp} at lineage-19.1
 * = android-12.1.0_r7, lineage-20.0 = Android 13, lineage-21.0 = Android 14, lineage-22.0 = Android 15; Android 16
 * inferred as 15):
 * <ul>
 *   <li>clock: {@code BUILTIN_CLOCK_MONOTONIC} on 12; {@code BUILTIN_CLOCK_BOOTTIME} from 13 with every time moved by
 *       {@code systemTime(BOOTTIME) - systemTime(MONOTONIC)} ({@code flushPendingPresentFences}); the simulated
 *       device never suspends ({@link ProcFiles}: its boot time is its monotonic time), so that offset is 0 and
 *       only the clock id differs;</li>
 *   <li>DisplayFrame: expected start/end = SurfaceFlinger's predicted start/end; actual start = its actual start,
 *       actual end = its <em>present</em> time; {@code pid} = SurfaceFlinger's; {@code gpu_composition} false (no
 *       GPU fence in the simulator);</li>
 *   <li>SurfaceFrame: expected start/end = the app's predicted start and deadline; actual start: on 12 the
 *       predicted start ("Actual start time is not yet available, so use expected start instead"), from 13 the
 *       actual start when set; with an expired prediction the end minus {@code kPredictionExpiredStartTimeDelta}
 *       (2 ms); actual end = the app's end (a dropped frame's drop time); {@code present_type}
 *       {@code PRESENT_DROPPED} for a dropped frame, else its present metadata ({@code UnknownPresent} →
 *       {@code PRESENT_UNSPECIFIED}); jank as {@code jankTypeBitmaskToProto} maps it;</li>
 *   <li>{@code jank_severity_type} from 14 ({@code classifyJankLocked}: {@code Unknown} for an expired prediction
 *       or a dropped frame, {@code Partial} / {@code Full} when the present is more than {@code presentThreshold}
 *       (2 ms) off and less / not less than a vsync, else {@code None}).</li>
 * </ul>
 * Display frames have no token in the simulator's dump; the trace gives each SurfaceFlinger's own token for its
 * frame: its predicted start in ms plus 10^9 (inferred: a range apart from the apps' tokens, which are their vsyncs
 * in ms, as SurfaceFlinger's {@code TokenManager} hands out one token sequence to everyone).
 */
final class FrameTimelineTraceEncoder implements PerfettoTraceEncoder {

    /** traced's trusted uid on its own packets, and the one traced_probes' packets carry (real trace: 9999). */
    private static final int TRACED_UID = 9999;
    /** SurfaceFlinger's uid (AID_SYSTEM), trusted uid of its packets (real Android 12 trace: 1000). */
    private static final int SYSTEM_UID = 1000;
    private static final int SERVICE_SEQUENCE = 1;
    private static final int PROCESS_SEQUENCE = 2;
    private static final int FRAME_TIMELINE_SEQUENCE = 3;
    /** {@code kPredictionExpiredStartTimeDelta} (FrameTimeline.h, 2 ms). */
    static final long PREDICTION_EXPIRED_START_DELTA = 2_000_000L;
    /** {@code presentThreshold} of {@code JankClassificationThresholds} (2 ms). */
    private static final long PRESENT_THRESHOLD = 2_000_000L;
    static final long DISPLAY_TOKEN_BASE = 1_000_000_000L;

    private final AndroidVersion version;
    private final ProcessTable processes;
    private final TimeSource time;
    private long cookie;

    FrameTimelineTraceEncoder(AndroidVersion version, ProcessTable processes, TimeSource time) {
        this.version = version;
        this.processes = processes;
        this.time = time;
    }

    @Override
    public byte[] encode(PerfettoSession session) {
        Trace.Builder trace = Trace.newBuilder();
        trace.addPacket(clockSnapshot(session.startNs()));
        List<ProcessTable.Entry> atStart = processes.snapshot(session.startNs(), "perfetto");
        int sfPid = atStart.stream().filter(e -> e.name().equals("surfaceflinger")).mapToInt(ProcessTable.Entry::pid)
                .findFirst().orElse(0);
        Set<Integer> recorded = new HashSet<>();
        if (session.processStats()) {
            trace.addPacket(processTree(atStart, recorded, session.startNs()));
        }
        for (TimelineDisplayFrame d : session.written()) {
            displayFrame(trace, d, sfPid);
        }
        long end = Math.min(time.nanoTime(), session.endNs());
        if (session.processStats()) {
            List<ProcessTable.Entry> later = processes.snapshot(end, "perfetto").stream()
                    .filter(e -> !recorded.contains(e.pid())).toList();
            if (!later.isEmpty()) {
                trace.addPacket(processTree(later, recorded, end));
            }
        }
        trace.addPacket(clockSnapshot(end));
        return trace.build().toByteArray();
    }

    private static TracePacket clockSnapshot(long now) {
        ClockSnapshot snapshot = ClockSnapshot.newBuilder()
                .addClocks(clock(BuiltinClock.BUILTIN_CLOCK_BOOTTIME, now))
                .addClocks(clock(BuiltinClock.BUILTIN_CLOCK_MONOTONIC, now))
                .addClocks(clock(BuiltinClock.BUILTIN_CLOCK_REALTIME, now + REALTIME_OFFSET))
                .setPrimaryTraceClock(BuiltinClock.BUILTIN_CLOCK_BOOTTIME)
                .build();
        return TracePacket.newBuilder().setTimestamp(now).setClockSnapshot(snapshot).setTrustedUid(TRACED_UID)
                .setTrustedPacketSequenceId(SERVICE_SEQUENCE).build();
    }

    /** Wall-clock time minus boot time (inferred: a boot on 2026-01-01 00:00 UTC, in ns). */
    private static final long REALTIME_OFFSET = 1_767_225_600_000_000_000L;

    private static ClockSnapshot.Clock clock(BuiltinClock id, long ns) {
        return ClockSnapshot.Clock.newBuilder().setClockId(id.getNumber()).setTimestamp(ns).build();
    }

    private static TracePacket processTree(List<ProcessTable.Entry> entries, Set<Integer> recorded, long now) {
        ProcessTree.Builder tree = ProcessTree.newBuilder();
        for (ProcessTable.Entry e : entries) {
            if (!recorded.add(e.pid())) {
                continue;
            }
            ProcessTree.Process.Builder p = ProcessTree.Process.newBuilder().setPid(e.pid()).setPpid(e.ppid());
            if (e.cmdline().isEmpty()) {
                p.addCmdline(e.comm()).setCmdlineIsComm(true); // a kernel thread: /proc/pid/comm
            } else {
                for (String arg : e.cmdline().split(" ")) {
                    p.addCmdline(arg);
                }
            }
            tree.addProcesses(p);
        }
        return TracePacket.newBuilder().setTimestamp(now).setProcessTree(tree).setTrustedUid(TRACED_UID)
                .setTrustedPacketSequenceId(PROCESS_SEQUENCE).build();
    }

    private void displayFrame(Trace.Builder trace, TimelineDisplayFrame d, int sfPid) {
        long token = displayToken(d);
        // the simulator's SurfaceFlinger predictions are always valid (FrameTimelineFormatter prints Valid)
        long expected = ++cookie;
        trace.addPacket(packet(d.expectedStart(), FrameTimelineEvent.newBuilder().setExpectedDisplayFrameStart(
                FrameTimelineEvent.ExpectedDisplayFrameStart.newBuilder().setCookie(expected).setToken(token)
                        .setPid(sfPid))));
        trace.addPacket(end(d.expectedEnd(), expected));
        long actual = ++cookie;
        FrameTimelineEvent.ActualDisplayFrameStart.Builder a = FrameTimelineEvent.ActualDisplayFrameStart.newBuilder()
                .setCookie(actual).setToken(token).setPid(sfPid)
                .setPresentType(presentType(d.presentMetadata())) // toProto(mFramePresentMetadata)
                .setOnTimeFinish(!d.lateFinish())
                .setGpuComposition(false)
                .setJankType(jankToProto(d.jank()))
                .setPredictionType(FrameTimelineEvent.PredictionType.PREDICTION_VALID);
        if (version.major() >= 14) {
            a.setJankSeverityType(severity(false, false, d.actualPresent() - d.expectedPresent(), d.periodNs()));
        }
        trace.addPacket(packet(d.actualStart(), FrameTimelineEvent.newBuilder().setActualDisplayFrameStart(a)));
        trace.addPacket(end(d.actualPresent(), actual));
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            surfaceFrame(trace, s, token, d.periodNs());
        }
    }

    private void surfaceFrame(Trace.Builder trace, TimelineSurfaceFrame s, long displayToken, long periodNs) {
        if (s.token() < 0) {
            return; // "No packets can be traced with a missing token."
        }
        boolean expired = s.prediction() == PredictionState.EXPIRED;
        if (!expired) {
            long expected = ++cookie;
            trace.addPacket(packet(s.expectedStart(), FrameTimelineEvent.newBuilder().setExpectedSurfaceFrameStart(
                    FrameTimelineEvent.ExpectedSurfaceFrameStart.newBuilder().setCookie(expected).setToken(s.token())
                            .setDisplayFrameToken(displayToken).setPid(s.ownerPid()).setLayerName(s.debugName()))));
            trace.addPacket(end(s.expectedEnd(), expected));
        }
        long actual = ++cookie;
        long endTime = s.dropped() ? s.dropTime() : s.actualEnd();
        long start;
        if (expired) {
            start = endTime - PREDICTION_EXPIRED_START_DELTA;
        } else if (version.major() == 12) {
            start = s.expectedStart();
        } else {
            start = s.actualStart() == 0 ? s.expectedStart() : s.actualStart();
        }
        FrameTimelineEvent.ActualSurfaceFrameStart.Builder a = FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder()
                .setCookie(actual).setToken(s.token()).setDisplayFrameToken(displayToken).setPid(s.ownerPid())
                .setLayerName(s.debugName())
                .setPresentType(s.dropped() ? FrameTimelineEvent.PresentType.PRESENT_DROPPED
                        : presentType(s.verdict().presentMetadata()))
                .setOnTimeFinish(s.verdict().finishMetadata().equals("On Time Finish"))
                .setGpuComposition(false)
                .setJankType(jankToProto(s.jank()))
                .setPredictionType(switch (s.prediction()) {
                    case VALID -> FrameTimelineEvent.PredictionType.PREDICTION_VALID;
                    case EXPIRED -> FrameTimelineEvent.PredictionType.PREDICTION_EXPIRED;
                    default -> FrameTimelineEvent.PredictionType.PREDICTION_UNKNOWN;
                })
                .setIsBuffer(s.buffer());
        if (version.major() >= 14) {
            a.setJankSeverityType(severity(expired, s.dropped(), s.actualPresent() - s.expectedPresent(), periodNs));
        }
        trace.addPacket(packet(start, FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(a)));
        trace.addPacket(end(endTime, actual));
    }

    /** SurfaceFlinger's token for its own frame (see the class comment; inferred). */
    static long displayToken(TimelineDisplayFrame d) {
        return DISPLAY_TOKEN_BASE + d.expectedStart() / 1_000_000L;
    }

    private TracePacket end(long ts, long cookie) {
        return packet(ts, FrameTimelineEvent.newBuilder().setFrameEnd(
                FrameTimelineEvent.FrameEnd.newBuilder().setCookie(cookie)));
    }

    private TracePacket packet(long ts, FrameTimelineEvent.Builder event) {
        boolean boottime = version.major() >= 13;
        return TracePacket.newBuilder()
                .setTimestamp(ts) // + systemTime(BOOTTIME) - systemTime(MONOTONIC) from 13: 0 here
                .setTimestampClockId(boottime ? BuiltinClock.BUILTIN_CLOCK_BOOTTIME_VALUE
                        : BuiltinClock.BUILTIN_CLOCK_MONOTONIC_VALUE)
                .setTrustedUid(SYSTEM_UID)
                .setTrustedPacketSequenceId(FRAME_TIMELINE_SEQUENCE)
                .setExtension(FrameworksNativeTracePacket.frameTimelineEvent, event.build())
                .build();
    }

    private static FrameTimelineEvent.PresentType presentType(String metadata) {
        return switch (metadata) {
            case "On Time Present" -> FrameTimelineEvent.PresentType.PRESENT_ON_TIME;
            case "Late Present" -> FrameTimelineEvent.PresentType.PRESENT_LATE;
            case "Early Present" -> FrameTimelineEvent.PresentType.PRESENT_EARLY;
            default -> FrameTimelineEvent.PresentType.PRESENT_UNSPECIFIED;
        };
    }

    private static FrameTimelineEvent.JankSeverityType severity(boolean expired, boolean dropped, long presentDelta,
                                                                long periodNs) {
        if (expired || dropped) {
            return FrameTimelineEvent.JankSeverityType.SEVERITY_UNKNOWN;
        }
        long delta = Math.abs(presentDelta);
        if (delta <= PRESENT_THRESHOLD) {
            return FrameTimelineEvent.JankSeverityType.SEVERITY_NONE;
        }
        return delta < periodNs ? FrameTimelineEvent.JankSeverityType.SEVERITY_PARTIAL
                : FrameTimelineEvent.JankSeverityType.SEVERITY_FULL;
    }

    /** {@code jankTypeBitmaskToProto}: SurfaceFlinger's {@code JankType} bits ({@link JankBits}) to the proto's. */
    static int jankToProto(int jank) {
        if (jank == JankBits.NONE) {
            return FrameTimelineEvent.JankType.JANK_NONE_VALUE;
        }
        int proto = 0;
        int[][] map = {
            {JankBits.DISPLAY_HAL, FrameTimelineEvent.JankType.JANK_DISPLAY_HAL_VALUE},
            {JankBits.SF_CPU_DEADLINE_MISSED, FrameTimelineEvent.JankType.JANK_SF_CPU_DEADLINE_MISSED_VALUE},
            {JankBits.SF_GPU_DEADLINE_MISSED, FrameTimelineEvent.JankType.JANK_SF_GPU_DEADLINE_MISSED_VALUE},
            {JankBits.APP_DEADLINE_MISSED, FrameTimelineEvent.JankType.JANK_APP_DEADLINE_MISSED_VALUE},
            {JankBits.PREDICTION_ERROR, FrameTimelineEvent.JankType.JANK_PREDICTION_ERROR_VALUE},
            {JankBits.SF_SCHEDULING, FrameTimelineEvent.JankType.JANK_SF_SCHEDULING_VALUE},
            {JankBits.BUFFER_STUFFING, FrameTimelineEvent.JankType.JANK_BUFFER_STUFFING_VALUE},
            {JankBits.UNKNOWN, FrameTimelineEvent.JankType.JANK_UNKNOWN_VALUE},
            {JankBits.SF_STUFFING, FrameTimelineEvent.JankType.JANK_SF_STUFFING_VALUE},
            {JankBits.DROPPED, FrameTimelineEvent.JankType.JANK_DROPPED_VALUE},
        };
        for (int[] m : map) {
            if ((jank & m[0]) != 0) {
                proto |= m[1];
            }
        }
        return proto;
    }
}
