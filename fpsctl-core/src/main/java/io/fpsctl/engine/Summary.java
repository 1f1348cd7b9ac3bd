package io.fpsctl.engine;

import java.util.List;

/**
 * The summary of a set of frames (docs/metrics.md sections 4–9): a whole capture, one window or layer, or one live
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
 * @param coverageGaps    intervals of the device timeline where frames may be missing (docs/metrics.md 11), 0 when none
 * @param coverageGapMs   their total length in ms, 0.0 when none
 * @param coverage        what part of the time asked for a live run measured, and whether (and why) the run is
 *                        partial (docs/metrics.md "Coverage"); null for a summary of a saved dump or file
 * @param frameTimeline   FrameTimeline attribution (docs/metrics.md 10, whole capture only); null where it does not apply
 * @param androidVitals   Android vitals computed locally (docs/metrics.md 6); null when not computed (an older summary)
 * @param resources       what the app and the device did (docs/metrics.md 13; whole live capture, or one live
 *                        window); null for a saved dump or file, or when nothing could be read
 * @param frameTiming     Macrobenchmark's frame metrics of a Perfetto trace with atrace slices (docs/metrics.md 15.3);
 *                        null otherwise
 * @param flutter         a Flutter app's UI/raster split (docs/metrics.md 16); null when not measured
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
        AndroidVitals androidVitals,
        ResourceSummary resources,
        FrameTiming frameTiming,
        FlutterStats.Result flutter) {

    /** The reason of a partial run that does not say more. */
    public static final String ENDED_EARLY = "the run ended early";

    /** True when the run is partial: it measured less than asked, the device was lost, or a signal stopped it. */
    public boolean partial() {
        return coverage != null && coverage.partial();
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
        return toBuilder().warnings(w).coverage(c).build();
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

    /** This summary with {@code ft} as its FrameTimeline attribution. */
    public Summary withFrameTimeline(FrameTimelineSummary ft) {
        return toBuilder().frameTimeline(ft).build();
    }

    /** This summary with Macrobenchmark's frame metrics (a Perfetto trace, docs/metrics.md 15.3). */
    public Summary withFrameTiming(FrameTiming t) {
        return toBuilder().frameTiming(t).build();
    }

    /** This summary with a Flutter app's UI/raster split (docs/metrics.md 16), or null. */
    public Summary withFlutter(FlutterStats.Result f) {
        return toBuilder().flutter(f).build();
    }

    /** This summary with {@code r} as its resources. */
    public Summary withResources(ResourceSummary r) {
        return toBuilder().resources(r).build();
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

    /** A builder with every value absent or zero (an empty, complete summary of {@code source}). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this summary's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.source = source;
        b.packageName = packageName;
        b.name = name;
        b.refreshHz = refreshHz;
        b.frames = frames;
        b.timedFrames = timedFrames;
        b.fps = fps;
        b.spanFps = spanFps;
        b.jankyFrames = jankyFrames;
        b.jankPercent = jankPercent;
        b.droppedFrames = droppedFrames;
        b.overflows = overflows;
        b.dropLevels = dropLevels;
        b.frameTimeMs = frameTimeMs;
        b.stagesMs = stagesMs;
        b.mainCauses = mainCauses;
        b.jank = jank;
        b.bigJank = bigJank;
        b.stutterPercent = stutterPercent;
        b.worstCause = worstCause;
        b.windows = windows;
        b.warnings = warnings;
        b.scrollFps = scrollFps;
        b.fingerScrollFps = fingerScrollFps;
        b.choreographerMs = choreographerMs;
        b.slowMessages = slowMessages;
        b.coverageGaps = coverageGaps;
        b.coverageGapMs = coverageGapMs;
        b.coverage = coverage;
        b.frameTimeline = frameTimeline;
        b.androidVitals = androidVitals;
        b.resources = resources;
        b.frameTiming = frameTiming;
        b.flutter = flutter;
        return b;
    }

    /**
     * Builds a {@link Summary} one named value at a time (the model is Commons CSV's {@code CSVFormat.builder()}):
     * values not set are null, zero or empty.
     */
    public static final class Builder {
        private Source source;
        private String packageName;
        private String name;
        private Double refreshHz;
        private long frames;
        private long timedFrames;
        private Double fps;
        private Double spanFps;
        private long jankyFrames;
        private Double jankPercent;
        private long droppedFrames;
        private long overflows;
        private long[] dropLevels;
        private FrameTimes frameTimeMs;
        private Double[] stagesMs;
        private long[] mainCauses;
        private Long jank;
        private Long bigJank;
        private Double stutterPercent;
        private String worstCause;
        private List<Summary> windows;
        private List<String> warnings;
        private Double scrollFps;
        private Double fingerScrollFps;
        private Double[] choreographerMs;
        private SlowMessages slowMessages;
        private int coverageGaps;
        private double coverageGapMs;
        private RunCoverage coverage;
        private FrameTimelineSummary frameTimeline;
        private AndroidVitals androidVitals;
        private ResourceSummary resources;
        private FrameTiming frameTiming;
        private FlutterStats.Result flutter;

        private Builder() {
        }

        public Builder source(Source source) {
            this.source = source;
            return this;
        }

        public Builder packageName(String packageName) {
            this.packageName = packageName;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder refreshHz(Double refreshHz) {
            this.refreshHz = refreshHz;
            return this;
        }

        public Builder frames(long frames) {
            this.frames = frames;
            return this;
        }

        public Builder timedFrames(long timedFrames) {
            this.timedFrames = timedFrames;
            return this;
        }

        public Builder fps(Double fps) {
            this.fps = fps;
            return this;
        }

        public Builder spanFps(Double spanFps) {
            this.spanFps = spanFps;
            return this;
        }

        public Builder jankyFrames(long jankyFrames) {
            this.jankyFrames = jankyFrames;
            return this;
        }

        public Builder jankPercent(Double jankPercent) {
            this.jankPercent = jankPercent;
            return this;
        }

        public Builder droppedFrames(long droppedFrames) {
            this.droppedFrames = droppedFrames;
            return this;
        }

        public Builder overflows(long overflows) {
            this.overflows = overflows;
            return this;
        }

        public Builder dropLevels(long[] dropLevels) {
            this.dropLevels = dropLevels;
            return this;
        }

        public Builder frameTimeMs(FrameTimes frameTimeMs) {
            this.frameTimeMs = frameTimeMs;
            return this;
        }

        public Builder stagesMs(Double[] stagesMs) {
            this.stagesMs = stagesMs;
            return this;
        }

        public Builder mainCauses(long[] mainCauses) {
            this.mainCauses = mainCauses;
            return this;
        }

        public Builder jank(Long jank) {
            this.jank = jank;
            return this;
        }

        public Builder bigJank(Long bigJank) {
            this.bigJank = bigJank;
            return this;
        }

        public Builder stutterPercent(Double stutterPercent) {
            this.stutterPercent = stutterPercent;
            return this;
        }

        public Builder worstCause(String worstCause) {
            this.worstCause = worstCause;
            return this;
        }

        public Builder windows(List<Summary> windows) {
            this.windows = windows;
            return this;
        }

        public Builder warnings(List<String> warnings) {
            this.warnings = warnings;
            return this;
        }

        public Builder scrollFps(Double scrollFps) {
            this.scrollFps = scrollFps;
            return this;
        }

        public Builder fingerScrollFps(Double fingerScrollFps) {
            this.fingerScrollFps = fingerScrollFps;
            return this;
        }

        public Builder choreographerMs(Double[] choreographerMs) {
            this.choreographerMs = choreographerMs;
            return this;
        }

        public Builder slowMessages(SlowMessages slowMessages) {
            this.slowMessages = slowMessages;
            return this;
        }

        public Builder coverageGaps(int coverageGaps) {
            this.coverageGaps = coverageGaps;
            return this;
        }

        public Builder coverageGapMs(double coverageGapMs) {
            this.coverageGapMs = coverageGapMs;
            return this;
        }

        public Builder coverage(RunCoverage coverage) {
            this.coverage = coverage;
            return this;
        }

        public Builder frameTimeline(FrameTimelineSummary frameTimeline) {
            this.frameTimeline = frameTimeline;
            return this;
        }

        public Builder androidVitals(AndroidVitals androidVitals) {
            this.androidVitals = androidVitals;
            return this;
        }

        public Builder resources(ResourceSummary resources) {
            this.resources = resources;
            return this;
        }

        public Builder frameTiming(FrameTiming frameTiming) {
            this.frameTiming = frameTiming;
            return this;
        }

        public Builder flutter(FlutterStats.Result flutter) {
            this.flutter = flutter;
            return this;
        }

        public Summary build() {
            return new Summary(source, packageName, name, refreshHz, frames, timedFrames, fps, spanFps,
                    jankyFrames, jankPercent, droppedFrames, overflows, dropLevels, frameTimeMs, stagesMs,
                    mainCauses, jank, bigJank, stutterPercent, worstCause, windows, warnings, scrollFps,
                    fingerScrollFps, choreographerMs, slowMessages, coverageGaps, coverageGapMs, coverage,
                    frameTimeline, androidVitals, resources, frameTiming, flutter);
        }
    }
}
