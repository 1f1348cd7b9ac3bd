package io.fpsctl.cli;

import io.fpsctl.capture.SourceRequest;
import java.time.Duration;
import picocli.CommandLine.Option;

/** What to measure and for how long: shared by watch, capture and gate. */
final class MeasureOptions {
    enum SourceOption { auto, gfxinfo, surfaceflinger, agent, perfetto, flutter }

    @Option(names = "--source", paramLabel = "SOURCE",
            description = "auto (default: gfxinfo for HWUI apps, surfaceflinger for games/video/Flutter), gfxinfo, "
                    + "surfaceflinger, or agent (the on-device agent: stages, scroll fps, slow main-thread messages; "
                    + "'fpsctl agent install PACKAGE' first), perfetto (capture and gate, Android 12+: a Perfetto "
                    + "trace of FrameTimeline recorded on the device, kept beside summary.json), or flutter (the app's "
                    + "SurfaceView frames plus the UI/raster split from a profile build's Dart VM service; "
                    + "docs/metrics.md section 16).")
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
            // a trace is read when it ends: capture and gate take this source before asking for a request
            case perfetto -> throw new CliException(ExitCode.USAGE, "--source perfetto records a trace that is read "
                    + "when it ends, so it is not live: use it with capture or gate (watch: --source auto or gfxinfo)");
            // the frames the user saw are the FlutterSurfaceView layer's; the split comes beside them (FlutterRun)
            case flutter -> SourceRequest.Kind.SURFACEFLINGER;
        };
        return new SourceRequest(kind, layer, slowMessageMs);
    }
}
