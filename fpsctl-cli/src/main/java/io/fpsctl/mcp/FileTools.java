package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.analysis.DumpKind;
import io.fpsctl.analysis.SavedDump;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.sink.ComparisonReport;
import io.fpsctl.sink.GateTable;
import io.fpsctl.verdict.ComparisonChecks;
import io.fpsctl.verdict.Gate;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The tools over saved files: {@code analyze} ({@code fpsctl analyze}: analysis/SavedDump), {@code compare}
 * ({@code fpsctl compare}: engine/compare/RunComparison) and {@code gate} ({@code fpsctl gate --from}: verdict/Gate,
 * with the section 10 comparison against a baseline). Every path goes through {@link Sandbox#readable}.
 */
final class FileTools {
    private final McpContext context;

    FileTools(McpContext context) {
        this.context = context;
    }

    static final String ANALYZE_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["files"],"properties":{
             "files":{"type":"array","minItems":1,"maxItems":20,"items":{"type":"string"},"description":"Files to analyse: saved 'adb shell dumpsys gfxinfo <pkg> framestats' or 'dumpsys SurfaceFlinger --latency <layer>' output, or a frames.csv written by fpsctl (measure's files.frames). Relative paths are relative to the folder the server was started in; only files under that folder, the output folder or a --read folder are allowed."},
             "package":{"type":"string","description":"Package to report (default: taken from the dump)."},
             "frametimeline":{"type":"string","description":"A saved 'dumpsys SurfaceFlinger --frametimeline -all' taken with a gfxinfo dump: splits jank into app and system (Android 12+)."}
            }}""";

    static final String ANALYZE_DESCRIPTION = "Analyse saved frame dumps or fpsctl frames.csv files, as 'fpsctl "
            + "analyze' does: per file the summary (fps, jank %, frame-time percentiles, dropped frames, slow-frame "
            + "causes, FrameTimeline attribution).";

    McpSchema.CallToolResult analyze(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> a = Args.of(request);
        Args.allowOnly(a, "files", "package", "frametimeline");
        if (!(a.get("files") instanceof List<?> names) || names.isEmpty() || names.size() > 20) {
            throw ToolError.invalidParams("files: give a list of 1 to 20 file paths");
        }
        List<Path> files = new ArrayList<>();
        for (Object n : names) {
            files.add(context.sandbox().readable(n, "files"));
        }
        String pkg = a.get("package") == null ? null : Args.packageName(a.get("package"));
        Path ft = a.get("frametimeline") == null ? null : context.sandbox().readable(a.get("frametimeline"),
                "frametimeline");
        ArrayNode results = context.json().createArrayNode();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            String name = String.valueOf(names.get(i));
            ObjectNode r = results.addObject();
            r.put("file", f.toString());
            try {
                FrameTimelineAttribution joined = ft == null ? null : SavedDump.frameTimeline(ft);
                SavedDump.Result result = SavedDump.analyze(f, context.engineConfig(), pkg, null, joined);
                Summary s = result.summary();
                r.put("kind", result.kind().description());
                RunMetadata metadata = RunMetadata.ofFile(SummaryJson.fpsctlVersion(), f.toString());
                if (result.kind() == DumpKind.FRAMETIMELINE) {
                    StringWriter w = new StringWriter();
                    SummaryJson.writeFrameTimelineOnly(s, metadata, w, false);
                    r.set("summary", context.json().readTree(w.toString()));
                } else {
                    r.set("summary", Summaries.json(context.json(), s, metadata));
                }
                text.append(Summaries.text(s, name + "  (" + result.kind().description() + ")"));
            } catch (DumpFormatException e) {
                r.put("error", e.getMessage());
                text.append(name).append(": ").append(Text.oneLine(e.getMessage())).append('\n');
            } catch (IOException | RuntimeException e) {
                r.put("error", "cannot read: " + e.getMessage());
                text.append(name).append(": cannot read: ").append(Text.oneLine(String.valueOf(e.getMessage())))
                        .append('\n');
            }
        }
        ObjectNode out = context.json().createObjectNode();
        out.set("results", results);
        return Results.of(context, out, text.toString());
    }

    static final String COMPARE_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["baseline","candidate"],"properties":{
             "baseline":{"type":"string","description":"The baseline run: a summary.json (e.g. measure's files.summary) or a 'gate --summary-out' file holding iterations."},
             "candidate":{"type":"string","description":"The candidate run, same kinds of file."},
             "max_regression_percent":{"type":"number","minimum":0,"description":"How much worse than the baseline's median a change must be to count as regressed (default 10)."}
            }}""";

    static final String COMPARE_DESCRIPTION = "Compare two saved runs as 'fpsctl compare' does: per metric the "
            + "median over iterations, the Hodges-Lehmann change with its 95% Mann-Whitney interval, and a verdict "
            + "(regressed, improved, unchanged).";

    McpSchema.CallToolResult compare(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> a = Args.of(request);
        Args.allowOnly(a, "baseline", "candidate", "max_regression_percent");
        Path basePath = context.sandbox().readable(a.get("baseline"), "baseline");
        Path candPath = context.sandbox().readable(a.get("candidate"), "candidate");
        Double max = Args.percent(a, "max_regression_percent");
        double maxRegression = max == null ? 10.0 : max;
        List<Summary> base = readRun(basePath, "baseline");
        List<Summary> cand = readRun(candPath, "candidate");
        List<MetricComparison> rows = RunComparison.compare(base, cand, maxRegression);
        try {
            StringWriter json = new StringWriter();
            ComparisonReport.json(rows, base.size(), cand.size(), maxRegression, json);
            StringWriter text = new StringWriter();
            ComparisonReport.text(rows, base.size(), cand.size(), new PrintWriter(text));
            ObjectNode out = (ObjectNode) context.json().readTree(json.toString());
            return Results.of(context, out, text.toString());
        } catch (IOException e) {
            throw ToolError.internal("cannot write the comparison: " + e.getMessage());
        }
    }

    static final String GATE_SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["summary"],"properties":{
             "summary":{"type":"string","description":"The measured run to judge: a summary.json (e.g. measure's files.summary) or a 'gate --summary-out' file holding iterations (thresholds then apply to each metric's median)."},
             "min_fps":{"type":"number","minimum":0,"description":"Least fps allowed (frames per second of rendering), e.g. 55."},
             "max_jank_percent":{"type":"number","minimum":0,"description":"Most janky frames allowed, % of timed frames, e.g. 5."},
             "max_p90_ms":{"type":"number","minimum":0,"description":"Longest 90th-percentile frame time allowed, ms."},
             "max_p99_ms":{"type":"number","minimum":0,"description":"Longest 99th-percentile frame time allowed, ms."},
             "max_frozen":{"type":"integer","minimum":0,"description":"Most frames allowed in the frozen drop level."},
             "max_big_jank":{"type":"integer","minimum":0,"description":"Most PerfDog big janks (SurfaceFlinger source)."},
             "min_scroll_fps":{"type":"number","minimum":0,"description":"Least scroll fps (agent source only)."},
             "max_app_jank_percent":{"type":"number","minimum":0,"description":"Most FrameTimeline app jank, % of joined frames (Android 12+)."},
             "max_system_jank_percent":{"type":"number","minimum":0,"description":"Most FrameTimeline system jank, % of joined frames (Android 12+)."},
             "max_slow_frames_percent":{"type":"number","minimum":0,"description":"Most Android vitals slow frames (> 16 ms), %."},
             "max_frozen_frames_percent":{"type":"number","minimum":0,"description":"Most Android vitals frozen frames (> 700 ms), %."},
             "max_cpu_percent":{"type":"number","minimum":0,"description":"Most CPU the app may use, mean in % of one core."},
             "max_memory_mb":{"type":"number","minimum":0,"description":"Most memory (peak PSS, else RSS), MB."},
             "baseline":{"type":"string","description":"A baseline run (summary.json or gate --summary-out) to compare against; needs max_regression_percent."},
             "max_regression_percent":{"type":"number","minimum":0,"description":"How much worse than the baseline each metric may be, %."},
             "allow_partial":{"type":"boolean","description":"Judge a partial run on what was captured instead of failing it."}
            }}""";

    static final String GATE_DESCRIPTION = "Check a saved run against thresholds and/or a baseline, as 'fpsctl gate "
            + "--from' does: per metric the threshold, the measured value and pass/fail; against a baseline the "
            + "regressed/unchanged/improved verdicts with the statistical comparison. passed is false when any check "
            + "failed.";

    McpSchema.CallToolResult gate(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> a = Args.of(request);
        Args.allowOnly(a, "summary", "min_fps", "max_jank_percent", "max_p90_ms", "max_p99_ms", "max_frozen",
                "max_big_jank", "min_scroll_fps", "max_app_jank_percent", "max_system_jank_percent",
                "max_slow_frames_percent", "max_frozen_frames_percent", "max_cpu_percent", "max_memory_mb", "baseline",
                "max_regression_percent", "allow_partial");
        Path from = context.sandbox().readable(a.get("summary"), "summary");
        Path baselinePath = a.get("baseline") == null ? null : context.sandbox().readable(a.get("baseline"),
                "baseline");
        Double maxRegression = Args.percent(a, "max_regression_percent");
        if ((baselinePath == null) != (maxRegression == null)) {
            throw ToolError.invalidParams("baseline and max_regression_percent go together");
        }
        Object allow = a.get("allow_partial");
        if (allow != null && !(allow instanceof Boolean)) {
            throw ToolError.invalidParams("allow_partial: true or false");
        }
        Gate.Builder thresholds = Gate.builder().allowPartial(Boolean.TRUE.equals(allow))
                .minFps(Args.percent(a, "min_fps")).maxJankPercent(Args.percent(a, "max_jank_percent"))
                .maxP90Ms(Args.percent(a, "max_p90_ms")).maxP99Ms(Args.percent(a, "max_p99_ms"))
                .maxFrozen(Args.count(a, "max_frozen")).maxBigJank(Args.count(a, "max_big_jank"))
                .minScrollFps(Args.percent(a, "min_scroll_fps"))
                .maxAppJankPercent(Args.percent(a, "max_app_jank_percent"))
                .maxSystemJankPercent(Args.percent(a, "max_system_jank_percent"))
                .maxSlowFramesPercent(Args.percent(a, "max_slow_frames_percent"))
                .maxFrozenFramesPercent(Args.percent(a, "max_frozen_frames_percent"))
                .maxCpuPercent(Args.percent(a, "max_cpu_percent")).maxMemoryMb(Args.percent(a, "max_memory_mb"));
        if (thresholds.build().isEmpty() && baselinePath == null) {
            throw ToolError.invalidParams("no threshold given: add e.g. min_fps 55 or max_jank_percent 5, or a baseline");
        }
        List<Summary> base = baselinePath == null ? null : readRun(baselinePath, "baseline");
        List<Summary> runs = readRun(from, "summary");
        // as GateCommand.judge: one summary against one is a threshold per metric; iterations get section 10
        boolean single = base != null && base.size() == 1 && runs.size() == 1;
        if (single) {
            thresholds.baseline(base.get(0), maxRegression);
        }
        GateResult result = thresholds.build().evaluate(runs);
        List<MetricComparison> comparison = null;
        if (base != null && !single) {
            comparison = RunComparison.compare(base, runs, maxRegression);
            List<GateCheck> checks = new ArrayList<>(result.checks());
            checks.addAll(ComparisonChecks.of(comparison, maxRegression));
            result = new GateResult(checks, result.partial());
        }
        ObjectNode out = context.json().createObjectNode();
        out.put("passed", result.passed());
        out.put("partial", result.partial());
        out.put("headline", result.headline());
        ArrayNode checks = out.putArray("checks");
        for (GateCheck c : result.checks()) {
            ObjectNode o = checks.addObject();
            o.put("metric", c.metric());
            o.put("threshold", c.threshold());
            o.put("measured", c.measured());
            o.put("verdict", c.verdict().name().toLowerCase(java.util.Locale.ROOT));
            if (c.message() != null) {
                o.put("message", c.message());
            }
        }
        try {
            if (comparison != null) {
                StringWriter json = new StringWriter();
                ComparisonReport.json(comparison, base.size(), runs.size(), maxRegression, json);
                out.set("comparison", context.json().readTree(json.toString()));
            }
        } catch (IOException e) {
            throw ToolError.internal("cannot write the comparison: " + e.getMessage());
        }
        StringWriter table = new StringWriter();
        PrintWriter p = new PrintWriter(table);
        GateTable.write(result, p, false);
        p.flush();
        return Results.of(context, out, table.toString());
    }

    /** A summary.json or a gate run file: its iterations; a file of another kind is invalid params. */
    static List<Summary> readRun(Path file, String field) {
        try {
            return SummaryJsonReader.readRun(file);
        } catch (IOException | RuntimeException e) {
            throw ToolError.invalidParams(field + ": " + file + ": " + e.getMessage()
                    + " (expected a summary.json or a gate --summary-out file)");
        }
    }
}
