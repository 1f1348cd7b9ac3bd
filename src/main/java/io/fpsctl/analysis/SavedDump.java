package io.fpsctl.analysis;

import io.fpsctl.text.RejectedRows;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.android.FrameTimelineDump;
import io.fpsctl.android.FrameTimelineParser;
import io.fpsctl.android.FramestatsDump;
import io.fpsctl.android.GfxinfoSummary;
import io.fpsctl.android.GfxinfoSummaryReader;
import io.fpsctl.android.GraphicsInfoPid;
import io.fpsctl.android.LatencyDump;
import io.fpsctl.android.LatencyParser;
import io.fpsctl.android.PackageNames;
import io.fpsctl.android.ParallelFramestatsParser;
import io.fpsctl.android.Utf8Input;
import io.fpsctl.format.FrameCsvFormatException;
import io.fpsctl.format.FrameCsvReader;
import io.fpsctl.format.perfetto.PerfettoTraceException;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A dump saved to a file: detects what it holds from its content, streams it through the matching parser into
 * a {@link FrameEngine}, and summarises. This is {@code fpsctl analyze} minus the printing.
 */
public final class SavedDump {

    /**
     * @param reported the summaries Android printed itself (gfxinfo), for comparison; empty for other kinds
     */
    public record Result(String name, DumpKind kind, Summary summary, List<GfxinfoSummary> reported) {
    }

    private SavedDump() {
    }

    /**
     * Decides what {@code file} holds; {@link DumpKind#UNKNOWN} when it is nothing fpsctl reads. A file saved as
     * UTF-16 (a Windows PowerShell redirect) is read as its text.
     */
    public static DumpKind kindOf(Path file) throws IOException {
        try (InputStream in = Utf8Input.of(Files.newInputStream(file))) {
            byte[] head = in.readNBytes(DumpKind.HEAD_BYTES);
            return DumpKind.detect(head, head.length);
        }
    }

    /**
     * The SurfaceFrames of a saved {@code dumpsys SurfaceFlinger --frametimeline -all} (analyze's
     * {@code --frametimeline}, to join a gfxinfo dump taken with it), read as {@link #kindOf} reads it.
     *
     * @throws DumpFormatException when the file is another kind of dump (the message names it)
     */
    public static FrameTimelineAttribution frameTimeline(Path file) throws IOException, DumpFormatException {
        if (kindOf(file) != DumpKind.FRAMETIMELINE) {
            throw new DumpFormatException(file + ": not a 'dumpsys SurfaceFlinger --frametimeline -all' dump");
        }
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        try (InputStream in = Utf8Input.of(Files.newInputStream(file))) { // UTF-16 as kindOf read it
            new FrameTimelineParser(a::surfaceFrame).parse(in);
        }
        return a;
    }

    /**
     * Analyses one file.
     *
     * @param packageName package to report; null to take it from the dump
     * @param listener    receives per-frame results (e.g. for CSV output); may be null
     * @throws DumpFormatException when the file is not a dump with frames (the message says what was expected)
     */
    public static Result analyze(Path file, EngineConfig config, String packageName, FrameEngine.Listener listener)
            throws IOException, DumpFormatException {
        return analyze(file, config, packageName, listener, null);
    }

    /**
     * Analyses one file, joining a gfxinfo dump's frames with a FrameTimeline dump's SurfaceFrames (METRICS.md 9).
     *
     * @param frameTimeline SurfaceFrames read from a saved {@code --frametimeline} dump, or null
     */
    public static Result analyze(Path file, EngineConfig config, String packageName, FrameEngine.Listener listener,
                                 FrameTimelineAttribution frameTimeline) throws IOException, DumpFormatException {
        try (InputStream raw = Files.newInputStream(file)) {
            return analyze(raw, file.toString(), layerName(file), config, packageName, listener, frameTimeline);
        }
    }

    /**
     * Analyses a stream read once, from its start to its end (a pipe, a FIFO, {@code /dev/stdin}): its kind is
     * decided from a bounded head buffer, then the same bytes go to the parser.
     *
     * @param name          the file name for messages ({@code -} for standard input)
     * @param layer         the layer name for a --latency dump (it does not name its layer)
     * @param frameTimeline SurfaceFrames read from a saved {@code --frametimeline} dump to join, or null
     */
    public static Result analyze(InputStream raw, String name, String layer, EngineConfig config,
                                 String packageName, FrameEngine.Listener listener,
                                 FrameTimelineAttribution frameTimeline)
            throws IOException, DumpFormatException {
        // a Perfetto trace (docs/metrics.md 14) is binary: told apart before any text decoding
        BufferedInputStream peek = new BufferedInputStream(raw, DumpKind.HEAD_BYTES + 1024);
        peek.mark(DumpKind.HEAD_BYTES + 1);
        byte[] first = peek.readNBytes(DumpKind.HEAD_BYTES);
        peek.reset();
        if (PerfettoTraceReader.looksLikeTrace(first, first.length)) {
            TraceContents trace;
            try {
                trace = PerfettoTraceReader.read(peek, name);
            } catch (PerfettoTraceException e) {
                throw new DumpFormatException(e.getMessage());
            }
            return TraceAnalysis.analyze(trace, config, packageName, listener);
        }
        raw = peek;
        // a dump saved as UTF-16 (Windows PowerShell's '>') or with a UTF-8 byte order mark: its text as UTF-8
        InputStream in = new BufferedInputStream(Utf8Input.of(raw), 1 << 16);
        in.mark(DumpKind.HEAD_BYTES + 1);
        byte[] head = in.readNBytes(DumpKind.HEAD_BYTES);
        in.reset();
        DumpKind kind = DumpKind.detect(head, head.length);
        String file = name;
        {
            switch (kind) {
                case GFXINFO: {
                    FrameEngine engine = new FrameEngine(Source.GFXINFO, config, listener);
                    engine.savedDump(true);
                    engine.frameTimeline(frameTimeline);
                    GfxinfoSummaryReader reported = new GfxinfoSummaryReader();
                    ParallelFramestatsParser parser = new ParallelFramestatsParser(engine, line -> {
                        reported.line(line);
                        io.fpsctl.engine.AppPid pid = GraphicsInfoPid.of(line);
                        if (pid != null) {
                            engine.appPid(pid); // the FrameTimeline join key of the frames that follow
                        }
                    });
                    FramestatsDump dump = parser.parse(in);
                    RejectedRows rejected = parser.rejected();
                    engine.malformedRows(dump.malformedRows() - rejected.count()); // those are warned about below
                    warnRejected(engine, rejected.count(), rejected.first());
                    if (dump.blocks() == 0) {
                        engine.warn("no ---PROFILEDATA--- block: take the dump with 'dumpsys gfxinfo <pkg> framestats'");
                    }
                    List<GfxinfoSummary> summaries = reported.summaries();
                    String pkg = packageName != null ? packageName : packageOf(summaries, dump.windows());
                    engine.finish();
                    if (frameTimeline != null) {
                        frameTimeline.finish(); // every frame is in (finish released those held back)
                    }
                    // with the join's summary; the verdicts settled last reach the listener
                    Summary summary = engine.summary(pkg);
                    refuseIfAllRejected(file, summary, rejected.count(), rejected.first());
                    return new Result(name, kind, summary, summaries);
                }
                case LATENCY: {
                    FrameEngine engine = new FrameEngine(Source.SURFACEFLINGER, config, listener);
                    engine.savedDump(true);
                    LatencyDump dump;
                    try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                        dump = LatencyParser.parse(r, layer, engine);
                    } catch (DumpFormatException e) {
                        throw new DumpFormatException(file + ": " + e.getMessage());
                    }
                    if (dump.malformedLines() > 0) {
                        engine.warn(dump.malformedLines() + " malformed --latency line(s) skipped");
                    }
                    warnRejected(engine, dump.rejectedRows(), dump.firstRejected());
                    if (!dump.hasData()) {
                        engine.warn("the layer has no frame data (period line only or all rows 0 0 0): "
                                + "measure another layer from 'dumpsys SurfaceFlinger --list'");
                    }
                    engine.finish();
                    Summary summary = engine.summary(packageName);
                    refuseIfAllRejected(file, summary, dump.rejectedRows(), dump.firstRejected());
                    return new Result(name, kind, summary, List.of());
                }
                case FRAME_CSV: {
                    return analyzeCsv(name, head, in, config, packageName, listener);
                }
                case FRAMETIMELINE: {
                    // on its own: every SurfaceFrame (of the package, when given) is one attributed frame
                    FrameEngine engine = new FrameEngine(Source.SURFACEFLINGER, config, listener);
                    FrameTimelineAttribution alone = new FrameTimelineAttribution();
                    alone.followAll(packageName);
                    FrameTimelineDump dump = new FrameTimelineParser(alone::surfaceFrame).parse(in);
                    if (dump.unknownLines() > 0) {
                        alone.warn(dump.unknownLines() + " unknown FrameTimeline line(s) skipped");
                    }
                    engine.frameTimeline(alone);
                    // verdicts, no frame times: "no frames" would contradict the split (issue 25 item 9)
                    Summary summary = engine.summary(packageName).replacingWarning(FrameEngine.NO_FRAMES,
                            "no frame times: a FrameTimeline dump holds jank verdicts only; for fps and frame times "
                            + "analyze the gfxinfo dump taken with it: 'fpsctl analyze gfx.txt --frametimeline "
                            + file + "'");
                    return new Result(file, kind, summary, List.of());
                }
                case LAYER_LIST:
                    throw new DumpFormatException(file + ": this is 'dumpsys SurfaceFlinger --list' output: it names "
                            + "layers but holds no frames; analyze a '--latency <layer>' dump instead");
                case DISPLAY:
                    throw new DumpFormatException(file + ": this is 'dumpsys display' output: it holds refresh rates, "
                            + "no frames; analyze a gfxinfo framestats or SurfaceFlinger --latency dump");
                default:
                    throw new DumpFormatException(file + ": not a dump fpsctl reads (expected 'dumpsys gfxinfo <pkg> "
                            + "framestats', 'dumpsys SurfaceFlinger --latency <layer>', a Perfetto trace or an fpsctl "
                            + "frames CSV)");
            }
        }
    }

    private static Result analyzeCsv(String file, byte[] head, InputStream in, EngineConfig config,
                                     String packageName, FrameEngine.Listener listener)
            throws IOException, DumpFormatException {
        Source source = FrameCsvReader.sourceOf(head);
        FrameEngine engine = new FrameEngine(source, config, listener);
        engine.savedDump(true);
        FrameCsvReader.Result res;
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            res = new FrameCsvReader(engine).read(r);
        } catch (FrameCsvFormatException e) {
            throw new DumpFormatException(file + ": " + e.getMessage()
                    + " (write it again with 'fpsctl analyze DUMP --format csv')");
        }
        if (res.malformedRows() > 0) {
            engine.warn(res.malformedRows() + " malformed CSV row(s) skipped");
        }
        warnRejected(engine, res.rejectedRows(), res.firstRejected());
        res.warnings().forEach(engine::warn);
        engine.finish(); // closes the last live window for listeners that want windows
        Summary summary = engine.summary(packageName != null ? packageName : res.packageName());
        refuseIfAllRejected(file, summary, res.rejectedRows(), res.firstRejected());
        return new Result(file, DumpKind.FRAME_CSV, summary, List.of());
    }

    /** The one warning for the rows that cannot be true (docs/metrics.md, "What fpsctl refuses to believe"). */
    private static void warnRejected(FrameEngine engine, long count, String first) {
        if (count > 0) {
            engine.warn(count + " impossible row(s) rejected (first: " + first + ")");
        }
    }

    /** A file whose every frame was impossible is not a measurement: refused (exit 5), not a summary of 0 frames. */
    private static void refuseIfAllRejected(String file, Summary summary, long rejected, String first)
            throws DumpFormatException {
        if (rejected > 0 && summary.frames() == 0) {
            throw new DumpFormatException(file + ": no frame is possible: " + rejected + " impossible row(s) rejected"
                    + " (first: " + first + ")");
        }
    }

    /** A --latency dump does not name its layer; the file name stands in for it. */
    private static String layerName(Path file) {
        Path name = file.getFileName();
        return name == null ? "layer" : name.toString();
    }

    private static String packageOf(List<GfxinfoSummary> summaries, List<String> windows) {
        for (GfxinfoSummary s : summaries) {
            if (s.processName() != null) {
                return s.processName();
            }
        }
        List<String> all = new ArrayList<>(windows);
        for (GfxinfoSummary s : summaries) {
            if (s.window() != null) {
                all.add(s.window());
            }
        }
        for (String w : all) {
            String p = PackageNames.fromWindow(w);
            if (p != null) {
                return p;
            }
        }
        return null;
    }
}
