package io.fpsctl.format;

import static io.fpsctl.format.SummaryJsonSchema.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.SlowMessages;
import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.SummaryJsonSchema.Key;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a docs/metrics.md section 9 JSON summary (what {@link SummaryJson#write} produces, schema version 1) back into a
 * {@link Summary}, for {@code gate --from} and baselines. Values come back with the rounding they were printed with.
 * Unknown keys are ignored (adding keys is allowed by the schema); a missing optional key reads as absent.
 *
 * <p>Frame times are all-or-nothing: {@code frameTimeMs} comes back as null unless p50, p90, p95, p99, max and
 * mean are all numbers.
 */
public final class SummaryJsonReader {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private SummaryJsonReader() {
    }

    /** Reads the summary in {@code file}; the message of an exception names the file. */
    public static Summary read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(in);
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException(file + ": " + e.getMessage());
        }
    }

    /**
     * Reads one summary object.
     *
     * @throws SummaryFormatException when the text is not JSON or not a schema-1 fpsctl summary
     */
    public static Summary read(Reader in) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw new SummaryFormatException("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new SummaryFormatException("empty, not an fpsctl summary");
        }
        if (root.isArray()) {
            throw new SummaryFormatException("holds " + root.size() + " summaries (a JSON array); expected one");
        }
        return summary(root);
    }

    /**
     * Reads a run: the summaries of its iterations when the file has an {@code iterations} list (a gate run with
     * {@code --iterations}, docs/metrics.md section 8), else the one summary it holds as a run of one iteration.
     *
     * @throws SummaryFormatException (naming the file) when it is not a summary
     */
    public static List<Summary> readRun(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            JsonNode root;
            try {
                root = MAPPER.readTree(in);
            } catch (JsonProcessingException e) {
                throw new SummaryFormatException("not JSON: " + e.getOriginalMessage());
            }
            if (root == null || root.isMissingNode() || !root.isObject()) {
                throw new SummaryFormatException("not an fpsctl summary (expected a JSON object)");
            }
            JsonNode iterations = root.path(ITERATIONS.name());
            if (iterations.isArray() && !iterations.isEmpty()) {
                List<Summary> out = new ArrayList<>();
                for (JsonNode it : iterations) {
                    out.add(summary(it));
                }
                return List.copyOf(out);
            }
            return List.of(summary(root));
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException(file + ": " + e.getMessage());
        }
    }

    private static Summary summary(JsonNode root) throws SummaryFormatException {
        if (!root.isObject() || !root.path(SCHEMA_VERSION.name()).isInt()) {
            throw new SummaryFormatException("not an fpsctl summary (no schemaVersion)");
        }
        int version = root.get(SCHEMA_VERSION.name()).intValue();
        if (version != Summary.SCHEMA_VERSION) {
            throw new SummaryFormatException("schemaVersion " + version + " is not supported (this fpsctl reads "
                    + Summary.SCHEMA_VERSION + ")");
        }
        Source source = Source.fromKey(root.path(SOURCE.name()).asText(""));
        if (source == null && SummaryJson.FRAME_TIMELINE_SOURCE.equals(root.path(SOURCE.name()).asText(""))) {
            throw new SummaryFormatException("a FrameTimeline-only summary: it holds jank verdicts, no frames; "
                    + "analyze the gfxinfo dump with --frametimeline for a summary with frames");
        }
        if (source == null) {
            throw new SummaryFormatException("unknown source '" + root.path(SOURCE.name()).asText("") + "'");
        }
        String pkg = text(root, PACKAGE);
        List<Summary> windows = new ArrayList<>();
        for (JsonNode w : root.path(WINDOWS.name())) {
            windows.add(summary(w, source, pkg, text(w, NAME), List.of(), List.of()));
        }
        List<String> warnings = new ArrayList<>();
        for (JsonNode w : root.path(WARNINGS.name())) {
            if (!w.isTextual()) {
                throw new SummaryFormatException("'warnings' must be a list of text, holds " + abbreviated(w));
            }
            warnings.add(w.asText());
        }
        Summary read = summary(root, source, pkg, null, List.copyOf(windows), List.copyOf(warnings))
                .toBuilder().slowMessages(slowMessages(root))
                .frameTimeline(frameTimeline(root.path(FRAME_TIMELINE.name())))
                .frameTiming(frameTiming(root.path(FRAME_TIMING.name())))
                .resources(ResourcesJson.read(root.path(RESOURCES.name())))
                .flutter(FlutterJson.read(root.path(FLUTTER.name()))).build();
        PossibleSummary.check(read); // a summary with an impossible figure is not one fpsctl wrote from frames
        return read;
    }

    /** The {@code androidVitals} object (docs/metrics.md 6); null when absent or null (a summary from before 7a). */
    private static AndroidVitals androidVitals(JsonNode v) throws SummaryFormatException {
        if (!v.isObject()) {
            return null;
        }
        return new AndroidVitals(number(v, InAndroidVitals.SLOW_FRAMES_PERCENT),
                number(v, InAndroidVitals.FROZEN_FRAMES_PERCENT), number(v, InAndroidVitals.SLOW_SESSION_20_PERCENT),
                number(v, InAndroidVitals.SLOW_SESSION_30_PERCENT));
    }

    /** The {@code frameTimeline} object (docs/metrics.md 10); null when absent or null. */
    private static FrameTimelineSummary frameTimeline(JsonNode ft) throws SummaryFormatException {
        if (!ft.isObject()) {
            return null;
        }
        Map<String, Long> types = new LinkedHashMap<>();
        expect(ft, InFrameTimeline.TYPES, ft.path(InFrameTimeline.TYPES.name()).isObject(), "an object");
        for (Map.Entry<String, JsonNode> e : ft.path(InFrameTimeline.TYPES.name()).properties()) {
            types.put(e.getKey(), count(ft.path(InFrameTimeline.TYPES.name()), e.getKey()));
        }
        return new FrameTimelineSummary(count(ft, InFrameTimeline.FRAMES), count(ft, InFrameTimeline.UNATTRIBUTED),
                count(ft, InFrameTimeline.JANKY_FRAMES), count(ft, InFrameTimeline.APP_JANK),
                count(ft, InFrameTimeline.SYSTEM_JANK), number(ft, InFrameTimeline.APP_JANK_PERCENT),
                number(ft, InFrameTimeline.SYSTEM_JANK_PERCENT), droppedBuffers(ft, types),
                optionalCount(ft, InFrameTimeline.BUFFER_STUFFING), optionalCount(ft, InFrameTimeline.SURFACE_FLINGER_STUFFING),
                optionalCount(ft, InFrameTimeline.NON_PERCEIVABLE), types, List.of());
    }

    /**
     * The run's metadata (docs/metrics.md section 9: {@code fpsctlVersion}, {@code startTime}, {@code file},
     * {@code device}) is not needed to judge a run, but a summary whose metadata has the wrong types was not written
     * by fpsctl as it is: refused like any other wrong type.
     */
    private static void checkMetadata(JsonNode n) throws SummaryFormatException {
        text(n, FPSCTL_VERSION);
        text(n, START_TIME);
        text(n, FILE);
        JsonNode d = n.path(DEVICE.name());
        expect(n, DEVICE, d.isObject(), "an object");
        if (d.isObject()) {
            for (Key key : InDevice.TEXTS) {
                text(d, key);
            }
            count(d, InDevice.SDK);
            JsonNode modes = d.path(InDevice.REFRESH_MODES_HZ.name());
            expect(d, InDevice.REFRESH_MODES_HZ, modes.isArray(), "a list");
            for (JsonNode hz : modes) {
                if (!hz.isNumber() || hz.doubleValue() < 1 || hz.doubleValue() > 1000) {
                    throw new SummaryFormatException("'device.refreshModesHz' must hold rates of 1-1000 Hz, got "
                            + abbreviated(hz));
                }
            }
        }
    }

    /**
     * {@code droppedBuffers} (docs/metrics.md 10; a summary written before it counts the same buffers in
     * {@code types.dropped}.
     */
    private static long droppedBuffers(JsonNode ft, Map<String, Long> types) throws SummaryFormatException {
        return ft.has(InFrameTimeline.DROPPED_BUFFERS.name()) ? count(ft, InFrameTimeline.DROPPED_BUFFERS)
                : types.getOrDefault(InFrameTimeline.DROPPED_TYPE, 0L);
    }

    /** {@code frameTiming} (docs/metrics.md 15.3); null when absent or null. */
    private static io.fpsctl.engine.FrameTiming frameTiming(JsonNode t) throws SummaryFormatException {
        if (t.isMissingNode() || t.isNull()) {
            return null;
        }
        if (!t.isObject()) {
            throw new SummaryFormatException("'frameTiming' must be an object or null, not " + t.getNodeType());
        }
        return new io.fpsctl.engine.FrameTiming((int) count(t, "frameCount"), percentiles(t.path("frameDurationCpuMs")),
                percentiles(t.path("frameOverrunMs")));
    }

    private static Double[] percentiles(JsonNode p) {
        if (!p.isObject()) {
            return null;
        }
        Double[] out = new Double[io.fpsctl.engine.FrameTiming.PERCENTILES.length];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = p.path("p" + io.fpsctl.engine.FrameTiming.PERCENTILES[i]);
            out[i] = v.isNumber() ? v.doubleValue() : null;
        }
        return out;
    }

    /** A count added by a later revision (docs/metrics.md 10 rev 4): null when the summary predates it or has null. */
    private static Long optionalCount(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        return v.isMissingNode() || v.isNull() ? null : count(n, key);
    }

    /** {@code slowMessageCount} and {@code slowMessages}; null when the summary has neither (not an agent run). */
    private static SlowMessages slowMessages(JsonNode root) throws SummaryFormatException {
        JsonNode list = root.path(SLOW_MESSAGES.name());
        if (!list.isArray() && !root.path(SLOW_MESSAGE_COUNT.name()).isNumber()) {
            return null;
        }
        List<SlowMessage> worst = new ArrayList<>();
        for (JsonNode m : list) {
            Double ms = number(m, InSlowMessage.DURATION_MS);
            worst.add(new SlowMessage(0, ms == null ? 0 : Math.round(ms), text(m, InSlowMessage.TARGET),
                    text(m, InSlowMessage.STACK)));
        }
        long count = root.path(SLOW_MESSAGE_COUNT.name()).isNumber() ? count(root, SLOW_MESSAGE_COUNT) : worst.size();
        return new SlowMessages(count, List.copyOf(worst));
    }

    private static Summary summary(JsonNode n, Source source, String pkg, String name, List<Summary> windows,
                                   List<String> warnings) throws SummaryFormatException {
        if (!n.isObject()) {
            throw new SummaryFormatException("a window entry is not an object");
        }
        shape(n);
        long[] levels = new long[DropLevel.all().length];
        JsonNode dl = n.path(DROP_LEVELS.name());
        for (DropLevel l : DropLevel.all()) {
            levels[l.ordinal()] = count(dl, l.key());
        }
        Double[] stages = null;
        JsonNode st = n.path(STAGES_MS.name());
        if (st.isObject() && count(n, TIMED_FRAMES) > 0) { // the engine has no stage means without timed frames
            stages = new Double[Stage.count()];
            for (Stage s : Stage.all()) {
                stages[s.ordinal()] = number(st, s.key());
            }
        }
        long[] causes = null;
        JsonNode mc = n.path(MAIN_CAUSES.name());
        if (mc.isObject()) {
            causes = new long[Stage.count() + 1];
            for (int i = 0; i < causes.length; i++) {
                causes[i] = count(mc, Summary.causeKey(i));
            }
        }
        checkMetadata(n);
        Double gapMs = number(n, COVERAGE_GAP_MS);
        return Summary.builder().source(source).packageName(pkg).name(name).refreshHz(number(n, REFRESH_HZ))
                .frames(count(n, FRAMES)).timedFrames(count(n, TIMED_FRAMES)).fps(number(n, FPS))
                .spanFps(number(n, SPAN_FPS)).jankyFrames(count(n, JANKY_FRAMES))
                .jankPercent(number(n, JANK_PERCENT)).droppedFrames(count(n, DROPPED_FRAMES))
                .overflows(count(n, OVERFLOWS)).dropLevels(levels)
                .frameTimeMs(frameTimes(n.path(FRAME_TIME_MS.name())))
                .stagesMs(stages).mainCauses(causes).jank(nullableLong(n, JANK))
                .bigJank(nullableLong(n, BIG_JANK)).stutterPercent(number(n, STUTTER_PERCENT))
                .worstCause(text(n, WORST_FRAME_CAUSE)).windows(windows).warnings(warnings)
                .scrollFps(number(n, SCROLL_FPS)).fingerScrollFps(number(n, FINGER_SCROLL_FPS))
                .choreographerMs(choreographer(n.path(CHOREOGRAPHER_MS.name())))
                .coverageGaps((int) Math.min(Integer.MAX_VALUE, count(n, COVERAGE_GAPS)))
                .coverageGapMs(gapMs == null ? 0.0 : gapMs).coverage(coverage(n))
                .androidVitals(androidVitals(n.path(ANDROID_VITALS.name()))).build();
    }

    /**
     * The run's coverage (docs/metrics.md "Coverage"): {@code partial}, {@code partialReason}, {@code askedMs},
     * {@code measuredMs}; null when the summary says nothing of it (a saved dump's summary, an older fpsctl).
     */
    private static RunCoverage coverage(JsonNode n) throws SummaryFormatException {
        boolean partial = partial(n);
        Double asked = number(n, ASKED_MS);
        Double measured = number(n, MEASURED_MS);
        String written = text(n, PARTIAL_REASON); // checked for its type even when the run is complete
        if ((asked != null && asked < 0) || (measured != null && measured < 0)) {
            throw new SummaryFormatException("'askedMs' and 'measuredMs' must be 0 or more, got " + asked + " and "
                    + measured);
        }
        if (!partial && asked == null && measured == null) {
            return null;
        }
        String reason = partial ? written : null;
        return new RunCoverage(asked, measured, partial && (reason == null || reason.isBlank())
                ? Summary.ENDED_EARLY : reason);
    }

    private static Double[] choreographer(JsonNode c) throws SummaryFormatException {
        if (!c.isObject()) {
            return null;
        }
        Double[] ms = new Double[Interaction.CH_QUEUES];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = number(c, Interaction.CH_KEYS[i]);
        }
        return ms;
    }

    private static FrameTimes frameTimes(JsonNode t) throws SummaryFormatException {
        Double p50 = number(t, InFrameTimeMs.P50);
        Double p90 = number(t, InFrameTimeMs.P90);
        Double p95 = number(t, InFrameTimeMs.P95);
        Double p99 = number(t, InFrameTimeMs.P99);
        Double max = number(t, InFrameTimeMs.MAX);
        Double mean = number(t, InFrameTimeMs.MEAN);
        if (p50 == null || p90 == null || p95 == null || p99 == null || max == null || mean == null) {
            return null;
        }
        return new FrameTimes(p50, p90, p95, p99, max, mean);
    }

    /**
     * The types of the keys fpsctl writes: a key with a value of another type (a rate written as text, a list where
     * an object goes) is a summary fpsctl did not write, refused rather than read as absent.
     */
    private static void shape(JsonNode n) throws SummaryFormatException {
        for (Key k : OBJECTS) {
            expect(n, k, n.path(k.name()).isObject(), "an object");
        }
        for (Key k : LISTS) {
            expect(n, k, n.path(k.name()).isArray(), "a list");
        }
        for (Key k : TEXTS) {
            expect(n, k, n.path(k.name()).isTextual(), "text");
        }
        JsonNode t = n.path(FRAME_TIME_MS.name());
        if (t.isObject()) {
            int numbers = 0;
            for (Key k : InFrameTimeMs.ALL) {
                numbers += number(t, k) == null ? 0 : 1;
            }
            if (numbers != 0 && numbers != 6) {
                throw new SummaryFormatException("'frameTimeMs' must hold all of p50, p90, p95, p99, max and mean, "
                        + "or none of them (no timed frames)");
            }
        }
    }

    private static void expect(JsonNode n, Key key, boolean ok, String what) throws SummaryFormatException {
        expect(n, key.name(), ok, what);
    }

    private static void expect(JsonNode n, String key, boolean ok, String what) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (!ok && !v.isMissingNode() && !v.isNull()) {
            throw new SummaryFormatException("'" + key + "' must be " + what + " or null, got " + abbreviated(v));
        }
    }

    private static String text(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        expect(n, key, v.isTextual(), "text");
        return v.isTextual() ? v.textValue() : null;
    }

    private static Double number(JsonNode n, Key key) throws SummaryFormatException {
        return number(n, key.name());
    }

    /** A number: absent or null reads as absent; anything but a number is an error (a summary that lies). */
    static Double number(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return null;
        }
        if (!v.isNumber() || !Double.isFinite(v.doubleValue())) {
            throw new SummaryFormatException("'" + key + "' must be a number or null, got " + abbreviated(v));
        }
        return v.doubleValue();
    }

    /** {@code partial}: absent or null reads as false; anything but true or false is an error. */
    private static boolean partial(JsonNode n) throws SummaryFormatException {
        JsonNode v = n.path(PARTIAL.name());
        if (v.isMissingNode() || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new SummaryFormatException("'partial' must be true or false, got " + abbreviated(v));
        }
        return v.booleanValue();
    }

    /** A value as JSON for a message, at most 40 characters. */
    static String abbreviated(JsonNode v) {
        String text = v.toString();
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    private static Long nullableLong(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        return v.isNumber() ? count(n, key) : null;
    }

    private static long count(JsonNode n, Key key) throws SummaryFormatException {
        return count(n, key.name());
    }

    /** A count: absent or null reads as 0; anything but a non-negative integer is an error. */
    private static long count(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'" + key + "' must be a non-negative integer, got " + abbreviated(v));
        }
        return v.longValue();
    }
}
