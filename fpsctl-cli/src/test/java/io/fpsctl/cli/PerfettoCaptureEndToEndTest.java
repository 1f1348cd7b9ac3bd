package io.fpsctl.cli;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ExtensionRegistry;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.JankTagByHand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * {@code capture --source perfetto} against the simulator through Debian's adb server. Expected values come from the
 * simulator's truth files (its FrameTimeline's SurfaceFrames, printed strings) with docs/metrics.md 10 rev 4 worked
 * by hand ({@link JankTagByHand}); the kept trace is read here with Perfetto's generated protos only to learn which
 * tokens it holds (not fpsctl's reader).
 */
@Tag("adb")
@Tag("e2e")
class PerfettoCaptureEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /** The app's actual SurfaceFrames with both packets in the trace: their tokens. */
    private static TreeSet<Long> traceTokens(Path trace, int appPid) throws Exception {
        ExtensionRegistry registry = ExtensionRegistry.newInstance();
        registry.add(FrameworksNativeTracePacket.frameTimelineEvent);
        Trace t = Trace.parseFrom(Files.readAllBytes(trace), registry);
        Map<Long, Long> open = new HashMap<>();
        TreeSet<Long> tokens = new TreeSet<>();
        for (TracePacket p : t.getPacketList()) {
            if (!p.hasExtension(FrameworksNativeTracePacket.frameTimelineEvent)) {
                continue;
            }
            FrameTimelineEvent e = p.getExtension(FrameworksNativeTracePacket.frameTimelineEvent);
            if (e.hasActualSurfaceFrameStart() && e.getActualSurfaceFrameStart().getPid() == appPid
                    && e.getActualSurfaceFrameStart().getIsBuffer()) {
                open.put(e.getActualSurfaceFrameStart().getCookie(), e.getActualSurfaceFrameStart().getToken());
            } else if (e.hasFrameEnd() && open.containsKey(e.getFrameEnd().getCookie())) {
                tokens.add(open.remove(e.getFrameEnd().getCookie()));
            }
        }
        return tokens;
    }

    private static Path find(Path root, String name) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    /** The truth's tags by token for the app's buffer SurfaceFrames (truth.frametimeline.tsv, rev 4 by hand). */
    private static Map<Long, String> truthTags(Path tsv) throws Exception {
        Map<Long, String> out = new HashMap<>();
        for (Map.Entry<Long, String[]> e : FrameTimelineTruth.surfaceFrames(tsv).entrySet()) {
            out.put(e.getKey(), JankTagByHand.ofPrinted(e.getValue()[0], e.getValue()[1]));
        }
        return out;
    }

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void theTraceGivesTheTruthsFramesAndSplit(int android, @TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        Path outGfx = dir.resolve("out-gfxinfo");
        int appPid;
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("system-jank"),
                     new SimOptions(AndroidVersion.of(android), 60, 7, PKG), 0, truth, false, null, 0))) {
            farm.connect(0, sim.serial());
            String port = Integer.toString(farm.port(0));
            // the same run measured by both sources at once: gfxinfo (which polls --frametimeline on 12+) beside it
            Cli[] gfx = new Cli[1];
            Thread other = new Thread(() -> gfx[0] = Cli.run("capture", PKG, "-P", port, "-s", sim.serial(),
                    "--duration", "3s", "--out", outGfx.toString(), "--source", "gfxinfo"));
            other.start();
            Cli r = Cli.run("capture", PKG, "-P", port, "-s", sim.serial(), "--duration", "3s", "--out",
                    out.toString(), "--source", "perfetto");
            other.join();
            assertEquals(0, r.exit, r::toString);
            assertEquals(0, gfx[0].exit, gfx[0]::toString);
            appPid = sim.android().pid().getAsInt();
        }
        Path trace = find(out, PerfettoCaptureRun.TRACE);
        assertEquals(trace.getParent(), find(out, "summary.json").getParent(), "the trace is kept beside summary.json");
        Map<Long, String> tags = truthTags(dir.resolve("truth.frametimeline.tsv"));
        TreeSet<Long> tokens = traceTokens(trace, appPid);
        assertFalse(tokens.isEmpty());
        // every frame the truth made final between the first and the last one the trace holds is in it, none other
        TreeSet<Long> expected = new TreeSet<>(tags.keySet().stream()
                .filter(t -> t >= tokens.first() && t <= tokens.last()).toList());
        assertEquals(expected, tokens);

        JsonNode ft = JSON.readTree(find(out, "summary.json").toFile()).get("frameTimeline");
        assertEquals(tokens.size(), ft.get("frames").asLong(), ft::toString);
        assertEquals(tokens.stream().filter(t -> tags.get(t).equals("app")).count(), ft.get("appJank").asLong(),
                ft::toString);
        assertEquals(tokens.stream().filter(t -> tags.get(t).equals("system")).count(),
                ft.get("systemJank").asLong(), ft::toString);
        assertTrue(ft.get("systemJank").asLong() > 0, ft::toString);

        // gfxinfo on the same run judged the frames it saw by the same rule; the two saw nearly the same frames
        JsonNode ftGfx = JSON.readTree(find(outGfx, "summary.json").toFile()).get("frameTimeline");
        double perFrameApp = ft.get("appJank").asDouble() / ft.get("frames").asDouble();
        double perFrameSystem = ft.get("systemJank").asDouble() / ft.get("frames").asDouble();
        double gfxApp = ftGfx.get("appJank").asDouble() / ftGfx.get("frames").asDouble();
        double gfxSystem = ftGfx.get("systemJank").asDouble() / ftGfx.get("frames").asDouble();
        assertEquals(perFrameApp, gfxApp, 0.02, ft + " vs " + ftGfx);
        assertEquals(perFrameSystem, gfxSystem, 0.02, ft + " vs " + ftGfx);

        JsonNode json = JSON.readTree(find(out, "summary.json").toFile());
        assertTrue(json.get("coverageGaps").asInt() >= 1, "frames pending at the stop are a gap: " + json);
        assertTrue(json.get("measuredMs").asDouble() < json.get("askedMs").asDouble(), json::toString);

        // the kept trace opens in analyze
        Cli a = Cli.run("analyze", trace.toString());
        assertEquals(0, a.exit, a::toString);
        assertTrue(a.out.contains(PKG), a::toString);
    }

    @Test
    void android11GetsTheOneLineError(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                     new SimOptions(AndroidVersion.of(11), 60, 7, PKG), 0, null, false, null, 0))) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "2s", "--out", dir.resolve("out").toString(), "--source", "perfetto");
            assertEquals(3, r.exit, r::toString);
            assertTrue(r.err.contains("fpsctl: " + sim.serial() + ": --source perfetto needs Android 12 (API 31) or "
                    + "newer for FrameTimeline; this device runs API 30: use --source auto, gfxinfo or surfaceflinger"),
                    r::toString);
            assertEquals(1, r.err.lines().filter(l -> l.startsWith("fpsctl: ") && l.contains("API 30")).count());
        }
    }

    @Test
    void watchSaysThePerfettoSourceIsNotLive(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("watch", PKG, "--connect", "127.0.0.1:1", "--source", "perfetto");
        assertEquals(2, r.exit, r::toString);
        assertTrue(r.err.contains("not live"), r::toString);
    }

    /** {@code gate --source perfetto}: judged on the trace's frames; a threshold the run misses fails it (exit 1). */
    @Test
    void gateJudgesTheTrace(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path summary = dir.resolve("gate").resolve("summary.json");
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("system-jank"),
                     new SimOptions(AndroidVersion.of(14), 60, 7, PKG), 0, truth, false, null, 0))) {
            farm.connect(0, sim.serial());
            String port = Integer.toString(farm.port(0));
            Cli pass = Cli.run("gate", PKG, "-P", port, "-s", sim.serial(), "--duration", "2s", "--source",
                    "perfetto", "--max-app-jank-percent", "50", "--summary-out", summary.toString());
            assertEquals(0, pass.exit, pass::toString);
            assertTrue(Files.exists(dir.resolve("gate").resolve("iteration-1.perfetto-trace")), "kept beside it");
            JsonNode json = JSON.readTree(summary.toFile());
            assertEquals("perfetto", json.get("source").asText());
            // the system's jank of this scenario is over 0 %: a gate that allows none fails
            Cli fail = Cli.run("gate", PKG, "-P", port, "-s", sim.serial(), "--duration", "2s", "--source",
                    "perfetto", "--max-system-jank-percent", "0");
            assertEquals(1, fail.exit, fail::toString);
        }
    }
}
