package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.Summary;
import io.fpsctl.sink.CsvRecorder;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.sink.OutputClaim;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.sink.SummaryText;
import io.fpsctl.sink.TeeListener;
import io.fpsctl.sink.perfetto.PerfettoTrace;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.analysis.DumpKind;
import io.fpsctl.android.FrameTimelineParser;
import io.fpsctl.android.GfxinfoSummary;
import io.fpsctl.android.PackageNames;
import io.fpsctl.analysis.SavedDump;
import io.fpsctl.android.Utf8Input;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code fpsctl analyze FILE...}: summarises saved dumps and fpsctl CSVs. */
@Command(name = "analyze", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {
            "Analyse saved dumps: 'dumpsys gfxinfo <pkg> framestats', 'dumpsys SurfaceFlinger --latency <layer>'",
            "or fpsctl's own per-frame CSV. The kind of each file is detected from its content."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:ok", "2:usage error", "5:a file is unreadable or not a dump fpsctl reads (the others are still analysed)"})
final class AnalyzeCommand implements Callable<Integer> {

    enum Format { text, json, csv }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Dump or CSV files to analyse; - reads standard input.")
    List<Path> files;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
            description = "text (default), json (the summary object of docs/metrics.md section 9; an array for several files) or "
                    + "csv (per-frame rows).")
    Format format = Format.text;

    @Option(names = {"-p", "--package"}, paramLabel = "PKG", description = "Package name to report (default: from the dump).")
    String packageName;

    @Option(names = "--frametimeline", paramLabel = "FILE",
            description = "A saved 'dumpsys SurfaceFlinger --frametimeline -all' taken with the gfxinfo dump: joins "
                    + "the frames on their FrameTimelineVsyncId and splits jank into app and system (Android 12+).")
    Path frameTimeline;

    @Option(names = "--perfetto", paramLabel = "FILE", description = "Also write a Perfetto trace of every file's frames.")
    Path perfetto;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() throws Exception {
        return run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /**
     * {@code analyze FILE... [--format F]} without picocli (start-up: building the command tree costs more than
     * analysing a small dump): the command as picocli would have filled it for {@code args} (which start after
     * {@code analyze}), or null when they hold anything else (any other option, {@code --}, {@code @file}), which
     * picocli then handles.
     */
    static AnalyzeCommand direct(String[] args, int from) {
        AnalyzeCommand c = new AnalyzeCommand();
        c.files = new java.util.ArrayList<>();
        boolean formatSeen = false;
        for (int i = from; i < args.length; i++) {
            String a = args[i];
            String value = null;
            if (a.equals("--format") || a.equals("-f")) {
                if (++i == args.length) {
                    return null;
                }
                value = args[i];
            } else if (a.startsWith("--format=")) {
                value = a.substring("--format=".length());
            } else if ((a.startsWith("-") && !a.equals("-")) || a.startsWith("@") || a.isEmpty()) {
                return null;
            } else {
                try {
                    c.files.add(Path.of(a));
                } catch (java.nio.file.InvalidPathException e) {
                    return null;
                }
                continue;
            }
            if (formatSeen) {
                return null; // picocli: "should be specified only once"
            }
            formatSeen = true;
            c.format = formatOf(value);
            if (c.format == null) {
                return null;
            }
        }
        if (c.files.isEmpty()) {
            return null;
        }
        c.engineOptions = new EngineOptions();
        return c;
    }

    private static Format formatOf(String value) {
        for (Format f : Format.values()) {
            if (f.name().equalsIgnoreCase(value)) {
                return f;
            }
        }
        return null;
    }

    /** Analyses every file, writing to {@code out} and errors to {@code err}; returns the exit code. */
    int run(PrintWriter out, PrintWriter err) throws IOException {
        EngineConfig config = engineOptions.toConfig();
        FrameCsv csv = format == Format.csv ? new FrameCsv(out, false) : null;
        boolean json = format == Format.json;
        boolean array = json && files.size() > 1;
        if (array) {
            out.print("[");
        }
        int failed = 0;
        boolean first = true;
        try (OutputClaim claim = OutputClaim.create().file(perfetto, "--perfetto");
             PerfettoTrace trace = perfetto == null ? null : openTrace(perfetto);
             StopSignal stop = new StopSignal(signal -> stopped = signal)) {
            for (Path file : files) {
                if (stopped != null) {
                    break;
                }
                String name = file.toString();
                Summary s;
                SavedDump.Result result = null;
                String error = null;
                try {
                    if (trace != null && files.size() > 1) {
                        trace.startRun(name);
                    }
                    result = analyzeOne(file, config, csv, trace);
                } catch (CliException e) {
                    error = e.getMessage();
                }
                if (json) {
                    out.print(first ? (array ? "\n" : "") : ",\n");
                }
                first = false;
                if (error != null) {
                    failed++;
                    ErrorLine.print(err, error);
                    if (json) {
                        SummaryJson.writeError(name, ErrorLine.of(error), out);
                    }
                    continue;
                }
                if (StopSignal.READER_GONE.equals(stopped)) {
                    break; // nobody reads the summary: end quietly (exit 141)
                }
                s = result.summary();
                if (stopped != null) {
                    s = s.asPartial("stopped by " + stopped + " while reading " + name);
                }
                for (String w : s.warnings()) {
                    ErrorLine.print(err, "warning: " + name + ": " + w);
                }
                if (format == Format.text && result.kind() == DumpKind.FRAMETIMELINE) {
                    SummaryText.writeFrameTimelineOnly(s, ErrorLine.of(name) + "  (" + result.kind().description()
                            + ")", out);
                    out.println();
                } else if (format == Format.text) {
                    SummaryText.write(s, ErrorLine.of(name) + "  (" + result.kind().description() + ")", out);
                    reported(result.reported(), out);
                    out.println();
                } else if (json && result.kind() == DumpKind.FRAMETIMELINE) {
                    // verdicts only: no frame counts claimed (docs/frametimeline.md)
                    SummaryJson.writeFrameTimelineOnly(s, RunMetadata.ofFile(SummaryJson.fpsctlVersion(), name), out,
                            true);
                } else if (json) {
                    SummaryJson.write(s, RunMetadata.ofFile(SummaryJson.fpsctlVersion(), name), out, true);
                }
            }
            if (array) {
                out.print("\n]");
            }
            if (json) {
                out.println();
            }
            if (csv != null) {
                csv.flush();
            }
            out.flush();
            if (failed > 0 && files.size() > 1) {
                ErrorLine.print(err, failed + " of " + files.size() + " files could not be analysed (see above)");
            }
            if (stop.requested() && !StopSignal.READER_GONE.equals(stopped)) {
                ErrorLine.print(err, "stopped by " + stopped + ": the summaries cover what was read until then");
            }
            return stop.exitCode(failed > 0 ? ExitCode.IO : ExitCode.OK);
        }
    }

    /** Thrown before a row is written once the reader of standard output went away: the file is not read on. */
    private static final class ReaderGone extends RuntimeException {
        ReaderGone() {
            super(null, null, false, false);
        }
    }

    /** The check per frame (so per CSV row) that ends the analysis at once when nobody reads the rows any more. */
    private final io.fpsctl.engine.FrameEngine.Listener readerCheck = new io.fpsctl.engine.FrameEngine.Listener() {
        @Override
        public void frame(io.fpsctl.engine.FrameResult result) {
            if (StopSignal.READER_GONE.equals(stopped)) {
                throw new ReaderGone();
            }
        }
    };

    /** The signal that asked analyze to stop reading, or null. */
    private volatile String stopped;

    /** An input that ends (EOF) once a signal asked analyze to stop, so what was read is still summarised. */
    private final class Stoppable extends java.io.FilterInputStream {
        Stoppable(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            return stopped != null ? -1 : super.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return stopped != null ? -1 : super.read(b, off, len);
        }
    }

    private static PerfettoTrace openTrace(Path file) {
        try {
            return PerfettoTrace.create(file);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write " + ErrorLine.describe(e), e);
        }
    }

    /** Analyses one file ({@code -}: standard input), read once from start to end. */
    private SavedDump.Result analyzeOne(Path file, EngineConfig config, FrameCsv csv, PerfettoTrace trace) {
        String name = file.toString();
        // rows wait for their FrameTimeline verdicts (a dump joined with --frametimeline, a frames CSV with them)
        java.util.Map<String, String> packages = new java.util.HashMap<>(); // a window's package, found once
        CsvRecorder recorder = csv == null ? null : new CsvRecorder(csv, "", w -> packageName != null ? packageName
                : packages.computeIfAbsent(w, PackageNames::fromWindow));
        boolean stdin = name.equals("-");
        if (!stdin && !Files.exists(file)) {
            throw new CliException(ExitCode.IO, name + ": no such file (check the path)");
        }
        if (!stdin && !Files.isReadable(file)) {
            throw new CliException(ExitCode.IO, name + ": permission denied (check the file's permissions)");
        }
        if (!stdin && Files.isDirectory(file)) {
            throw new CliException(ExitCode.IO, name + ": is a folder; give the dump files in it");
        }
        try (InputStream in = new Stoppable(stdin ? new NonClosing(System.in)
                : new java.io.FileInputStream(file.toFile()))) {
            Path fileName = file.getFileName();
            String layer = stdin ? "stdin" : fileName == null ? "layer" : fileName.toString();
            SavedDump.Result result = SavedDump.analyze(in, stdin ? "standard input" : name, layer, config,
                    packageName, TeeListener.of(readerCheck, TeeListener.of(recorder, trace)), frameTimeline());
            if (recorder != null) {
                recorder.close(); // the summary delivered the last verdicts: the rows still held go out
            }
            return result;
        } catch (ReaderGone e) {
            return null; // the caller ends quietly
        } catch (DumpFormatException e) {
            throw new CliException(ExitCode.IO, e.getMessage());
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof java.nio.file.FileSystemException f && f.getFile() != null
                    && !f.getFile().equals(name)) {
                // an output failed (the --perfetto trace), not this input
                throw new CliException(ExitCode.IO, "cannot write " + ErrorLine.describe(f));
            }
            throw new CliException(ExitCode.IO, name + ": cannot read or write: " + ErrorLine.describe(e.getCause()));
        } catch (IOException e) {
            String what = ErrorLine.describe(e);
            throw new CliException(ExitCode.IO, what.startsWith(name) ? what : name + ": " + what);
        } catch (CliException e) {
            throw e; // already says what is wrong (e.g. a bad --frametimeline file)
        } catch (RuntimeException e) {
            throw new CliException(ExitCode.IO, name + ": could not be analysed (internal error: please report it "
                    + "with this file)", e);
        }
    }

    /** Standard input, not closed after reading (the JVM owns it). */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // System.in stays open
        }
    }

    /** The SurfaceFrames of {@code --frametimeline FILE} (read again for every analysed file), or null. */
    private FrameTimelineAttribution frameTimeline() throws IOException, DumpFormatException {
        if (frameTimeline == null) {
            return null;
        }
        if (!Files.isReadable(frameTimeline) || Files.isDirectory(frameTimeline)) {
            throw new CliException(ExitCode.IO, frameTimeline + ": cannot read the file (check the path)");
        }
        return SavedDump.frameTimeline(frameTimeline);
    }

    /** What Android printed itself, so users can compare it with fpsctl's numbers. */
    private static void reported(List<GfxinfoSummary> reported, PrintWriter out) {
        for (GfxinfoSummary r : reported) {
            String scope = r.window() != null ? "window " + r.window()
                    : "process " + (r.processName() == null ? "" : r.processName());
            GfxinfoSummary.Percentiles p = r.frameTimeMs();
            out.printf(Locale.ROOT, "  android says (%s): %d frames, %d janky (%.2f %%)%s%n", scope, r.totalFrames(),
                    r.jankyFrames(), r.jankyPercent(), p == null ? "" : ", p90 " + p.p90() + " ms");
        }
    }
}
