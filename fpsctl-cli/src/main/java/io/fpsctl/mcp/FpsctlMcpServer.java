package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.format.SummaryJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.BiFunction;

/**
 * {@code fpsctl mcp}: the MCP server over stdio (docs/mcp.md), on the SDK's {@link StdioServerTransportProvider}
 * behind a {@link JsonRpcGuard}. The protocol version is the SDK's negotiation (McpAsyncServer's initialize
 * handler): the client's version when the SDK knows it, else the newest the SDK knows.
 */
public final class FpsctlMcpServer {

    /**
     * How the server was started.
     *
     * @param allowRun         whether measure may run a host command ({@code --allow-run})
     * @param reconnectTimeout how long a measurement waits for a device that went away
     */
    public record Config(Sandbox sandbox, DeviceAccess devices, EngineConfig engineConfig, Duration reconnectTimeout,
                         boolean allowRun) {
    }

    /** How long the end of input waits for answers still on their way. */
    static final Duration DRAIN_LIMIT = Duration.ofSeconds(15);

    private FpsctlMcpServer() {
    }

    /**
     * Serves one client on {@code in}/{@code out} until {@code in} ends. {@code out} must carry nothing else: the
     * caller points {@code System.out} elsewhere first (a stray print would corrupt the protocol).
     */
    public static void serve(Config config, InputStream in, OutputStream out, PrintStream log)
            throws InterruptedException {
        ObjectMapper json = new ObjectMapper();
        McpJsonMapper mcpJson = new JacksonMcpJsonMapper(json);
        Cancellations cancellations = new Cancellations();
        CountDownLatch ended = new CountDownLatch(1);
        AnsweredRequests answered = new AnsweredRequests(out, json);
        // at the end of input the guard holds back its own end until what was asked is answered: the SDK's reader
        // (StdioServerTransportProvider.startInboundProcessing) closes the session as soon as it reads the end, and
        // a response still on its way is then dropped
        JsonRpcGuard guarded = new JsonRpcGuard(in, answered, json, mcpJson, cancellations, () -> {
            drain(cancellations, answered, log);
            ended.countDown();
        });
        McpSyncServer[] server = {null};
        Runs runs = new Runs(run -> publish(server[0], run));
        McpContext context = new McpContext(config.sandbox(), config.devices(), config.engineConfig(),
                config.reconnectTimeout(), config.allowRun(), cancellations, runs, json, log);
        MeasureTool measure = new MeasureTool(context);
        FileTools files = new FileTools(context);
        ExplainJank explain = new ExplainJank(context);
        DevicesTool devices = new DevicesTool(context);
        server[0] = McpServer.sync(new StdioServerTransportProvider(mcpJson, guarded, answered))
                .serverInfo("fpsctl", SummaryJson.fpsctlVersion())
                .instructions("fpsctl measures Android rendering (fps, jank, frame times) over adb. Call "
                        + "list_devices, then measure with the app's package while it runs in the foreground; "
                        + "explain_jank, gate and compare read measure's files.")
                .jsonMapper(mcpJson)
                // arguments are checked by the tools, so a bad one is a JSON-RPC error (docs/mcp.md "Safety")
                .validateToolInputs(false)
                .requestTimeout(Duration.ofHours(2))
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, true).build())
                .tools(tool(mcpJson, "list_devices", "List devices", DevicesTool.DESCRIPTION, DevicesTool.SCHEMA, true,
                                devices::call),
                        tool(mcpJson, "measure", "Measure an app", MeasureTool.DESCRIPTION, MeasureTool.SCHEMA, false,
                                measure::call),
                        tool(mcpJson, "analyze", "Analyse saved dumps", FileTools.ANALYZE_DESCRIPTION,
                                FileTools.ANALYZE_SCHEMA, true, files::analyze),
                        tool(mcpJson, "gate", "Gate a run", FileTools.GATE_DESCRIPTION, FileTools.GATE_SCHEMA, true,
                                files::gate),
                        tool(mcpJson, "compare", "Compare two runs", FileTools.COMPARE_DESCRIPTION,
                                FileTools.COMPARE_SCHEMA, true, files::compare),
                        tool(mcpJson, "explain_jank", "Explain jank", ExplainJank.DESCRIPTION, ExplainJank.SCHEMA,
                                true, explain::call))
                .build();
        context.log("serving MCP on standard input/output; runs go to " + config.sandbox().out()
                + "; files may be read under " + config.sandbox().readRoots()
                + (config.allowRun() ? "; measure may run host commands (--allow-run)" : ""));
        ended.await();
        server[0].closeGracefully();
    }

    /**
     * Input ended: a measurement still running stops and writes its files whole (partial), and what was asked is
     * answered before the server closes (bounded: a tool that hangs does not keep the process).
     */
    private static void drain(Cancellations cancellations, AnsweredRequests answered, PrintStream log) {
        if (cancellations.cancelAll() > 0) {
            log.println("fpsctl mcp: input ended: stopping the measurements still running");
            log.flush();
        }
        long deadline = System.nanoTime() + DRAIN_LIMIT.toNanos();
        try {
            while ((cancellations.anyRunning() || !answered.allAnswered()) && System.nanoTime() < deadline) {
                answered.awaitChange(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static McpServerFeatures.SyncToolSpecification tool(McpJsonMapper json, String name, String title,
            String description, String schema, boolean readOnly,
            BiFunction<McpSyncServerExchange, McpSchema.CallToolRequest, McpSchema.CallToolResult> handler) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).title(title).description(description)
                .inputSchema(json, schema)
                .annotations(new McpSchema.ToolAnnotations(title, readOnly, false, readOnly, false, null))
                .build();
        return McpServerFeatures.SyncToolSpecification.builder().tool(tool).callHandler((exchange, request) -> {
            try {
                return handler.apply(exchange, request);
            } catch (io.modelcontextprotocol.spec.McpError e) {
                throw e;
            } catch (RuntimeException e) {
                // never a crash: the client gets an internal error naming what failed
                throw ToolError.internal(name + ": " + e);
            }
        }).build();
    }

    /** Offers a new run's files as resources (the SDK tells the client the list changed at each one). */
    private static void publish(McpSyncServer server, Runs.Run run) {
        if (server == null) {
            return;
        }
        for (String file : Runs.FILES) {
            String uri = Runs.uri(run.id(), file);
            String mime = file.endsWith(".json") ? "application/json" : file.endsWith(".csv") ? "text/csv"
                    : "text/plain";
            McpSchema.Resource resource = McpSchema.Resource.builder().uri(uri).name(run.id() + "/" + file)
                    .title(run.pkg() + " on " + run.device() + ": " + file).mimeType(mime)
                    .description("fpsctl run " + run.id() + (run.partial() ? " (partial)" : "")).build();
            server.addResource(new McpServerFeatures.SyncResourceSpecification(resource, (exchange, request) -> {
                try {
                    String text = file.equals("summary.txt") ? summaryText(run)
                            : Files.readString(run.dir().resolve(file), StandardCharsets.UTF_8);
                    return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, mime,
                            text)));
                } catch (IOException e) {
                    throw ToolError.internal("cannot read " + uri + ": " + e.getMessage());
                }
            }));
        }
    }

    private static String summaryText(Runs.Run run) throws IOException {
        return Summaries.text(io.fpsctl.format.SummaryJsonReader.read(run.dir().resolve("summary.json")),
                run.pkg() + " on " + run.device());
    }
}
