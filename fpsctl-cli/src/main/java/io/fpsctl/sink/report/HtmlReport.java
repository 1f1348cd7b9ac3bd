package io.fpsctl.sink.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.format.VideoJson;
import io.fpsctl.sink.ComparisonReport;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Writes the report: one HTML file holding the page template, uPlot (from its WebJar), the page script and the
 * data, so it opens offline. Frames travel as base64 little-endian columns (float32 seconds since the run's first
 * frame, float32 frame time in ms, int8 drop level with −1 for untimed frames, uint16 window index); the page
 * decimates them per pixel column for drawing. A long run travels thinned ({@link ReportThinning}). Figures are the summary's own values, printed as they are.
 */
public final class HtmlReport {
    private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Thresholds and options of one report.
     *
     * @param gate               the gate's checks, or null
     * @param baselineLabel      what the gate compared its run with ({@code --baseline FILE}), or null
     * @param baselineComparison the docs/metrics.md section 8 verdicts against it, or null
     */
    public record Options(String title, GateResult gate, double maxRegressionPercent, String baselineLabel,
                          List<MetricComparison> baselineComparison, Path reportFolder, int thinAbove) {
        /** With the default thinning: a run of more than 200,000 frames embeds a thinned set (docs/report.md "Big captures"). */
        public Options(String title, GateResult gate, double maxRegressionPercent, String baselineLabel,
                       List<MetricComparison> baselineComparison, Path reportFolder) {
            this(title, gate, maxRegressionPercent, baselineLabel, baselineComparison, reportFolder,
                    ReportThinning.THIN_ABOVE);
        }

        /** The same, thinning runs of more than {@code frames} frames (a test's small input). */
        public Options withThinAbove(int frames) {
            return new Options(title, gate, maxRegressionPercent, baselineLabel, baselineComparison, reportFolder, frames);
        }

        public Options(String title, GateResult gate, double maxRegressionPercent) {
            this(title, gate, maxRegressionPercent, null, null, null);
        }

        public Options(String title, GateResult gate, double maxRegressionPercent, String baselineLabel,
                       List<MetricComparison> baselineComparison) {
            this(title, gate, maxRegressionPercent, baselineLabel, baselineComparison, null);
        }
    }

    /**
     * The screen recordings of a report are inlined (data: URIs, the page stays one file) while all of them together
     * hold at most this many bytes; larger, each is linked by its path relative to the report (docs/report.md "Screen recordings").
     */
    public static final long INLINE_VIDEO_BYTES = 8L << 20;

    private HtmlReport() {
    }

    /** Writes the page for {@code runs} (the first is the baseline when there are several). */
    public static void write(List<ReportRun> runs, Options options, Writer out) throws IOException {
        String template = resource("report/report.html");
        String page = template
                .replace("@TITLE@", escapeHtml(options.title()))
                .replace("/*@UPLOT_CSS@*/", uplot("dist/uPlot.min.css"))
                .replace("/*@UPLOT_JS@*/", scriptSafe(uplot("dist/uPlot.iife.min.js")))
                .replace("/*@REPORT_CSS@*/", resource("report/report.css"))
                .replace("/*@REPORT_JS@*/", scriptSafe(resource("report/report-load.js") + "\n"
                        + resource("report/report-flutter.js") + "\n" // the charts' functions first: report.js calls them
                        + resource("report/report.js")));
        int at = page.indexOf("/*@DATA@*/");
        out.write(page, 0, at);
        out.write(jsonInScript(data(runs, options)));
        out.write(page, at + "/*@DATA@*/".length(), page.length() - at - "/*@DATA@*/".length());
    }

    private static String data(List<ReportRun> runs, Options options) throws IOException {
        StringWriter s = new StringWriter();
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(s)) {
            // device text: no raw C1 or bidi control in the page's bytes either (cat, grep, an editor)
            g.setCharacterEscapes(io.fpsctl.format.DeviceTextJsonEscapes.INSTANCE);
            g.writeStartObject();
            g.writeStringField("title", options.title());
            g.writeStringField("generated", Instant.now().toString());
            g.writeNumberField("maxRegressionPercent", options.maxRegressionPercent());
            gate(g, options.gate());
            if (options.baselineComparison() == null) {
                g.writeNullField("baselineComparison");
            } else {
                g.writeObjectFieldStart("baselineComparison");
                g.writeStringField("against", options.baselineLabel());
                g.writeFieldName("rows");
                io.fpsctl.format.ComparisonJson.write(g, options.baselineComparison());
                g.writeEndObject();
            }
            boolean inline = videoBytes(runs) <= INLINE_VIDEO_BYTES;
            g.writeArrayFieldStart("runs");
            List<Summary> first = runs.get(0).measured();
            for (int i = 0; i < runs.size(); i++) {
                List<Summary> these = runs.get(i).measured();
                // each later run against the first, as fpsctl compare judges them (section 8)
                run(g, runs.get(i), i == 0 || first == null || these == null ? null
                        : RunComparison.compare(first, these, options.maxRegressionPercent()), inline,
                        options.reportFolder(), options.thinAbove());
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return s.toString();
    }

    private static void gate(JsonGenerator g, GateResult gate) throws IOException {
        if (gate == null) {
            g.writeNullField("gate");
            return;
        }
        g.writeObjectFieldStart("gate");
        g.writeBooleanField("passed", gate.passed());
        g.writeStringField("headline", gate.headline());
        g.writeArrayFieldStart("checks");
        for (GateCheck c : gate.checks()) {
            g.writeStartObject();
            g.writeStringField("metric", c.metric());
            g.writeStringField("threshold", c.threshold());
            g.writeStringField("measured", c.measured());
            g.writeStringField("verdict", c.verdict().name().toLowerCase(java.util.Locale.ROOT));
            g.writeStringField("message", c.message());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void run(JsonGenerator g, ReportRun r, List<MetricComparison> comparison, boolean inline,
                            Path reportFolder, int thinAbove) throws IOException {
        g.writeStartObject();
        g.writeStringField("label", r.label());
        g.writeStringField("kind", r.kind());
        g.writeObjectFieldStart("header");
        for (Map.Entry<String, String> e : r.header().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("iterations");
        for (ReportRun.Iteration it : r.iterations()) {
            g.writeStartObject();
            g.writeFieldName("summary");
            MAPPER.writeTree(g, it.summary());
            ReportFrames f = it.frames();
            if (f == null) {
                g.writeNullField("frames");
            } else {
                frames(g, f, thinAbove);
            }
            video(g, it.video(), origin(f, it.video()), inline, reportFolder);
            g.writeEndObject();
        }
        g.writeEndArray();
        if (comparison == null) {
            g.writeNullField("comparison");
        } else {
            g.writeFieldName("comparison");
            io.fpsctl.format.ComparisonJson.write(g, comparison);
        }
        g.writeEndObject();
    }

    /** The frames' time origin: the earliest frame (the page's 0 s); without frames, the first video frame. */
    private static long origin(ReportFrames f, ReportVideo video) {
        if (f != null && f.size() > 0) {
            long origin = Long.MAX_VALUE;
            for (int i = 0; i < f.size(); i++) {
                origin = Math.min(origin, f.timeNs(i));
            }
            return origin;
        }
        if (video != null) {
            for (VideoJson.VideoFile v : video.recording().files()) {
                if (v.firstFrameNs() != null) {
                    return v.firstFrameNs();
                }
            }
        }
        return 0;
    }

    private static long videoBytes(List<ReportRun> runs) {
        long total = 0;
        for (ReportRun r : runs) {
            for (ReportRun.Iteration it : r.iterations()) {
                if (it.video() == null) {
                    continue;
                }
                for (VideoJson.VideoFile v : it.video().recording().files()) {
                    try {
                        total += Files.size(it.video().folder().resolve(v.file()));
                    } catch (IOException e) {
                        // a missing file is said on the page; it weighs nothing
                    }
                }
            }
        }
        return total;
    }

    /**
     * {@code "video"}: the iteration's screen recording, each file placed on the page's time axis ({@code firstS},
     * {@code lastS}: seconds since the frames' origin, from video.json's device times), inlined as a data: URI or
     * linked relative to the report; null without one.
     */
    private static void video(JsonGenerator g, ReportVideo video, long origin, boolean inline, Path reportFolder)
            throws IOException {
        if (video == null) {
            g.writeNullField("video");
            return;
        }
        VideoJson.Recording rec = video.recording();
        g.writeObjectFieldStart("video");
        g.writeStringField("end", rec.end());
        g.writeStringField("endNote", rec.endNote());
        g.writeNumberField("errorBoundMs", VideoJson.ERROR_BOUND_MS_VALUE);
        g.writeBooleanField("inline", inline);
        Long ends = rec.endsAtNs();
        if (ends == null) {
            g.writeNullField("endsAtS");
        } else {
            g.writeNumberField("endsAtS", (ends - origin) / 1e9);
        }
        g.writeArrayFieldStart("files");
        for (VideoJson.VideoFile v : rec.files()) {
            Path file = video.folder().resolve(v.file());
            g.writeStartObject();
            g.writeStringField("name", v.file());
            boolean present = Files.isRegularFile(file);
            g.writeBooleanField("missing", !present);
            if (!present) {
                g.writeNullField("src");
            } else if (inline) {
                g.writeStringField("src", "data:video/mp4;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(file)));
            } else {
                g.writeStringField("src", href(reportFolder, file));
            }
            if (v.firstFrameNs() == null) {
                g.writeNullField("firstS");
                g.writeNullField("lastS");
            } else {
                g.writeNumberField("firstS", (v.firstFrameNs() - origin) / 1e9);
                g.writeNumberField("lastS", (v.lastFrameNs() - origin) / 1e9);
                frameTimes(g, video.boottimesNs().get(v.file()), v, rec.suspendedNs());
            }
            g.writeNumberField("frames", v.frames());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * {@code "frameMs"}: when each video frame starts, in ms after the file's first (the Winscope block's times, as
     * video.json placed them), so the page can seek to the picture that was on screen at a moment
     * (docs/report.md "Screen recordings"); null when the file's block does not match video.json.
     */
    private static void frameTimes(JsonGenerator g, long[] boot, VideoJson.VideoFile v, Long suspendedNs) throws IOException {
        if (boot == null || suspendedNs == null || boot.length == 0 || boot.length != v.frames()
                || boot[0] - suspendedNs != v.firstFrameNs()) {
            g.writeNullField("frameMs");
            return;
        }
        g.writeArrayFieldStart("frameMs");
        for (long t : boot) {
            g.writeNumber(Math.round((t - boot[0]) / 1000.0) / 1000.0); // µs resolution: the encoder's own
        }
        g.writeEndArray();
    }

    /** {@code file} as a URL relative to the report's folder (each segment percent-encoded), else a file: URI. */
    static String href(Path reportFolder, Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (reportFolder == null) {
            return abs.toUri().toString();
        }
        Path rel = reportFolder.toAbsolutePath().normalize().relativize(abs);
        StringBuilder b = new StringBuilder();
        for (Path part : rel) {
            if (b.length() > 0) {
                b.append('/');
            }
            b.append(java.net.URLEncoder.encode(part.toString(), StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return b.toString();
    }

    /**
     * A Flutter app's split per frame (docs/metrics.md 16): {@code "flutter": {"count", "t", "ui", "raster"}}, float32
     * columns as the frames' (seconds since the origin; ms), or null.
     */
    private static void flutter(JsonGenerator g, ReportFlutter f, long origin) throws IOException {
        if (f == null) {
            g.writeNullField("flutter");
            return;
        }
        int n = f.size();
        ByteBuffer t = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer ui = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer raster = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            t.putFloat((float) ((f.timeNs(i) - origin) / 1e9));
            ui.putFloat(f.uiMs(i));
            raster.putFloat(f.rasterMs(i));
        }
        Base64.Encoder b64 = Base64.getEncoder();
        g.writeObjectFieldStart("flutter");
        g.writeNumberField("count", n);
        g.writeStringField("t", b64.encodeToString(t.array()));
        g.writeStringField("ui", b64.encodeToString(ui.array()));
        g.writeStringField("raster", b64.encodeToString(raster.array()));
        g.writeEndObject();
    }

    private static void frames(JsonGenerator g, ReportFrames f, int thinAbove) throws IOException {
        long origin = origin(f, null);
        ReportThinning thin = ReportThinning.of(f, origin, thinAbove);
        int[] kept = thin == null ? null : thin.kept();
        int n = kept == null ? f.size() : kept.length;
        ByteBuffer t = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer d = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        byte[] l = new byte[n];
        ByteBuffer w = ByteBuffer.allocate(2 * n).order(ByteOrder.LITTLE_ENDIAN);
        byte[] ft = f.hasFrameTimeline() ? new byte[n] : null;
        for (int k = 0; k < n; k++) {
            int i = kept == null ? k : kept[k];
            t.putFloat(ReportThinning.pageTime(f, i, origin));
            d.putFloat(f.durationMs(i));
            l[k] = f.level(i);
            w.putShort((short) f.window(i));
            if (ft != null) {
                ft[k] = f.frameTimeline(i);
            }
        }
        Base64.Encoder b64 = Base64.getEncoder();
        g.writeObjectFieldStart("frames");
        g.writeNumberField("count", f.size());
        thinned(g, f, thin);
        g.writeStringField("originNs", Long.toString(origin));
        g.writeStringField("t", b64.encodeToString(t.array()));
        g.writeStringField("d", b64.encodeToString(d.array()));
        g.writeStringField("l", b64.encodeToString(l));
        g.writeStringField("w", b64.encodeToString(w.array()));
        if (ft == null) {
            g.writeNullField("ft"); // no frame had a FrameTimeline verdict: the page draws as without one
        } else {
            g.writeStringField("ft", b64.encodeToString(ft)); // ReportFrames.FT_* per frame
        }
        flutter(g, f.flutter(), origin); // report-flutter.js
        g.writeArrayFieldStart("windows");
        for (String name : f.windowNames()) {
            g.writeString(name);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("live");
        for (ReportFrames.Window lw : f.liveWindows()) {
            g.writeStartArray();
            g.writeNumber((lw.startNs() - origin) / 1e9);
            if (lw.fps() == null) {
                g.writeNull();
            } else {
                g.writeNumber(lw.fps());
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        resources(g, f.liveWindows(), origin);
        ReportLoad.write(g, f.liveWindows(), origin);
        g.writeNumberField("slowFrames", f.slowFrames());
        g.writeObjectFieldStart("slowStagesMs");
        for (Stage s : Stage.all()) {
            number(g, s.key(), f.slowStageMs(s));
        }
        g.writeEndObject();
        g.writeArrayFieldStart("worst");
        for (ReportFrames.WorstFrame wf : f.worstFrames()) {
            g.writeStartObject();
            g.writeNumberField("t", (wf.timeNs() - origin) / 1e9);
            g.writeStringField("window", wf.window());
            number(g, "durationMs", wf.durationMs());
            g.writeNumberField("dropped", wf.dropped());
            g.writeStringField("dropLevel", wf.dropLevel());
            g.writeStringField("mainCause", wf.mainCause());
            g.writeObjectFieldStart("stagesMs");
            for (Stage s : Stage.all()) {
                number(g, s.key(), wf.stagesMs()[s.ordinal()]);
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * {@code "thinned"}: null when every frame is embedded; else what the page must not count from the kept frames,
     * counted over every frame (docs/report.md "Big captures"): {@code kept} (frames embedded), {@code columnS} (the
     * grid the page snaps its pixel columns to), {@code span} (the latest frame, s), {@code timed}, {@code histogram}
     * ([bin, frames] per non-empty 0.5 ms bin) and {@code ftCounts} (FrameTimeline verdicts; null without any).
     */
    private static void thinned(JsonGenerator g, ReportFrames f, ReportThinning thin) throws IOException {
        if (thin == null) {
            g.writeNullField("thinned");
            return;
        }
        g.writeObjectFieldStart("thinned");
        g.writeNumberField("kept", thin.kept().length);
        g.writeNumberField("columnS", thin.columnS());
        g.writeNumberField("span", (double) thin.span()); // the float32 value exactly, as the page's own maximum
        g.writeNumberField("timed", thin.timed());
        g.writeArrayFieldStart("histogram");
        long[] h = thin.histogram();
        for (int b = 0; b < h.length; b++) {
            if (h[b] > 0) {
                g.writeStartArray();
                g.writeNumber(b);
                g.writeNumber(h[b]);
                g.writeEndArray();
            }
        }
        g.writeEndArray();
        if (f.hasFrameTimeline()) {
            g.writeObjectFieldStart("ftCounts"); // report.js's names for ReportFrames.FT_*
            g.writeNumberField("unattributed", f.frameTimelineCount(ReportFrames.FT_UNATTRIBUTED));
            g.writeNumberField("onTime", f.frameTimelineCount(ReportFrames.FT_ON_TIME));
            g.writeNumberField("app", f.frameTimelineCount(ReportFrames.FT_APP_JANK));
            g.writeNumberField("system", f.frameTimelineCount(ReportFrames.FT_SYSTEM_JANK));
            g.writeEndObject();
        } else {
            g.writeNullField("ftCounts");
        }
        g.writeBooleanField("capped", thin.capped()); // too many janky frames: every row thinned per column
        g.writeEndObject();
    }

    /**
     * {@code "resources"}: per live window (the fps chart's time axis), the app's CPU per thread in % of one core and
     * its memory in MB (docs/metrics.md section 13), as {@code [t, app, main, RenderThread, hwuiTask, GPU completion,
     * RSS MB, PSS MB]} with null where not read; null when no window has resources (a saved dump).
     */
    private static void resources(JsonGenerator g, List<ReportFrames.Window> windows, long origin)
            throws IOException {
        if (windows.stream().allMatch(w -> w.resources() == null)) {
            g.writeNullField("resources");
            return;
        }
        g.writeArrayFieldStart("resources");
        for (ReportFrames.Window w : windows) {
            ResourceUsage r = w.resources();
            g.writeStartArray();
            g.writeNumber((w.startNs() - origin) / 1e9);
            Double[] values = r == null ? new Double[7] : new Double[] {r.appCpu(), r.mainCpu(), r.renderThreadCpu(),
                r.hwuiTaskCpu(), r.gpuCompletionCpu(), r.rssKb() == null ? null : r.rssKb() / 1024.0,
                r.pssKb() == null ? null : r.pssKb() / 1024.0};
            for (Double v : values) {
                if (v == null || !Double.isFinite(v)) {
                    g.writeNull();
                } else {
                    g.writeNumber(v);
                }
            }
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String key, Double v) throws IOException {
        if (v == null || v.isNaN() || v.isInfinite()) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, v);
        }
    }

    /** Text inside a script element must not close it: {@code </} becomes {@code <\/} (valid in JS and JSON). */
    static String scriptSafe(String s) {
        return s.replace("</", "<\\/");
    }

    /** JSON inside a script element: every {@code <} (only ever inside strings) becomes {@code \u003c}. */
    static String jsonInScript(String json) {
        return json.replace("<", "\\u003c");
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String uplot(String file) {
        Properties p = new Properties();
        try (InputStream in = stream(UPLOT_POM)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return resource("META-INF/resources/webjars/uplot/" + p.getProperty("version") + "/" + file);
    }

    private static String resource(String name) {
        try (InputStream in = stream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream stream(String name) {
        InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException("resource " + name + " is missing from fpsctl's jar");
        }
        return in;
    }
}
