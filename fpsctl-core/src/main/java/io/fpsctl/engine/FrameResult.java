package io.fpsctl.engine;

import java.util.Arrays;

/**
 * Everything the engine derived for one new, counted frame (docs/metrics.md section 3). Read-only outside the
 * engine; the engine reuses one instance so the per-frame path allocates nothing (a 1 M-frame analyze): a
 * listener that keeps values must copy them.
 */
public final class FrameResult {
    Source source;
    String window;
    long time;
    long end;
    long interval;
    long flags;
    boolean timed;
    long duration;
    /**
     * What this frame added to the sum of gaps inside segments of its window (docs/metrics.md 4), ns; −1 when it added
     * no frame to them (a segment start). A frame that arrives in time order adds its gap to the previous frame; a
     * gfxinfo frame that arrives after later ones (docs/metrics.md 1 splits a gap in two and adds 0.
     */
    long span;
    /** Frames this frame added to those that do not start a segment: 0, 1, or 2 when it joined two segments. */
    int spanFrames;
    long dropped;
    boolean janky;
    DropLevel dropLevel;
    final long[] stages = new long[Stage.count()];
    boolean slow;
    Stage mainCause;
    /** docs/metrics.md 13 rule 9: the interval this frame gets, and rule 10's cause of a slow frame (else null). */
    ResourceUsage resources;
    String resourceCause;
    boolean jank;
    boolean bigJank;
    long interaction;
    final long[] choreographer = new long[Interaction.CH_QUEUES];
    long sequence;
    boolean awaitsVerdict;

    FrameResult() {
    }

    void reset(Source source, String window) {
        this.source = source;
        this.window = window;
        time = end = interval = flags = 0;
        timed = janky = slow = jank = bigJank = false;
        duration = span = -1;
        spanFrames = 0;
        dropped = 0;
        dropLevel = DropLevel.BEST;
        mainCause = null;
        resources = null;
        resourceCause = null;
        Arrays.fill(stages, -1);
        interaction = Interaction.UNKNOWN;
        Arrays.fill(choreographer, -1);
        awaitsVerdict = false;
    }

    /** This frame's number among the frames its engine counted, from 0 (the key of {@code Listener.frameTimeline}). */
    public long sequence() {
        return sequence;
    }

    /**
     * Whether a FrameTimeline verdict will follow for this frame ({@code FrameEngine.Listener.frameTimeline},
     * exactly once, possibly unattributed). False when no FrameTimeline is joined (Android 11 and older, saved
     * dumps without one) and for SurfaceFlinger-source frames, whose layer is attributed as a whole.
     */
    public boolean awaitsVerdict() {
        return awaitsVerdict;
    }

    public Source source() {
        return source;
    }

    /** Window title (gfxinfo) or layer name (SurfaceFlinger). */
    public String window() {
        return window;
    }

    /** IntendedVsync (rendered frames) or actualPresent (presented frames), ns. */
    public long time() {
        return time;
    }

    /** FrameCompleted (rendered) or actualPresent (presented), ns. */
    public long end() {
        return end;
    }

    /** The vsync interval T used for this frame (docs/metrics.md section 2), ns. */
    public long interval() {
        return interval;
    }

    public long flags() {
        return flags;
    }

    /** Rendered: Flags == 0. Presented: judged (not the first frame of a segment). */
    public boolean timed() {
        return timed;
    }

    /** Rendered: FrameCompleted − IntendedVsync. Presented: the gap to the previous frame; −1 if none. */
    public long duration() {
        return duration;
    }

    public long dropped() {
        return dropped;
    }

    public boolean janky() {
        return janky;
    }

    public DropLevel dropLevel() {
        return dropLevel;
    }

    /** Span of a stage in ns, −1 when the source does not know it. */
    public long stage(Stage stage) {
        return stages[stage.ordinal()];
    }

    /** {@code duration > S} (docs/metrics.md section 3). */
    public boolean slow() {
        return slow;
    }

    /** The main cause of a slow frame; null when the frame is not slow or no stage dominates. */
    public Stage mainCause() {
        return mainCause;
    }

    /**
     * What the app and the device did over this frame's interval (docs/metrics.md 13 rule 9); null when resources
     * were not read.
     */
    public ResourceUsage resources() {
        return resources;
    }

    /**
     * {@code none}, a stage key, a resource cause ({@link ResourceUsage#MAIN_THREAD_BUSY},
     * {@link ResourceUsage#CPU_THROTTLED}: docs/metrics.md 13 rule 10), or empty when the frame is not slow.
     */
    public String mainCauseKey() {
        if (!slow) {
            return "";
        }
        if (resourceCause != null) {
            return resourceCause;
        }
        return mainCause == null ? Summary.CAUSE_NONE : mainCause.key();
    }

    /** SurfaceFlinger: PerfDog jank. */
    public boolean jank() {
        return jank;
    }

    /** SurfaceFlinger: PerfDog big jank. */
    public boolean bigJank() {
        return bigJank;
    }

    /** Agent {@link Interaction} bits; {@code -1} when the source does not know them. */
    public long interaction() {
        return interaction;
    }

    /** Agent: time in a Choreographer queue ({@link Interaction#CH_INPUT} …) in ns; −1 when unknown. */
    public long choreographer(int queue) {
        return choreographer[queue];
    }
}
