package io.fpsctl.sink.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.Summary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One input of a report: its iterations (one for a capture, a dump or a plain summary; N for a {@code gate
 * --iterations N} run), each with its summary exactly as in {@code summary.json} (every figure the page prints comes
 * from here) and the frames to draw (null when only a summary was given), and header facts such as the device.
 *
 * @param label      how the page names the run (a path, or "baseline" / "candidate")
 * @param kind       what was read, e.g. "capture folder" or "gfxinfo framestats dump"
 * @param iterations the run's iterations in the order measured, at least one
 * @param header     extra header lines (e.g. device → serial), in order; values may be null
 */
public record ReportRun(String label, String kind, List<Iteration> iterations, Map<String, String> header) {

    /**
     * One iteration of a run.
     *
     * @param summary  the docs/metrics.md section 9 object as {@code summary.json} holds it
     * @param measured the same summary as the engine's object, for comparing runs (docs/metrics.md section 8); null
     *                 when the file could not be read as one (the page then shows no verdict against it)
     * @param frames   the frames of the iteration, or null
     * @param video    its screen recording ({@code --record}), or null
     */
    public record Iteration(JsonNode summary, Summary measured, ReportFrames frames, ReportVideo video) {
        public Iteration {
            Objects.requireNonNull(summary, "summary");
        }

        /** An iteration without a screen recording. */
        public Iteration(JsonNode summary, Summary measured, ReportFrames frames) {
            this(summary, measured, frames, null);
        }
    }

    public ReportRun {
        Objects.requireNonNull(label, "label");
        if (iterations.isEmpty()) {
            throw new IllegalArgumentException("a run has at least one iteration");
        }
        iterations = List.copyOf(iterations);
        header = header == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(header));
    }

    /** A run of one iteration. */
    public ReportRun(String label, String kind, JsonNode summary, Summary measured, ReportFrames frames,
                     Map<String, String> header) {
        this(label, kind, List.of(new Iteration(summary, measured, frames)), header);
    }

    /** The summary of the last iteration (the whole run's for a run of one). */
    public JsonNode summary() {
        return iterations.get(iterations.size() - 1).summary();
    }

    /** The engine summaries of every iteration, or null when one of them is not known. */
    public List<Summary> measured() {
        List<Summary> out = iterations.stream().map(Iteration::measured).filter(Objects::nonNull).toList();
        return out.size() == iterations.size() ? out : null;
    }
}
