package io.fpsctl.engine;

/** Where frames come from; decides which METRICS.md sections apply. */
public enum Source {
    /** {@code dumpsys gfxinfo <pkg> framestats} (METRICS.md sections 1, 4). */
    GFXINFO("gfxinfo"),
    /** {@code dumpsys SurfaceFlinger --latency <layer>} (sections 2, 5). */
    SURFACEFLINGER("surfaceflinger"),
    /** The on-device agent (FrameMetrics + Choreographer); judged like gfxinfo. */
    AGENT("agent"),
    /**
     * A Perfetto trace's FrameTimeline SurfaceFrames (docs/metrics.md 14): rendered frames, judged like gfxinfo, with
     * the trace's own jank verdicts.
     */
    PERFETTO("perfetto");

    private final String key;

    Source(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** True when frames are presents judged on gaps (section 5) rather than rendered frames (section 4). */
    public boolean presented() {
        return this == SURFACEFLINGER;
    }

    /** Parses a key such as {@code gfxinfo}; null when unknown. */
    public static Source fromKey(String key) {
        for (Source s : values()) {
            if (s.key.equalsIgnoreCase(key)) {
                return s;
            }
        }
        return null;
    }
}
