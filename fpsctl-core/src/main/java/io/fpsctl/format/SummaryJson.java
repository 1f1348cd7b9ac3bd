package io.fpsctl.format;

import static io.fpsctl.format.SummaryJsonSchema.*;

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
import io.fpsctl.format.SummaryJsonSchema.Key;
import java.io.IOException;
import java.io.Writer;
import java.util.Map;

/**
 * Writes {@link Summary} objects as the docs/metrics.md section 9 JSON (schema version 1). Keys are stable; rates
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

    /** What a FrameTimeline dump analysed alone keeps of the summary object; every other key is null. */
    private static final java.util.Set<String> FRAME_TIMELINE_ONLY_KEYS = java.util.Set.of("schemaVersion",
            "package", "fpsctlVersion", "startTime", "file", "device", "frameTimeline", "warnings", "partial",
            "partialReason");

    /**
     * A {@code dumpsys SurfaceFlinger --frametimeline} dump analysed on its own (docs/frametimeline.md): {@code "source":
     * "frametimeline"}, the {@code frameTimeline} object, the warnings and the metadata; every frame count, rate,
     * frame time, drop level and window is null, because such a dump holds jank verdicts and no frame times
     * (docs/metrics.md: null where a key does not apply, never 0 for "unknown").
     */
    public static void writeFrameTimelineOnly(Summary s, RunMetadata metadata, Writer out, boolean pretty)
            throws IOException {
        java.io.StringWriter whole = new java.io.StringWriter();
        write(s, metadata, whole, false);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(whole.toString());
        java.util.List<String> keys = new java.util.ArrayList<>();
        tree.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            if (!FRAME_TIMELINE_ONLY_KEYS.contains(key)) {
                tree.putNull(key);
            }
        }
        tree.put("source", FRAME_TIMELINE_SOURCE);
        try (JsonGenerator g = generator(out, pretty)) {
            mapper.writeTree(g, tree);
        }
    }

    /** The {@code source} of a FrameTimeline-only summary: not a {@link io.fpsctl.engine.Source}, no frames. */
    public static final String FRAME_TIMELINE_SOURCE = "frametimeline";

    /** The fpsctl version the jar's manifest names ({@code dev} when run from classes, e.g. in tests). */
    public static String fpsctlVersion() {
        String v = SummaryJson.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** {@code {"file": NAME, "error": MESSAGE}}: what stands in a JSON array of summaries for a file that failed. */
    public static void writeError(String file, String error, Writer out) throws IOException {
        try (JsonGenerator g = generator(out, true)) {
            g.writeStartObject();
            g.writeStringField(FILE.name(), file);
            g.writeStringField(ERROR.name(), error);
            g.writeEndObject();
        }
    }

    /** {@code fpsctlVersion}, {@code startTime}, {@code file}, {@code device}: every key present, null if unknown. */
    private static void metadata(JsonGenerator g, RunMetadata m) throws IOException {
        g.writeStringField(FPSCTL_VERSION.name(), m == null || m.fpsctlVersion() == null ? fpsctlVersion()
                : m.fpsctlVersion());
        string(g, START_TIME, m == null || m.startTime() == null ? null
                : m.startTime().truncatedTo(java.time.temporal.ChronoUnit.MILLIS).toString());
        string(g, FILE, m == null ? null : m.file());
        RunMetadata.Device d = m == null ? null : m.device();
        if (d == null) {
            g.writeNullField(DEVICE.name());
            return;
        }
        g.writeObjectFieldStart(DEVICE.name());
        string(g, InDevice.SERIAL, d.serial());
        string(g, InDevice.MODEL, d.model());
        string(g, InDevice.ANDROID_VERSION, d.androidVersion());
        nullableLong(g, InDevice.SDK, d.sdk() == null ? null : d.sdk().longValue());
        string(g, InDevice.BUILD_FINGERPRINT, d.buildFingerprint());
        g.writeArrayFieldStart(InDevice.REFRESH_MODES_HZ.name());
        for (double hz : d.refreshModesHz()) {
            g.writeNumber(Decimals.round(hz, REFRESH_MODE_DECIMALS));
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void string(JsonGenerator g, Key key, String value) throws IOException {
        if (value == null) {
            g.writeNullField(key.name());
        } else {
            g.writeStringField(key.name(), value);
        }
    }

    private static JsonGenerator generator(Writer out, boolean pretty) throws IOException {
        JsonGenerator g = Factory.INSTANCE.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setCharacterEscapes(DeviceTextJsonEscapes.INSTANCE); // device text: no raw C1 or bidi control
        if (pretty) {
            g.setPrettyPrinter(new DefaultPrettyPrinter());
        }
        return g;
    }

    private static void object(JsonGenerator g, Summary s, RunMetadata metadata, boolean top) throws IOException {
        g.writeStartObject();
        if (top) {
            g.writeNumberField(SCHEMA_VERSION.name(), Summary.SCHEMA_VERSION);
            g.writeStringField(SOURCE.name(), s.source().key());
            g.writeStringField(PACKAGE.name(), s.packageName());
            metadata(g, metadata);
        } else {
            g.writeStringField(NAME.name(), s.name());
        }
        number(g, REFRESH_HZ, s.refreshHz());
        g.writeNumberField(FRAMES.name(), s.frames());
        g.writeNumberField(TIMED_FRAMES.name(), s.timedFrames());
        number(g, FPS, s.fps());
        number(g, SPAN_FPS, s.spanFps());
        g.writeNumberField(JANKY_FRAMES.name(), s.jankyFrames());
        number(g, JANK_PERCENT, s.jankPercent());
        g.writeNumberField(DROPPED_FRAMES.name(), s.droppedFrames());
        g.writeNumberField(OVERFLOWS.name(), s.overflows());
        g.writeNumberField(COVERAGE_GAPS.name(), s.coverageGaps());
        g.writeNumberField(COVERAGE_GAP_MS.name(), Decimals.round(s.coverageGapMs(), COVERAGE_GAP_MS.decimals()));
        g.writeObjectFieldStart(DROP_LEVELS.name());
        for (DropLevel l : DropLevel.all()) {
            g.writeNumberField(l.key(), s.dropLevel(l));
        }
        g.writeEndObject();
        FrameTimes t = s.frameTimeMs();
        g.writeObjectFieldStart(FRAME_TIME_MS.name());
        number(g, InFrameTimeMs.P50, t == null ? null : t.p50());
        number(g, InFrameTimeMs.P90, t == null ? null : t.p90());
        number(g, InFrameTimeMs.P95, t == null ? null : t.p95());
        number(g, InFrameTimeMs.P99, t == null ? null : t.p99());
        number(g, InFrameTimeMs.MAX, t == null ? null : t.max());
        number(g, InFrameTimeMs.MEAN, t == null ? null : t.mean());
        g.writeEndObject();
        if (s.source().presented()) {
            g.writeNullField(STAGES_MS.name());
            g.writeNullField(MAIN_CAUSES.name());
        } else {
            g.writeObjectFieldStart(STAGES_MS.name());
            for (Stage st : Stage.all()) {
                number(g, st.key(), s.stageMs(st), MEAN_MS_DECIMALS);
            }
            g.writeEndObject();
            long[] causes = s.mainCauses();
            if (causes == null) { // e.g. read back from a summary that had no main causes
                g.writeNullField(MAIN_CAUSES.name());
            } else {
                g.writeObjectFieldStart(MAIN_CAUSES.name());
                for (int i = 0; i < causes.length; i++) {
                    g.writeNumberField(Summary.causeKey(i), causes[i]);
                }
                g.writeEndObject();
            }
        }
        nullableLong(g, JANK, s.jank());
        nullableLong(g, BIG_JANK, s.bigJank());
        number(g, STUTTER_PERCENT, s.stutterPercent());
        if (s.worstCause() == null) {
            g.writeNullField(WORST_FRAME_CAUSE.name());
        } else {
            g.writeStringField(WORST_FRAME_CAUSE.name(), s.worstCause());
        }
        number(g, SCROLL_FPS, s.scrollFps());
        number(g, FINGER_SCROLL_FPS, s.fingerScrollFps());
        if (s.choreographerMs() == null) {
            g.writeNullField(CHOREOGRAPHER_MS.name());
        } else {
            g.writeObjectFieldStart(CHOREOGRAPHER_MS.name());
            for (int i = 0; i < Interaction.CH_QUEUES; i++) {
                number(g, Interaction.CH_KEYS[i], s.choreographerMs(i), MEAN_MS_DECIMALS);
            }
            g.writeEndObject();
        }
        if (top) {
            slowMessages(g, s.slowMessages());
            frameTimeline(g, s.frameTimeline());
            frameTiming(g, s.frameTiming());
            androidVitals(g, s.androidVitals());
            ResourcesJson.write(g, s.resources()); // docs/metrics.md 13
            FlutterJson.write(g, s.flutter()); // docs/metrics.md 16
            g.writeArrayFieldStart(WINDOWS.name());
            for (Summary w : s.windows()) {
                object(g, w, null, false);
            }
            g.writeEndArray();
            g.writeArrayFieldStart(WARNINGS.name());
            for (String w : s.warnings()) {
                g.writeString(w);
            }
            g.writeEndArray();
            g.writeBooleanField(PARTIAL.name(), s.partial());
            RunCoverage c = s.coverage();
            if (c == null || c.partialReason() == null) {
                g.writeNullField(PARTIAL_REASON.name());
            } else {
                g.writeStringField(PARTIAL_REASON.name(), c.partialReason());
            }
            number(g, ASKED_MS, c == null ? null : c.askedMs());
            number(g, MEASURED_MS, c == null ? null : c.measuredMs());
        } else {
            androidVitals(g, s.androidVitals());
        }
        g.writeEndObject();
    }

    /** {@code androidVitals} (docs/metrics.md 6): every key present, null where it does not apply. */
    private static void androidVitals(JsonGenerator g, AndroidVitals v) throws IOException {
        if (v == null) {
            g.writeNullField(ANDROID_VITALS.name());
            return;
        }
        g.writeObjectFieldStart(ANDROID_VITALS.name());
        number(g, InAndroidVitals.SLOW_FRAMES_PERCENT, v.slowFramesPercent());
        number(g, InAndroidVitals.FROZEN_FRAMES_PERCENT, v.frozenFramesPercent());
        number(g, InAndroidVitals.SLOW_SESSION_20_PERCENT, v.slowSession20Percent());
        number(g, InAndroidVitals.SLOW_SESSION_30_PERCENT, v.slowSession30Percent());
        g.writeEndObject();
    }

    /** {@code frameTimeline} (docs/metrics.md 10): null where it does not apply. */
    private static void frameTimeline(JsonGenerator g, FrameTimelineSummary ft) throws IOException {
        if (ft == null) {
            g.writeNullField(FRAME_TIMELINE.name());
            return;
        }
        g.writeObjectFieldStart(FRAME_TIMELINE.name());
        g.writeNumberField(InFrameTimeline.FRAMES.name(), ft.frames());
        g.writeNumberField(InFrameTimeline.UNATTRIBUTED.name(), ft.unattributed());
        g.writeNumberField(InFrameTimeline.JANKY_FRAMES.name(), ft.jankyFrames());
        g.writeNumberField(InFrameTimeline.APP_JANK.name(), ft.appJank());
        g.writeNumberField(InFrameTimeline.SYSTEM_JANK.name(), ft.systemJank());
        number(g, InFrameTimeline.APP_JANK_PERCENT, ft.appJankPercent());
        number(g, InFrameTimeline.SYSTEM_JANK_PERCENT, ft.systemJankPercent());
        // rev 3: neither app nor system jank
        g.writeNumberField(InFrameTimeline.DROPPED_BUFFERS.name(), ft.droppedBuffers());
        // rev 4: Perfetto's other jank tags, neither app nor system jank
        nullableCount(g, InFrameTimeline.BUFFER_STUFFING, ft.bufferStuffing());
        nullableCount(g, InFrameTimeline.SURFACE_FLINGER_STUFFING, ft.surfaceFlingerStuffing());
        nullableCount(g, InFrameTimeline.NON_PERCEIVABLE, ft.nonPerceivable());
        g.writeObjectFieldStart(InFrameTimeline.TYPES.name());
        for (Map.Entry<String, Long> e : ft.types().entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** {@code frameTiming} (docs/metrics.md 15.3): null where it does not apply. */
    private static void frameTiming(JsonGenerator g, io.fpsctl.engine.FrameTiming t) throws IOException {
        if (t == null) {
            g.writeNullField(FRAME_TIMING.name());
            return;
        }
        g.writeObjectFieldStart(FRAME_TIMING.name());
        g.writeNumberField("frameCount", t.frameCount());
        percentiles(g, "frameDurationCpuMs", t.cpuMs());
        percentiles(g, "frameOverrunMs", t.overrunMs());
        g.writeEndObject();
    }

    private static void percentiles(JsonGenerator g, String name, Double[] values) throws IOException {
        if (values == null) {
            g.writeNullField(name);
            return;
        }
        g.writeObjectFieldStart(name);
        for (int i = 0; i < values.length; i++) {
            number(g, Key.decimal("p" + io.fpsctl.engine.FrameTiming.PERCENTILES[i], 3), values[i]);
        }
        g.writeEndObject();
    }

    private static void nullableCount(JsonGenerator g, Key key, Long value) throws IOException {
        if (value == null) {
            g.writeNullField(key.name());
        } else {
            g.writeNumberField(key.name(), value);
        }
    }

    /** {@code slowMessageCount} and {@code slowMessages} (null for sources other than the agent). */
    private static void slowMessages(JsonGenerator g, SlowMessages slow) throws IOException {
        if (slow == null) {
            g.writeNullField(SLOW_MESSAGE_COUNT.name());
            g.writeNullField(SLOW_MESSAGES.name());
            return;
        }
        g.writeNumberField(SLOW_MESSAGE_COUNT.name(), slow.count());
        g.writeArrayFieldStart(SLOW_MESSAGES.name());
        for (SlowMessage m : slow.worst()) {
            g.writeStartObject();
            g.writeNumberField(InSlowMessage.DURATION_MS.name(), m.durationMs());
            g.writeStringField(InSlowMessage.TARGET.name(), m.target());
            g.writeStringField(InSlowMessage.STACK.name(), m.stack());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void nullableLong(JsonGenerator g, Key key, Long v) throws IOException {
        nullableLong(g, key.name(), v);
    }

    static void nullableLong(JsonGenerator g, String key, Long v) throws IOException {
        if (v == null) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, v);
        }
    }

    /** A decimal key rounded to its {@link Key#decimals()}; null when absent or not finite. */
    private static void number(JsonGenerator g, Key key, Double v) throws IOException {
        number(g, key.name(), v, key.decimals());
    }

    static void number(JsonGenerator g, String key, Double v, int decimals) throws IOException {
        if (v == null || v.isNaN() || v.isInfinite()) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, Decimals.round(v, decimals));
        }
    }

}
