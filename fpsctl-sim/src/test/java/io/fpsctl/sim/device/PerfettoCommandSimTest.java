package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.ExtensionRegistry;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * The simulated {@code perfetto}: the FrameTimeline packets of the trace file hold exactly the SurfaceFrames the
 * device's FrameTimeline made final (the truth) while the session ran — none that were still pending at the stop —,
 * stamped with the clock each release uses, written out of time order as SurfaceFlinger writes them; pid → package
 * from the process records; the file appears empty at start, is filled by {@code kill -TERM}, is removed by
 * {@code rm}; below Android 12 the session runs but has no FrameTimeline packets.
 */
class PerfettoCommandSimTest {

    private static final String FILE = "/data/misc/perfetto-traces/t.perfetto-trace";
    private static final String CONFIG = "buffers { size_kb: 16384 fill_policy: RING_BUFFER } "
            + "data_sources { config { name: \"android.surfaceflinger.frametimeline\" } } "
            + "data_sources { config { name: \"linux.process_stats\" target_buffer: 0 "
            + "process_stats_config { scan_all_processes_on_start: true } } } "
            + "write_into_file: true file_write_period_ms: 2000 duration_ms: 600000";
    private static final String START = "echo '" + CONFIG + "' | perfetto --background --txt -c - -o " + FILE;

    /**
     * The dump's jank strings for the proto's bits (FrameTimelineEvent.JankType, frameworks_native_trace_packet.proto
     * v58.2), in the order {@code jankTypeBitmaskToString} joins them (FrameTimeline.cpp, android-12 … 15); written
     * here by hand, independent of the simulator's mapping.
     */
    private static String jankText(int proto, int android) {
        if (proto == 1) {
            return "None";
        }
        boolean newer = android >= 14;
        Object[][] order = {
            {8, "Display HAL"},
            {16, newer ? "SurfaceFlinger deadline missed (while in HWC)" : "SurfaceFlinger CPU Deadline Missed"},
            {32, newer ? "SurfaceFlinger deadline missed (while in GPU comp)" : "SurfaceFlinger GPU Deadline Missed"},
            {64, "App Deadline Missed"}, {4, "Prediction Error"}, {2, "SurfaceFlinger Scheduling"},
            {128, "Buffer Stuffing"}, {256, "Unknown jank"}, {512, "SurfaceFlinger Stuffing"},
            {1024, "Dropped Frame"},
        };
        List<String> out = new ArrayList<>();
        for (Object[] o : order) {
            if ((proto & (Integer) o[0]) != 0) {
                out.add((String) o[1]);
            }
        }
        return String.join(", ", out);
    }

    private static final class Device implements FrameObserver {
        final ManualTimeSource time = new ManualTimeSource();
        final SimulatedAndroid sim;
        final List<SurfaceFrameTruth> truth = new ArrayList<>();

        Device(String scenario, int android) {
            sim = SimulatedAndroid.create(Scenarios.byName(scenario),
                    SimOptions.defaults().withAndroid(android).withSeed(5), time, this);
        }

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public void surfaceFrame(SurfaceFrameTruth t) {
            truth.add(t);
        }

        record Out(byte[] out, String err, int exit) {
            String text() {
                return new String(out, StandardCharsets.UTF_8);
            }
        }

        Out run(String cmd) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = sim.run(cmd, out, err);
            return new Out(out.toByteArray(), err.toString(StandardCharsets.UTF_8), exit);
        }

        void advance(long ms) {
            time.advanceMillis(ms);
            sim.advance();
        }
    }

    /** One actual SurfaceFrame of the trace, as the test's own pairing (by cookie) sees it. */
    private record Actual(long token, int pid, String layer, boolean buffer, boolean dropped, String jank) {
    }

    private static Trace parse(byte[] bytes) throws IOException {
        ExtensionRegistry registry = ExtensionRegistry.newInstance();
        registry.add(FrameworksNativeTracePacket.frameTimelineEvent);
        return Trace.parseFrom(bytes, registry);
    }

    @ParameterizedTest
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void theTraceHoldsTheFramesMadeFinalWhileTracingInTheReleasesClock(int android) throws IOException {
        Device d = new Device("system-jank", android);
        d.advance(3_000);
        Device.Out started = d.run(START);
        assertEquals(0, started.exit(), started.err());
        assertTrue(started.text().matches("[0-9]+\n"), started.text());
        assertEquals("", started.err());
        int pid = Integer.parseInt(started.text().strip());
        int before = d.truth.size();
        assertEquals(0, d.run("cat " + FILE).out().length, "the file is opened (empty) before daemonizing");
        for (int i = 0; i < 40; i++) {
            d.advance(250);
        }
        Device.Out stopped = d.run("kill -TERM " + pid);
        assertEquals(0, stopped.exit(), stopped.err());
        List<SurfaceFrameTruth> during = List.copyOf(d.truth.subList(before, d.truth.size()));
        d.advance(500); // frames made final after the stop are not in the file
        assertTrue(d.truth.size() > before + during.size());

        byte[] bytes = d.run("cat " + FILE).out();
        Trace trace = parse(bytes);
        int clock = android == 12 ? 3 : 6; // BUILTIN_CLOCK_MONOTONIC on 12, BUILTIN_CLOCK_BOOTTIME from 13
        Map<Long, FrameTimelineEvent.ActualSurfaceFrameStart> open = new HashMap<>();
        Map<Long, Long> startTs = new HashMap<>();
        List<Actual> actuals = new ArrayList<>();
        Map<Integer, String> processes = new HashMap<>();
        long previousTs = Long.MIN_VALUE;
        boolean outOfOrder = false;
        int ends = 0;
        for (TracePacket p : trace.getPacketList()) {
            if (p.hasProcessTree()) {
                p.getProcessTree().getProcessesList().forEach(pr -> processes.put(pr.getPid(), pr.getCmdline(0)));
            }
            if (!p.hasExtension(FrameworksNativeTracePacket.frameTimelineEvent)) {
                continue;
            }
            assertEquals(clock, p.getTimestampClockId());
            outOfOrder |= p.getTimestamp() < previousTs;
            previousTs = p.getTimestamp();
            FrameTimelineEvent e = p.getExtension(FrameworksNativeTracePacket.frameTimelineEvent);
            if (e.hasActualSurfaceFrameStart()) {
                open.put(e.getActualSurfaceFrameStart().getCookie(), e.getActualSurfaceFrameStart());
                startTs.put(e.getActualSurfaceFrameStart().getCookie(), p.getTimestamp());
            } else if (e.hasFrameEnd() && open.containsKey(e.getFrameEnd().getCookie())) {
                FrameTimelineEvent.ActualSurfaceFrameStart a = open.remove(e.getFrameEnd().getCookie());
                assertTrue(p.getTimestamp() >= startTs.get(e.getFrameEnd().getCookie()) - 2_000_000L);
                actuals.add(new Actual(a.getToken(), a.getPid(), a.getLayerName(), a.getIsBuffer(),
                        a.getPresentType() == FrameTimelineEvent.PresentType.PRESENT_DROPPED,
                        jankText(a.getJankType(), android)));
                ends++;
            }
        }
        assertTrue(open.isEmpty(), "every actual SurfaceFrame start has its end");
        assertTrue(outOfOrder, "packets are written after present, not in time order");
        List<String> expected = during.stream().filter(t -> t.token() >= 0)
                .map(t -> t.token() + " " + t.ownerPid() + " " + t.buffer() + " " + t.presentState().equals("Dropped")
                        + " " + t.jankType())
                .sorted().collect(Collectors.toList());
        List<String> got = actuals.stream()
                .map(a -> a.token() + " " + a.pid() + " " + a.buffer() + " " + a.dropped() + " " + a.jank())
                .sorted().collect(Collectors.toList());
        assertFalse(expected.isEmpty());
        assertEquals(expected, got);
        assertEquals(ends, got.size());
        int appPid = d.sim.pid().getAsInt();
        assertEquals(SimHarness.PKG.equals(d.sim.packageName()) ? SimHarness.PKG : d.sim.packageName(),
                processes.get(appPid), "pid → package from the process records");
        assertTrue(actuals.stream().allMatch(a -> a.layer().startsWith("TX - ")));
        if (android >= 14) {
            assertTrue(actuals.stream().anyMatch(a -> a.jank().contains("Dropped Frame")));
        }

        assertEquals(0, d.run("rm -f " + FILE).exit());
        Device.Out gone = d.run("cat " + FILE);
        assertEquals(1, gone.exit());
        assertEquals("cat: " + FILE + ": No such file or directory\n", gone.err());
    }

    /**
     * A DisplayFrame's present type is the one {@code DisplayFrame::classifyJank} can give with its jank type
     * (FrameTimeline.cpp lineage-19.1 lines 908-990, the same rules in lineage-21.0 952-1040): SurfaceFlinger
     * Scheduling is assigned only in the {@code EarlyPresent} branch, SF CPU / SF GPU deadline missed / SF stuffing
     * only in the {@code LatePresent} branch, and {@code JANK_NONE} only with {@code OnTimePresent}; and from 14 a
     * FULL or PARTIAL severity never goes with an on-time present. DisplayHAL: on 12 and 13 only in the
     * {@code LatePresent} branch (lineage-19.1 878-888, lineage-20.0 886-896: an invalid present fence returns with
     * {@code Unknown} alone); from 14 also with an invalid present ({@code presentTime < startTime}, lineage-21.0
     * 954-966: {@code Unknown | DisplayHAL}, present metadata left {@code UnknownPresent}, PRESENT_UNSPECIFIED in the
     * trace), so there DisplayHAL with JANK_UNKNOWN goes with PRESENT_UNSPECIFIED; the simulator's present fences are
     * always valid, so that case does not occur here. Worked from the source, not from the simulator's shift of the
     * present.
     */
    @ParameterizedTest
    @ValueSource(ints = {12, 14})
    void displayFramesHaveThePresentTypeTheirJankTypeComesWith(int android) throws IOException {
        Device d = new Device("system-jank", android);
        d.advance(3_000);
        Device.Out started = d.run(START);
        assertEquals(0, started.exit(), started.err());
        for (int i = 0; i < 40; i++) {
            d.advance(250);
        }
        assertEquals(0, d.run("kill -TERM " + started.text().strip()).exit());
        Trace trace = parse(d.run("cat " + FILE).out());
        Map<FrameTimelineEvent.PresentType, Integer> seen = new HashMap<>();
        for (TracePacket p : trace.getPacketList()) {
            if (!p.hasExtension(FrameworksNativeTracePacket.frameTimelineEvent)
                    || !p.getExtension(FrameworksNativeTracePacket.frameTimelineEvent).hasActualDisplayFrameStart()) {
                continue;
            }
            FrameTimelineEvent.ActualDisplayFrameStart a = p.getExtension(FrameworksNativeTracePacket
                    .frameTimelineEvent).getActualDisplayFrameStart();
            FrameTimelineEvent.PresentType type = a.getPresentType();
            seen.merge(type, 1, Integer::sum);
            int jank = a.getJankType();
            if ((jank & 2) != 0) { // JANK_SF_SCHEDULING
                assertEquals(FrameTimelineEvent.PresentType.PRESENT_EARLY, type, "jank " + jank);
            }
            if ((jank & (16 | 32 | 512)) != 0) { // SF_CPU/GPU_DEADLINE_MISSED, SF_STUFFING
                assertEquals(FrameTimelineEvent.PresentType.PRESENT_LATE, type, "jank " + jank);
            }
            if ((jank & 8) != 0) { // DISPLAY_HAL: late, or from 14 an invalid present (with JANK_UNKNOWN, 256)
                assertEquals(android >= 14 && (jank & 256) != 0 ? FrameTimelineEvent.PresentType.PRESENT_UNSPECIFIED
                        : FrameTimelineEvent.PresentType.PRESENT_LATE, type, "jank " + jank);
            }
            if (jank == 1) { // JANK_NONE
                assertEquals(FrameTimelineEvent.PresentType.PRESENT_ON_TIME, type);
            }
            if (android >= 14 && type == FrameTimelineEvent.PresentType.PRESENT_ON_TIME) {
                assertEquals(FrameTimelineEvent.JankSeverityType.SEVERITY_NONE, a.getJankSeverityType());
            }
        }
        assertTrue(seen.containsKey(FrameTimelineEvent.PresentType.PRESENT_EARLY), seen::toString);
        assertTrue(seen.containsKey(FrameTimelineEvent.PresentType.PRESENT_LATE), seen::toString);
        assertTrue(seen.containsKey(FrameTimelineEvent.PresentType.PRESENT_ON_TIME), seen::toString);
    }

    @Test
    void android11RunsTheSessionWithoutFrameTimeline() throws IOException {
        Device d = new Device("jank", 11);
        d.advance(1_000);
        Device.Out started = d.run(START);
        assertEquals(0, started.exit(), started.err());
        for (int i = 0; i < 8; i++) {
            d.advance(250);
        }
        assertEquals(0, d.run("kill -TERM " + started.text().strip()).exit());
        Trace trace = parse(d.run("cat " + FILE).out());
        assertTrue(trace.getPacketCount() > 0, "traced wrote its own packets");
        assertTrue(trace.getPacketList().stream()
                        .noneMatch(p -> p.hasExtension(FrameworksNativeTracePacket.frameTimelineEvent)),
                "no producer registered android.surfaceflinger.frametimeline before Android 12");
    }

    @Test
    void withTracedStoppedThePidIsPrintedAndTheFileStaysEmpty() throws IOException {
        Device d = new Device("jank", 13);
        d.sim.setTracedRunning(false);
        Device.Out started = d.run(START);
        assertEquals(0, started.exit());
        d.advance(1_000);
        Device.Out kill = d.run("kill -TERM " + started.text().strip());
        assertEquals(1, kill.exit());
        assertEquals("/system/bin/sh: kill: " + started.text().strip() + ": No such process\n", kill.err());
        assertEquals(0, d.run("cat " + FILE).out().length);
    }

    @Test
    void durationMsEndsTheSessionByItself() throws IOException {
        Device d = new Device("jank", 14);
        Device.Out started = d.run(START.replace("duration_ms: 600000", "duration_ms: 2000"));
        assertEquals(0, started.exit(), started.err());
        for (int i = 0; i < 12; i++) {
            d.advance(250);
        }
        assertNotEquals(0, d.run("cat " + FILE).out().length, "written when duration_ms ran out");
        assertEquals(1, d.run("kill -0 " + started.text().strip()).exit());
    }
}
