package io.fpsctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.format.SummaryJsonSchema;
import io.fpsctl.sink.report.ReportFrames;
import io.fpsctl.sink.report.ReportRun;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.analysis.SavedDump;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one report INPUT into a {@link ReportRun}: a capture folder (its {@code summary.json}, and the frames of
 * its {@code frames.csv}), a {@code summary.json} (frames from a {@code frames.csv} beside it, if any), a frames CSV
 * or a saved dump (both summarised by the engine, as {@code analyze} does). Errors are exit 5 naming the file.
 */
final class ReportInputs {
    static final String SUMMARY = "summary.json";
    static final String FRAMES = "frames.csv";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ReportInputs() {
    }

    static ReportRun load(Path input, EngineConfig config) {
        if (!Files.exists(input)) {
            throw new CliException(ExitCode.IO, input + ": no such file or folder");
        }
        if (Files.isDirectory(input)) {
            Path summary = input.resolve(SUMMARY);
            Path frames = input.resolve(FRAMES);
            if (Files.isRegularFile(summary)) {
                return fromSummary(summary, "capture folder", input, config);
            }
            if (Files.isRegularFile(frames)) {
                return fromDump(frames, config);
            }
            throw new CliException(ExitCode.IO, input + ": not a capture folder (no " + SUMMARY + " or " + FRAMES
                    + "): pass DIR/<serial>/<package>/ as written by 'fpsctl capture'");
        }
        if (!Files.isReadable(input)) {
            throw new CliException(ExitCode.IO, input + ": cannot read the file (check its permissions)");
        }
        if (input.getFileName().toString().endsWith(".json")) {
            return fromSummary(input, "summary.json", input.toAbsolutePath().getParent(), config);
        }
        return fromDump(input, config);
    }

    /** The summary as written, plus the frames of {@code frames.csv} in {@code folder} when there is one. */
    private static ReportRun fromSummary(Path summaryFile, String kind, Path folder, EngineConfig config) {
        JsonNode summary;
        try {
            summary = MAPPER.readTree(summaryFile.toFile());
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, summaryFile + ": not a readable fpsctl summary: " + e.getMessage(), e);
        }
        if (summary == null || !summary.isObject() || !summary.path(SummaryJsonSchema.SCHEMA_VERSION.name()).isInt()) {
            throw new CliException(ExitCode.IO, summaryFile + ": not an fpsctl summary (no schemaVersion): pass the "
                    + "summary.json that capture or analyze --format json wrote");
        }
        ReportFrames frames = null;
        Map<String, String> header = new LinkedHashMap<>();
        Path csv = folder == null ? null : folder.resolve(FRAMES);
        if (csv != null && Files.isRegularFile(csv)) {
            frames = new ReportFrames();
            analyze(csv, config, frames);
            try {
                frames.flutter(io.fpsctl.sink.report.ReportFlutter.read(csv)); // docs/metrics.md 16
            } catch (IOException e) {
                throw new CliException(ExitCode.IO, csv + ": cannot read: " + e.getMessage(), e);
            }
            Path parent = folder.toAbsolutePath().getParent();
            if (kind.equals("capture folder") && parent != null && parent.getFileName() != null) {
                header.put("device", parent.getFileName().toString()); // DIR/<serial>/<package>/
            }
        }
        Path label = kind.equals("capture folder") ? folder : summaryFile;
        io.fpsctl.sink.report.ReportVideo video = null;
        if (folder != null) {
            try {
                io.fpsctl.format.VideoJson.Recording rec = io.fpsctl.format.VideoJson.read(folder);
                video = rec == null ? null : io.fpsctl.capture.ScreenRecording.reportVideo(folder, rec);
            } catch (IOException e) {
                throw new CliException(ExitCode.IO, folder.resolve(io.fpsctl.format.VideoJson.FILE) + ": "
                        + e.getMessage() + " (remove it to report without the video)", e);
            }
        }
        return new ReportRun(label.toString(), kind, iterations(summaryFile, summary, frames, video), header);
    }

    /**
     * The iterations of a summary file: those of a {@code gate --iterations N --summary-out} run (its
     * {@code iterations} list), else the summary itself; the frames (of a {@code frames.csv} beside it) belong to
     * the last. The engine's summaries are read too, for the verdicts between runs; a file the reader refuses
     * (e.g. written by an older fpsctl) is still drawn, without them.
     */
    private static List<ReportRun.Iteration> iterations(Path file, JsonNode summary, ReportFrames frames,
                                                        io.fpsctl.sink.report.ReportVideo video) {
        JsonNode list = summary.path("iterations");
        List<JsonNode> trees = new ArrayList<>();
        if (list.isArray() && !list.isEmpty()) {
            list.forEach(trees::add);
        } else {
            trees.add(summary);
        }
        List<Summary> measured;
        try {
            measured = SummaryJsonReader.readRun(file);
        } catch (IOException | RuntimeException e) {
            measured = null;
        }
        if (measured != null && measured.size() != trees.size()) {
            measured = null;
        }
        List<ReportRun.Iteration> out = new ArrayList<>();
        for (int i = 0; i < trees.size(); i++) {
            boolean last = i == trees.size() - 1;
            out.add(new ReportRun.Iteration(trees.get(i), measured == null ? null : measured.get(i),
                    last ? frames : null, last ? video : null));
        }
        return out;
    }

    private static ReportRun fromDump(Path file, EngineConfig config) {
        ReportFrames frames = new ReportFrames();
        SavedDump.Result r = analyze(file, config, frames);
        return new ReportRun(file.toString(), r.kind().description(),
                tree(r.summary(), io.fpsctl.format.RunMetadata.ofFile(SummaryJson.fpsctlVersion(), file.toString())),
                r.summary(), frames, Map.of());
    }

    private static SavedDump.Result analyze(Path file, EngineConfig config, ReportFrames frames) {
        try {
            return SavedDump.analyze(file, config, null, frames);
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCode.IO, file + ": no such file");
        } catch (DumpFormatException e) {
            throw new CliException(ExitCode.IO, e.getMessage());
        } catch (UncheckedIOException | IOException e) {
            throw new CliException(ExitCode.IO, file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** A summary as the JSON object {@code summary.json} would hold. */
    static JsonNode tree(Summary s) {
        return tree(s, null);
    }

    /** A summary and where and when it was measured, as {@code summary.json} would hold them. */
    static JsonNode tree(Summary s, io.fpsctl.format.RunMetadata metadata) {
        try {
            StringWriter w = new StringWriter();
            SummaryJson.write(s, metadata, w, false);
            return MAPPER.readTree(w.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
