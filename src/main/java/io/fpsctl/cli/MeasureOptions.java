package io.fpsctl.cli;

import io.fpsctl.capture.SourceRequest;
import java.time.Duration;
import picocli.CommandLine.Option;

/** What to measure and for how long: shared by watch, capture and gate. */
final class MeasureOptions {
    enum SourceOption { auto, gfxinfo, surfaceflinger, agent, flutter }

    @Option(names = "--source", paramLabel = "SOURCE",
            description = "auto (default: gfxinfo for HWUI apps, surfaceflinger for games/video/Flutter), gfxinfo, "
                    + "surfaceflinger, or agent (the on-device agent: stages, scroll fps, slow main-thread messages; "
                    + "'fpsctl agent install PACKAGE' first), or flutter (the app's SurfaceView frames plus the "
                    + "UI/raster split from a profile build's Dart VM service; docs/metrics.md section 14).")
    SourceOption source = SourceOption.auto;

    @Option(names = "--layer", paramLabel = "NAME",
            description = "SurfaceFlinger layer to measure (default: found with 'dumpsys SurfaceFlinger --list').")
    String layer;

    @Option(names = "--slow-message-ms", paramLabel = "MS", converter = NumberConverter.Count.class,
            description = "--source agent: report main-thread messages longer than this, with stacks (default: 100).")
    long slowMessageMs = 100;

    @Option(names = {"-d", "--duration"}, paramLabel = "DUR", converter = DurationConverter.class,
            description = "How long to measure, e.g. 20s, 2m (watch: until Ctrl-C when not given).")
    Duration duration;

    /** The source asked for, for the capture layer. */
    SourceRequest request() {
        SourceRequest.Kind kind = switch (source) {
            case auto -> SourceRequest.Kind.AUTO;
            case gfxinfo -> SourceRequest.Kind.GFXINFO;
            case surfaceflinger -> SourceRequest.Kind.SURFACEFLINGER;
            case agent -> SourceRequest.Kind.AGENT;
            // the frames the user saw are the FlutterSurfaceView layer's; the split comes beside them (FlutterRun)
            case flutter -> SourceRequest.Kind.SURFACEFLINGER;
        };
        return new SourceRequest(kind, layer, slowMessageMs);
    }
}
