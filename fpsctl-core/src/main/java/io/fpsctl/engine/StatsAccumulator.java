package io.fpsctl.engine;

import java.util.List;

/**
 * Adds up {@link FrameResult}s into the sums a {@link Summary} is made of. Every field is additive, so the
 * summary of a capture is the merge of its windows' accumulators. Sums of nanoseconds are {@code double}s
 * (docs/metrics.md 5: they never overflow; exact while below 2^53 ns, about 104 days).
 */
final class StatsAccumulator {
    private static final int CAUSES = Stage.count() + 1;

    private final Source source;
    long frames;
    long timed;
    long janky;
    long dropped;
    /** Σ (dropped + 1) × T over counted frames: the denominator of the rendering fps. */
    double renderTimeNs;
    long minInterval = Long.MAX_VALUE;
    /** Frames that are not a segment start, and the sum of their spans: spanFps (and SurfaceFlinger fps). */
    long spanFrames;
    double spanNs;
    final long[] levels = new long[DropLevel.all().length];
    final double[] stageSum = new double[Stage.count()];
    final long[] stageCount = new long[Stage.count()];
    final long[] causes = new long[CAUSES];
    long jank;
    long bigJank;
    double jankGapNs;
    long overflows;
    /** Coverage gaps (docs/metrics.md 11): how many, and their total length. */
    int coverageGaps;
    double coverageGapNs;
    final FrameTimeHistogram durations = new FrameTimeHistogram();
    long worstDuration = -1;
    String worstCause;
    /** Frames with the scrolling / finger bit and their Σ (dropped + 1) × T (scroll fps, finger-scroll fps). */
    long scrollFrames;
    double scrollRenderNs;
    long fingerFrames;
    double fingerRenderNs;
    /** Android vitals (docs/metrics.md 6): counted frames over 16 / 700 ms; judged gaps over 50 / 34 ms. */
    long vitalsSlow;
    long vitalsFrozen;
    long vitalsOver50;
    long vitalsOver34;
    final double[] chSum = new double[Interaction.CH_QUEUES];
    final long[] chCount = new long[Interaction.CH_QUEUES];

    StatsAccumulator(Source source) {
        this.source = source;
    }

    void add(FrameResult r) {
        frames++;
        if (r.interval < minInterval) {
            minInterval = r.interval;
        }
        if (r.spanFrames > 0) {
            spanFrames += r.spanFrames;
            spanNs += r.span;
        }
        if (!source.presented()) {
            if (r.duration > AndroidVitals.SLOW_FRAME_NS) {
                vitalsSlow++;
            }
            if (r.duration > AndroidVitals.FROZEN_FRAME_NS) {
                vitalsFrozen++;
            }
            double t = (r.dropped + 1.0) * r.interval;
            renderTimeNs += t;
            if (Interaction.has(r.interaction, Interaction.SCROLLING)) {
                scrollFrames++;
                scrollRenderNs += t;
            }
            if (Interaction.has(r.interaction, Interaction.FINGER)) {
                fingerFrames++;
                fingerRenderNs += t;
            }
        }
        if (!r.timed) {
            return;
        }
        timed++;
        if (r.janky) {
            janky++;
        }
        dropped += r.dropped;
        levels[r.dropLevel.ordinal()]++;
        durations.add(r.duration);
        if (r.duration > worstDuration) {
            worstDuration = r.duration;
            worstCause = r.slow ? r.mainCauseKey() : null;
        }
        if (source.presented()) {
            if (r.duration > AndroidVitals.SESSION_20_NS) {
                vitalsOver50++;
            }
            if (r.duration > AndroidVitals.SESSION_30_NS) {
                vitalsOver34++;
            }
            if (r.jank) {
                jank++;
                jankGapNs += r.duration;
            }
            if (r.bigJank) {
                bigJank++;
            }
            return;
        }
        for (int i = 0; i < stageSum.length; i++) {
            long s = r.stages[i];
            if (s >= 0) {
                stageSum[i] += s;
                stageCount[i]++;
            }
        }
        for (int i = 0; i < chSum.length; i++) {
            if (r.choreographer[i] >= 0) {
                chSum[i] += r.choreographer[i];
                chCount[i]++;
            }
        }
        if (r.slow) {
            causes[r.mainCause == null ? 0 : r.mainCause.ordinal() + 1]++;
        }
    }

    /** Adds everything {@code o} counted. */
    void merge(StatsAccumulator o) {
        frames += o.frames;
        timed += o.timed;
        janky += o.janky;
        dropped += o.dropped;
        renderTimeNs += o.renderTimeNs;
        minInterval = Math.min(minInterval, o.minInterval);
        spanFrames += o.spanFrames;
        spanNs += o.spanNs;
        for (int i = 0; i < levels.length; i++) {
            levels[i] += o.levels[i];
        }
        for (int i = 0; i < stageSum.length; i++) {
            stageSum[i] += o.stageSum[i];
            stageCount[i] += o.stageCount[i];
        }
        for (int i = 0; i < causes.length; i++) {
            causes[i] += o.causes[i];
        }
        jank += o.jank;
        bigJank += o.bigJank;
        jankGapNs += o.jankGapNs;
        overflows += o.overflows;
        coverageGaps += o.coverageGaps;
        coverageGapNs += o.coverageGapNs;
        vitalsSlow += o.vitalsSlow;
        vitalsFrozen += o.vitalsFrozen;
        vitalsOver50 += o.vitalsOver50;
        vitalsOver34 += o.vitalsOver34;
        scrollFrames += o.scrollFrames;
        scrollRenderNs += o.scrollRenderNs;
        fingerFrames += o.fingerFrames;
        fingerRenderNs += o.fingerRenderNs;
        for (int i = 0; i < chSum.length; i++) {
            chSum[i] += o.chSum[i];
            chCount[i] += o.chCount[i];
        }
        durations.addAll(o.durations);
        if (o.worstDuration > worstDuration) {
            worstDuration = o.worstDuration;
            worstCause = o.worstCause;
        }
    }

    /** One gap of {@code ns} in the device timeline where frames may be missing (docs/metrics.md 11). */
    void coverageGap(long ns) {
        coverageGaps++;
        coverageGapNs += Math.max(0, ns);
    }

    /**
     * @param displayPeriodNs the display's period, for {@code refreshHz} when no frame was counted (e.g. a
     *                        {@code --latency} dump without frames states it on line 1); 0 when unknown
     */
    Summary toSummary(String packageName, String name, List<Summary> windows, List<String> warnings,
                      long displayPeriodNs) {
        long period = minInterval != Long.MAX_VALUE ? minInterval : displayPeriodNs;
        Double refreshHz = period > 0 ? 1e9 / period : null;
        Double fps = null;
        Double spanFps = null;
        if (timed > 0 && refreshHz != null) {
            spanFps = spanNs > 0 ? Math.min(refreshHz, 1e9 * spanFrames / spanNs) : null;
            if (source.presented()) {
                fps = spanFps;
            } else if (renderTimeNs > 0) {
                fps = Math.min(refreshHz, 1e9 * frames / renderTimeNs);
            }
        }
        Double[] stagesMs = null;
        long[] mainCauses = null;
        Long jankCount = null;
        Long bigJankCount = null;
        Double stutter = null;
        if (source.presented()) {
            jankCount = jank;
            bigJankCount = bigJank;
            stutter = spanNs > 0 ? jankGapNs * 100.0 / spanNs : null;
        } else {
            mainCauses = causes.clone();
            if (timed > 0) {
                stagesMs = new Double[stageSum.length];
                for (int i = 0; i < stageSum.length; i++) {
                    stagesMs[i] = stageCount[i] == 0 ? null : stageSum[i] / 1e6 / stageCount[i];
                }
            }
        }
        Double[] chMs = null;
        for (int i = 0; i < chSum.length; i++) {
            if (chCount[i] > 0) {
                chMs = chMs == null ? new Double[chSum.length] : chMs;
                chMs[i] = chSum[i] / 1e6 / chCount[i];
            }
        }
        return Summary.builder().source(source).packageName(packageName).name(name).refreshHz(refreshHz)
                .frames(frames).timedFrames(timed).fps(fps).spanFps(spanFps).jankyFrames(janky)
                .jankPercent(timed == 0 ? null : janky * 100.0 / timed).droppedFrames(dropped).overflows(overflows)
                .dropLevels(levels.clone()).frameTimeMs(durations.toFrameTimes()).stagesMs(stagesMs)
                .mainCauses(mainCauses).jank(jankCount).bigJank(bigJankCount).stutterPercent(stutter)
                .worstCause(worstCause).windows(windows).warnings(warnings)
                .scrollFps(rate(scrollFrames, scrollRenderNs, refreshHz))
                .fingerScrollFps(rate(fingerFrames, fingerRenderNs, refreshHz)).choreographerMs(chMs)
                .coverageGaps(coverageGaps).coverageGapMs(coverageGapNs / 1e6).androidVitals(vitals()).build();
    }

    /** docs/metrics.md 6: over counted frames (rendered) or judged frames (presented). */
    private AndroidVitals vitals() {
        return source.presented() ? AndroidVitals.presented(timed, vitalsOver50, vitalsOver34)
                : AndroidVitals.rendered(frames, vitalsSlow, vitalsFrozen);
    }

    /** docs/metrics.md section 4 rendering fps over a subset of frames; null without frames. */
    private static Double rate(long n, double renderNs, Double refreshHz) {
        if (n == 0 || renderNs <= 0 || refreshHz == null) {
            return null;
        }
        return Math.min(refreshHz, 1e9 * n / renderNs);
    }
}
