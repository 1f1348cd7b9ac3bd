package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fpsctl mcp} as a child process, driven by the official MCP Java SDK's own client over stdio
 * (StdioClientTransport), measuring a simulated device this test owns ({@code --connect}), so the test can see
 * every command line that reached the device.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class McpServerTest {
    private static final String PKG = SimOptions.DEFAULT_PACKAGE;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private static Simulator sim;
    private static McpSyncClient client;
    private static Path out;
    private static final List<String> serverErr = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void start() throws IOException {
        sim = Simulator.start(new Simulator.Config(Scenarios.byNameOrFile("jank"),
                new SimOptions(AndroidVersion.of(14), null, 1, PKG), 0, null, false, null, 0));
        out = temp.resolve("out");
        client = client(out, sim.port());
    }

    /** An SDK client on a new {@code fpsctl mcp --connect 127.0.0.1:PORT --out OUT} child process. */
    static McpSyncClient client(Path outDir, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "mcp", "--connect", "127.0.0.1:" + port, "--out", outDir.toString()));
        args.addAll(List.of(more));
        StdioClientTransport transport = new StdioClientTransport(ServerParameters.builder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()).args(args).build(),
                new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(serverErr::add);
        McpSyncClient c = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(60)).build();
        c.initialize();
        return c;
    }

    @AfterAll
    static void stop() throws IOException {
        if (client != null) {
            client.closeGracefully();
        }
        if (sim != null) {
            sim.close();
        }
    }

    private static JsonNode call(String tool, Map<String, Object> args) {
        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(tool, args));
        assertFalse(Boolean.TRUE.equals(r.isError()), tool + ": " + r.content());
        assertTrue(r.content().get(0) instanceof McpSchema.TextContent t && !t.text().isBlank(), "a text summary");
        JsonNode structured = JSON.valueToTree(r.structuredContent());
        // and the structured result serialized as text, for clients that do not read structuredContent
        assertEquals(structured, readTree(((McpSchema.TextContent) r.content().get(1)).text()));
        return structured;
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    /** The JSON-RPC error a refused call gets (its code), and that it is one. */
    private static McpError refused(String tool, Map<String, Object> args) {
        return assertThrows(McpError.class, () -> client.callTool(new McpSchema.CallToolRequest(tool, args)),
                tool + " " + args + " must be refused");
    }

    @Test
    void negotiatesTheSdksNewestVersionAndListsToolsAnAgentCanUse() {
        McpSchema.InitializeResult init = client.getCurrentInitializationResult();
        // the SDK's client asks for its newest version; the server (the same SDK) knows it and answers with it
        assertEquals(ProtocolVersions.MCP_2025_11_25, init.protocolVersion());
        assertEquals("fpsctl", init.serverInfo().name());
        List<McpSchema.Tool> tools = client.listTools().tools();
        assertEquals(Set.of("list_devices", "measure", "analyze", "gate", "compare", "explain_jank"),
                tools.stream().map(McpSchema.Tool::name).collect(Collectors.toSet()));
        for (McpSchema.Tool t : tools) {
            assertTrue(t.description() != null && t.description().length() > 40, t.name() + " is described");
            assertEquals("object", t.inputSchema().get("type"));
            JSON.convertValue(t.inputSchema().get("properties"), Map.class).forEach((name, schema) -> assertTrue(
                    schema instanceof Map<?, ?> m && m.get("description") instanceof String d && d.length() > 10,
                    t.name() + "." + name + " has a description"));
        }
    }

    @Test
    void listsTheDevice() {
        JsonNode r = call("list_devices", Map.of());
        assertEquals("127.0.0.1:" + sim.port(), r.at("/devices/0/serial").asText());
        assertEquals("14", r.at("/devices/0/androidVersion").asText());
    }

    @Test
    void measuresThenEveryFileToolReadsTheRun() throws IOException {
        JsonNode m = call("measure", Map.of("package", PKG, "duration_seconds", 2, "source", "gfxinfo"));
        assertFalse(m.get("partial").asBoolean(), m.toString());
        Path summaryFile = Path.of(m.at("/files/summary").asText());
        assertTrue(summaryFile.startsWith(out.toRealPath()), "written under --out: " + summaryFile);
        JsonNode onDisk = JSON.readTree(summaryFile.toFile());
        assertEquals(onDisk, m.get("summary"), "the result carries summary.json as written");
        long frames = onDisk.get("frames").asLong();
        assertTrue(frames > 30, "frames of 2 s at 60 Hz: " + frames);

        // analyze reads measure's frames.csv back through the same engine: the same frames
        JsonNode a = call("analyze", Map.of("files", List.of(m.at("/files/frames").asText())));
        assertEquals(frames, a.at("/results/0/summary/frames").asLong(), a.toString());
        assertEquals(onDisk.at("/frameTimeMs/max"), a.at("/results/0/summary/frameTimeMs/max"));

        JsonNode fail = call("gate", Map.of("summary", summaryFile.toString(), "min_fps", 1000));
        assertFalse(fail.get("passed").asBoolean());
        assertEquals("fail", fail.at("/checks/0/verdict").asText());
        JsonNode pass = call("gate", Map.of("summary", summaryFile.toString(), "min_fps", 1, "baseline",
                summaryFile.toString(), "max_regression_percent", 10));
        assertTrue(pass.get("passed").asBoolean(), pass.toString());

        JsonNode c = call("compare", Map.of("baseline", summaryFile.toString(), "candidate", summaryFile.toString()));
        assertFalse(c.get("regressed").asBoolean(), c.toString());

        JsonNode e = call("explain_jank", Map.of("run", m.get("run").asText(), "worst", 3));
        JsonNode worst = e.get("worstFrames");
        assertEquals(3, worst.size());
        // the worst frame is the run's longest: summary.json's frameTimeMs.max (both rounded to 0.01 ms)
        assertEquals(onDisk.at("/frameTimeMs/max").asDouble(), worst.get(0).get("durationMs").asDouble(), 0.006);
        assertTrue(worst.get(0).get("durationMs").asDouble() >= worst.get(1).get("durationMs").asDouble());
        assertTrue(worst.get(0).get("stagesMs").has("draw"), worst.toString());

        // the run's files are resources, readable by URI
        String uri = m.at("/files/summaryResource").asText();
        assertTrue(client.listResources().resources().stream().anyMatch(r -> r.uri().equals(uri)), uri);
        McpSchema.ReadResourceResult read = client.readResource(new McpSchema.ReadResourceRequest(uri));
        assertEquals(onDisk, JSON.readTree(((McpSchema.TextResourceContents) read.contents().get(0)).text()));
    }

    @Test
    void refusesHostileArgumentsBeforeAnythingReachesTheDeviceOrTheDisk() throws IOException {
        Path outside = Files.createTempDirectory("fpsctl-mcp-outside");
        try {
            Path secret = Files.writeString(outside.resolve("secret.txt"), "not for the agent");
            Files.createDirectories(out);
            Path link = out.resolve("link-to-secret");
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, secret);
            Path marker = outside.resolve("ran");
            Set<String> before = tree(out);
            Set<String> outsideBefore = tree(outside);
            int commands = sim.android().receivedCommandLines().size();

            for (String hostile : List.of("com.example.feed; touch " + marker, "com.example.feed$(reboot)",
                    "../../data", "com.example.feed\n", "-e")) {
                McpError e = refused("measure", Map.of("package", hostile, "duration_seconds", 1));
                assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code(), e.getMessage());
                assertTrue(e.getMessage().contains("not an Android package name"), e.getMessage());
            }
            for (Object path : List.of(secret.toString(), out + "/../../" + outside.getFileName() + "/secret.txt",
                    link.toString(), "/etc/passwd")) {
                McpError e = refused("analyze", Map.of("files", List.of(path)));
                assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code(), e.getMessage());
                assertTrue(e.getMessage().contains("outside the folders"), e.getMessage());
            }
            McpError e = refused("gate", Map.of("summary", secret.toString(), "min_fps", 1));
            assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code());
            e = refused("measure", Map.of("package", PKG, "run", "touch " + marker));
            assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code());
            assertTrue(e.getMessage().contains("--allow-run"), e.getMessage());
            e = refused("measure", Map.of("package", PKG, "duration_seconds", 1, "unknown", 1));
            assertEquals(McpSchema.ErrorCodes.INVALID_PARAMS, e.getJsonRpcError().code());

            assertEquals(commands, sim.android().receivedCommandLines().size(),
                    "nothing reached the device: " + sim.android().receivedCommandLines());
            assertEquals(before, tree(out), "nothing written under --out");
            assertEquals(outsideBefore, tree(outside), "nothing written outside");
            assertFalse(Files.exists(marker));
            // and the server still answers
            assertEquals(6, client.listTools().tools().size());
        } finally {
            try (Stream<Path> s = Files.walk(outside)) {
                s.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void measuresWhileScrollingAndWithAHostCommandOnlyWhenAllowed() throws IOException {
        JsonNode scrolled = call("measure", Map.of("package", PKG, "scroll_seconds", 1.5, "source", "gfxinfo"));
        assertTrue(scrolled.at("/summary/frames").asLong() > 0, scrolled.toString());
        assertTrue(sim.android().receivedCommandLines().stream().anyMatch(l -> l.startsWith("input swipe")),
                "the scroll reached the device as 'input swipe'");

        Path marker = temp.resolve("ran-by-measure");
        McpSyncClient allowed = client(temp.resolve("out-run"), sim.port(), "--allow-run");
        try {
            McpSchema.CallToolResult r = allowed.callTool(new McpSchema.CallToolRequest("measure", Map.of("package",
                    PKG, "source", "gfxinfo", "run", "sleep 1 && touch '" + marker + "'")));
            assertFalse(Boolean.TRUE.equals(r.isError()), r.toString());
            JsonNode m = JSON.valueToTree(r.structuredContent());
            assertTrue(Files.exists(marker), "the command ran (the server was started with --allow-run)");
            assertTrue(m.at("/summary/frames").asLong() > 0, "measured while it ran: " + m);
        } finally {
            allowed.closeGracefully();
        }
    }

    @Test
    void aMeasurementThatCannotRunIsAnErrorResultTheModelReadsAndLeavesNoFolder() throws IOException {
        Set<String> before = tree(out);
        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest("measure",
                Map.of("package", "com.example.absent", "duration_seconds", 1)));
        assertTrue(Boolean.TRUE.equals(r.isError()), "an execution error is a result with isError: " + r);
        String text = ((McpSchema.TextContent) r.content().get(0)).text();
        assertTrue(text.contains("not installed"), text);
        assertEquals(before, tree(out), "no empty run folder left under --out");
    }

    private static Set<String> tree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(Path::toString).collect(Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void saysWhereItWritesOnStandardError() {
        PollUntilHolder.await(() -> serverErr.stream().anyMatch(l -> l.contains("output folder")));
        assertNotNull(out);
    }

    /** Waits for a line the server wrote on standard error (the SDK hands them over on its own thread). */
    private static final class PollUntilHolder {
        static void await(java.util.concurrent.Callable<Boolean> c) {
            io.fpsctl.testing.PollUntil.condition(c, Duration.ofSeconds(30), "the server's note on stderr: "
                    + serverErr);
        }
    }
}
