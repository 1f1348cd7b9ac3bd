package io.fpsctl.format;

import static io.fpsctl.format.SummaryJson.nullableLong;
import static io.fpsctl.format.SummaryJson.number;
import static io.fpsctl.format.SummaryJsonReader.abbreviated;
import static io.fpsctl.format.SummaryJsonReader.number;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.format.SummaryJsonSchema.InCpu;
import io.fpsctl.format.SummaryJsonSchema.InResources;
import io.fpsctl.format.SummaryJsonSchema.Key;
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
            g.writeNullField(SummaryJsonSchema.RESOURCES.name());
            return;
        }
        g.writeObjectFieldStart(SummaryJsonSchema.RESOURCES.name());
        cpu(g, InResources.APP, r.app());
        cpu(g, InResources.DEVICE, r.device());
        g.writeArrayFieldStart(InResources.THREADS.name());
        for (ResourceSummary.Cpu t : r.threads()) {
            g.writeStartObject();
            g.writeStringField(InCpu.NAME.name(), t.name());
            figures(g, t);
            g.writeEndObject();
        }
        g.writeEndArray();
        nullableLong(g, InResources.RSS_PEAK_KB.name(), r.rssPeakKb());
        nullableLong(g, InResources.PSS_PEAK_KB.name(), r.pssPeakKb());
        nullableLong(g, InResources.WORST_THERMAL_STATUS.name(),
                r.worstThermalStatus() == null ? null : (long) r.worstThermalStatus());
        decimal(g, InResources.MAX_TEMP_C, r.maxTempC());
        decimal(g, InResources.BATTERY_TEMP_C, r.batteryTempC());
        decimal(g, InResources.THROTTLED_SHARE, r.throttledShare());
        g.writeNumberField(InResources.SLOW_FRAMES_MAIN_THREAD_BUSY.name(), r.slowFramesMainThreadBusy());
        g.writeNumberField(InResources.SLOW_FRAMES_THROTTLED.name(), r.slowFramesThrottled());
        g.writeArrayFieldStart(InResources.MISSING.name());
        for (String m : r.missing()) {
            g.writeString(m);
        }
        g.writeEndArray();
        LoadJson.write(g, r.load());
        g.writeEndObject();
    }

    private static void decimal(JsonGenerator g, Key key, Double v) throws IOException {
        number(g, key.name(), v, key.decimals());
    }

    private static void cpu(JsonGenerator g, Key key, ResourceSummary.Cpu c) throws IOException {
        g.writeObjectFieldStart(key.name());
        figures(g, c);
        g.writeEndObject();
    }

    private static void figures(JsonGenerator g, ResourceSummary.Cpu c) throws IOException {
        decimal(g, InCpu.MEAN_CPU_PERCENT, c == null ? null : c.meanPercent());
        decimal(g, InCpu.PEAK_CPU_PERCENT, c == null ? null : c.peakPercent());
    }

    /** The object read back with its types checked (plausibility: {@link PossibleSummary}); null when null. */
    static ResourceSummary read(JsonNode n) throws SummaryFormatException {
        if (n.isMissingNode() || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw new SummaryFormatException("'resources' must be an object or null, got " + abbreviated(n));
        }
        JsonNode threads = n.path(InResources.THREADS.name());
        List<ResourceSummary.Cpu> list = new ArrayList<>();
        if (!threads.isMissingNode() && !threads.isNull()) {
            if (!threads.isArray()) {
                throw new SummaryFormatException("'resources.threads' must be a list, got " + abbreviated(threads));
            }
            for (JsonNode t : threads) {
                if (!t.isObject() || !t.path(InCpu.NAME.name()).isTextual()) {
                    throw new SummaryFormatException("'resources.threads' must hold objects with a 'name', got "
                            + abbreviated(t));
                }
                list.add(figures(t, t.path(InCpu.NAME.name()).textValue(), "resources.threads"));
            }
        }
        List<String> missing = new ArrayList<>();
        JsonNode m = n.path(InResources.MISSING.name());
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
        Long thermal = whole(n, InResources.WORST_THERMAL_STATUS);
        return new ResourceSummary(figures(object(n, InResources.APP), "app", "resources.app"),
                figures(object(n, InResources.DEVICE), "device", "resources.device"), list,
                whole(n, InResources.RSS_PEAK_KB), whole(n, InResources.PSS_PEAK_KB),
                thermal == null ? null : (int) Math.min(Integer.MAX_VALUE, thermal),
                number(n, InResources.MAX_TEMP_C.name()), number(n, InResources.BATTERY_TEMP_C.name()),
                number(n, InResources.THROTTLED_SHARE.name()), count(n, InResources.SLOW_FRAMES_MAIN_THREAD_BUSY),
                count(n, InResources.SLOW_FRAMES_THROTTLED), missing, LoadJson.read(n));
    }

    private static JsonNode object(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (!v.isMissingNode() && !v.isNull() && !v.isObject()) {
            throw new SummaryFormatException("'resources." + key.name() + "' must be an object or null, got "
                    + abbreviated(v));
        }
        return v;
    }

    private static ResourceSummary.Cpu figures(JsonNode n, String name, String where) throws SummaryFormatException {
        if (!n.isObject()) {
            return new ResourceSummary.Cpu(name, null, null);
        }
        try {
            return new ResourceSummary.Cpu(name, number(n, InCpu.MEAN_CPU_PERCENT.name()),
                    number(n, InCpu.PEAK_CPU_PERCENT.name()));
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException(where + ": " + e.getMessage());
        }
    }

    /** A whole number 0 or more, or null. */
    private static Long whole(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'resources." + key.name()
                    + "' must be a non-negative integer or null, got "
                    + abbreviated(v));
        }
        return v.longValue();
    }

    private static long count(JsonNode n, Key key) throws SummaryFormatException {
        Long v = whole(n, key);
        return v == null ? 0 : v;
    }
}
