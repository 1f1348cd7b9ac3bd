package io.fpsctl.sink.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One input of a report: its summary exactly as in {@code summary.json} (every figure the page prints comes from
 * here), the frames to draw (null when only a summary was given), and header facts such as the device.
 *
 * @param label   how the page names the run (a path, or "baseline" / "candidate")
 * @param kind    what was read, e.g. "capture folder" or "gfxinfo framestats dump"
 * @param summary the METRICS.md section 8 object
 * @param frames  the frames of the run, or null
 * @param header  extra header lines (e.g. device → serial), in order; values may be null
 */
public record ReportRun(String label, String kind, JsonNode summary, ReportFrames frames, Map<String, String> header) {
    public ReportRun {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(summary, "summary");
        header = header == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(header));
    }
}
