package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.analysis.SavedDump;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The {@code explain_jank} tool: the worst frames of a run with their stage times (docs/metrics.md 4), the main
 * cause of each slow frame (docs/metrics.md 5, 13 rule 10), the resources over its interval and its FrameTimeline
 * verdict (docs/metrics.md 9), read through the same engine as {@code analyze} (analysis/SavedDump) with a listener
 * that keeps the longest frames; then the run's main causes and blame in a few sentences an agent can relay.
 */
final class ExplainJank {
    private final McpContext context;

    ExplainJank(McpContext context) {
        this.context = context;
    }

    static final String SCHEMA = """
            {"type":"object","additionalProperties":false,"properties":{
             "run":{"type":"string","description":"A run id returned by measure (its frames.csv is read)."},
             "file":{"type":"string","description":"Or a file: an fpsctl frames.csv or a saved gfxinfo framestats / SurfaceFlinger latency dump (under the folder the server was started in, the output folder or a --read folder)."},
             "worst":{"type":"integer","minimum":1,"maximum":50,"description":"How many of the longest frames to explain (default 5)."}
            }}""";

    static final String DESCRIPTION = "Explain why a run janked: the worst frames with their stage times (input, "
            + "animation, layout, draw, sync, command, swap, gpu), each slow frame's main cause, the CPU/thermal "
            + "state over it and the FrameTimeline blame (app or system), plus the run's main causes in plain words.";

    /** One kept frame, copied (the engine reuses its FrameResult). */
    private record Kept(long sequence, long timeNs, long durationNs, long dropped, String dropLevel, boolean slow,
                        String mainCause, long[] stagesNs, ResourceUsage resources) {
    }

    McpSchema.CallToolResult call(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Map<String, Object> a = Args.of(request);
        Args.allowOnly(a, "run", "file", "worst");
        Long worstArg = Args.count(a, "worst");
        int worst = worstArg == null ? 5 : (int) Math.min(50, Math.max(1, worstArg));
        Path file;
        if (a.get("run") != null) {
            if (a.get("file") != null) {
                throw ToolError.invalidParams("give run or file, not both");
            }
            Runs.Run r = a.get("run") instanceof String id ? context.runs().find(id) : null;
            if (r == null) {
                throw ToolError.invalidParams("run: no run of this server has that id (measure returns it)");
            }
            file = r.dir().resolve("frames.csv");
        } else {
            file = context.sandbox().readable(a.get("file"), "file");
        }
        PriorityQueue<Kept> longest = new PriorityQueue<>(Comparator.comparingLong(Kept::durationNs));
        Map<Long, FrameTimelineVerdict> verdicts = new HashMap<>();
        FrameEngine.Listener keep = new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                if (!r.timed()) {
                    return;
                }
                if (longest.size() == worst && longest.peek().durationNs() >= r.duration()) {
                    return;
                }
                long[] stages = new long[Stage.count()];
                for (Stage s : Stage.all()) {
                    stages[s.ordinal()] = r.stage(s);
                }
                longest.add(new Kept(r.sequence(), r.time(), r.duration(), r.dropped(), r.dropLevel().key(),
                        r.slow(), r.mainCauseKey(), stages, r.resources()));
                if (longest.size() > worst) {
                    longest.poll();
                }
            }

            @Override
            public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
                verdicts.put(sequence, verdict);
                if (verdicts.size() > 100_000) {
                    verdicts.clear(); // bounded: a verdict comes soon after its frame; the kept ones are looked up below
                }
            }
        };
        Summary s;
        try {
            s = SavedDump.analyze(file, context.engineConfig(), null, keep).summary();
        } catch (DumpFormatException e) {
            throw ToolError.invalidParams(file + ": " + e.getMessage());
        } catch (IOException e) {
            throw ToolError.internal(file + ": cannot read: " + e.getMessage());
        }
        List<Kept> frames = new ArrayList<>(longest);
        frames.sort(Comparator.comparingLong(Kept::durationNs).reversed());
        long firstNs = frames.stream().mapToLong(Kept::timeNs).min().orElse(0);
        ObjectNode out = context.json().createObjectNode();
        out.put("file", file.toString());
        out.put("frames", s.frames());
        if (s.jankPercent() != null) {
            out.put("jankPercent", s.jankPercent());
        }
        out.put("worstCause", s.worstCause());
        ObjectNode causes = out.putObject("mainCauses");
        long[] counts = s.mainCauses();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                causes.put(Summary.causeKey(i), counts[i]);
            }
        }
        ArrayNode list = out.putArray("worstFrames");
        StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%d frames, %s janky.", s.frames(),
                s.jankPercent() == null ? "unavailable %" : String.format(Locale.ROOT, "%.2f %%", s.jankPercent())));
        if (s.worstCause() != null && !s.worstCause().isEmpty()) {
            text.append(" Most slow frames were slow in: ").append(s.worstCause()).append('.');
        }
        text.append('\n');
        for (Kept k : frames) {
            ObjectNode f = list.addObject();
            f.put("atMs", round((k.timeNs() - firstNs) / 1e6));
            f.put("durationMs", round(k.durationNs() / 1e6));
            f.put("droppedFrames", k.dropped());
            f.put("dropLevel", k.dropLevel());
            f.put("slow", k.slow());
            if (!k.mainCause().isEmpty()) {
                f.put("mainCause", k.mainCause());
            }
            ObjectNode stages = f.putObject("stagesMs");
            Stage longestStage = null;
            for (Stage st : Stage.all()) {
                long ns = k.stagesNs()[st.ordinal()];
                if (ns >= 0) {
                    stages.put(st.key(), round(ns / 1e6));
                    if (st != Stage.DELAY && (longestStage == null || ns > k.stagesNs()[longestStage.ordinal()])) {
                        longestStage = st;
                    }
                }
            }
            if (k.resources() != null) {
                f.set("resources", context.json().valueToTree(k.resources()));
            }
            FrameTimelineVerdict v = verdicts.get(k.sequence());
            if (v != null && v.attributed()) {
                ObjectNode ft = f.putObject("frameTimeline");
                ft.put("blame", v.blame().name().toLowerCase(Locale.ROOT));
                ft.put("jankTypes", v.jankTypesColumn());
                ft.put("presentState", v.presentState());
            }
            text.append(String.format(Locale.ROOT, "- %.1f ms at +%.0f ms (%d frame%s dropped)", k.durationNs() / 1e6,
                    (k.timeNs() - firstNs) / 1e6, k.dropped(), k.dropped() == 1 ? "" : "s"));
            if (longestStage != null) {
                text.append(String.format(Locale.ROOT, ": longest stage %s %.1f ms", longestStage.key(),
                        k.stagesNs()[longestStage.ordinal()] / 1e6));
            }
            if (!k.mainCause().isEmpty()) {
                text.append(", main cause ").append(k.mainCause());
            }
            if (v != null && v.attributed() && v.blame() != io.fpsctl.engine.FrameTimelineBlame.NONE) {
                text.append(", FrameTimeline blames ").append(v.blame().name().toLowerCase(Locale.ROOT)
                        .replace('_', ' ')).append(" (").append(v.jankTypesColumn()).append(')');
            }
            if (k.resources() != null && k.resources().mainCpu() != null) {
                text.append(String.format(Locale.ROOT, ", main thread %.0f %% CPU", k.resources().mainCpu()));
            }
            text.append('\n');
        }
        FrameTimelineSummary ft = s.frameTimeline();
        if (ft != null) {
            out.set("frameTimeline", context.json().valueToTree(ft));
            text.append(String.format(Locale.ROOT, "FrameTimeline: %d janky of %d joined frames: app %d, system %d.%n",
                    ft.jankyFrames(), ft.frames(), ft.appJank(), ft.systemJank()));
        }
        if (s.resources() != null) {
            out.set("resources", context.json().valueToTree(s.resources()));
        }
        return Results.of(context, out, text.toString());
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
