package io.fpsctl.sink.report;

import io.fpsctl.format.VideoJson;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The screen recording of one iteration (docs/report.md "Screen recordings"): its {@code video.json} as read, and the folder holding
 * it and its MP4 files.
 */
public record ReportVideo(Path folder, VideoJson.Recording recording) {
    public ReportVideo {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(recording, "recording");
    }
}
