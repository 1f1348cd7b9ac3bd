package io.fpsctl.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one place where fpsctl computes metrics (docs/metrics.md). Sources push blocks of rows through
 * {@link FrameSink}; the engine decides which rows are new, counted frames ({@link Track}: de-duplication, ring
 * overflow; pending and malformed rows), which T each frame takes (section 3), derives the per-frame values
 * ({@link FrameDerivation}), groups them into live windows ({@link LiveWindows}) and adds them up
 * ({@link StatsAccumulator}). It works the same for a saved dump (one pass) and for a live poller (blocks arrive
 * poll by poll). No I/O, no threads, no locks: one thread uses an engine (and the {@link FrameTimelineAttribution}
 * it joins), the capture layer's poll loop live; whatever crosses threads is handed over there.
 *
 * <p>Its state is in parts named for what they hold: the coverage gaps ({@link CoverageLedger}), the period in force
 * ({@link PeriodInForce}), a saved dump's frames waiting for the vsync grid ({@link GridHold}), the FrameTimeline join
 * ({@link FrameTimelineJoin}), the agent's slow messages ({@link WorstMessages}), each window's de-duplication and
 * overflow bookkeeping ({@link Track}) and the derivation ({@link FrameDerivation}). What stays here is the routing of
 * each row to them, in the order docs/metrics.md 1 and 2 give; it is longer than the project's ~300 lines because
 * its public face (the listener, the sink, the calls of the capture loop) is shared by every source.
 */
public final class FrameEngine implements FrameSink {
    /** The warning of a summary that counted no frame. */
    public static final String NO_FRAMES = "no frames: nothing was rendered in what was read";


    /** Receives results as they are derived. Every method is optional. */
    public interface Listener {
        /** A new counted frame; {@code result} is reused after the call returns. */
        default void frame(FrameResult result) {
        }

        /** A live window closed (only when {@link #wantsWindows()}). */
        default void window(LiveWindow window) {
        }

        /**
         * A poll of {@code window} came back as a full ring that shares no row with its previous poll (docs/metrics.md
         * 1.7 rev 3; SurfaceFlinger: whose oldest row is newer than any read, 2.3): frames may have been lost.
         */
        default void overflow(String window) {
        }

        /**
         * The FrameTimeline verdict of the counted frame numbered {@code sequence} ({@link FrameResult#sequence()}),
         * once for every frame that {@link FrameResult#awaitsVerdict() awaited one}. It comes later than the frame
         * (when its SurfaceFrame is polled, or unattributed when it can no longer arrive), always on the engine's
         * own thread: at the end of a later block, at {@link #finish()} or {@link #summary}.
         */
        default void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
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
    /** A live row whose GPU fence is 0 waits this long behind the block's newest row (docs/metrics.md 1. */
    static final long GPU_PENDING_NS = 1_000_000_000L;
    /** Saved-dump frames held back while the vsync grid is not known yet (docs/metrics.md 2. */
    static final int GRID_BUFFER = 1 << 16;
    private static final Listener NO_LISTENER = new Listener() {
    };

    private final Source source;
    private final EngineConfig config;
    private final Listener listener;
    private final FrameDerivation derive;
    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    /** Coverage gaps and their warnings (docs/metrics.md 11). */
    private final CoverageLedger coverage = new CoverageLedger();
    private final LiveWindows live;
    /** The resource reads of a live run (docs/metrics.md 13), or null. */
    private ResourceTimeline resources;
    private Track current;
    /** The period a frame without its own takes (docs/metrics.md 2). */
    private final PeriodInForce period;
    /** Set only while the {@link #historyInput} passes a call on. */
    private boolean history;
    private boolean saved;
    private long counted;
    private long overflows;
    private long malformedRows;
    /** Added to every timestamp of a live frame: a later boot's clock onto the run's timeline ({@link #newBoot}). */
    private long timelineShiftNs;
    /** Live gfxinfo rows of the current block held back from the first GPU-pending one on. */
    private final List<RenderedFrame> deferred = new ArrayList<>();
    /** Saved dumps without any period: frames waiting for the vsync grid. */
    private final GridHold gridHold = new GridHold();
    private final WorstMessages slowMessages = new WorstMessages();
    /** The FrameTimeline join (docs/metrics.md 10). */
    private final FrameTimelineJoin frameTimeline;

    /** The handle a rendered frame leaves with the FrameTimeline join: its engine and its sequence. */
    record FrameRef(FrameEngine engine, long sequence) {
    }

    public FrameEngine(Source source, EngineConfig config, Listener listener) {
        this.source = source;
        this.config = config;
        this.listener = listener == null ? NO_LISTENER : listener;
        this.derive = new FrameDerivation(source, config);
        this.live = this.listener.wantsWindows() ? new LiveWindows(source, config.windowNs(), this::window) : null;
        this.period = new PeriodInForce(config, this::warn);
        this.frameTimeline = new FrameTimelineJoin(this.listener);
    }

    public FrameEngine(Source source, EngineConfig config) {
        this(source, config, null);
    }

    public Source source() {
        return source;
    }

    /**
     * The period in force (docs/metrics.md 2, TEAM contract 3): the display's refresh period as read from the device
     * ({@code --latency} line 1, {@code dumpsys display}). Frames that arrive after this call without an interval
     * of their own (gfxinfo on Android ≤ 11) take it; frames already derived keep theirs. Ignored unless
     * 0 &lt; period &lt; 1 s.
     */
    public void displayPeriodNs(long periodNs) {
        period.display(periodNs);
    }

    /** A {@code --latency} dump's period line (docs/metrics.md 2: reported even when it holds no frames). */
    @Override
    public void period(long periodNs) {
        displayPeriodNs(periodNs);
    }

    /**
     * Marks the input as a saved dump (analyze): GPU-pending rows are taken as they are, and gfxinfo frames
     * without any period infer T from the vsync grid (docs/metrics.md 1 and 3, rev 2). Default: live polls.
     */
    public void savedDump(boolean on) {
        this.saved = on;
    }

    /** What the rows of one read of a device's rings are to a live capture. */
    public enum Rows {
        /** Rows drawn since the capture started (and history already read): new ones are counted. */
        LIVE,
        /**
         * The rings' rows at the capture's first look: history, only remembered for de-duplication (frames already
         * in the rings when a live capture starts are not counted).
         */
        HISTORY
    }

    /** The sink for one read of rows that are {@code rows}: the engine itself, or its history input. */
    public FrameSink input(Rows rows) {
        return rows == Rows.HISTORY ? historyInput : this;
    }

    /** Rows of the capture's first look at a ring: remembered, not counted (every call is one of history). */
    private final FrameSink historyInput = new FrameSink() {
        @Override
        public void blockStart(String window) {
            FrameEngine.this.blockStart(window);
        }

        @Override
        public void gpuColumn(boolean present) {
            FrameEngine.this.gpuColumn(present);
        }

        @Override
        public void period(long periodNs) {
            FrameEngine.this.period(periodNs);
        }

        @Override
        public void frame(Frame frame) {
            history = true;
            try {
                FrameEngine.this.frame(frame);
            } finally {
                history = false;
            }
        }

        @Override
        public void blockEnd() {
            history = true;
            try {
                FrameEngine.this.blockEnd();
            } finally {
                history = false;
            }
        }
    };

    /** Adds a warning that the summary will carry. */
    public void warn(String message) {
        if (!warnings.contains(message)) {
            warnings.add(message);
        }
    }

    /** Rows a parser could not read at all; reported with the engine's own in one "N malformed rows" warning. */
    public void malformedRows(long rows) {
        malformedRows += Math.max(0, rows);
    }

    /**
     * One interval of the device timeline in which frames may be missing from the capture (docs/metrics.md 11, TEAM
     * contract 1): counted in {@code coverageGaps} / {@code coverageGapMs} and one warning with its length.
     */
    public void coverageGap(long fromNs, long toNs, String reason) {
        coverage.gap(fromNs, toNs, reason);
    }

    /**
     * The newest frame timestamp read so far (the de-duplication key: IntendedVsync or actualPresent, history
     * included), or Long.MIN_VALUE: a lower bound of the device clock for {@link #advanceTo}.
     */
    public long newestFrameNs() {
        long newest = Long.MIN_VALUE;
        for (Track t : tracks.values()) {
            newest = Math.max(newest, t.maxSeen);
        }
        return newest;
    }

    /**
     * The device clock (CLOCK_MONOTONIC ns, TEAM contract 2): closes and emits, idle when empty, every live
     * window that ends at or before {@code deviceNowNs}, so a live view moves on while the app draws nothing.
     */
    public void advanceTo(long deviceNowNs) {
        if (live != null) {
            live.advanceTo(deviceNowNs);
        }
    }

    /**
     * Forgets what every window read (de-duplication, segments): the app process restarted, its rings and
     * timestamps start over. Summaries keep what was counted; open live windows close. What the old process drew
     * after the last poll is lost: a coverage gap (docs/metrics.md 11) opens at the newest frame read and ends at the
     * first frame counted after it ({@link #openGap}).
     */
    public void restartSegment() {
        long newest = newestFrameNs();
        if (newest != Long.MIN_VALUE) {
            openGap(newest, "the app process restarted (new pid): what it drew after the last poll is lost");
        }
        for (Track t : tracks.values()) {
            t.restart();
        }
        if (live != null) {
            live.close();
        }
    }

    /**
     * The device restarted (its boot id changed, or its clock went back): every frame that follows is of the new
     * boot, whose CLOCK_MONOTONIC started again; its timestamps are moved by {@code shiftNs} onto the run's timeline
     * ({@link TimelineShift}), so the frames of the new boot follow the old ones in every file. A new segment starts
     * ({@link #restartSegment}) and a coverage gap opens at {@code gapFromNs} (run timeline) with {@code reason}.
     */
    public void newBoot(long shiftNs, long gapFromNs, String reason) {
        openGap(gapFromNs, reason);
        timelineShiftNs = shiftNs;
        restartSegment();
    }

    /**
     * A coverage gap from {@code fromNs} (device timeline as counted) to the next counted frame, e.g. frames lost
     * while the device restarted; {@link #closeOpenGap} ends it at the end of the run when no frame came. A gap
     * already open is kept (its start and reason).
     */
    public void openGap(long fromNs, String reason) {
        coverage.open(fromNs, reason);
    }

    /** Ends an open coverage gap at {@code atNs} (the end of the run, device timeline); nothing when none is open. */
    public void closeOpenGap(long atNs) {
        coverage.close(atNs);
    }

    /** The shift of {@link #newBoot} in force, ns (0 while the device has not restarted). */
    public long timelineShiftNs() {
        return timelineShiftNs;
    }

    @Override
    public void blockStart(String window) {
        current = track(window);
        current.blockStart();
        deferred.clear();
    }

    @Override
    public void gpuColumn(boolean present) {
        if (current != null) {
            current.gpuColumn = present;
        }
    }

    @Override
    public void blockEnd() {
        Track t = current;
        if (t == null) {
            return;
        }
        for (RenderedFrame f : deferred) {
            if (gpuPending(t, f) && t.blockNewest - f.intendedVsync() < GPU_PENDING_NS) {
                break; // still pending: this row and the later ones are read again by the next poll
            }
            rendered(t, f);
        }
        deferred.clear();
        t.gpuColumn = false;
        if (!history) {
            // docs/metrics.md 1: no row of the previous block) and 2.3 (rev 2: oldest row above the watermark)
            boolean presented = source.presented();
            boolean lost = presented ? t.presentedOverflow(LATENCY_RING) : t.renderedOverflow(GFXINFO_RING);
            if (lost) {
                long from = presented ? t.blockWatermark : t.renderedGapStart();
                long to = t.blockOldest == Long.MAX_VALUE ? from : t.blockOldest; // no row with a timestamp
                t.stats.overflows++;
                overflows++;
                t.stats.coverageGap(to - from);
                coverage.overflowWarning(from, to, "ring overflow in " + t.name
                        + ": frames between two polls may be lost");
                listener.overflow(t.name);
            }
        }
        t.blockEnd();
        current = null;
        deliverVerdicts();
    }

    /**
     * Joins every counted rendered frame with SurfaceFlinger's FrameTimeline through {@code attribution}
     * (docs/metrics.md 10), whose summary then becomes the capture summary's {@code frameTimeline}; null stops it. The
     * attribution is shared with its poller on the engine's thread.
     */
    public void frameTimeline(FrameTimelineAttribution attribution) {
        frameTimeline.attach(attribution);
    }

    /**
     * The app's pid from now on (gfxinfo's {@code ** Graphics info for pid N} line, read again on every poll): the
     * frames that follow join SurfaceFrames of this {@code Owner Pid} (docs/metrics.md 10.
     */
    /** The app's pid as the source last printed it, or null when unknown. */
    public AppPid appPid() {
        return frameTimeline.appPid();
    }

    public void appPid(AppPid pid) {
        frameTimeline.appPid(pid);
    }

    /** A counted rendered frame goes to the FrameTimeline join, on its {@code FrameTimelineVsyncId} and pid. */
    private void joinFrameTimeline(Track t, RenderedFrame f, long sequence) {
        frameTimeline.join(f.frameTimelineVsyncId(), t.name, new FrameRef(this, sequence));
    }

    /** The attribution settled a frame of this engine: queued for {@link #deliverVerdicts}. */
    void settled(long sequence, FrameTimelineVerdict verdict) {
        frameTimeline.settled(sequence, verdict);
    }

    /** Gives the queued verdicts to the listener, after the block or poll that settled them. */
    private void deliverVerdicts() {
        frameTimeline.deliver();
    }

    /**
     * A frame of fpsctl's CSV: counted; the FrameTimeline verdict its row recorded (if any) is counted into the
     * summary's {@code frameTimeline} as a live capture counted it, and given to the listener right after the frame.
     * A row without one counts as unattributed (that only shows when another row has one).
     */
    private void emitMeasured(Track t, MeasuredFrame f) {
        FrameResult r = derive.measured(t, f, interval(f.interval()));
        FrameTimelineVerdict v = f.verdict();
        r.awaitsVerdict = v != null;
        long sequence = emit(t, r);
        frameTimeline.recorded(sequence, v);
    }

    /** A rendered frame derived: counted, and joined with FrameTimeline when one is attached. */
    private void emitRendered(Track t, RenderedFrame f, long period) {
        FrameResult r = derive.rendered(t, f, period);
        r.awaitsVerdict = frameTimeline.attached();
        joinFrameTimeline(t, f, emit(t, r));
    }

    @Override
    public void frame(Frame frame) {
        frame = TimelineShift.apply(frame, timelineShiftNs);
        Track t = current;
        if (t == null || !t.name.equals(frame.window())) {
            t = track(frame.window());
        }
        if (frame instanceof RenderedFrame f) {
            t.renderedRow(f.intendedVsync(), f.frameCompleted()); // overflow bookkeeping (agent, CSV: no ring)
            if (!deferred.isEmpty() || (f.complete() && gpuPending(t, f))) {
                deferred.add(f);
            } else {
                rendered(t, f);
            }
        } else if (frame instanceof PresentedFrame f) {
            t.row(f.actualPresent());
            presented(t, f);
        } else if (frame instanceof MeasuredFrame f) {
            boolean fresh = t.freshRendered(f.intendedVsync(), f.end());
            t.seen(f.intendedVsync());
            if (fresh && !history && (f.flags() & RenderedFrame.FLAG_SKIPPED) == 0) {
                emitMeasured(t, f);
            }
        } else if (frame instanceof AgentFrame f) {
            if (f.intendedVsync() > 0 && f.end() > 0 && t.freshAgent(f.intendedVsync(), f.end()) && !history) {
                emit(t, derive.agent(t, f, interval(f.interval())));
            }
        }
    }

    /** docs/metrics.md 1: in a live poll of a layout with GpuCompleted, a 0 there means the fence is pending. */
    private boolean gpuPending(Track t, RenderedFrame f) {
        return !saved && !history && t.gpuColumn && f.gpuCompleted() == 0;
    }

    private void rendered(Track t, RenderedFrame f) {
        if (!f.complete()) {
            return; // in flight: not remembered, may be complete in the next poll
        }
        boolean fresh = t.freshRendered(f.intendedVsync(), f.frameCompleted()); // docs/metrics.md 1
        if (FrameDerivation.malformed(f)) {
            if (fresh && !history) {
                malformedRows++; // not read by an earlier poll
            }
            return;
        }
        t.seen(f.intendedVsync());
        if (!fresh || history
                || (f.flags() & RenderedFrame.FLAG_SKIPPED) != 0) {
            return;
        }
        long own = f.frameInterval();
        if (!validPeriod(own) && gridPending()) {
            if (gridHold.hold(t, f)) {
                releaseGrid();
            }
            return;
        }
        emitRendered(t, f, interval(own));
    }

    /** Whether a frame without its own interval has to wait for the vsync grid (saved dumps, nothing else known). */
    private boolean gridPending() {
        return saved && period.awaitsGrid();
    }

    /** Infers T from the frames held back and derives them, in the order they came. */
    private void releaseGrid() {
        if (gridHold.isEmpty()) {
            return;
        }
        long t = gridHold.periodNs();
        long gridPeriodNs;
        if (t > 0) {
            gridPeriodNs = t;
            warn(String.format(Locale.ROOT, "refresh rate inferred from the vsync grid: %.1f Hz; "
                    + "pass --refresh-rate to override", 1e9 / t));
        } else {
            gridPeriodNs = period.fallback();
        }
        period.grid(gridPeriodNs);
        for (Track tr : tracks.values()) {
            tr.prevTime = Long.MIN_VALUE; // replayed below in arrival order
        }
        gridHold.release((tr, f) -> emitRendered(tr, f, gridPeriodNs));
    }

    private void presented(Track t, PresentedFrame f) {
        if (!f.valid() || !t.freshPresented(f.actualPresent()) || history) {
            return;
        }
        // docs/metrics.md 1: each present carries the period printed by the poll that first showed it
        emit(t, derive.presented(t, f, interval(f.period())));
    }

    /** docs/metrics.md section 2: the frame's own T, else the period in force, --refresh-rate, the grid, 60 Hz. */
    private long interval(long own) {
        return period.interval(own);
    }

    /** A period fpsctl can use: above 0 and at most one second (1 Hz, PlausibleBounds; so refreshHz is never 0.0). */
    static boolean validPeriod(long ns) {
        return ns > 0 && ns <= PlausibleBounds.MAX_PERIOD_NS;
    }

    private Track track(String window) {
        Track t = tracks.get(window);
        if (t == null) {
            t = new Track(window, new StatsAccumulator(source), config.idleGapNs());
            tracks.put(window, t);
        }
        return t;
    }

    /**
     * Reads resources on this engine's timeline from now on ({@link #resources}); the run's summary gets them.
     */
    public void resourceTimeline(ResourceTimeline timeline) {
        this.resources = timeline;
    }

    /** A closed live window, with its resources when they are read (docs/metrics.md 13 rule 8). */
    private void window(LiveWindow w) {
        listener.window(resources == null ? w : w.withResources(resources.window(w.startNs(), w.endNs())));
    }

    /** Counts a frame and passes it on; returns its sequence. */
    private long emit(Track t, FrameResult r) {
        if (coverage.isOpen()) {
            closeOpenGap(r.time()); // the first frame after a restart ends its gap
        }
        if (resources != null) {
            r.resources = resources.newestInterval(); // rule 9: the read of this poll and the one before
            if (r.slow && r.resources != null) {
                r.resourceCause = r.resources.slowFrameCause();
                resources.slowFrameCause(r.resourceCause);
            }
        }
        long sequence = counted++;
        r.sequence = sequence;
        t.stats.add(r);
        listener.frame(r);
        if (live != null) {
            live.add(r);
        }
        return sequence;
    }

    /** Records a slow main-thread message (agent): counted, and kept when among the worst. */
    public void slowMessage(SlowMessage m) {
        slowMessages.add(m);
    }

    /** Frames counted so far (cheap; for pollers that adapt their interval). */
    public long countedFrames() {
        return counted;
    }

    /** Ring overflows detected so far. */
    public long overflowCount() {
        return overflows;
    }

    /** The smallest vsync interval seen so far, or the period in force, or 0. */
    public long minIntervalNs() {
        long min = Long.MAX_VALUE;
        for (Track t : tracks.values()) {
            min = Math.min(min, t.stats.minInterval);
        }
        return min == Long.MAX_VALUE ? period.displayNs() : min;
    }

    /** Closes the live windows in progress (end of capture). */
    public void finish() {
        releaseGrid();
        deliverVerdicts();
        if (live != null) {
            live.close();
        }
    }

    /** Summary of everything counted so far, with one entry per window or layer that has frames. */
    public Summary summary(String packageName) {
        releaseGrid();
        StatsAccumulator all = new StatsAccumulator(source);
        List<Summary> windows = new ArrayList<>();
        for (Track t : tracks.values()) {
            all.merge(t.stats);
            if (t.stats.frames > 0 || t.stats.overflows > 0) {
                windows.add(t.stats.toSummary(packageName, t.name, List.of(), List.of(), period.displayNs()));
            }
        }
        all.coverageGaps += coverage.gaps();
        all.coverageGapNs += coverage.gapNs();
        List<String> w = new ArrayList<>(warnings);
        if (malformedRows > 0) {
            w.add(malformedRows + " malformed rows skipped");
        }
        w.addAll(coverage.warnings());
        if (all.frames == 0) {
            w.add(NO_FRAMES);
        }
        SlowMessages slow = source == Source.AGENT ? slowMessages.summary() : null;
        FrameTimelineSummary ft = frameTimeline.summary(w);
        return all.toSummary(packageName, null, windows, w, period.displayNs()).toBuilder().slowMessages(slow)
                .frameTimeline(ft).resources(resources == null ? null : resources.summary()).build();
    }
}
