package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place where fpsctl computes metrics (METRICS.md). Sources push blocks of rows through
 * {@link FrameSink}; the engine de-duplicates per window, detects ring overflow, derives every per-frame value,
 * closes live windows as the frame timeline passes them, and summarises. It works the same for a saved dump
 * (one pass) and for a live poller (blocks arrive poll by poll). No I/O, no threads: callers serialise access.
 */
public final class FrameEngine implements FrameSink {

    /** Receives results as they are derived. Every method is optional. */
    public interface Listener {
        /** A new counted frame; {@code result} is reused after the call returns. */
        default void frame(FrameResult result) {
        }

        /** A live window closed (only when {@link #wantsWindows()}). */
        default void window(LiveWindow window) {
        }

        /** A poll of {@code window} came back as a full ring of new frames: frames may have been lost. */
        default void overflow(String window) {
        }

        /** Whether to compute live windows at all. */
        default boolean wantsWindows() {
            return false;
        }
    }

    /** Rows in a gfxinfo ring (JankTracker {@code RingBuffer<FrameInfo, 120>}). */
    public static final int GFXINFO_RING = 120;
    /** Rows printed by SurfaceFlinger's FrameTracker ({@code NUM_FRAME_RECORDS − 1}). */
    public static final int LATENCY_RING = 127;
    private static final Listener NO_LISTENER = new Listener() {
    };

    private final Source source;
    private final EngineConfig config;
    private final Listener listener;
    private final FrameResult result = new FrameResult();
    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final LiveWindows live;
    private Track current;
    private long displayPeriodNs;
    private boolean history;
    private boolean warnedFallback;
    private long counted;
    private long overflows;
    private long slowMessageCount;
    private final List<SlowMessage> worstMessages = new ArrayList<>();

    private volatile FrameTimelineAttribution frameTimeline;

    public FrameEngine(Source source, EngineConfig config, Listener listener) {
        this.source = source;
        this.config = config;
        this.listener = listener == null ? NO_LISTENER : listener;
        this.live = this.listener.wantsWindows() ? new LiveWindows() : null;
    }

    public FrameEngine(Source source, EngineConfig config) {
        this(source, config, null);
    }

    public Source source() {
        return source;
    }

    public EngineConfig config() {
        return config;
    }

    /** The display's refresh period (SurfaceFlinger {@code --latency} line 1, {@code dumpsys display}). */
    public void displayPeriodNs(long periodNs) {
        if (periodNs > 0) {
            this.displayPeriodNs = periodNs;
        }
    }

    /**
     * While true, blocks only move the de-duplication watermark: frames already in the rings when a live
     * capture starts are history and are not counted.
     */
    public void history(boolean on) {
        this.history = on;
    }

    /** Adds a warning that the summary will carry (e.g. malformed rows a parser skipped). */
    public void warn(String message) {
        if (!warnings.contains(message)) {
            warnings.add(message);
        }
    }

    /**
     * Forgets the de-duplication watermark of every window: the app process restarted, its rings and
     * timestamps start over. Summaries keep what was counted.
     */
    public void restartSegment() {
        for (Track t : tracks.values()) {
            t.maxSeen = Long.MIN_VALUE;
            t.prevTime = Long.MIN_VALUE;
            t.blocks = 0;
            t.gapCount = 0;
        }
    }

    @Override
    public void blockStart(String window) {
        current = track(window);
        current.blockComplete = 0;
        current.blockNew = 0;
    }

    @Override
    public void blockEnd() {
        Track t = current;
        if (t == null) {
            return;
        }
        int ring = source.presented() ? LATENCY_RING : GFXINFO_RING;
        if (t.blocks > 0 && !history && t.blockComplete == ring && t.blockNew == ring) {
            t.stats.overflows++;
            overflows++;
            listener.overflow(t.name);
        }
        t.blocks++;
        current = null;
    }

    /**
     * Joins every counted frame with SurfaceFlinger's FrameTimeline through {@code attribution} (METRICS.md 9),
     * whose summary then becomes the capture summary's {@code frameTimeline}. The attribution is shared with its
     * poller: it is locked while used.
     */
    public void frameTimeline(FrameTimelineAttribution attribution) {
        this.frameTimeline = attribution;
    }

    @Override
    public void frame(Frame frame) {
        Track t = current;
        if (t == null || !t.name.equals(frame.window())) {
            t = track(frame.window());
        }
        if (frame instanceof RenderedFrame f) {
            rendered(t, f);
        } else if (frame instanceof PresentedFrame f) {
            presented(t, f);
        } else if (frame instanceof MeasuredFrame f) {
            measured(t, f);
        } else if (frame instanceof AgentFrame f) {
            agent(t, f);
        }
    }

    private Track track(String window) {
        Track t = tracks.get(window);
        if (t == null) {
            t = new Track(window, new StatsAccumulator(source));
            tracks.put(window, t);
        }
        return t;
    }

    /** METRICS.md section 3 for frames without their own interval. */
    private long fallbackInterval() {
        if (displayPeriodNs > 0) {
            return displayPeriodNs;
        }
        if (config.userRefreshPeriodNs() > 0) {
            return config.userRefreshPeriodNs();
        }
        if (!warnedFallback) {
            warnedFallback = true;
            warn("refresh rate unknown: assuming 60 Hz (pass --refresh-rate)");
        }
        return EngineConfig.FALLBACK_PERIOD_NS;
    }

    /** De-duplication (METRICS.md 1.6 / 2.3): true when {@code key} is new for the track. */
    private static boolean fresh(Track t, long key) {
        t.blockComplete++;
        if (key <= t.maxSeen) {
            return false;
        }
        t.maxSeen = key;
        t.blockNew++;
        return true;
    }

    private void rendered(Track t, RenderedFrame f) {
        if (!f.complete() || !fresh(t, f.intendedVsync()) || history
                || (f.flags() & RenderedFrame.FLAG_SKIPPED) != 0) {
            return;
        }
        FrameResult r = begin(t, f.intendedVsync(), f.frameCompleted(), f.flags(), f.frameInterval());
        r.duration = f.frameCompleted() - f.intendedVsync();
        long deadline = f.frameDeadline();
        boolean validDeadline = deadline != 0 && deadline != Long.MAX_VALUE;
        r.janky = validDeadline && f.gpuCompleted() > 0
                ? f.gpuCompleted() >= deadline
                : r.duration > r.interval;
        long[] s = r.stages;
        s[Stage.DELAY.ordinal()] = span(f.intendedVsync(), f.handleInputStart());
        s[Stage.INPUT.ordinal()] = span(f.handleInputStart(), f.animationStart());
        s[Stage.ANIMATION.ordinal()] = span(f.animationStart(), f.performTraversalsStart());
        s[Stage.LAYOUT.ordinal()] = span(f.performTraversalsStart(), f.drawStart());
        s[Stage.DRAW.ordinal()] = span(f.drawStart(), f.syncQueued());
        s[Stage.SYNC.ordinal()] = span(f.syncStart(), f.issueDrawCommandsStart());
        s[Stage.COMMAND.ordinal()] = span(f.issueDrawCommandsStart(), f.swapBuffers());
        s[Stage.SWAP.ordinal()] = span(f.swapBuffers(), f.frameCompleted());
        s[Stage.GPU.ordinal()] = f.gpuCompleted() > 0 ? span(f.swapBuffers(), f.gpuCompleted()) : -1;
        finishRendered(t, r);
        FrameTimelineAttribution ft = frameTimeline;
        if (ft != null) {
            synchronized (ft) {
                ft.renderedFrame(f.frameTimelineVsyncId(), t.name, null);
            }
        }
    }

    private void measured(Track t, MeasuredFrame f) {
        if (!fresh(t, f.intendedVsync()) || history || (f.flags() & RenderedFrame.FLAG_SKIPPED) != 0) {
            return;
        }
        FrameResult r = begin(t, f.intendedVsync(), f.end(), f.flags(), f.interval());
        r.duration = f.duration();
        r.janky = f.janky();
        long[] given = f.stageNs();
        for (int i = 0; i < r.stages.length && given != null && i < given.length; i++) {
            r.stages[i] = given[i];
        }
        r.interaction = f.interaction();
        copyChoreographer(r, f.choreographerNs());
        finishRendered(t, r);
    }

    /**
     * An agent frame: duration = end − IntendedVsync; janky by the deadline rule when the deadline and GPU span
     * are known (GpuCompleted = SwapBuffers + gpu, SwapBuffers = end − swap), else {@code duration > T}.
     */
    private void agent(Track t, AgentFrame f) {
        if (f.intendedVsync() <= 0 || f.end() <= 0 || !fresh(t, f.intendedVsync()) || history) {
            return;
        }
        FrameResult r = begin(t, f.intendedVsync(), f.end(), f.flags(), f.interval());
        r.duration = f.end() - f.intendedVsync();
        long[] given = f.stageNs();
        for (int i = 0; i < r.stages.length && given != null && i < given.length; i++) {
            r.stages[i] = given[i] < 0 ? -1 : given[i];
        }
        long gpu = r.stages[Stage.GPU.ordinal()];
        long swap = r.stages[Stage.SWAP.ordinal()];
        boolean validDeadline = f.deadline() != 0 && f.deadline() != Long.MAX_VALUE;
        r.janky = validDeadline && gpu >= 0 && swap >= 0
                ? f.end() - swap + gpu >= f.deadline()
                : r.duration > r.interval;
        r.interaction = f.interaction();
        copyChoreographer(r, f.choreographerNs());
        finishRendered(t, r);
    }

    private static void copyChoreographer(FrameResult r, long[] given) {
        for (int i = 0; i < r.choreographer.length && given != null && i < given.length; i++) {
            r.choreographer[i] = given[i] < 0 ? -1 : given[i];
        }
    }

    /** Records a slow main-thread message (agent): counted, and kept when among the worst. */
    public void slowMessage(SlowMessage m) {
        slowMessageCount++;
        int at = 0;
        while (at < worstMessages.size() && worstMessages.get(at).durationMs() >= m.durationMs()) {
            at++;
        }
        if (at < SlowMessages.KEEP) {
            worstMessages.add(at, m);
            if (worstMessages.size() > SlowMessages.KEEP) {
                worstMessages.remove(worstMessages.size() - 1);
            }
        }
    }

    /** Resets the shared result for a new rendered frame; T per METRICS.md section 3. */
    private FrameResult begin(Track t, long time, long end, long flags, long ownInterval) {
        FrameResult r = result;
        r.reset(source, t.name);
        r.time = time;
        r.end = end;
        r.flags = flags;
        r.interval = ownInterval > 0 ? ownInterval : fallbackInterval();
        return r;
    }

    /** A negative span counts as 0 (METRICS.md section 4). */
    private static long span(long from, long to) {
        return Math.max(0, to - from);
    }

    /** Values common to every rendered frame: dropped, level, main cause, timed, segment. */
    private void finishRendered(Track t, FrameResult r) {
        r.timed = r.flags == 0;
        r.dropped = Math.floorDiv(Math.max(0, r.duration), r.interval);
        r.dropLevel = config.dropLevel(r.dropped);
        long slowNs = config.slowFrameNs() > 0 ? config.slowFrameNs() : r.interval;
        r.slow = r.duration > slowNs;
        if (r.slow) {
            int best = -1;
            long bestSpan = -1;
            for (int i = 0; i < r.stages.length; i++) {
                if (r.stages[i] > bestSpan) {
                    bestSpan = r.stages[i];
                    best = i;
                }
            }
            r.mainCause = best >= 0 && 2 * bestSpan > slowNs ? Stage.all()[best] : null;
        }
        r.span = t.prevTime != Long.MIN_VALUE && r.time - t.prevTime < config.idleGapNs() ? r.time - t.prevTime : -1;
        t.prevTime = r.time;
        emit(t, r);
    }

    private void presented(Track t, PresentedFrame f) {
        if (!f.valid() || !fresh(t, f.actualPresent()) || history) {
            return;
        }
        FrameResult r = result;
        r.reset(source, t.name);
        long now = f.actualPresent();
        r.time = now;
        r.end = now;
        long period = f.period() > 0 ? f.period() : 0;
        if (period > 0) {
            displayPeriodNs = period;
        }
        r.interval = period > 0 ? period : fallbackInterval();
        if (t.prevTime == Long.MIN_VALUE || now - t.prevTime >= config.idleGapNs()) {
            t.gapCount = 0; // segment start: not judged, not in FPS time (METRICS.md section 5)
        } else {
            long gap = now - t.prevTime;
            r.span = gap;
            r.duration = gap;
            r.timed = true;
            r.dropped = Math.max(0, Math.round((double) gap / r.interval) - 1);
            r.janky = r.dropped >= 1;
            r.dropLevel = config.dropLevel(r.dropped);
            if (t.gapCount >= 3) {
                long sum3 = t.gaps[0] + t.gaps[1] + t.gaps[2];
                // gap > 2 × mean(previous 3) and gap > 83.33 ms (two film frames at 24 fps)
                r.jank = 3 * gap > 2 * sum3 && 12 * gap > 1_000_000_000L;
                r.bigJank = r.jank && gap > 125_000_000L;
            }
            t.gaps[t.gapCount % 3] = gap;
            t.gapCount++;
        }
        t.prevTime = now;
        emit(t, r);
    }

    private void emit(Track t, FrameResult r) {
        counted++;
        t.stats.add(r);
        listener.frame(r);
        if (live != null) {
            live.add(r);
        }
    }

    /** Frames counted so far (cheap; for pollers that adapt their interval). */
    public long countedFrames() {
        return counted;
    }

    /** Ring overflows detected so far. */
    public long overflowCount() {
        return overflows;
    }

    /** The smallest vsync interval seen so far, or 0. */
    public long minIntervalNs() {
        long min = Long.MAX_VALUE;
        for (Track t : tracks.values()) {
            min = Math.min(min, t.stats.minInterval);
        }
        return min == Long.MAX_VALUE ? displayPeriodNs : min;
    }

    /** Closes the live window in progress (end of capture). */
    public void finish() {
        if (live != null) {
            live.close();
        }
    }

    /** Summary of everything counted so far, with one entry per window or layer that has frames. */
    public Summary summary(String packageName) {
        StatsAccumulator all = new StatsAccumulator(source);
        List<Summary> windows = new ArrayList<>();
        for (Track t : tracks.values()) {
            all.merge(t.stats);
            if (t.stats.frames > 0 || t.stats.overflows > 0) {
                windows.add(t.stats.toSummary(packageName, t.name, List.of(), List.of()));
            }
        }
        List<String> w = new ArrayList<>(warnings);
        if (all.frames == 0) {
            w.add("no frames: nothing was rendered in what was read");
        }
        SlowMessages slow = source == Source.AGENT
                ? new SlowMessages(slowMessageCount, List.copyOf(worstMessages)) : null;
        FrameTimelineSummary ft = null;
        FrameTimelineAttribution a = frameTimeline;
        if (a != null) {
            synchronized (a) {
                ft = a.summary();
            }
            w.addAll(ft.warnings());
        }
        return all.toSummary(packageName, null, List.copyOf(windows), List.copyOf(w)).withSlowMessages(slow)
                .withFrameTimeline(ft);
    }

    /** Per window/layer de-duplication and segment state. */
    private static final class Track {
        final String name;
        final StatsAccumulator stats;
        long maxSeen = Long.MIN_VALUE;
        long prevTime = Long.MIN_VALUE;
        int blocks;
        int blockComplete;
        int blockNew;
        final long[] gaps = new long[3];
        int gapCount;

        Track(String name, StatsAccumulator stats) {
            this.name = name;
            this.stats = stats;
        }
    }

    /** Groups counted frames into consecutive windows of {@code --window} on the frame timeline. */
    private final class LiveWindows {
        private long origin = Long.MIN_VALUE;
        private long index;
        private StatsAccumulator acc;

        void add(FrameResult r) {
            if (origin == Long.MIN_VALUE) {
                origin = r.time;
                index = 0;
                acc = new StatsAccumulator(source);
            }
            long idx = Math.floorDiv(r.time - origin, config.windowNs());
            if (idx > index) {
                emitCurrent();
                for (long i = index + 1; i < idx; i++) {
                    emit(i, new StatsAccumulator(source));
                }
                index = idx;
                acc = new StatsAccumulator(source);
            }
            acc.add(r); // a late frame (idx < index) joins the window in progress
        }

        void close() {
            if (acc != null) {
                emitCurrent();
                acc = null;
                origin = Long.MIN_VALUE;
            }
        }

        private void emitCurrent() {
            emit(index, acc);
        }

        private void emit(long i, StatsAccumulator a) {
            long start = origin + i * config.windowNs();
            listener.window(new LiveWindow(i, start, start + config.windowNs(),
                    a.toSummary(null, null, List.of(), List.of())));
        }
    }
}
