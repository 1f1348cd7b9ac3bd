package io.fpsctl.cli;

import io.fpsctl.analysis.TraceAnalysis;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.format.perfetto.PerfettoTraceException;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code gate --from} and {@code --baseline} read: a summary.json or a gate run (its iterations), or a Perfetto
 * trace, analysed as {@code analyze TRACE} does (docs/metrics.md 15), told apart by the bytes, never the name.
 */
final class GateInputs {

    /** Enough bytes for {@link PerfettoTraceReader#looksLikeTrace} to see a first packet. */
    private static final int HEAD = 64 * 1024;

    private GateInputs() {
    }

    /** True when {@code file} is a Perfetto trace (gzip'd or not); false when it cannot be read (reported later). */
    static boolean isTrace(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(HEAD);
            return PerfettoTraceReader.looksLikeTrace(head, head.length);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The runs in {@code file}: a summary's or gate run's iterations, or the one summary of a trace's {@code pkg}
     * (null: the package with most frames, the others named in its warnings).
     *
     * @throws CliException exit 5 with one line naming the file when it cannot be read
     */
    static List<Summary> read(Path file, String option, String pkg, EngineConfig config) {
        if (!Files.isReadable(file)) {
            throw new CliException(ExitCode.IO, option + " " + file + ": cannot read the file");
        }
        try {
            if (isTrace(file)) {
                return List.of(TraceAnalysis.analyze(PerfettoTraceReader.read(file), config, pkg, null).summary());
            }
            return SummaryJsonReader.readRun(file);
        } catch (PerfettoTraceException | DumpFormatException e) {
            throw new CliException(ExitCode.IO, option + " " + e.getMessage(), e);
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, option + " " + file + ": " + e.getMessage(), e);
        }
    }
}
