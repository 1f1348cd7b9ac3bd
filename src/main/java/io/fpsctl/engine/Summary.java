package io.fpsctl.engine;

import java.util.List;

/**
 * The summary of a set of frames (METRICS.md sections 6–8): a whole capture, one window or layer, or one live
 * window. Values are unrounded; sinks round when printing. Absent values are null (never 0).
 *
 * @param name            the window or layer; null for a whole capture
 * @param refreshHz       1e9 / the smallest interval T seen
 * @param dropLevels      counts indexed by {@link DropLevel#ordinal()}
 * @param stagesMs        mean span per {@link Stage#ordinal()}, null entries where unknown; null for presented frames
 * @param mainCauses      index 0 = none, then 1 + {@link Stage#ordinal()}; null for presented frames
 * @param jank            PerfDog jank count (presented frames only, else null)
 * @param worstCause      main cause of the slowest timed frame ({@code none}, a stage key, or null)
 * @param windows         per-window summaries of a whole capture (empty for a window's own summary)
 * @param scrollFps       agent: rendering fps (section 6) over frames with the scrolling bit; null otherwise
 * @param fingerScrollFps agent: the same over frames with the finger bit; null otherwise
 * @param choreographerMs agent: mean time per Choreographer queue (input, animation, traversal), null entries
 *                        where unknown; null when no frame had them
 * @param slowMessages    agent: slow main-thread messages of the run (whole capture only); null otherwise
 * @param coverageGaps    intervals of the device timeline where frames may be missing (METRICS.md 11), 0 when none
 * @param coverageGapMs   their total length in ms, 0.0 when none
 * @param coverage        what part of the time asked for a live run measured, and whether (and why) the run is
 *                        partial (docs/metrics.md "Coverage"); null for a summary of a saved dump or file
 * @param frameTimeline   FrameTimeline attribution (METRICS.md 9, whole capture only); null where it does not apply
 * @param androidVitals   Android vitals computed locally (METRICS.md 7a); null when not computed (an older summary)
 */
public record Summary(
        Source source,
        String packageName,
        String name,
        Double refreshHz,
        long frames,
        long timedFrames,
        Double fps,
        Double spanFps,
        long jankyFrames,
        Double jankPercent,
        long droppedFrames,
        long overflows,
        long[] dropLevels,
        FrameTimes frameTimeMs,
        Double[] stagesMs,
        long[] mainCauses,
        Long jank,
        Long bigJank,
        Double stutterPercent,
        String worstCause,
        List<Summary> windows,
        List<String> warnings,
        Double scrollFps,
        Double fingerScrollFps,
        Double[] choreographerMs,
        SlowMessages slowMessages,
        int coverageGaps,
        double coverageGapMs,
        RunCoverage coverage,
        FrameTimelineSummary frameTimeline,
        AndroidVitals androidVitals) {

    /**
     * A summary marked complete or partial without the times of the run ({@code partial}: "the run ended early");
     * {@link #withCoverage} gives them.
     */
    public Summary(Source source, String packageName, String name, Double refreshHz, long frames, long timedFrames,
                   Double fps, Double spanFps, long jankyFrames, Double jankPercent, long droppedFrames,
                   long overflows, long[] dropLevels, FrameTimes frameTimeMs, Double[] stagesMs, long[] mainCauses,
                   Long jank, Long bigJank, Double stutterPercent, String worstCause, List<Summary> windows,
                   List<String> warnings, Double scrollFps, Double fingerScrollFps, Double[] choreographerMs,
                   SlowMessages slowMessages, int coverageGaps, double coverageGapMs, boolean partial,
                   FrameTimelineSummary frameTimeline, AndroidVitals androidVitals) {
        this(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames, jankPercent,
                droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, partial ? RunCoverage.partial(ENDED_EARLY) : null,
                frameTimeline, androidVitals);
    }

    /** The reason of a partial run that does not say more. */
    public static final String ENDED_EARLY = "the run ended early";

    /** True when the run is partial: it measured less than asked, the device was lost, or a signal stopped it. */
    public boolean partial() {
        return coverage != null && coverage.partial();
    }

    /** The summary of a complete run without FrameTimeline attribution. */
    public Summary(Source source, String packageName, String name, Double refreshHz, long frames, long timedFrames,
                   Double fps, Double spanFps, long jankyFrames, Double jankPercent, long droppedFrames,
                   long overflows, long[] dropLevels, FrameTimes frameTimeMs, Double[] stagesMs, long[] mainCauses,
                   Long jank, Long bigJank, Double stutterPercent, String worstCause, List<Summary> windows,
                   List<String> warnings, Double scrollFps, Double fingerScrollFps, Double[] choreographerMs,
                   SlowMessages slowMessages, int coverageGaps, double coverageGapMs) {
        this(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames, jankPercent,
                droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, false, null, null);
    }

    /** The summary of a complete run. */
    public Summary(Source source, String packageName, String name, Double refreshHz, long frames, long timedFrames,
                   Double fps, Double spanFps, long jankyFrames, Double jankPercent, long droppedFrames,
                   long overflows, long[] dropLevels, FrameTimes frameTimeMs, Double[] stagesMs, long[] mainCauses,
                   Long jank, Long bigJank, Double stutterPercent, String worstCause, List<Summary> windows,
                   List<String> warnings, Double scrollFps, Double fingerScrollFps, Double[] choreographerMs,
                   SlowMessages slowMessages, int coverageGaps, double coverageGapMs,
                   FrameTimelineSummary frameTimeline) {
        this(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames, jankPercent,
                droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, false, frameTimeline, null);
    }

    /** A summary without FrameTimeline attribution. */
    public Summary(Source source, String packageName, String name, Double refreshHz, long frames, long timedFrames,
                   Double fps, Double spanFps, long jankyFrames, Double jankPercent, long droppedFrames,
                   long overflows, long[] dropLevels, FrameTimes frameTimeMs, Double[] stagesMs, long[] mainCauses,
                   Long jank, Long bigJank, Double stutterPercent, String worstCause, List<Summary> windows,
                   List<String> warnings, Double scrollFps, Double fingerScrollFps, Double[] choreographerMs,
                   SlowMessages slowMessages, int coverageGaps, double coverageGapMs, boolean partial) {
        this(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames, jankPercent,
                droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, partial, null, null);
    }

    /** A summary without Android vitals (the canonical form before METRICS.md 7a). */
    public Summary(Source source, String packageName, String name, Double refreshHz, long frames, long timedFrames,
                   Double fps, Double spanFps, long jankyFrames, Double jankPercent, long droppedFrames,
                   long overflows, long[] dropLevels, FrameTimes frameTimeMs, Double[] stagesMs, long[] mainCauses,
                   Long jank, Long bigJank, Double stutterPercent, String worstCause, List<Summary> windows,
                   List<String> warnings, Double scrollFps, Double fingerScrollFps, Double[] choreographerMs,
                   SlowMessages slowMessages, int coverageGaps, double coverageGapMs, boolean partial,
                   FrameTimelineSummary frameTimeline) {
        this(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames, jankPercent,
                droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, partial, frameTimeline, null);
    }

    /**
     * This summary marked as a partial run for {@code reason} (its {@link #coverage()} says why; a reason already
     * given stays first), with one line "partial run: REASON" added to its warnings for people.
     */
    public Summary asPartial(String reason) {
        List<String> w = new java.util.ArrayList<>(warnings);
        String line = "partial run: " + reason;
        if (!w.contains(line)) {
            w.add(line);
        }
        return copy(w, coverage == null ? RunCoverage.partial(reason) : coverage.asPartial(reason));
    }

    /** This summary with {@code c} as its coverage (replacing any; a partial one should come through {@link #asPartial}). */
    public Summary withCoverage(RunCoverage c) {
        return copy(warnings, c);
    }

    /** This summary with other warnings and coverage. */
    private Summary copy(List<String> w, RunCoverage c) {
        return new Summary(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames,
                jankPercent, droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, w, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, c, frameTimeline, androidVitals);
    }

    /** Copies the arrays and lists: a summary is an immutable value. */
    public Summary {
        dropLevels = dropLevels == null ? null : dropLevels.clone();
        stagesMs = stagesMs == null ? null : stagesMs.clone();
        mainCauses = mainCauses == null ? null : mainCauses.clone();
        choreographerMs = choreographerMs == null ? null : choreographerMs.clone();
        windows = windows == null ? List.of() : List.copyOf(windows);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    @Override
    public long[] dropLevels() {
        return dropLevels == null ? null : dropLevels.clone();
    }

    @Override
    public Double[] stagesMs() {
        return stagesMs == null ? null : stagesMs.clone();
    }

    @Override
    public long[] mainCauses() {
        return mainCauses == null ? null : mainCauses.clone();
    }

    @Override
    public Double[] choreographerMs() {
        return choreographerMs == null ? null : choreographerMs.clone();
    }

    /** This summary with {@code slow} as its slow messages. */
    public Summary withSlowMessages(SlowMessages slow) {
        return new Summary(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames,
                jankPercent, droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs, slow,
                coverageGaps, coverageGapMs, coverage, frameTimeline, androidVitals);
    }

    /** This summary with {@code ft} as its FrameTimeline attribution. */
    public Summary withFrameTimeline(FrameTimelineSummary ft) {
        return new Summary(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames,
                jankPercent, droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, coverage, ft, androidVitals);
    }

    /** This summary with {@code vitals} as its Android vitals. */
    public Summary withAndroidVitals(AndroidVitals vitals) {
        return new Summary(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps, jankyFrames,
                jankPercent, droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs, mainCauses, jank, bigJank,
                stutterPercent, worstCause, windows, warnings, scrollFps, fingerScrollFps, choreographerMs,
                slowMessages, coverageGaps, coverageGapMs, coverage, frameTimeline, vitals);
    }

    /** This summary with one more line in {@code warnings} (e.g. a second source measured beside it). */
    public Summary withWarning(String line) {
        List<String> w = new java.util.ArrayList<>(warnings);
        w.add(line);
        return copy(w, coverage);
    }

    /** This summary with {@code old} in {@code warnings} replaced by {@code line} (unchanged when it has none). */
    public Summary replacingWarning(String old, String line) {
        List<String> w = new java.util.ArrayList<>(warnings);
        int i = w.indexOf(old);
        if (i < 0) {
            return this;
        }
        w.set(i, line);
        return copy(w, coverage);
    }

    /** Mean time of a Choreographer queue ({@link Interaction#CH_INPUT} …) in ms, null when unknown. */
    public Double choreographerMs(int queue) {
        return choreographerMs == null ? null : choreographerMs[queue];
    }

    public static final int SCHEMA_VERSION = 1;
    public static final String CAUSE_NONE = "none";

    /** Key of a main-cause index: 0 → none, else the stage key. */
    public static String causeKey(int index) {
        return index == 0 ? CAUSE_NONE : Stage.all()[index - 1].key();
    }

    public long dropLevel(DropLevel level) {
        return dropLevels[level.ordinal()];
    }

    /** Mean span of a stage in ms, null when unknown. */
    public Double stageMs(Stage stage) {
        return stagesMs == null ? null : stagesMs[stage.ordinal()];
    }

    /** Count of slow frames whose main cause is {@code key} ({@code none} or a stage key). */
    public long mainCause(String key) {
        if (mainCauses == null) {
            return 0;
        }
        for (int i = 0; i < mainCauses.length; i++) {
            if (causeKey(i).equals(key)) {
                return mainCauses[i];
            }
        }
        return 0;
    }

    /** True for a summary without any counted frame (an idle live window, an empty dump). */
    public boolean idle() {
        return frames == 0;
    }
}
