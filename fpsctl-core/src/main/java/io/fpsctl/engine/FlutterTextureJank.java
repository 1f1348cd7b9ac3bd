package io.fpsctl.engine;

/**
 * FrameTimeline's app jank on a Flutter app without a SurfaceView (FlutterTextureView), docs/metrics.md 16.1: the
 * window's SurfaceFrames are its HWUI frames, each composites whichever engine frame is ready and is on time for its
 * own vsync id, so a slow engine frame is a vsync the window skips, never a late SurfaceFrame (inferred from the
 * pipeline 16.1 describes: TextureView's {@code onFrameAvailable} invalidates the view, the next traversal draws it).
 * The measurement marks such a summary with {@link #WARNING}; the gate then refuses to judge app jank on it.
 */
public final class FlutterTextureJank {
    /** The start of the warning line; the gate and a re-read summary.json recognise the run by it. */
    public static final String PREFIX = "frameTimeline.appJankPercent is blind here";

    /** The summary's warning line. */
    public static final String WARNING = PREFIX + ": a Flutter app without a SurfaceView (FlutterTextureView) "
            + "whose window frames are each on time for their own vsync, so a slow engine frame is never app jank; "
            + "jankPercent (the window's skipped vsyncs) counts it (docs/metrics.md 16.1)";

    private FlutterTextureJank() {
    }

    /** Whether {@code s} measured a Flutter texture app's window (it carries {@link #WARNING}). */
    public static boolean marked(Summary s) {
        return s.warnings() != null && s.warnings().stream().anyMatch(w -> w.startsWith(PREFIX));
    }
}
