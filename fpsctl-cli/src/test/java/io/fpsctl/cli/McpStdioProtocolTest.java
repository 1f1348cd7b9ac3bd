package io.fpsctl.cli;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fpsctl mcp} at the wire: JSON-RPC lines written by hand to its standard input, every line of its standard
 * output read with the time it arrived. Malformed requests, progress and cancellation (which the SDK's own
 * client does not send) are checked here.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class McpStdioProtocolTest {
    private static final String PKG = SimOptions.DEFAULT_PACKAGE;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private Simulator sim;
    private Process server;
    private OutputStream in;
    /** Every standard output line, parsed, with its arrival time (System.nanoTime). */
    private final List<Line> lines = Collections.synchronizedList(new ArrayList<>());
    private final List<String> notJson = Collections.synchronizedList(new ArrayList<>());

    record Line(long ns, JsonNode json) {
    }

    @BeforeEach
    void start() throws IOException {
        sim = Simulator.start(new Simulator.Config(Scenarios.byNameOrFile("jank"),
                new SimOptions(AndroidVersion.of(14), null, 1, PKG), 0, null, false, null, 0));
        server = ChildProcessTest.fpsctl("mcp", "--connect", "127.0.0.1:" + sim.port(), "--out",
                temp.resolve("out").toString()).redirectError(temp.resolve("stderr.txt").toFile()).start();
        in = server.getOutputStream();
        PollUntil.background("mcp-stdout", () -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    try {
                        lines.add(new Line(System.nanoTime(), JSON.readTree(l)));
                    } catch (IOException e) {
                        notJson.add(l);
                    }
                }
            } catch (IOException e) {
                notJson.add("read failed: " + e);
            }
        });
        send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
        assertEquals("2025-06-18", response(0).at("/result/protocolVersion").asText(),
                "a version the SDK knows is answered with itself");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    @AfterEach
    void stop() throws IOException, InterruptedException {
        try {
            in.close(); // end of input: the server ends
        } catch (IOException e) {
            // already closed by the test
        }
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server ends when its input ends");
        assertEquals(0, server.exitValue(), Files.readString(temp.resolve("stderr.txt")));
        sim.close();
        // nothing but JSON-RPC ever reached standard output
        assertEquals(List.of(), notJson);
        synchronized (lines) {
            for (Line l : lines) {
                assertEquals("2.0", l.json().path("jsonrpc").asText(), l.json().toString());
            }
        }
    }

    private void send(String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** The response to request {@code id} ({@code null}: the next error without an id), waited for. */
    private JsonNode response(Object id) {
        return responseLine(id).json();
    }

    private Line responseLine(Object id) {
        return PollUntil.value(() -> {
            synchronized (lines) {
                for (Line l : lines) {
                    JsonNode i = l.json().get("id");
                    if (i != null && (id == null ? i.isNull() : i.asText().equals(String.valueOf(id)))
                            && !l.json().has("method")) {
                        return l;
                    }
                }
            }
            return null;
        }, l -> l != null, Duration.ofSeconds(60), "the response to " + id);
    }

    @Test
    void answersMalformedRequestsWithJsonRpcErrorsAndKeepsServing() throws IOException {
        send("garbage{");
        assertEquals(-32700, response(null).at("/error/code").asInt(), "parse error");
        lines.clear();
        send("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
        assertEquals(-32600, response(null).at("/error/code").asInt(), "a batch is not a request (2025-06-18+)");
        send("{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}");
        assertEquals(-32600, response(2).at("/error/code").asInt());
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7}");
        assertEquals(-32600, response(3).at("/error/code").asInt());
        send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such/method\"}");
        assertEquals(-32601, response(4).at("/error/code").asInt(), "the SDK: method not found");
        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"format_disk\"}}");
        assertEquals(-32602, response(5).at("/error/code").asInt(), "the SDK: unknown tool");
        send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"measure\","
                + "\"arguments\":{\"package\":\"com.example.feed\\u001b[2J\",\"duration_seconds\":1}}}");
        JsonNode refused = response(6);
        assertEquals(-32602, refused.at("/error/code").asInt());
        assertTrue(refused.at("/error/message").asText().contains("\\u001b"),
                "the escape character is shown escaped, never raw: " + refused);
        lines.clear();
        // one message a line (MCP stdio transport): a second value on the line is an error, not dropped unseen
        send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"} {\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}");
        assertEquals(-32700, response(null).at("/error/code").asInt(), "two values on one line");
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
        assertTrue(response(7).has("result"), "still serving after all that");
        assertEquals(0, sim.android().receivedCommandLines().size(), "nothing reached the device");
    }

    @Test
    void measureSendsProgressAtLeastEveryTwoSecondsAndACancelReturnsThePartialSummaryWithinASecond()
            throws IOException {
        long sent = System.nanoTime();
        send("{\"jsonrpc\":\"2.0\",\"id\":\"m1\",\"method\":\"tools/call\",\"params\":{\"name\":\"measure\","
                + "\"_meta\":{\"progressToken\":\"tok\"},\"arguments\":{\"package\":\"" + PKG + "\","
                + "\"duration_seconds\":20,\"source\":\"gfxinfo\"}}}");
        // measuring for 5 s: wait for the progress that says so
        PollUntil.condition(() -> progress().stream().anyMatch(l -> l.json().at("/params/progress").asDouble() >= 5),
                Duration.ofSeconds(30), "5 s of progress");
        long cancelAt = System.nanoTime();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"m1\","
                + "\"reason\":\"the user changed their mind\"}}");
        Line done = responseLine("m1");
        double returnedMs = (done.ns() - cancelAt) / 1e6;
        assertTrue(returnedMs < 1000, "returned " + returnedMs + " ms after the cancel");

        List<Line> progress = progress();
        long previous = sent;
        double last = -1;
        for (Line p : progress) {
            if (p.ns() > cancelAt) {
                break;
            }
            double gapMs = (p.ns() - previous) / 1e6;
            assertTrue(gapMs <= 2000, "a progress gap of " + gapMs + " ms");
            assertEquals(20.0, p.json().at("/params/total").asDouble());
            assertEquals("tok", p.json().at("/params/progressToken").asText());
            assertTrue(p.json().at("/params/progress").asDouble() > last, "progress increases");
            last = p.json().at("/params/progress").asDouble();
            previous = p.ns();
        }
        assertTrue(progress.size() >= 4, "progress over 5 s: " + progress.size());

        JsonNode result = done.json().get("result");
        JsonNode s = result.get("structuredContent");
        assertTrue(s.get("cancelled").asBoolean(), s.toString());
        assertTrue(s.get("partial").asBoolean(), "a cancelled measurement is partial");
        assertTrue(s.at("/summary/partial").asBoolean(), "summary.json says so");
        long frames = s.at("/summary/frames").asLong();
        assertTrue(frames > 100 && frames < 60 * 8, "about 5 s of 60 Hz frames, not 20 s: " + frames);
        JsonNode onDisk = JSON.readTree(Path.of(s.at("/files/summary").asText()).toFile());
        assertEquals(s.get("summary"), onDisk);
        assertTrue(result.at("/content/0/text").asText().startsWith("Cancelled"), result.toString());
        // the device work stopped: no new command reaches the device once the call returned
        int commands = sim.android().receivedCommandLines().size();
        send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}");
        response(8);
        assertEquals(commands, sim.android().receivedCommandLines().size(),
                "polling ended with the call: " + sim.android().receivedCommandLines());
    }

    @Test
    void inputEndingStopsARunningMeasurementWhichStillWritesItsFiles() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"measure\","
                + "\"_meta\":{\"progressToken\":1},\"arguments\":{\"package\":\"" + PKG + "\","
                + "\"duration_seconds\":60,\"source\":\"gfxinfo\"}}}");
        PollUntil.condition(() -> progress().stream().anyMatch(l -> l.json().at("/params/progress").asDouble() >= 2),
                Duration.ofSeconds(30), "2 s of progress");
        in.close(); // the agent went away in the middle of a 60 s measurement
        assertTrue(server.waitFor(20, TimeUnit.SECONDS), "the server ends soon, not after 60 s");
        Path summary;
        try (var files = Files.walk(temp.resolve("out"))) {
            summary = files.filter(f -> f.endsWith("summary.json")).findFirst().orElseThrow();
        }
        JsonNode s = JSON.readTree(summary.toFile());
        assertTrue(s.get("partial").asBoolean(), s.toString());
        assertTrue(s.get("frames").asLong() > 0, "what was measured is in it: " + s.get("frames"));
        assertTrue(s.get("partialReason").asText().contains("cancelled"), s.get("partialReason").asText());
    }

    @Test
    void answersWhatWasAskedBeforeTheInputEnded() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}");
        in.close(); // as 'echo REQUEST | fpsctl mcp': the input ends before the answer is out
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server ends");
        assertEquals(6, response(9).at("/result/tools").size());
    }

    private List<Line> progress() {
        synchronized (lines) {
            return lines.stream().filter(l -> "notifications/progress".equals(l.json().path("method").asText()))
                    .toList();
        }
    }
}
