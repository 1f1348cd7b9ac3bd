package io.fpsctl.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.SlowMessages;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;

/**
 * Writes {@link Summary} objects as the METRICS.md section 8 JSON (schema version 1). Keys are stable; rates
 * have one decimal, milliseconds and percentages two. Absent values are {@code null}.
 */
public final class SummaryJson {
    /** Created on first use: {@code analyze --format text} calls {@link #round} and must not start Jackson. */
    private static final class Factory {
        static final JsonFactory INSTANCE = new JsonFactory();
    }

    private SummaryJson() {
    }

    /** One summary as a JSON object, with no device, start time or file ({@code null} keys). */
    public static void write(Summary s, Writer out, boolean pretty) throws IOException {
        write(s, null, out, pretty);
    }

    /** One summary as a JSON object, with where and when it was measured ({@code null}: nothing known). */
    public static void write(Summary s, RunMetadata metadata, Writer out, boolean pretty) throws IOException {
        try (JsonGenerator g = generator(out, pretty)) {
            object(g, s, metadata, true);
        }
    }

    /** Several summaries as a JSON array. */
    public static void writeAll(List<Summary> all, Writer out, boolean pretty) throws IOException {
        try (JsonGenerator g = generator(out, pretty)) {
            g.writeStartArray();
            for (Summary s : all) {
                object(g, s, null, true);
            }
            g.writeEndArray();
        }
    }

    /** The fpsctl version the jar's manifest names ({@code dev} when run from classes, e.g. in tests). */
    public static String fpsctlVersion() {
        String v = SummaryJson.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** {@code {"file": NAME, "error": MESSAGE}}: what stands in a JSON array of summaries for a file that failed. */
    public static void writeError(String file, String error, Writer out) throws IOException {
        try (JsonGenerator g = generator(out, true)) {
            g.writeStartObject();
            g.writeStringField("file", file);
            g.writeStringField("error", error);
            g.writeEndObject();
        }
    }

    /** {@code fpsctlVersion}, {@code startTime}, {@code file}, {@code device}: every key present, null if unknown. */
    private static void metadata(JsonGenerator g, RunMetadata m) throws IOException {
        g.writeStringField("fpsctlVersion", m == null || m.fpsctlVersion() == null ? fpsctlVersion()
                : m.fpsctlVersion());
        string(g, "startTime", m == null || m.startTime() == null ? null
                : m.startTime().truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString());
        string(g, "file", m == null ? null : m.file());
        RunMetadata.Device d = m == null ? null : m.device();
        if (d == null) {
            g.writeNullField("device");
            return;
        }
        g.writeObjectFieldStart("device");
        string(g, "serial", d.serial());
        string(g, "model", d.model());
        string(g, "androidVersion", d.androidVersion());
        nullableLong(g, "sdk", d.sdk() == null ? null : d.sdk().longValue());
        string(g, "buildFingerprint", d.buildFingerprint());
        g.writeArrayFieldStart("refreshModesHz");
        for (double hz : d.refreshModesHz()) {
            g.writeNumber(Decimals.round(hz, 1));
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void string(JsonGenerator g, String key, String value) throws IOException {
        if (value == null) {
            g.writeNullField(key);
        } else {
            g.writeStringField(key, value);
        }
    }

    private static JsonGenerator generator(Writer out, boolean pretty) throws IOException {
        JsonGenerator g = Factory.INSTANCE.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        if (pretty) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
        }
        return g;
    }

    private static void object(JsonGenerator g, Summary s, RunMetadata metadata, boolean top) throws IOException {
        g.writeStartObject();
        if (top) {
            g.writeNumberField("schemaVersion", Summary.SCHEMA_VERSION);
            g.writeStringField("source", s.source().key());
            g.writeStringField("package", s.packageName());
            metadata(g, metadata);
        } else {
            g.writeStringField("name", s.name());
        }
        number(g, "refreshHz", s.refreshHz(), 1);
        g.writeNumberField("frames", s.frames());
        g.writeNumberField("timedFrames", s.timedFrames());
        number(g, "fps", s.fps(), 1);
        number(g, "spanFps", s.spanFps(), 1);
        g.writeNumberField("jankyFrames", s.jankyFrames());
        number(g, "jankPercent", s.jankPercent(), 2);
        g.writeNumberField("droppedFrames", s.droppedFrames());
        g.writeNumberField("overflows", s.overflows());
        g.writeNumberField("coverageGaps", s.coverageGaps());
        g.writeNumberField("coverageGapMs", Decimals.round(s.coverageGapMs(), 2));
        g.writeObjectFieldStart("dropLevels");
        for (DropLevel l : DropLevel.all()) {
            g.writeNumberField(l.key(), s.dropLevel(l));
        }
        g.writeEndObject();
        FrameTimes t = s.frameTimeMs();
        g.writeObjectFieldStart("frameTimeMs");
        number(g, "p50", t == null ? null : t.p50(), 2);
        number(g, "p90", t == null ? null : t.p90(), 2);
        number(g, "p95", t == null ? null : t.p95(), 2);
        number(g, "p99", t == null ? null : t.p99(), 2);
        number(g, "max", t == null ? null : t.max(), 2);
        number(g, "mean", t == null ? null : t.mean(), 2);
        g.writeEndObject();
        if (s.source().presented()) {
            g.writeNullField("stagesMs");
            g.writeNullField("mainCauses");
        } else {
            g.writeObjectFieldStart("stagesMs");
            for (Stage st : Stage.all()) {
                number(g, st.key(), s.stageMs(st), 2);
            }
            g.writeEndObject();
            long[] causes = s.mainCauses();
            if (causes == null) { // e.g. read back from a summary that had no main causes
                g.writeNullField("mainCauses");
            } else {
                g.writeObjectFieldStart("mainCauses");
                for (int i = 0; i < causes.length; i++) {
                    g.writeNumberField(Summary.causeKey(i), causes[i]);
                }
                g.writeEndObject();
            }
        }
        nullableLong(g, "jank", s.jank());
        nullableLong(g, "bigJank", s.bigJank());
        number(g, "stutterPercent", s.stutterPercent(), 2);
        if (s.worstCause() == null) {
            g.writeNullField("worstFrameCause");
        } else {
            g.writeStringField("worstFrameCause", s.worstCause());
        }
        number(g, "scrollFps", s.scrollFps(), 1);
        number(g, "fingerScrollFps", s.fingerScrollFps(), 1);
        if (s.choreographerMs() == null) {
            g.writeNullField("choreographerMs");
        } else {
            g.writeObjectFieldStart("choreographerMs");
            for (int i = 0; i < Interaction.CH_QUEUES; i++) {
                number(g, Interaction.CH_KEYS[i], s.choreographerMs(i), 2);
            }
            g.writeEndObject();
        }
        if (top) {
            slowMessages(g, s.slowMessages());
            frameTimeline(g, s.frameTimeline());
            androidVitals(g, s.androidVitals());
            ResourcesJson.write(g, s.resources()); // docs/metrics.md 13
            g.writeArrayFieldStart("windows");
            for (Summary w : s.windows()) {
                object(g, w, null, false);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("warnings");
            for (String w : s.warnings()) {
                g.writeString(w);
            }
            g.writeEndArray();
            g.writeBooleanField("partial", s.partial());
            RunCoverage c = s.coverage();
            if (c == null || c.partialReason() == null) {
                g.writeNullField("partialReason");
            } else {
                g.writeStringField("partialReason", c.partialReason());
            }
            number(g, "askedMs", c == null ? null : c.askedMs(), 2);
            number(g, "measuredMs", c == null ? null : c.measuredMs(), 2);
        } else {
            androidVitals(g, s.androidVitals());
        }
        g.writeEndObject();
    }

    /** {@code androidVitals} (METRICS.md 7a): every key present, null where it does not apply. */
    private static void androidVitals(JsonGenerator g, AndroidVitals v) throws IOException {
        if (v == null) {
            g.writeNullField("androidVitals");
            return;
        }
        g.writeObjectFieldStart("androidVitals");
        number(g, "slowFramesPercent", v.slowFramesPercent(), 2);
        number(g, "frozenFramesPercent", v.frozenFramesPercent(), 2);
        number(g, "slowSession20Percent", v.slowSession20Percent(), 2);
        number(g, "slowSession30Percent", v.slowSession30Percent(), 2);
        g.writeEndObject();
    }

    /** {@code frameTimeline} (METRICS.md 9): null where it does not apply. */
    private static void frameTimeline(JsonGenerator g, FrameTimelineSummary ft) throws IOException {
        if (ft == null) {
            g.writeNullField("frameTimeline");
            return;
        }
        g.writeObjectFieldStart("frameTimeline");
        g.writeNumberField("frames", ft.frames());
        g.writeNumberField("unattributed", ft.unattributed());
        g.writeNumberField("jankyFrames", ft.jankyFrames());
        g.writeNumberField("appJank", ft.appJank());
        g.writeNumberField("systemJank", ft.systemJank());
        number(g, "appJankPercent", ft.appJankPercent(), 2);
        number(g, "systemJankPercent", ft.systemJankPercent(), 2);
        g.writeNumberField("droppedBuffers", ft.droppedBuffers()); // rev 3: neither app nor system jank
        g.writeObjectFieldStart("types");
        for (Map.Entry<String, Long> e : ft.types().entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** {@code slowMessageCount} and {@code slowMessages} (null for sources other than the agent). */
    private static void slowMessages(JsonGenerator g, SlowMessages slow) throws IOException {
        if (slow == null) {
            g.writeNullField("slowMessageCount");
            g.writeNullField("slowMessages");
            return;
        }
        g.writeNumberField("slowMessageCount", slow.count());
        g.writeArrayFieldStart("slowMessages");
        for (SlowMessage m : slow.worst()) {
            g.writeStartObject();
            g.writeNumberField("durationMs", m.durationMs());
            g.writeStringField("target", m.target());
            g.writeStringField("stack", m.stack());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    static void nullableLong(JsonGenerator g, String key, Long v) throws IOException {
        if (v == null) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, v);
        }
    }

    static void number(JsonGenerator g, String key, Double v, int decimals) throws IOException {
        if (v == null || v.isNaN() || v.isInfinite()) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, Decimals.round(v, decimals));
        }
    }

}
