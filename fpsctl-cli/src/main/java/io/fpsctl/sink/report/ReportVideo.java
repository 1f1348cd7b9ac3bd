package io.fpsctl.sink.report;

import io.fpsctl.format.VideoJson;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The screen recording of one iteration (docs/report.md "Screen recordings"): its {@code video.json} as read, the
 * folder holding it and its MP4 files, and per file the CLOCK_BOOTTIME ns of each picture as its Winscope block gives
 * them (read by the caller: the report only places them; a file without its entry has no per-picture times).
 */
public record ReportVideo(Path folder, VideoJson.Recording recording, Map<String, long[]> boottimesNs) {
    public ReportVideo {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(recording, "recording");
        boottimesNs = Map.copyOf(boottimesNs);
    }

    /** Without per-picture times. */
    public ReportVideo(Path folder, VideoJson.Recording recording) {
        this(folder, recording, Map.of());
    }
}
