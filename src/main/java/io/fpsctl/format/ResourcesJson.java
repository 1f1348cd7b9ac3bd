package io.fpsctl.format;

import static io.fpsctl.format.SummaryJson.nullableLong;
import static io.fpsctl.format.SummaryJson.number;
import static io.fpsctl.format.SummaryJsonReader.abbreviated;
import static io.fpsctl.format.SummaryJsonReader.number;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.ResourceSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code resources} object of {@code summary.json} (docs/metrics.md section 13 rule 11), written and read back:
 * <pre>
 * "resources": {
 *   "app":    {"meanCpuPercent": 41.2, "peakCpuPercent": 97.0},
 *   "device": {"meanCpuPercent": 23.5, "peakCpuPercent": 60.1},
 *   "threads": [{"name": "main", "meanCpuPercent": 30.1, "peakCpuPercent": 95.0}, …],
 *   "rssPeakKb": 210000, "pssPeakKb": 160000, "worstThermalStatus": 1, "maxTempC": 42.0, "batteryTempC": 31.5,
 *   "throttledShare": 0.25, "slowFramesMainThreadBusy": 3, "slowFramesThrottled": 1, "missing": ["…"]
 * }
 * </pre>
 * {@code null} when the run read no resources (a saved dump or file). CPU in % with two decimals.
 */
final class ResourcesJson {
    private ResourcesJson() {
    }

    static void write(JsonGenerator g, ResourceSummary r) throws IOException {
        if (r == null) {
            g.writeNullField("resources");
            return;
        }
        g.writeObjectFieldStart("resources");
        cpu(g, "app", r.app());
        cpu(g, "device", r.device());
        g.writeArrayFieldStart("threads");
        for (ResourceSummary.Cpu t : r.threads()) {
            g.writeStartObject();
            g.writeStringField("name", t.name());
            figures(g, t);
            g.writeEndObject();
        }
        g.writeEndArray();
        nullableLong(g, "rssPeakKb", r.rssPeakKb());
        nullableLong(g, "pssPeakKb", r.pssPeakKb());
        nullableLong(g, "worstThermalStatus", r.worstThermalStatus() == null ? null : (long) r.worstThermalStatus());
        number(g, "maxTempC", r.maxTempC(), 1);
        number(g, "batteryTempC", r.batteryTempC(), 1);
        number(g, "throttledShare", r.throttledShare(), 4);
        g.writeNumberField("slowFramesMainThreadBusy", r.slowFramesMainThreadBusy());
        g.writeNumberField("slowFramesThrottled", r.slowFramesThrottled());
        g.writeArrayFieldStart("missing");
        for (String m : r.missing()) {
            g.writeString(m);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void cpu(JsonGenerator g, String key, ResourceSummary.Cpu c) throws IOException {
        g.writeObjectFieldStart(key);
        figures(g, c);
        g.writeEndObject();
    }

    private static void figures(JsonGenerator g, ResourceSummary.Cpu c) throws IOException {
        number(g, "meanCpuPercent", c == null ? null : c.meanPercent(), 2);
        number(g, "peakCpuPercent", c == null ? null : c.peakPercent(), 2);
    }

    /** The object read back with its types checked (plausibility: {@link PossibleSummary}); null when null. */
    static ResourceSummary read(JsonNode n) throws SummaryFormatException {
        if (n.isMissingNode() || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw new SummaryFormatException("'resources' must be an object or null, got " + abbreviated(n));
        }
        JsonNode threads = n.path("threads");
        List<ResourceSummary.Cpu> list = new ArrayList<>();
        if (!threads.isMissingNode() && !threads.isNull()) {
            if (!threads.isArray()) {
                throw new SummaryFormatException("'resources.threads' must be a list, got " + abbreviated(threads));
            }
            for (JsonNode t : threads) {
                if (!t.isObject() || !t.path("name").isTextual()) {
                    throw new SummaryFormatException("'resources.threads' must hold objects with a 'name', got "
                            + abbreviated(t));
                }
                list.add(figures(t, t.path("name").textValue(), "resources.threads"));
            }
        }
        List<String> missing = new ArrayList<>();
        JsonNode m = n.path("missing");
        if (!m.isMissingNode() && !m.isNull()) {
            if (!m.isArray()) {
                throw new SummaryFormatException("'resources.missing' must be a list of text, got " + abbreviated(m));
            }
            for (JsonNode line : m) {
                if (!line.isTextual()) {
                    throw new SummaryFormatException("'resources.missing' must be a list of text, holds "
                            + abbreviated(line));
                }
                missing.add(line.textValue());
            }
        }
        Long thermal = whole(n, "worstThermalStatus");
        return new ResourceSummary(figures(object(n, "app"), "app", "resources.app"),
                figures(object(n, "device"), "device", "resources.device"), list, whole(n, "rssPeakKb"),
                whole(n, "pssPeakKb"), thermal == null ? null : (int) Math.min(Integer.MAX_VALUE, thermal),
                number(n, "maxTempC"), number(n, "batteryTempC"), number(n, "throttledShare"),
                count(n, "slowFramesMainThreadBusy"), count(n, "slowFramesThrottled"), missing);
    }

    private static JsonNode object(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (!v.isMissingNode() && !v.isNull() && !v.isObject()) {
            throw new SummaryFormatException("'resources." + key + "' must be an object or null, got "
                    + abbreviated(v));
        }
        return v;
    }

    private static ResourceSummary.Cpu figures(JsonNode n, String name, String where) throws SummaryFormatException {
        if (!n.isObject()) {
            return new ResourceSummary.Cpu(name, null, null);
        }
        try {
            return new ResourceSummary.Cpu(name, number(n, "meanCpuPercent"), number(n, "peakCpuPercent"));
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException(where + ": " + e.getMessage());
        }
    }

    /** A whole number 0 or more, or null. */
    private static Long whole(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'resources." + key + "' must be a non-negative integer or null, got "
                    + abbreviated(v));
        }
        return v.longValue();
    }

    private static long count(JsonNode n, String key) throws SummaryFormatException {
        Long v = whole(n, key);
        return v == null ? 0 : v;
    }
}
