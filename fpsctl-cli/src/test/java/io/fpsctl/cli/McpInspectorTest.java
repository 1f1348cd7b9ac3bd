package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.FrameObserver;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client no one here wrote: the MCP Inspector's command-line mode ({@code mcp-inspector --cli}, npm
 * {@code @modelcontextprotocol/inspector}, installed by .ci/run) lists fpsctl's tools and calls {@code measure};
 * the summary it receives equals the one {@code fpsctl capture} writes for the same device and seed.
 * <p>
 * The simulator normally runs on the wall clock, so two runs see different frames. Here each run gets a fresh
 * simulated phone (same scenario, same seed) whose clock stands still until the measurement's second
 * {@code dumpsys gfxinfo ... framestats} poll and then jumps one second once: both runs read exactly the same
 * frames, whatever the host's timing.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("e2e")
class McpInspectorTest {
    private static final String PKG = SimOptions.DEFAULT_PACKAGE;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    /** A simulated phone whose clock moves once, one second, right after the second framestats poll. */
    private static final class OneSecondPhone implements AutoCloseable {
        final ManualTimeSource clock = new ManualTimeSource();
        final SimulatedAndroid android;
        final AdbDeviceServer server;
        final Thread mover;

        OneSecondPhone() throws IOException {
            SimOptions options = new SimOptions(AndroidVersion.of(14), null, 1, PKG);
            android = SimulatedAndroid.create(Scenarios.byNameOrFile("jank"), options, clock, FrameObserver.NONE);
            server = new AdbDeviceServer(Simulator.identityOf(options), android, TransportOptions.defaults());
            server.start(0);
            mover = PollUntil.background("one-second-clock", () -> {
                // the second poll: the first one's answer (the measurement's baseline, whose frames are not
                // counted) was read before it was sent, so the second's of the frames of the jump are counted
                PollUntil.condition(() -> android.receivedCommandLines().stream()
                        .filter(l -> l.contains("gfxinfo") && l.contains("framestats")).count() >= 2,
                        Duration.ofSeconds(120), "the second framestats poll");
                clock.advanceMillis(1000);
                android.advance();
            });
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private static Path inspector() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "mcp-inspector");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Runs the Inspector's CLI against {@code fpsctl mcp ARGS}; returns its JSON output. */
    private JsonNode inspect(List<String> serverArgs, String... method) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(inspector().toString(), "--cli",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "mcp"));
        cmd.addAll(serverArgs);
        cmd.addAll(List.of(method));
        Path stdout = temp.resolve("inspector.out");
        Path stderr = temp.resolve("inspector.err");
        Process p = new ProcessBuilder(cmd).directory(temp.toFile()).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the Inspector ends");
        String out = Files.readString(stdout, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out + Files.readString(stderr, StandardCharsets.UTF_8));
        return JSON.readTree(out);
    }

    @Test
    void theInspectorListsTheToolsAndMeasuresWhatCaptureMeasures() throws Exception {
        assumeTrue(inspector() != null, "mcp-inspector is not on PATH (npm install -g "
                + "@modelcontextprotocol/inspector@1.0.3, as .ci/run does): skipping");
        Path out = temp.resolve("mcp-out");
        JsonNode tools = inspect(List.of("--simulate", "--out", out.toString()), "--method", "tools/list");
        Set<String> names = new TreeSet<>();
        tools.get("tools").forEach(t -> names.add(t.get("name").asText()));
        assertEquals(new TreeSet<>(Set.of("analyze", "compare", "explain_jank", "gate", "list_devices", "measure")),
                names);

        JsonNode viaMcp;
        try (OneSecondPhone phone = new OneSecondPhone()) {
            JsonNode r = inspect(List.of("--connect", phone.address(), "--out", out.toString()), "--method",
                    "tools/call", "--tool-name", "measure", "--tool-arg", "package=" + PKG,
                    "--tool-arg", "duration_seconds=3", "--tool-arg", "source=gfxinfo");
            assertFalse(r.path("isError").asBoolean(), r.toString());
            viaMcp = r.at("/structuredContent/summary");
            phone.mover.join();
        }
        JsonNode viaCapture;
        Path captured = temp.resolve("capture-out");
        try (OneSecondPhone phone = new OneSecondPhone()) {
            Cli c = Cli.run("capture", PKG, "--connect", phone.address(), "--source", "gfxinfo", "-d", "3s", "-o",
                    captured.toString());
            assertEquals(0, c.exit, c.toString());
            try (var files = Files.walk(captured)) {
                viaCapture = JSON.readTree(files.filter(f -> f.endsWith("summary.json")).findFirst().orElseThrow()
                        .toFile());
            }
            phone.mover.join();
        }
        long frames = viaCapture.get("frames").asLong();
        assertTrue(frames >= 55 && frames <= 61, "one second of 60 Hz frames: " + frames);
        assertEquals(figures(viaCapture), figures(viaMcp));
    }

    /**
     * The summary's figures: without when it started, the port the phone listened on, how long the host measured
     * (docs/metrics.md "Coverage": host time, both 3 s asked and measured but to the millisecond), and the resources
     * (docs/metrics.md 13: /proc read between polls on the host's timing, so one run may read the CPU of the clock's
     * jump within its window and the other across it).
     */
    private static String figures(JsonNode summary) {
        ObjectNode s = summary.deepCopy();
        s.remove(List.of("startTime", "askedMs", "measuredMs", "resources"));
        ((ObjectNode) s.get("device")).remove("serial");
        return numbersAsDoubles(s).toPrettyString();
    }

    /** Numbers by value: the Inspector (JavaScript) prints 60.0 as 60. */
    private static JsonNode numbersAsDoubles(JsonNode n) {
        if (n.isNumber()) {
            return JSON.getNodeFactory().numberNode(n.asDouble());
        }
        if (n.isObject()) {
            ObjectNode o = JSON.createObjectNode();
            n.properties().forEach(e -> o.set(e.getKey(), numbersAsDoubles(e.getValue())));
            return o;
        }
        if (n.isArray()) {
            com.fasterxml.jackson.databind.node.ArrayNode a = JSON.createArrayNode();
            n.forEach(e -> a.add(numbersAsDoubles(e)));
            return a;
        }
        return n;
    }
}
