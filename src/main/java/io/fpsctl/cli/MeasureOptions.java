package io.fpsctl.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/** What to measure and for how long: shared by watch, capture and gate. */
final class MeasureOptions {
    enum SourceOption { auto, gfxinfo, surfaceflinger }

    @Option(names = "--source", paramLabel = "SOURCE",
            description = "auto (default: gfxinfo for HWUI apps, surfaceflinger for games/video/Flutter), gfxinfo "
                    + "or surfaceflinger.")
    SourceOption source = SourceOption.auto;

    @Option(names = "--layer", paramLabel = "NAME",
            description = "SurfaceFlinger layer to measure (default: found with 'dumpsys SurfaceFlinger --list').")
    String layer;

    @Option(names = {"-d", "--duration"}, paramLabel = "DUR", converter = DurationConverter.class,
            description = "How long to measure, e.g. 20s, 2m (watch: until Ctrl-C when not given).")
    Duration duration;
}
