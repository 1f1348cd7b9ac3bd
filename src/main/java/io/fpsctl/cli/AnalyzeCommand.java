package io.fpsctl.cli;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.Summary;
import io.fpsctl.sink.FrameCsv;
import io.fpsctl.sink.SummaryJson;
import io.fpsctl.sink.SummaryText;
import io.fpsctl.sink.TeeListener;
import io.fpsctl.sink.perfetto.PerfettoTrace;
import io.fpsctl.source.DumpFormatException;
import io.fpsctl.source.GfxinfoSummary;
import io.fpsctl.source.PackageNames;
import io.fpsctl.source.SavedDump;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
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
            "0:ok", "2:usage error", "5:a file is unreadable or not a dump fpsctl reads"})
final class AnalyzeCommand implements Callable<Integer> {

    enum Format { text, json, csv }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Dump or CSV files to analyse.")
    List<Path> files;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
            description = "text (default), json (METRICS.md summary object; an array for several files) or "
                    + "csv (per-frame rows).")
    Format format = Format.text;

    @Option(names = {"-p", "--package"}, paramLabel = "PKG", description = "Package name to report (default: from the dump).")
    String packageName;

    @Option(names = "--perfetto", paramLabel = "FILE", description = "Also write a Perfetto trace of every file's frames.")
    Path perfetto;

    @Mixin
    EngineOptions engineOptions;

    @Override
    public Integer call() throws Exception {
        EngineConfig config = engineOptions.toConfig();
        PrintWriter out = spec.commandLine().getOut();
        List<Summary> summaries = new ArrayList<>();
        FrameCsv csv = format == Format.csv ? new FrameCsv(out, false) : null;
        try (PerfettoTrace trace = perfetto == null ? null : openTrace(perfetto)) {
            analyzeAll(config, out, summaries, csv, trace);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write " + perfetto + ": " + e.getMessage(), e);
        }
        return ExitCode.OK;
    }

    private static PerfettoTrace openTrace(Path file) {
        try {
            return PerfettoTrace.create(file);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private void analyzeAll(EngineConfig config, PrintWriter out, List<Summary> summaries, FrameCsv csv,
                            PerfettoTrace trace) throws IOException {
        for (Path file : files) {
            if (trace != null && files.size() > 1) {
                trace.startRun(file.toString());
            }
            if (!Files.isReadable(file) || Files.isDirectory(file)) {
                throw new CliException(ExitCode.IO, file + ": cannot read the file (check the path)");
            }
            FrameEngine.Listener csvRows = csv == null ? null : new FrameEngine.Listener() {
                @Override
                public void frame(FrameResult r) {
                    try {
                        csv.write("", packageName != null ? packageName : PackageNames.fromWindow(r.window()), r);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
            SavedDump.Result result;
            try {
                result = SavedDump.analyze(file, config, packageName, TeeListener.of(csvRows, trace));
            } catch (NoSuchFileException e) {
                throw new CliException(ExitCode.IO, file + ": no such file");
            } catch (DumpFormatException e) {
                throw new CliException(ExitCode.IO, e.getMessage());
            } catch (UncheckedIOException | IOException e) {
                throw new CliException(ExitCode.IO, file + ": cannot read or write: " + e.getMessage());
            }
            Summary s = result.summary();
            for (String w : s.warnings()) {
                spec.commandLine().getErr().println("fpsctl: warning: " + file + ": " + w);
            }
            summaries.add(s);
            if (format == Format.text) {
                SummaryText.write(s, file + "  (" + result.kind().description() + ")", out);
                reported(result.reported(), out);
                out.println();
            }
        }
        if (format == Format.json) {
            if (summaries.size() == 1) {
                SummaryJson.write(summaries.get(0), out, true);
            } else {
                SummaryJson.writeAll(summaries, out, true);
            }
            out.println();
        }
        if (csv != null) {
            csv.flush();
        }
        out.flush();
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
