package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.DeviceMetadataProbe;
import io.fpsctl.capture.Driver;
import io.fpsctl.capture.DriverFailedException;
import io.fpsctl.capture.HostClock;
import io.fpsctl.capture.HostCommand;
import io.fpsctl.capture.Measurement;
import io.fpsctl.capture.ScrollDriver;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.device.DeviceException;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.sink.AtomicFile;
import io.fpsctl.sink.CsvRecorder;
import io.fpsctl.sink.WholeLinesFile;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The {@code measure} tool: what {@code fpsctl capture PACKAGE --duration DUR --out DIR} does for one package
 * (a {@link Measurement} feeding a {@link CsvRecorder}, then summary.json), or {@code gate}'s {@code --scroll} /
 * {@code --run} drive, into a new run folder under the output folder. Cancelling the call stops the poll loop
 * ({@link CaptureSession#stop(String)}): the summary of what was measured comes back, marked partial.
 */
final class MeasureTool {
    /** The longest measurement a client may ask for. */
    static final long MAX_SECONDS = 3600;

    private final McpContext context;

    MeasureTool(McpContext context) {
        this.context = context;
    }

    static final String SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["package"],"properties":{
             "package":{"type":"string","description":"Android package of the app to measure, e.g. com.example.feed. The app must be running in the foreground (unless source is agent)."},
             "duration_seconds":{"type":"number","exclusiveMinimum":0,"maximum":3600,"description":"How long to measure, in seconds (e.g. 20). Required unless scroll_seconds or run drives the measurement."},
             "source":{"type":"string","enum":["auto","gfxinfo","surfaceflinger","agent"],"description":"Where frames come from: auto (default: gfxinfo for ordinary apps, surfaceflinger for games/video/Flutter), gfxinfo, surfaceflinger, or agent (the on-device agent, installed beforehand with 'fpsctl agent install')."},
             "serial":{"type":"string","description":"Device serial from list_devices; omit when one device is attached."},
             "scroll_seconds":{"type":"number","exclusiveMinimum":0,"maximum":3600,"description":"Measure while swiping the screen up and down (adb shell input swipe) for this many seconds, instead of duration_seconds."},
             "run":{"type":"string","description":"Measure while this host shell command runs (e.g. a Maestro flow); only when the server was started with --allow-run."}
            }}""";

    static final String DESCRIPTION = "Measure an Android app's rendering (fps, jank, frame times, dropped frames, "
            + "slow-frame causes) on a device for a while, as 'fpsctl capture' does. Writes frames.csv, windows.csv "
            + "and summary.json into a new run folder and returns the summary and those paths. Sends progress "
            + "about every second; cancelling stops the measurement and returns what was measured, marked partial.";

    McpSchema.CallToolResult call(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> a = Args.of(request);
        Args.allowOnly(a, "package", "duration_seconds", "source", "serial", "scroll_seconds", "run");
        String pkg = Args.packageName(a.get("package"));
        Double seconds = Args.seconds(a, "duration_seconds");
        Double scroll = Args.seconds(a, "scroll_seconds");
        String run = Args.optionalString(a, "run");
        String serial = Args.serial(a.get("serial"));
        SourceRequest.Kind kind = Args.source(a.get("source"));
        if (run != null && !context.allowRun()) {
            throw ToolError.invalidParams("run: this server runs no host command; start it with 'fpsctl mcp "
                    + "--allow-run' to allow the run argument");
        }
        if (run != null && run.isBlank()) {
            throw ToolError.invalidParams("run: give a command, e.g. \"maestro test flow.yaml\"");
        }
        int drives = (seconds != null ? 1 : 0) + (scroll != null ? 1 : 0) + (run != null ? 1 : 0);
        if (drives != 1) {
            throw ToolError.invalidParams("give exactly one of duration_seconds, scroll_seconds or run");
        }
        Sandbox.RunFolder folder;
        try {
            folder = context.sandbox().newRun(pkg);
        } catch (IOException e) {
            throw ToolError.internal("cannot create a run folder under " + context.sandbox().out() + ": "
                    + e.getMessage());
        }
        Duration duration = seconds == null ? null : Duration.ofMillis(Math.round(seconds * 1000));
        Driver driver = scroll != null ? new ScrollDriver(Duration.ofMillis(Math.round(scroll * 1000)),
                HostClock.SYSTEM) : run != null ? new HostCommand(run, line -> context.log("run: " + line)) : null;
        return measure(exchange, request, pkg, serial, kind, duration, driver, folder);
    }

    private McpSchema.CallToolResult measure(McpSyncServerExchange exchange, McpSchema.CallToolRequest request,
                                             String pkg, String serial, SourceRequest.Kind kind, Duration duration,
                                             Driver driver, Sandbox.RunFolder folder) {
        Path dir = folder.dir();
        Path summaryFile = dir.resolve("summary.json");
        long startNs = System.nanoTime();
        double total = duration != null ? duration.toMillis() / 1000.0 : Double.NaN;
        String[] cancelled = {null};
        Measurement[] running = {null};
        // progress from the start: opening the device and checking the app take a moment too
        try (AutoCloseable progress = Progress.start(exchange, request, () -> {
                 double s = (System.nanoTime() - startNs) / 1e9;
                 return new Progress.Done(Double.isNaN(total) ? s : Math.min(s, total),
                         Double.isNaN(total) ? null : total, "measuring " + pkg + ": " + Math.round(s) + " s");
             });
             DeviceAccess.Opened opened = context.devices().open(pkg, serial)) {
            String deviceSerial = opened.device().serial();
            try (BufferedWriter framesOut = csv(dir.resolve("frames.csv"));
                 BufferedWriter windowsOut = csv(dir.resolve("windows.csv"));
                 FrameCsv frames = new FrameCsv(framesOut, true);
                 WindowCsv windows = new WindowCsv(windowsOut, deviceSerial, pkg);
                 CsvRecorder recorder = new CsvRecorder(frames, windows, deviceSerial, pkg, null, null);
                 AutoCloseable cancel = context.cancellations().register(requestId(request), () -> {
                     synchronized (cancelled) {
                         cancelled[0] = "cancelled by the client";
                         if (running[0] != null) {
                             running[0].session().stop(cancelled[0]);
                         }
                     }
                 })) {
                Measurement m = Measurement.prepare(opened.device(), opened.reconnector(), pkg,
                        new SourceRequest(kind, null, 100), context.engineConfig(), recorder,
                        note -> context.log(pkg + ": " + note), context.reconnectTimeout());
                synchronized (cancelled) {
                    running[0] = m;
                    if (cancelled[0] != null) {
                        m.session().stop(cancelled[0]); // cancelled while the device was being prepared
                    }
                }
                context.log(pkg + ": measuring " + m.describe() + " (" + m.sourceReason() + ") into " + dir);
                RunMetadata metadata = new RunMetadata(SummaryJson.fpsctlVersion(), Instant.now(), null,
                        DeviceMetadataProbe.read(opened.device()));
                if (driver != null) {
                    m.runWhile(driver, opened.device());
                } else {
                    m.run(duration);
                }
                Summary summary = m.summary();
                recorder.close(); // the rows still held (Android 12+): frames.csv is complete
                AtomicFile.write(summaryFile, w -> SummaryJson.write(summary, metadata, w, true));
                Runs.Run r = context.runs().add(folder.id(), pkg, deviceSerial, dir, summary);
                return result(r, summary, metadata, m.session().lostMessage(), cancelled[0] != null);
            }
        } catch (DriverFailedException e) {
            removeIfEmpty(dir);
            return Results.error(e.getMessage());
        } catch (DeviceException e) {
            removeIfEmpty(dir);
            return Results.error(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw ToolError.internal("cannot write into " + dir + ": " + e.getMessage());
        } catch (io.modelcontextprotocol.spec.McpError e) {
            throw e;
        } catch (Exception e) {
            throw ToolError.internal(pkg + ": " + e);
        }
    }

    private McpSchema.CallToolResult result(Runs.Run r, Summary summary, RunMetadata metadata, String lost,
                                            boolean cancelled) throws IOException {
        ObjectNode out = context.json().createObjectNode();
        out.put("run", r.id());
        out.put("package", r.pkg());
        out.put("device", r.device());
        out.put("partial", summary.partial());
        out.put("cancelled", cancelled);
        if (lost != null) {
            out.put("deviceLost", lost);
        }
        ObjectNode files = out.putObject("files");
        files.put("folder", r.dir().toString());
        files.put("summary", r.dir().resolve("summary.json").toString());
        files.put("frames", r.dir().resolve("frames.csv").toString());
        files.put("windows", r.dir().resolve("windows.csv").toString());
        files.put("summaryResource", Runs.uri(r.id(), "summary.json"));
        out.set("summary", Summaries.json(context.json(), summary, metadata));
        String text = (cancelled ? "Cancelled: partial summary of what was measured.\n" : "")
                + (lost != null ? lost + "\n" : "")
                + Summaries.text(summary, r.pkg() + " on " + r.device())
                + "files: " + r.dir();
        return Results.of(context, out, text);
    }

    /** The JSON-RPC id of the call, as {@link JsonRpcGuard} put it into {@code _meta}; null without one. */
    static String requestId(McpSchema.CallToolRequest request) {
        Object id = request.meta() == null ? null : request.meta().get(JsonRpcGuard.REQUEST_ID);
        return id instanceof String s ? s : null;
    }

    private static BufferedWriter csv(Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(WholeLinesFile.open(file), StandardCharsets.UTF_8));
    }

    /**
     * A run folder of a measurement that failed before it had a summary holds no more than the CSV headers: it is
     * not left behind.
     */
    private static void removeIfEmpty(Path dir) {
        if (java.nio.file.Files.exists(dir.resolve("summary.json"))) {
            return;
        }
        try (java.util.stream.Stream<Path> in = java.nio.file.Files.walk(dir)) {
            in.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException ignored) {
            // kept: gone already
        }
    }
}
