package io.fpsctl.format;

import static io.fpsctl.format.SummaryJson.number;
import static io.fpsctl.format.SummaryJsonReader.abbreviated;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.FlutterStats;
import io.fpsctl.format.SummaryJsonSchema.InFlutter;
import io.fpsctl.format.SummaryJsonSchema.Key;
import java.io.IOException;

/**
 * The {@code flutter} object of {@code summary.json} (docs/metrics.md 16 rule 4, docs/metrics.md 9), written and
 * read back by the keys of {@link InFlutter}:
 * <pre>
 * "flutter": {
 *   "frames": 1800, "budgetMs": 8.333,
 *   "buildMs":  {"p50": 2.1, "p90": 3.4, "p99": 9.8},
 *   "rasterMs": {"p50": 3.0, "p90": 4.9, "p99": 12.5},
 *   "uiOverBudget": 0.0050, "rasterOverBudget": 0.0120, "jankyShare": 0.0170, "worseThread": "raster",
 *   "overlayFps": {"ui": 60.0, "raster": 48.2}, "overlayFpsLowest": {"ui": 31.0, "raster": 22.4},
 *   "duplicates": 0
 * }
 * </pre>
 * {@code null} when the split was not measured (no Dart VM service: a release build, not a Flutter app, a saved
 * file). A present object has every figure: a missing one is a file fpsctl did not write.
 */
final class FlutterJson {
    private FlutterJson() {
    }

    static void write(JsonGenerator g, FlutterStats.Result r) throws IOException {
        if (r == null) {
            g.writeNullField(SummaryJsonSchema.FLUTTER.name());
            return;
        }
        g.writeObjectFieldStart(SummaryJsonSchema.FLUTTER.name());
        g.writeNumberField(InFlutter.FRAMES.name(), r.frames());
        decimal(g, InFlutter.BUDGET_MS, r.budgetMs());
        percentiles(g, InFlutter.BUILD_MS, r.buildP50(), r.buildP90(), r.buildP99());
        percentiles(g, InFlutter.RASTER_MS, r.rasterP50(), r.rasterP90(), r.rasterP99());
        decimal(g, InFlutter.UI_OVER_BUDGET, r.uiOverBudget());
        decimal(g, InFlutter.RASTER_OVER_BUDGET, r.rasterOverBudget());
        decimal(g, InFlutter.JANKY_SHARE, r.jankyShare());
        g.writeStringField(InFlutter.WORSE_THREAD.name(), r.worseThread());
        pair(g, InFlutter.OVERLAY_FPS, r.overlayUiFps(), r.overlayRasterFps());
        pair(g, InFlutter.OVERLAY_FPS_LOWEST, r.overlayUiFpsWorst(), r.overlayRasterFpsWorst());
        g.writeNumberField(InFlutter.DUPLICATES.name(), r.duplicates());
        g.writeEndObject();
    }

    private static void decimal(JsonGenerator g, Key key, double v) throws IOException {
        number(g, key.name(), v, key.decimals());
    }

    private static void percentiles(JsonGenerator g, Key key, double p50, double p90, double p99) throws IOException {
        g.writeObjectFieldStart(key.name());
        decimal(g, InFlutter.P50, p50);
        decimal(g, InFlutter.P90, p90);
        decimal(g, InFlutter.P99, p99);
        g.writeEndObject();
    }

    private static void pair(JsonGenerator g, Key key, double ui, double raster) throws IOException {
        g.writeObjectFieldStart(key.name());
        decimal(g, InFlutter.UI, ui);
        decimal(g, InFlutter.RASTER, raster);
        g.writeEndObject();
    }

    /** The object read back with its types and ranges checked; null when absent or null (an older summary). */
    static FlutterStats.Result read(JsonNode n) throws SummaryFormatException {
        if (n.isMissingNode() || n.isNull()) {
            return null;
        }
        if (!n.isObject()) {
            throw new SummaryFormatException("'flutter' must be an object or null, got " + abbreviated(n));
        }
        long frames = whole(n, InFlutter.FRAMES);
        if (frames < 1 || frames > Integer.MAX_VALUE) {
            throw new SummaryFormatException("'flutter.frames' must be 1 or more (a run without timings writes "
                    + "\"flutter\": null), got " + frames);
        }
        double[] build = percentiles(n, InFlutter.BUILD_MS);
        double[] raster = percentiles(n, InFlutter.RASTER_MS);
        double[] overlay = pair(n, InFlutter.OVERLAY_FPS);
        double[] lowest = pair(n, InFlutter.OVERLAY_FPS_LOWEST);
        double uiShare = share(n, InFlutter.UI_OVER_BUDGET);
        double rasterShare = share(n, InFlutter.RASTER_OVER_BUDGET);
        JsonNode worse = n.path(InFlutter.WORSE_THREAD.name());
        // the writer names the thread from the counts; the file holds the shares rounded, so the word is checked
        // against what those rounded shares allow (FlutterStats.worseAgrees), never recomputed from them
        if (!worse.isTextual() || !FlutterStats.worseAgrees(worse.textValue(), uiShare, rasterShare)) {
            throw new SummaryFormatException("'flutter.worseThread' must be \"ui\", \"raster\" or \"none\" as the "
                    + "shares over the budget allow (uiOverBudget " + uiShare + ", rasterOverBudget " + rasterShare
                    + "), got " + abbreviated(worse));
        }
        FlutterStats.Result r = new FlutterStats.Result((int) frames, positive(n, "", InFlutter.BUDGET_MS),
                build[0], build[1], build[2], raster[0], raster[1], raster[2], uiShare, rasterShare,
                share(n, InFlutter.JANKY_SHARE), overlay[0], lowest[0], overlay[1], lowest[1],
                (int) Math.min(Integer.MAX_VALUE, whole(n, InFlutter.DUPLICATES)), worse.textValue());
        return r;
    }

    private static double[] percentiles(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode o = object(n, key);
        String where = key.name() + ".";
        double[] v = {positive(o, where, InFlutter.P50), positive(o, where, InFlutter.P90),
            positive(o, where, InFlutter.P99)};
        if (v[0] > v[1] || v[1] > v[2]) {
            throw new SummaryFormatException("'flutter." + key.name() + "' must have p50 <= p90 <= p99");
        }
        return v;
    }

    private static double[] pair(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode o = object(n, key);
        String where = key.name() + ".";
        return new double[] {positive(o, where, InFlutter.UI), positive(o, where, InFlutter.RASTER)};
    }

    private static JsonNode object(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (!v.isObject()) {
            throw new SummaryFormatException("'flutter." + key.name() + "' must be an object, got " + abbreviated(v));
        }
        return v;
    }

    /** A number 0 or more, present. */
    private static double positive(JsonNode n, String where, Key key) throws SummaryFormatException {
        Double v;
        try {
            v = SummaryJsonReader.number(n, key.name());
        } catch (SummaryFormatException e) {
            throw new SummaryFormatException("flutter." + where + ": " + e.getMessage());
        }
        if (v == null || v < 0) {
            throw new SummaryFormatException("'flutter." + where + key.name() + "' must be a number 0 or more, got "
                    + abbreviated(n.path(key.name())));
        }
        return v;
    }

    private static double share(JsonNode n, Key key) throws SummaryFormatException {
        double v = positive(n, "", key);
        if (v > 1) {
            throw new SummaryFormatException("'flutter." + key.name() + "' is a share from 0 to 1, got " + v);
        }
        return v;
    }

    private static long whole(JsonNode n, Key key) throws SummaryFormatException {
        JsonNode v = n.path(key.name());
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new SummaryFormatException("'flutter." + key.name() + "' must be a non-negative integer, got "
                    + abbreviated(v));
        }
        return v.longValue();
    }
}
