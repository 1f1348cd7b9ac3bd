package io.fpsctl.verdict;

import io.fpsctl.format.Decimals;
import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.FlutterTextureJank;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.Median;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The thresholds of {@code fpsctl gate} and their evaluation against a {@link Summary}. Every threshold is
 * optional; only the ones that are set become {@link GateCheck}s, in a fixed order (plus rows shown for
 * information: the FrameTimeline split, coverage).
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li><b>What you see is what is gated.</b> A measured value is rounded as fpsctl prints it (fps one decimal,
 *       percentages and milliseconds two) before it is compared, so {@code --min-fps 60} passes a run printed as
 *       {@code 60.0} (e.g. 59.99999 fps at a 16 666 667 ns vsync) and fails {@code 59.9}. Bounds are inclusive.</li>
 *   <li><b>Nothing measured fails.</b> When the summary has no value for a gated metric (no timed frames), the
 *       check fails with "no frames measured". The counts ({@code --max-frozen}, {@code --max-big-jank}) fail the
 *       same way when there are no timed frames: zero frozen frames out of zero frames proves nothing.</li>
 *   <li><b>Not applicable is not a failure.</b> {@code --max-big-jank} applies to SurfaceFlinger only; for other
 *       sources it is {@code NA}. {@code --min-scroll-fps} is {@code NA} while no scroll fps is measured (only the agent
 *       measures it).</li>
 *   <li><b>App or system</b> ({@code --max-app-jank-percent}, {@code --max-system-jank-percent}): the FrameTimeline
 *       split of docs/metrics.md section 10; {@code NA} when the summary has no {@code frameTimeline} (Android 11 or
 *       older, agent source, dump refused), and a failure ("no frames measured") when it has one but no frame
 *       joined. Whenever the summary has a {@code frameTimeline}, both halves appear: a half without a threshold
 *       as an {@code INFO} row (threshold "—"), which neither passes nor fails the gate.</li>
 *   <li><b>Android vitals</b> ({@code --max-slow-frames-percent}, {@code --max-frozen-frames-percent}): the
 *       {@code androidVitals} of docs/metrics.md section 6; {@code NA} for SurfaceFlinger sources, whose frames have
 *       no duration (the key is null there).</li>
 *   <li><b>Baseline regression</b> ({@code --baseline FILE --max-regression PCT}): fps and spanFps may fall to
 *       {@code baseline × (1 − PCT/100)}; jankPercent, p90, p99 and droppedFrames may rise to
 *       {@code baseline × (1 + PCT/100)}. When the baseline value is 0 a percentage of it means nothing
 *       (docs/metrics.md section 8: any printed value on the worse side of 0 fails ("from 0 to X"); a user
 *       who tolerates a little jank gives an absolute threshold ({@code --max-jank-percent}). A metric the baseline lacks (null) is {@code NA}; a
 *       metric the measurement lacks fails with "no frames measured". droppedFrames is a total, so it is only
 *       comparable between captures of the same length.</li>
 *   <li><b>A partial run is not a pass.</b> A summary marked partial (it measured less than 90 % of the time
 *       asked for: device away or restarted, app restarted; the device was lost; a signal stopped the run) adds a
 *       {@code completeRun} check that fails, unless {@code --allow-partial}: then it is {@code NA} and every
 *       report says the run was partial. Why comes from the summary's typed {@link RunCoverage}. Coverage gaps
 *       (docs/metrics.md section 11) add an informative {@code coverage} row with the measured share.</li>
 * </ul>
 */
public final class Gate {
    /** The measured text of a metric the summary has no value for. */
    public static final String NO_FRAMES = "no frames measured";
    /** The threshold text of a row shown for information only (no threshold). */
    public static final String INFO_THRESHOLD = "\u2014";

    private final Double minFps;
    private final Double maxJankPercent;
    private final Double maxP90Ms;
    private final Double maxP99Ms;
    private final Long maxFrozen;
    private final Long maxBigJank;
    private final Double minScrollFps;
    private final Double maxAppJankPercent;
    private final Double maxSystemJankPercent;
    private final Double maxSlowFramesPercent;
    private final Double maxFrozenFramesPercent;
    private final Double maxCpuPercent;
    private final Double maxMemoryMb;
    private final Double maxGpuPercent;
    private final Double maxPowerMw;
    private final Double maxAppNetworkKb;
    private final Double maxFrameOverrunP90Ms;
    private final Double maxFrameCpuP90Ms;
    private final Summary baseline;
    private final Double maxRegressionPercent;
    private final boolean allowPartial;

    private Gate(Builder b) {
        allowPartial = b.allowPartial;
        minFps = b.minFps;
        maxJankPercent = b.maxJankPercent;
        maxP90Ms = b.maxP90Ms;
        maxP99Ms = b.maxP99Ms;
        maxFrozen = b.maxFrozen;
        maxBigJank = b.maxBigJank;
        minScrollFps = b.minScrollFps;
        maxAppJankPercent = b.maxAppJankPercent;
        maxSystemJankPercent = b.maxSystemJankPercent;
        maxSlowFramesPercent = b.maxSlowFramesPercent;
        maxFrozenFramesPercent = b.maxFrozenFramesPercent;
        maxCpuPercent = b.maxCpuPercent;
        maxMemoryMb = b.maxMemoryMb;
        maxGpuPercent = b.maxGpuPercent;
        maxPowerMw = b.maxPowerMw;
        maxAppNetworkKb = b.maxAppNetworkKb;
        maxFrameOverrunP90Ms = b.maxFrameOverrunP90Ms;
        maxFrameCpuP90Ms = b.maxFrameCpuP90Ms;
        baseline = b.baseline;
        maxRegressionPercent = b.maxRegressionPercent;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** True when no threshold is set (evaluating yields no checks). */
    public boolean isEmpty() {
        return minFps == null && maxJankPercent == null && maxP90Ms == null && maxP99Ms == null && maxFrozen == null
                && maxBigJank == null && minScrollFps == null && maxAppJankPercent == null
                && maxSystemJankPercent == null && maxSlowFramesPercent == null && maxFrozenFramesPercent == null
                && maxCpuPercent == null && maxMemoryMb == null && maxGpuPercent == null && maxPowerMw == null
                && maxAppNetworkKb == null && maxFrameOverrunP90Ms == null && maxFrameCpuP90Ms == null
                && baseline == null;
    }

    /** Evaluates every threshold that is set; {@code --min-scroll-fps} uses the summary's scroll fps (agent). */
    public GateResult evaluate(Summary measured) {
        return evaluate(measured, measured.scrollFps());
    }

    /**
     * Evaluates every threshold that is set.
     *
     * @param scrollFps the scroll fps for {@code --min-scroll-fps} ({@link Summary#scrollFps()}); null when not
     *                  measured
     */
    public GateResult evaluate(Summary s, Double scrollFps) {
        return evaluate(List.of(s), s, x -> x == SCROLL_FPS ? scrollFps : x.apply(s));
    }

    /**
     * Evaluates every threshold against the iterations of a run (docs/metrics.md 8): each metric's value is its median
     * over the iterations that have one (a metric no iteration has fails with "no frames measured"). Which checks
     * apply (source, FrameTimeline) follows the last iteration; the run is partial when any iteration was.
     * {@code --baseline} (single summary) compares the last iteration.
     *
     * @throws IllegalArgumentException when {@code iterations} is empty
     */
    public GateResult evaluate(List<Summary> iterations) {
        if (iterations.isEmpty()) {
            throw new IllegalArgumentException("no iterations to gate");
        }
        Summary last = iterations.get(iterations.size() - 1);
        return evaluate(iterations, last, f -> median(iterations, f == SCROLL_FPS ? Summary::scrollFps : f));
    }

    /** Stands for the scroll fps, which a caller of {@link #evaluate(Summary, Double)} may give apart. */
    private static final Function<Summary, Double> SCROLL_FPS = Summary::scrollFps;

    /** The median of {@code f} over the iterations that have a finite value, or null when none has. */
    private static Double median(List<Summary> iterations, Function<Summary, Double> f) {
        double[] v = iterations.stream().map(f).filter(x -> x != null && Double.isFinite(x))
                .mapToDouble(Double::doubleValue).toArray();
        return v.length == 0 ? null : Median.of(v);
    }

    private GateResult evaluate(List<Summary> runs, Summary s, Function<Function<Summary, Double>, Double> value) {
        List<GateCheck> checks = new ArrayList<>();
        boolean timed = runs.stream().anyMatch(r -> r.timedFrames() > 0);
        if (minFps != null) {
            checks.add(atLeast("fps", value.apply(Summary::fps), 1, minFps));
        }
        if (maxJankPercent != null) {
            checks.add(atMost("jankPercent", value.apply(Summary::jankPercent), 2, maxJankPercent));
        }
        if (maxP90Ms != null) {
            checks.add(atMost("p90Ms", value.apply(x -> x.frameTimeMs() == null ? null : x.frameTimeMs().p90()), 2,
                    maxP90Ms));
        }
        if (maxP99Ms != null) {
            checks.add(atMost("p99Ms", value.apply(x -> x.frameTimeMs() == null ? null : x.frameTimeMs().p99()), 2,
                    maxP99Ms));
        }
        if (maxFrozen != null) {
            checks.add(atMost("frozenFrames", timed ? value.apply(x -> x.timedFrames() > 0
                    ? (double) x.dropLevel(DropLevel.FROZEN) : null) : null, 0, maxFrozen));
        }
        if (maxBigJank != null) {
            if (!s.source().presented()) {
                checks.add(notApplicable("bigJank", "<= " + maxBigJank,
                        "n/a (" + s.source().key() + " has no big jank; SurfaceFlinger only)"));
            } else {
                Double big = timed ? value.apply(x -> x.timedFrames() > 0 && x.bigJank() != null
                        ? x.bigJank().doubleValue() : null) : null;
                checks.add(atMost("bigJank", big, 0, maxBigJank));
            }
        }
        if (minScrollFps != null) {
            Double scrollFps = value.apply(SCROLL_FPS);
            if (scrollFps == null) {
                checks.add(notApplicable("scrollFps", ">= " + text(minScrollFps, 1),
                        "not measured (needs --source agent and frames while a view scrolls)"));
            } else {
                checks.add(atLeast("scrollFps", scrollFps, 1, minScrollFps));
            }
        }
        FrameTimelineSummary ft = s.frameTimeline();
        String median = "median of " + runs.size() + " iterations";
        if (runs.stream().anyMatch(FlutterTextureJank::marked)) { // docs/metrics.md 16.1: blind, never 0 %
            checks.add(flutterTextureAppJank(maxAppJankPercent));
        } else {
            checks.add(frameTimelineRow("appJankPercent", ft, value.apply(x -> x.frameTimeline() == null ? null
                    : x.frameTimeline().appJankPercent()), maxAppJankPercent,
                    runs.size() == 1 && ft != null ? joinedText(ft, true) : median));
        }
        checks.add(frameTimelineRow("systemJankPercent", ft, value.apply(x -> x.frameTimeline() == null ? null
                : x.frameTimeline().systemJankPercent()), maxSystemJankPercent,
                runs.size() == 1 && ft != null ? joinedText(ft, false) : median));
        checks.removeIf(c -> c == null);
        if (maxSlowFramesPercent != null) {
            checks.add(vitals(s, "slowFramesPercent", value.apply(vital(AndroidVitals::slowFramesPercent)),
                    maxSlowFramesPercent));
        }
        if (maxFrozenFramesPercent != null) {
            checks.add(vitals(s, "frozenFramesPercent", value.apply(vital(AndroidVitals::frozenFramesPercent)),
                    maxFrozenFramesPercent));
        }
        if (maxFrameOverrunP90Ms != null) { // docs/metrics.md 15.3: Macrobenchmark's frameOverrunMs
            checks.add(frameTiming("frameOverrunP90Ms", value.apply(x -> x.frameTiming() == null ? null
                    : x.frameTiming().overrun(90)), maxFrameOverrunP90Ms));
        }
        if (maxFrameCpuP90Ms != null) { // docs/metrics.md 15.3: Macrobenchmark's frameDurationCpuMs
            checks.add(frameTiming("frameCpuP90Ms", value.apply(x -> x.frameTiming() == null ? null
                    : x.frameTiming().cpu(90)), maxFrameCpuP90Ms));
        }
        if (maxCpuPercent != null) {
            checks.add(resource("cpuPercent", value.apply(x -> x.resources() == null ? null
                    : x.resources().app().meanPercent()), maxCpuPercent, "the app's CPU (mean, % of one core)"));
        }
        if (maxMemoryMb != null) {
            String kind = s.resources() == null ? null : s.resources().memoryPeakKind();
            // docs/metrics.md 13 rule 12: the peak PSS, else the peak RSS; the metric's name says which
            checks.add(resource(kind == null ? "memoryPeakMb" : kind.toLowerCase(java.util.Locale.ROOT) + "PeakMb",
                    value.apply(x -> x.resources() == null || x.resources().memoryPeakKb() == null ? null
                            : x.resources().memoryPeakKb() / 1024.0), maxMemoryMb,
                    kind == null ? "the app's memory" : "the app's peak " + kind));
        }
        // docs/metrics.md 14 rule 8: a figure that could not be read fails its threshold with the device's reason
        io.fpsctl.engine.LoadSummary load = s.resources() == null ? null : s.resources().load();
        if (maxGpuPercent != null) {
            checks.add(loadResource("gpuPercent", value.apply(x -> x.resources() == null
                    || x.resources().load() == null ? null : x.resources().load().gpuMeanPercent()), maxGpuPercent,
                    "the GPU load (mean, %)", load == null ? null : load.gpuReason()));
        }
        if (maxPowerMw != null) {
            checks.add(loadResource("powerMw", value.apply(x -> x.resources() == null || x.resources().load() == null
                    ? null : x.resources().load().powerMeanMw()), maxPowerMw, "the battery drain (mean, mW)",
                    load == null ? null : load.powerReason()));
        }
        if (maxAppNetworkKb != null) {
            checks.add(loadResource("appNetworkKb", value.apply(x -> x.resources() == null
                    || x.resources().load() == null || x.resources().load().appBytes() == null ? null
                    : x.resources().load().appBytes() / 1024.0), maxAppNetworkKb,
                    "the app's network bytes (received + sent, kB of 1024 bytes)",
                    load == null ? null : load.appNetReason()));
        }
        if (baseline != null) {
            regression(checks, "fps", Summary::fps, 1, true, s);
            regression(checks, "spanFps", Summary::spanFps, 1, true, s);
            regression(checks, "jankPercent", Summary::jankPercent, 2, false, s);
            regression(checks, "p90Ms", x -> x.frameTimeMs() == null ? null : x.frameTimeMs().p90(), 2, false, s);
            regression(checks, "p99Ms", x -> x.frameTimeMs() == null ? null : x.frameTimeMs().p99(), 2, false, s);
            regression(checks, "droppedFrames", x -> x.timedFrames() > 0 ? (double) x.droppedFrames() : null, 0,
                    false, s);
        }
        Summary partialRun = runs.stream().filter(Summary::partial).findFirst().orElse(null);
        if (partialRun != null) {
            String why = partialWhy(partialRun);
            checks.add(allowPartial
                    ? new GateCheck("completeRun", "--allow-partial", "partial run", GateCheck.Verdict.NA,
                            "partial run accepted with --allow-partial: " + why)
                    : new GateCheck("completeRun", "the whole --duration", "partial run", GateCheck.Verdict.FAIL,
                            "partial run, not a pass: " + why + " (add --allow-partial to judge it anyway)"));
        }
        if (s.coverageGaps() > 0) {
            String gaps = s.coverageGaps() + (s.coverageGaps() == 1 ? " gap, " : " gaps, ")
                    + Decimals.round(s.coverageGapMs(), 1).toPlainString() + " ms";
            String measured = s.coverage() == null ? null : s.coverage().describe();
            checks.add(new GateCheck("coverage", "no gaps", gaps, GateCheck.Verdict.NA,
                    "frames may be missing from the capture: " + gaps + (measured == null ? "" : "; " + measured)));
        }
        return new GateResult(checks, partialRun != null);
    }

    /** Why {@code s} is partial: its typed coverage reason (never a warning's text). */
    private static String partialWhy(Summary s) {
        RunCoverage c = s.coverage();
        return c != null && c.partialReason() != null ? c.partialReason() : Summary.ENDED_EARLY;
    }

    /**
     * An Android vitals bound (docs/metrics.md 6): {@code NA} for SurfaceFlinger, where the gfxinfo keys are null by
     * definition (its games keys are the slow sessions); no frames fails as every other bound.
     */
    private static Function<Summary, Double> vital(Function<AndroidVitals, Double> key) {
        return x -> x.androidVitals() == null ? null : key.apply(x.androidVitals());
    }

    /** @param measured the value (with iterations: the median of the iterations' values) */
    private static GateCheck vitals(Summary s, String metric, Double measured, double max) {
        AndroidVitals v = s.androidVitals();
        if (s.source().presented()) {
            return notApplicable(metric, "<= " + text(max, 2), "n/a (" + s.source().key()
                    + ": no frame durations; its vitals are slow sessions)");
        }
        if (v == null) {
            return notApplicable(metric, "<= " + text(max, 2), "n/a (no androidVitals in this summary)");
        }
        return atMost(metric, measured, 2, max);
    }

    /**
     * One half of the FrameTimeline split: checked against its threshold when one is set, else shown for information
     * whenever the summary has a {@code frameTimeline} (both halves always appear together); null when neither.
     */
    private static GateCheck frameTimelineRow(String metric, FrameTimelineSummary ft, Double value, Double max,
                                              String joined) {
        if (max != null) {
            if (ft == null) {
                return frameTimelineMissing(metric, max);
            }
            GateCheck c = atMost(metric, value, 2, max);
            return new GateCheck(c.metric(), c.threshold(), c.measured(), c.verdict(), c.message() + " (" + joined
                    + ")");
        }
        if (ft == null) {
            return null;
        }
        String measured = value == null || value.isNaN() || value.isInfinite() ? NO_FRAMES
                : Decimals.round(value, 2).toPlainString();
        return new GateCheck(metric, INFO_THRESHOLD, measured, Verdict.INFO,
                metric + " " + measured + " (" + joined + "; no threshold, shown for information)");
    }

    /**
     * App jank of a Flutter texture app (docs/metrics.md 16.1): its window's SurfaceFrames cannot show a slow engine
     * frame, so a threshold on it fails with the reason rather than pass on 0 %, and without one the row says so.
     */
    private static GateCheck flutterTextureAppJank(Double max) {
        String why = "FrameTimeline's app jank cannot see a slow engine frame of a Flutter app without a "
                + "SurfaceView (FlutterTextureView; gate on --max-jank-percent, docs/metrics.md 16.1)";
        // the table prints the measured column, not the message: the reason goes there, as for unread resources
        String measured = "unavailable: blind on a FlutterTextureView app (docs/metrics.md 16.1)";
        if (max == null) {
            return new GateCheck("appJankPercent", INFO_THRESHOLD, measured, Verdict.INFO,
                    "appJankPercent unavailable: " + why);
        }
        String threshold = "<= " + text(max, 2);
        return new GateCheck("appJankPercent", threshold, measured, Verdict.FAIL,
                "appJankPercent: " + why + ", so it cannot pass " + threshold);
    }

    /** E.g. {@code 6 of 236 joined frames, 2 unattributed}: the frames behind a FrameTimeline percentage. */
    private static String joinedText(FrameTimelineSummary ft, boolean app) {
        return (app ? ft.appJank() : ft.systemJank()) + " of " + ft.frames() + " joined frames, " + ft.unattributed()
                + " unattributed";
    }

    private static GateCheck frameTimelineMissing(String metric, double max) {
        return notApplicable(metric, "<= " + text(max, 2),
                "n/a (no FrameTimeline: Android 11 or older, --source agent, or the dump was refused)");
    }

    /**
     * A resource bound (docs/metrics.md 13 rule 12): a run whose resource could not be read fails it, saying so.
     */
    private static GateCheck resource(String metric, Double value, double max, String what) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            String threshold = "<= " + text(max, 1);
            return new GateCheck(metric, threshold, "not measured", Verdict.FAIL, metric + ": " + what
                    + " could not be read (no resources in this run, see its warnings), so it cannot pass "
                    + threshold);
        }
        return atMost(metric, value, 1, max);
    }

    /** A GPU, power or network bound (docs/metrics.md 14 rule 8): unreadable fails, giving the device's reason. */
    private static GateCheck loadResource(String metric, Double value, double max, String what, String reason) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            String threshold = "<= " + text(max, 1);
            return new GateCheck(metric, threshold, "unavailable: " + (reason == null ? "not read" : reason),
                    Verdict.FAIL, metric + ": " + what
                    + " is unavailable (" + (reason == null ? "not read in this run" : reason)
                    + "), so it cannot pass " + threshold);
        }
        return atMost(metric, value, 1, max);
    }

    /** A Macrobenchmark frame metric: a run without it (no Perfetto trace with atrace slices) cannot pass. */
    private static GateCheck frameTiming(String metric, Double value, double max) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            String threshold = "<= " + text(max, 2);
            return new GateCheck(metric, threshold, "not measured", Verdict.FAIL, metric + ": needs a Perfetto trace "
                    + "with FrameTimeline and atrace gfx/view slices of the app (docs/metrics.md 15.3), so it cannot "
                    + "pass " + threshold);
        }
        return atMost(metric, value, 2, max);
    }

    private static GateCheck atLeast(String metric, Double value, int decimals, double min) {
        return bound(metric, value, decimals, ">= " + text(min, decimals), BigDecimal.valueOf(min), true);
    }

    private static GateCheck atMost(String metric, Double value, int decimals, double max) {
        return bound(metric, value, decimals, "<= " + text(max, decimals), BigDecimal.valueOf(max), false);
    }

    /** Compares the printed (rounded) value with an inclusive bound. */
    private static GateCheck bound(String metric, Double value, int decimals, String threshold, BigDecimal limit,
                                   boolean higherIsBetter) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return new GateCheck(metric, threshold, NO_FRAMES, Verdict.FAIL,
                    metric + ": " + NO_FRAMES + " (threshold " + threshold + ")");
        }
        BigDecimal printed = Decimals.round(value, decimals);
        int cmp = printed.compareTo(limit);
        boolean pass = higherIsBetter ? cmp >= 0 : cmp <= 0;
        String measured = printed.toPlainString();
        return verdict(metric, threshold, measured, pass);
    }

    private static GateCheck verdict(String metric, String threshold, String measured, boolean pass) {
        return new GateCheck(metric, threshold, measured, pass ? Verdict.PASS : Verdict.FAIL,
                metric + " " + measured + (pass ? " is " : " is not ") + threshold);
    }

    private static GateCheck notApplicable(String metric, String threshold, String why) {
        return new GateCheck(metric, threshold, why, Verdict.NA, metric + ": " + why);
    }

    private void regression(List<GateCheck> checks, String key, Function<Summary, Double> value, int decimals,
                            boolean higherIsBetter, Summary s) {
        String metric = key + " vs baseline";
        Double baseValue = value.apply(baseline);
        BigDecimal pct = BigDecimal.valueOf(maxRegressionPercent);
        if (baseValue == null || baseValue.isNaN() || baseValue.isInfinite()) {
            checks.add(notApplicable(metric, "regression <= " + plain(pct, 0) + "%", "n/a (not in baseline)"));
            return;
        }
        BigDecimal base = Decimals.round(baseValue, decimals);
        String op = higherIsBetter ? ">= " : "<= ";
        String sign = higherIsBetter ? " - " : " + ";
        BigDecimal limit;
        String threshold;
        if (base.signum() == 0) {
            // docs/metrics.md section 8: a percentage of 0 means nothing, so PCT does not apply; any printed
            // value on the worse side of 0 is a regression (users who tolerate some jank use an absolute threshold)
            limit = base;
            threshold = op + plain(limit, decimals) + " (baseline 0: no worse)";
        } else {
            BigDecimal factor = BigDecimal.valueOf(100).add(higherIsBetter ? pct.negate() : pct)
                    .divide(BigDecimal.valueOf(100));
            limit = base.multiply(factor);
            threshold = op + plain(limit, decimals) + " (baseline " + base.toPlainString() + sign + plain(pct, 0)
                    + "%)";
        }
        Double current = value.apply(s);
        if (current == null || current.isNaN() || current.isInfinite()) {
            checks.add(new GateCheck(metric, threshold, NO_FRAMES, Verdict.FAIL,
                    metric + ": " + NO_FRAMES + " (threshold " + threshold + ")"));
            return;
        }
        BigDecimal printed = Decimals.round(current, decimals);
        int cmp = printed.compareTo(limit);
        boolean pass = higherIsBetter ? cmp >= 0 : cmp <= 0;
        String change;
        if (base.signum() == 0) {
            change = "from " + base.toPlainString() + " to " + printed.toPlainString();
        } else {
            BigDecimal rel = printed.subtract(base).multiply(BigDecimal.valueOf(100))
                    .divide(base.abs(), 1, RoundingMode.HALF_UP);
            change = (rel.signum() >= 0 ? "+" : "") + rel.toPlainString() + "% vs " + base.toPlainString();
        }
        checks.add(verdict(metric, threshold, printed.toPlainString() + " (" + change + ")", pass));
    }

    /** A threshold as the user gave it, with at least the metric's printed decimals (60 → 60.0, 59.95 stays). */
    private static String text(double v, int decimals) {
        BigDecimal d = BigDecimal.valueOf(v).stripTrailingZeros();
        if (d.scale() < decimals) {
            d = d.setScale(decimals);
        }
        return d.toPlainString();
    }

    /** An exact limit without trailing zeros beyond the metric's printed decimals (57.000 → 57.0, 52.47 stays). */
    private static String plain(BigDecimal d, int decimals) {
        BigDecimal s = d.stripTrailingZeros();
        return (s.scale() < decimals ? s.setScale(decimals) : s).toPlainString();
    }

    /**
     * Collects thresholds; a null argument leaves the threshold unset (picocli leaves absent options null). Bounds
     * must be finite and not negative.
     */
    public static final class Builder {
        private Double minFps;
        private Double maxJankPercent;
        private Double maxP90Ms;
        private Double maxP99Ms;
        private Long maxFrozen;
        private Long maxBigJank;
        private Double minScrollFps;
        private Double maxFrameOverrunP90Ms;
        private Double maxFrameCpuP90Ms;
        private Double maxAppJankPercent;
        private Double maxSystemJankPercent;
        private Double maxSlowFramesPercent;
        private Double maxFrozenFramesPercent;
        private Double maxCpuPercent;
        private Double maxGpuPercent;
        private Double maxPowerMw;
        private Double maxAppNetworkKb;
        private Double maxMemoryMb;
        private Summary baseline;
        private Double maxRegressionPercent;
        private boolean allowPartial;

        private Builder() {
        }

        /** {@code --allow-partial}: judge a partial run on what was captured (the reports say it was partial). */
        public Builder allowPartial(boolean allow) {
            allowPartial = allow;
            return this;
        }

        /** {@code --min-fps}: fps must be at least this. */
        public Builder minFps(Double fps) {
            minFps = check("--min-fps", fps);
            return this;
        }

        /** {@code --max-jank-percent}: jankPercent must be at most this. */
        public Builder maxJankPercent(Double percent) {
            maxJankPercent = check("--max-jank-percent", percent);
            return this;
        }

        /** {@code --max-p90-ms}: the 90th percentile frame time (gap for SurfaceFlinger) must be at most this. */
        public Builder maxP90Ms(Double ms) {
            maxP90Ms = check("--max-p90-ms", ms);
            return this;
        }

        /** {@code --max-p99-ms}: the 99th percentile frame time (gap for SurfaceFlinger) must be at most this. */
        public Builder maxP99Ms(Double ms) {
            maxP99Ms = check("--max-p99-ms", ms);
            return this;
        }

        /** {@code --max-frozen}: the count of frames in the frozen drop level must be at most this. */
        public Builder maxFrozen(Long frames) {
            maxFrozen = check("--max-frozen", frames);
            return this;
        }

        /** {@code --max-big-jank}: PerfDog big jank count must be at most this (SurfaceFlinger only). */
        public Builder maxBigJank(Long count) {
            maxBigJank = check("--max-big-jank", count);
            return this;
        }

        /** {@code --min-scroll-fps}: the fps of a scripted scroll must be at least this (NA until measured). */
        public Builder minScrollFps(Double fps) {
            minScrollFps = check("--min-scroll-fps", fps);
            return this;
        }

        /** {@code --max-frame-overrun-p90-ms}: Macrobenchmark's frameOverrunMs p90 (docs/metrics.md 15.3). */
        public Builder maxFrameOverrunP90Ms(Double ms) {
            if (ms != null && (ms.isNaN() || ms.isInfinite())) { // may be negative, never NaN/Infinity
                throw new IllegalArgumentException("--max-frame-overrun-p90-ms must be a finite number, got " + ms);
            }
            maxFrameOverrunP90Ms = ms;
            return this;
        }

        /** {@code --max-frame-cpu-p90-ms}: Macrobenchmark's frameDurationCpuMs p90 (docs/metrics.md 15.3). */
        public Builder maxFrameCpuP90Ms(Double ms) {
            maxFrameCpuP90Ms = check("--max-frame-cpu-p90-ms", ms);
            return this;
        }

        /** {@code --max-app-jank-percent}: FrameTimeline app jank (docs/metrics.md 10) must be at most this. */
        public Builder maxAppJankPercent(Double percent) {
            maxAppJankPercent = check("--max-app-jank-percent", percent);
            return this;
        }

        /** {@code --max-system-jank-percent}: FrameTimeline system jank (docs/metrics.md 10) must be at most this. */
        public Builder maxSystemJankPercent(Double percent) {
            maxSystemJankPercent = check("--max-system-jank-percent", percent);
            return this;
        }

        /** {@code --max-slow-frames-percent}: Android vitals' slow frames (> 16 ms) must be at most this %. */
        public Builder maxSlowFramesPercent(Double percent) {
            maxSlowFramesPercent = check("--max-slow-frames-percent", percent);
            return this;
        }

        /** {@code --max-frozen-frames-percent}: Android vitals' frozen frames (> 700 ms) must be at most this %. */
        public Builder maxFrozenFramesPercent(Double percent) {
            maxFrozenFramesPercent = check("--max-frozen-frames-percent", percent);
            return this;
        }

        /** {@code --max-cpu-percent}: the app's mean CPU (% of one core, docs/metrics.md 13) must be at most this. */
        public Builder maxCpuPercent(Double percent) {
            maxCpuPercent = check("--max-cpu-percent", percent);
            return this;
        }

        /** {@code --max-gpu-percent}: the GPU's mean load (docs/metrics.md 14) must be at most this. */
        public Builder maxGpuPercent(Double percent) {
            maxGpuPercent = check("--max-gpu-percent", percent);
            return this;
        }

        /** {@code --max-power-mw}: the battery's mean drain while discharging must be at most this. */
        public Builder maxPowerMw(Double mw) {
            maxPowerMw = check("--max-power-mw", mw);
            return this;
        }

        /** {@code --max-app-network-kb}: the app's bytes received and sent (kB of 1024) must be at most this. */
        public Builder maxAppNetworkKb(Double kb) {
            maxAppNetworkKb = check("--max-app-network-kb", kb);
            return this;
        }

        /** {@code --max-memory-mb}: the app's peak PSS, else peak RSS (MB of 1024 kB) must be at most this. */
        public Builder maxMemoryMb(Double mb) {
            maxMemoryMb = check("--max-memory-mb", mb);
            return this;
        }

        /**
         * {@code --baseline FILE --max-regression PCT}: each of fps, spanFps, jankPercent, p90, p99 and
         * droppedFrames may be at most {@code maxRegressionPercent} % worse than in {@code baseline}. A null
         * baseline clears the check.
         */
        public Builder baseline(Summary baseline, double maxRegressionPercent) {
            this.baseline = baseline;
            this.maxRegressionPercent = baseline == null ? null : check("--max-regression", maxRegressionPercent);
            return this;
        }

        public Gate build() {
            return new Gate(this);
        }

        private static Double check(String option, Double v) {
            if (v != null && (v.isNaN() || v.isInfinite() || v < 0)) {
                throw new IllegalArgumentException(option + " must be a number >= 0, got " + v);
            }
            return v;
        }

        private static Long check(String option, Long v) {
            if (v != null && v < 0) {
                throw new IllegalArgumentException(option + " must be >= 0, got " + v);
            }
            return v;
        }
    }
}
