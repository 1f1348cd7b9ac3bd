package io.fpsctl.format;

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
 * Reads a METRICS.md section 8 JSON summary (what {@link SummaryJson#write} produces, schema version 1) back into a
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
     * {@code --iterations}, METRICS.md section 10), else the one summary it holds as a run of one iteration.
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
            JsonNode iterations = root.path("iterations");
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
        if (!root.isObject() || !root.path("schemaVersion").isInt()) {
            throw new SummaryFormatException("not an fpsctl summary (no schemaVersion)");
        }
        int version = root.get("schemaVersion").intValue();
        if (version != Summary.SCHEMA_VERSION) {
            throw new SummaryFormatException("schemaVersion " + version + " is not supported (this fpsctl reads "
                    + Summary.SCHEMA_VERSION + ")");
        }
        Source source = Source.fromKey(root.path("source").asText(""));
        if (source == null) {
            throw new SummaryFormatException("unknown source '" + root.path("source").asText("") + "'");
        }
        String pkg = text(root, "package");
        List<Summary> windows = new ArrayList<>();
        for (JsonNode w : root.path("windows")) {
            windows.add(summary(w, source, pkg, text(w, "name"), List.of(), List.of()));
        }
        List<String> warnings = new ArrayList<>();
        for (JsonNode w : root.path("warnings")) {
            if (!w.isTextual()) {
                throw new SummaryFormatException("'warnings' must be a list of text, holds " + abbreviated(w));
            }
            warnings.add(w.asText());
        }
        Summary read = summary(root, source, pkg, null, List.copyOf(windows), List.copyOf(warnings))
                .toBuilder().slowMessages(slowMessages(root)).frameTimeline(frameTimeline(root.path("frameTimeline")))
                .resources(ResourcesJson.read(root.path("resources"))).build();
        PossibleSummary.check(read); // a summary with an impossible figure is not one fpsctl wrote from frames
        return read;
    }

    /** The {@code androidVitals} object (METRICS.md 7a); null when absent or null (a summary from before 7a). */
    private static AndroidVitals androidVitals(JsonNode v) throws SummaryFormatException {
        if (!v.isObject()) {
            return null;
        }
        return new AndroidVitals(number(v, "slowFramesPercent"), number(v, "frozenFramesPercent"),
                number(v, "slowSession20Percent"), number(v, "slowSession30Percent"));
    }

    /** The {@code frameTimeline} object (METRICS.md 9); null when absent or null. */
    private static FrameTimelineSummary frameTimeline(JsonNode ft) throws SummaryFormatException {
        if (!ft.isObject()) {
            return null;
        }
        Map<String, Long> types = new LinkedHashMap<>();
        expect(ft, "types", ft.path("types").isObject(), "an object");
        for (Map.Entry<String, JsonNode> e : ft.path("types").properties()) {
            types.put(e.getKey(), count(ft.path("types"), e.getKey()));
        }
        return new FrameTimelineSummary(count(ft, "frames"), count(ft, "unattributed"), count(ft, "jankyFrames"),
                count(ft, "appJank"), count(ft, "systemJank"), number(ft, "appJankPercent"),
                number(ft, "systemJankPercent"), droppedBuffers(ft, types), types, List.of());
    }

    /**
     * The run's metadata (docs/metrics.md section 9: {@code fpsctlVersion}, {@code startTime}, {@code file},
     * {@code device}) is not needed to judge a run, but a summary whose metadata has the wrong types was not written
     * by fpsctl as it is: refused like any other wrong type.
     */
    private static void checkMetadata(JsonNode n) throws SummaryFormatException {
        text(n, "fpsctlVersion");
        text(n, "startTime");
        text(n, "file");
        JsonNode d = n.path("device");
        expect(n, "device", d.isObject(), "an object");
        if (d.isObject()) {
            for (String key : List.of("serial", "model", "androidVersion", "buildFingerprint")) {
                text(d, key);
            }
            count(d, "sdk");
            JsonNode modes = d.path("refreshModesHz");
            expect(d, "refreshModesHz", modes.isArray(), "a list");
            for (JsonNode hz : modes) {
                if (!hz.isNumber() || hz.doubleValue() < 1 || hz.doubleValue() > 1000) {
                    throw new SummaryFormatException("'device.refreshModesHz' must hold rates of 1-1000 Hz, got "
                            + abbreviated(hz));
                }
            }
        }
    }

    /**
     * {@code droppedBuffers} (METRICS.md 9 rev 3); a summary written before it counts the same buffers in
     * {@code types.dropped}.
     */
    private static long droppedBuffers(JsonNode ft, Map<String, Long> types) throws SummaryFormatException {
        return ft.has("droppedBuffers") ? count(ft, "droppedBuffers") : types.getOrDefault("dropped", 0L);
    }

    /** {@code slowMessageCount} and {@code slowMessages}; null when the summary has neither (not an agent run). */
    private static SlowMessages slowMessages(JsonNode root) throws SummaryFormatException {
        JsonNode list = root.path("slowMessages");
        if (!list.isArray() && !root.path("slowMessageCount").isNumber()) {
            return null;
        }
        List<SlowMessage> worst = new ArrayList<>();
        for (JsonNode m : list) {
            Double ms = number(m, "durationMs");
            worst.add(new SlowMessage(0, ms == null ? 0 : Math.round(ms), text(m, "target"), text(m, "stack")));
        }
        long count = root.path("slowMessageCount").isNumber() ? count(root, "slowMessageCount") : worst.size();
        return new SlowMessages(count, List.copyOf(worst));
    }

    private static Summary summary(JsonNode n, Source source, String pkg, String name, List<Summary> windows,
                                   List<String> warnings) throws SummaryFormatException {
        if (!n.isObject()) {
            throw new SummaryFormatException("a window entry is not an object");
        }
        shape(n);
        long[] levels = new long[DropLevel.all().length];
        JsonNode dl = n.path("dropLevels");
        for (DropLevel l : DropLevel.all()) {
            levels[l.ordinal()] = count(dl, l.key());
        }
        Double[] stages = null;
        JsonNode st = n.path("stagesMs");
        if (st.isObject() && count(n, "timedFrames") > 0) { // the engine has no stage means without timed frames
            stages = new Double[Stage.count()];
            for (Stage s : Stage.all()) {
                stages[s.ordinal()] = number(st, s.key());
            }
        }
        long[] causes = null;
        JsonNode mc = n.path("mainCauses");
        if (mc.isObject()) {
            causes = new long[Stage.count() + 1];
            for (int i = 0; i < causes.length; i++) {
                causes[i] = count(mc, Summary.causeKey(i));
            }
        }
        checkMetadata(n);
        Double gapMs = number(n, "coverageGapMs");
        return Summary.builder().source(source).packageName(pkg).name(name).refreshHz(number(n, "refreshHz"))
                .frames(count(n, "frames")).timedFrames(count(n, "timedFrames")).fps(number(n, "fps"))
                .spanFps(number(n, "spanFps")).jankyFrames(count(n, "jankyFrames"))
                .jankPercent(number(n, "jankPercent")).droppedFrames(count(n, "droppedFrames"))
                .overflows(count(n, "overflows")).dropLevels(levels).frameTimeMs(frameTimes(n.path("frameTimeMs")))
                .stagesMs(stages).mainCauses(causes).jank(nullableLong(n, "jank"))
                .bigJank(nullableLong(n, "bigJank")).stutterPercent(number(n, "stutterPercent"))
                .worstCause(text(n, "worstFrameCause")).windows(windows).warnings(warnings)
                .scrollFps(number(n, "scrollFps")).fingerScrollFps(number(n, "fingerScrollFps"))
                .choreographerMs(choreographer(n.path("choreographerMs")))
                .coverageGaps((int) Math.min(Integer.MAX_VALUE, count(n, "coverageGaps")))
                .coverageGapMs(gapMs == null ? 0.0 : gapMs).coverage(coverage(n))
                .androidVitals(androidVitals(n.path("androidVitals"))).build();
    }

    /**
     * The run's coverage (docs/metrics.md "Coverage"): {@code partial}, {@code partialReason}, {@code askedMs},
     * {@code measuredMs}; null when the summary says nothing of it (a saved dump's summary, an older fpsctl).
     */
    private static RunCoverage coverage(JsonNode n) throws SummaryFormatException {
        boolean partial = partial(n);
        Double asked = number(n, "askedMs");
        Double measured = number(n, "measuredMs");
        String written = text(n, "partialReason"); // checked for its type even when the run is complete
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
        Double p50 = number(t, "p50");
        Double p90 = number(t, "p90");
        Double p95 = number(t, "p95");
        Double p99 = number(t, "p99");
        Double max = number(t, "max");
        Double mean = number(t, "mean");
        if (p50 == null || p90 == null || p95 == null || p99 == null || max == null || mean == null) {
            return null;
        }
        return new FrameTimes(p50, p90, p95, p99, max, mean);
    }

    /** Keys whose value is an object (or null) in a summary or a window. */
    private static final List<String> OBJECTS = List.of("dropLevels", "frameTimeMs", "stagesMs", "mainCauses",
            "choreographerMs", "androidVitals", "frameTimeline");
    /** Keys whose value is a list (or null). */
    private static final List<String> ARRAYS = List.of("windows", "warnings", "slowMessages", "iterations");
    /** Keys whose value is text (or null). */
    private static final List<String> TEXTS = List.of("source", "package", "name", "worstFrameCause");

    /**
     * The types of the keys fpsctl writes: a key with a value of another type (a rate written as text, a list where
     * an object goes) is a summary fpsctl did not write, refused rather than read as absent.
     */
    private static void shape(JsonNode n) throws SummaryFormatException {
        for (String k : OBJECTS) {
            expect(n, k, n.path(k).isObject(), "an object");
        }
        for (String k : ARRAYS) {
            expect(n, k, n.path(k).isArray(), "a list");
        }
        for (String k : TEXTS) {
            expect(n, k, n.path(k).isTextual(), "text");
        }
        JsonNode t = n.path("frameTimeMs");
        if (t.isObject()) {
            int numbers = 0;
            for (String k : List.of("p50", "p90", "p95", "p99", "max", "mean")) {
                numbers += number(t, k) == null ? 0 : 1;
            }
            if (numbers != 0 && numbers != 6) {
                throw new SummaryFormatException("'frameTimeMs' must hold all of p50, p90, p95, p99, max and mean, "
                        + "or none of them (no timed frames)");
            }
        }
    }

    private static void expect(JsonNode n, String key, boolean ok, String what) throws SummaryFormatException {
        JsonNode v = n.path(key);
        if (!ok && !v.isMissingNode() && !v.isNull()) {
            throw new SummaryFormatException("'" + key + "' must be " + what + " or null, got " + abbreviated(v));
        }
    }

    private static String text(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        expect(n, key, v.isTextual(), "text");
        return v.isTextual() ? v.textValue() : null;
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
        JsonNode v = n.path("partial");
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

    private static Long nullableLong(JsonNode n, String key) throws SummaryFormatException {
        JsonNode v = n.path(key);
        return v.isNumber() ? count(n, key) : null;
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
