package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.testing.SharedFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The shared real Android 12 trace (../shared/fixtures/real/perfetto, SOURCES.md): {@code analyze} finds, per
 * package, as many actual SurfaceFrames with both start and end, and the same jank types, as an independent count —
 * a small walker here over the raw protobuf with Perfetto's field numbers written out (trace.proto,
 * trace_packet.proto, process_tree.proto, frameworks_native_trace_packet.proto at v58.2), not fpsctl's decoder.
 */
class RealPerfettoTraceTest {
    private static final String TRACE = "perfetto/android12_emulator_chrome_launcher__microsoft_perf_tools.pftrace";

    /** Perfetto's JankType bits → fpsctl's type keys, written out by hand from the .proto. */
    private static final Map<Integer, String> KEYS = Map.ofEntries(Map.entry(2, "surfaceFlingerScheduling"),
            Map.entry(4, "predictionError"), Map.entry(8, "displayHal"), Map.entry(16, "surfaceFlingerCpu"),
            Map.entry(32, "surfaceFlingerGpu"), Map.entry(64, "appDeadlineMissed"), Map.entry(128, "bufferStuffing"),
            Map.entry(256, "unknown"), Map.entry(512, "surfaceFlingerStuffing"), Map.entry(1024, "dropped"),
            Map.entry(2048, "nonAnimating"), Map.entry(4096, "appResyncedJitter"), Map.entry(8192, "displayNotOn"),
            Map.entry(16384, "modeChange"), Map.entry(32768, "powerModeChange"));

    /** One actual SurfaceFrame start as the walker saw it. */
    private record Actual(long cookie, int pid, int jank, int present) {
    }

    private final Map<Integer, String> processes = new HashMap<>();
    private final Map<Long, Actual> actuals = new HashMap<>();
    private final Set<Long> ends = new HashSet<>();
    private final Set<Integer> clocks = new HashSet<>();

    private void walkTrace(CodedInputStream in) throws IOException {
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            if (WireFormat.getTagFieldNumber(tag) == 1) {
                walkPacket(CodedInputStream.newInstance(in.readByteArray()));
            } else {
                in.skipField(tag);
            }
        }
    }

    private void walkPacket(CodedInputStream p) throws IOException {
        int clock = 6;
        byte[] ft = null;
        while (!p.isAtEnd()) {
            int tag = p.readTag();
            switch (WireFormat.getTagFieldNumber(tag)) {
                case 58 -> clock = p.readUInt32();                                  // timestamp_clock_id
                case 76 -> ft = p.readByteArray();                                  // frame_timeline_event
                case 2 -> processTree(CodedInputStream.newInstance(p.readByteArray())); // process_tree
                default -> p.skipField(tag);
            }
        }
        if (ft != null) {
            clocks.add(clock);
            frameTimeline(CodedInputStream.newInstance(ft));
        }
    }

    private void processTree(CodedInputStream t) throws IOException {
        while (!t.isAtEnd()) {
            int tag = t.readTag();
            if (WireFormat.getTagFieldNumber(tag) == 1) {                            // processes
                CodedInputStream pr = CodedInputStream.newInstance(t.readByteArray());
                int pid = -1;
                String cmd = null;
                while (!pr.isAtEnd()) {
                    int f = pr.readTag();
                    switch (WireFormat.getTagFieldNumber(f)) {
                        case 1 -> pid = pr.readInt32();
                        case 3 -> {
                            String c = pr.readString();
                            cmd = cmd == null ? c : cmd;                             // cmdline[0]
                        }
                        default -> pr.skipField(f);
                    }
                }
                if (pid > 0 && cmd != null) {
                    processes.put(pid, cmd);
                }
            } else {
                t.skipField(tag);
            }
        }
    }

    private void frameTimeline(CodedInputStream e) throws IOException {
        while (!e.isAtEnd()) {
            int tag = e.readTag();
            int field = WireFormat.getTagFieldNumber(tag);
            if (field == 4) {                                                         // actual_surface_frame_start
                CodedInputStream a = CodedInputStream.newInstance(e.readByteArray());
                long cookie = -1;
                int pid = -1;
                int jank = 0;
                int present = 0;
                while (!a.isAtEnd()) {
                    int f = a.readTag();
                    switch (WireFormat.getTagFieldNumber(f)) {
                        case 1 -> cookie = a.readInt64();
                        case 4 -> pid = a.readInt32();
                        case 6 -> present = a.readEnum();
                        case 9 -> jank = a.readInt32();
                        default -> a.skipField(f);
                    }
                }
                actuals.put(cookie, new Actual(cookie, pid, jank, present));
            } else if (field == 5) {                                                  // frame_end
                CodedInputStream end = CodedInputStream.newInstance(e.readByteArray());
                while (!end.isAtEnd()) {
                    int f = end.readTag();
                    if (WireFormat.getTagFieldNumber(f) == 1) {
                        ends.add(end.readInt64());
                    } else {
                        end.skipField(f);
                    }
                }
            } else {
                e.skipField(tag);
            }
        }
    }

    @Test
    void perPackageFramesAndJankTypesEqualAnIndependentCount() throws Exception {
        Path file = SharedFixtures.real(TRACE);
        CodedInputStream in = CodedInputStream.newInstance(Files.readAllBytes(file));
        in.setSizeLimit(Integer.MAX_VALUE);
        walkTrace(in);
        Map<String, Integer> frames = new TreeMap<>();
        Map<String, Map<String, Long>> types = new TreeMap<>();
        for (Actual a : actuals.values()) {
            if (!ends.contains(a.cookie())) {
                continue;
            }
            String pkg = processes.getOrDefault(a.pid(), "pid " + a.pid());
            frames.merge(pkg, 1, Integer::sum);
            Map<String, Long> t = types.computeIfAbsent(pkg, k -> new TreeMap<>());
            for (Map.Entry<Integer, String> k : KEYS.entrySet()) {
                if ((a.jank() & k.getKey()) != 0 || (k.getKey() == 1024 && a.present() == 4)) {
                    t.merge(k.getValue(), 1L, Long::sum);
                }
            }
        }
        assertEquals(161, frames.values().stream().mapToInt(Integer::intValue).sum(), frames.toString());
        assertEquals(Set.of(3), clocks, "Android 12 stamps FrameTimeline CLOCK_MONOTONIC");

        TraceContents c = PerfettoTraceReader.read(file);
        assertEquals(Set.of(3), c.frameClocks());
        assertEquals(frames, new TreeMap<>(TraceAnalysis.framesPerPackage(c)));
        for (Map.Entry<String, Integer> e : frames.entrySet()) {
            Summary s = TraceAnalysis.analyze(c, EngineConfig.defaults(), e.getKey(), null).summary();
            assertEquals(e.getValue().longValue(), s.frames(), e.getKey());
            assertEquals(e.getValue().longValue(), s.frameTimeline().frames(), e.getKey());
            Map<String, Long> got = new TreeMap<>();
            s.frameTimeline().types().forEach((k, v) -> {
                if (v > 0) {
                    got.put(k, v);
                }
            });
            assertEquals(types.get(e.getKey()), got, e.getKey());
        }
        assertTrue(frames.containsKey("com.android.chrome"), frames.toString());
    }

    /** The same file through analyze's entry point: a trace is told from a text dump by its bytes. */
    @Test
    void savedDumpTakesTheTraceAndPicksTheAppWithMostFrames() throws Exception {
        Path file = SharedFixtures.real(TRACE);
        SavedDump.Result r = SavedDump.analyze(file, EngineConfig.defaults(), null, null);
        assertEquals(DumpKind.PERFETTO, r.kind());
        assertEquals("com.android.systemui", r.summary().packageName()); // 70 frames: NavigationBar0 63 + StatusBar 7
        assertEquals(70, r.summary().frames());
        assertTrue(r.summary().warnings().stream().anyMatch(w -> w.startsWith("other apps in the trace: "
                + "system_server (38 frames), com.google.android.apps.nexuslauncher (37 frames)")),
                r.summary().warnings().toString());
    }
}
