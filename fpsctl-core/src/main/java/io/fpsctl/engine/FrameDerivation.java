package io.fpsctl.engine;

/**
 * Per-frame values (docs/metrics.md section 3) of one new, counted frame, written into one reused
 * {@link FrameResult} so the per-frame path allocates nothing. Which frames get here (de-duplication, history,
 * malformed rows) and which T they take is decided by {@link FrameEngine}.
 */
final class FrameDerivation {
    /** A timestamp at or above 2^62 is not a CLOCK_MONOTONIC value (docs/metrics.md 1. */
    static final long TIMESTAMP_LIMIT = 1L << 62;
    /** A frame longer than one hour is a malformed row (docs/metrics.md 1. */
    static final long MAX_DURATION_NS = 3_600_000_000_000L;

    private final Source source;
    private final EngineConfig config;
    private final FrameResult result = new FrameResult();

    FrameDerivation(Source source, EngineConfig config) {
        this.source = source;
        this.config = config;
    }

    /**
     * docs/metrics.md 1: a complete row is malformed when FrameCompleted &lt; IntendedVsync, when the
     * frame took more than an hour, or when a timestamp its metrics use is negative or ≥ 2^62 other than the
     * 0 / −1 / INT64_MAX "unknown" sentinels.
     */
    static boolean malformed(RenderedFrame f) {
        long iv = f.intendedVsync();
        long fc = f.frameCompleted();
        if (fc < iv || fc - iv > MAX_DURATION_NS || iv >= TIMESTAMP_LIMIT || fc >= TIMESTAMP_LIMIT) {
            return true;
        }
        return bad(f.handleInputStart()) || bad(f.animationStart()) || bad(f.performTraversalsStart())
                || bad(f.drawStart()) || bad(f.syncQueued()) || bad(f.syncStart())
                || bad(f.issueDrawCommandsStart()) || bad(f.swapBuffers()) || bad(f.gpuCompleted())
                || bad(f.frameDeadline());
    }

    private static boolean bad(long ts) {
        return !unknown(ts) && (ts < 0 || ts >= TIMESTAMP_LIMIT);
    }

    /** The documented "unknown" sentinels 0, −1 and INT64_MAX. */
    private static boolean unknown(long ts) {
        return ts == 0 || ts == -1 || ts == Long.MAX_VALUE;
    }

    /** docs/metrics.md section 3: {@code max(0, ceil(duration / T) − 1)}, so dropped ≥ 1 ⇔ duration > T. */
    static long dropped(long durationNs, long intervalNs) {
        if (durationNs <= 0) {
            return 0;
        }
        return -Math.floorDiv(-durationNs, intervalNs) - 1;
    }

    /** A gfxinfo row (complete, valid, new, counted) with vsync interval {@code t}. */
    FrameResult rendered(Track track, RenderedFrame f, long t) {
        FrameResult r = begin(track, f.intendedVsync(), f.frameCompleted(), f.flags(), t);
        r.duration = f.frameCompleted() - f.intendedVsync();
        long deadline = f.frameDeadline();
        long gpu = f.gpuCompleted();
        boolean validDeadline = deadline != 0 && deadline != Long.MAX_VALUE;
        boolean gpuKnown = gpu > 0 && gpu != Long.MAX_VALUE;
        r.janky = validDeadline && gpuKnown ? gpu >= deadline : r.duration > t;
        long[] s = r.stages;
        s[Stage.DELAY.ordinal()] = span(f.intendedVsync(), f.handleInputStart());
        s[Stage.INPUT.ordinal()] = span(f.handleInputStart(), f.animationStart());
        s[Stage.ANIMATION.ordinal()] = span(f.animationStart(), f.performTraversalsStart());
        s[Stage.LAYOUT.ordinal()] = span(f.performTraversalsStart(), f.drawStart());
        s[Stage.DRAW.ordinal()] = span(f.drawStart(), f.syncQueued());
        s[Stage.SYNC.ordinal()] = span(f.syncStart(), f.issueDrawCommandsStart());
        s[Stage.COMMAND.ordinal()] = span(f.issueDrawCommandsStart(), f.swapBuffers());
        s[Stage.SWAP.ordinal()] = span(f.swapBuffers(), f.frameCompleted());
        s[Stage.GPU.ordinal()] = gpuKnown ? span(f.swapBuffers(), gpu) : -1;
        return finishRendered(track, r);
    }

    /** A frame of fpsctl's own CSV: duration, janky and stages as given. */
    FrameResult measured(Track track, MeasuredFrame f, long t) {
        FrameResult r = begin(track, f.intendedVsync(), f.end(), f.flags(), t);
        r.duration = f.duration();
        r.janky = f.janky();
        copy(f.stageNs(), r.stages);
        r.interaction = f.interaction();
        copy(f.choreographerNs(), r.choreographer);
        return finishRendered(track, r);
    }

    /**
     * An agent frame: duration = end − IntendedVsync; janky by the deadline rule when the deadline and GPU span
     * are known (GpuCompleted = SwapBuffers + gpu, SwapBuffers = end − swap), else {@code duration > T}.
     */
    FrameResult agent(Track track, AgentFrame f, long t) {
        FrameResult r = begin(track, f.intendedVsync(), f.end(), f.flags(), t);
        r.duration = f.end() - f.intendedVsync();
        copy(f.stageNs(), r.stages);
        long gpu = r.stages[Stage.GPU.ordinal()];
        long swap = r.stages[Stage.SWAP.ordinal()];
        boolean validDeadline = f.deadline() != 0 && f.deadline() != Long.MAX_VALUE;
        r.janky = validDeadline && gpu >= 0 && swap >= 0
                ? f.end() - swap + gpu >= f.deadline()
                : r.duration > t;
        r.interaction = f.interaction();
        copy(f.choreographerNs(), r.choreographer);
        return finishRendered(track, r);
    }

    /** A SurfaceFlinger present (valid, new) with the period {@code t} in force when it was presented. */
    FrameResult presented(Track track, PresentedFrame f, long t) {
        FrameResult r = result;
        r.reset(source, track.name);
        long now = f.actualPresent();
        r.time = now;
        r.end = now;
        r.interval = t;
        if (track.prevTime == Long.MIN_VALUE || now - track.prevTime >= config.idleGapNs()) {
            track.gapCount = 0; // segment start: not judged, not in FPS time (docs/metrics.md section 3)
        } else {
            long gap = now - track.prevTime;
            r.span = gap;
            r.spanFrames = 1;
            r.duration = gap;
            r.timed = true;
            r.dropped = Math.max(0, Math.round((double) gap / t) - 1);
            r.janky = r.dropped >= 1;
            r.dropLevel = config.dropLevel(r.dropped);
            if (track.gapCount >= 3) {
                // gap > 2 × mean(previous 3) and gap > 83.33 ms (two film frames at 24 fps); in double: no overflow
                double sum3 = (double) track.gaps[0] + track.gaps[1] + track.gaps[2];
                r.jank = 3.0 * gap > 2.0 * sum3 && 12.0 * gap > 1e9;
                r.bigJank = r.jank && gap > 125_000_000L;
            }
            track.gaps[track.gapCount % 3] = gap;
            track.gapCount++;
        }
        track.prevTime = now;
        return r;
    }

    private static void copy(long[] given, long[] into) {
        for (int i = 0; i < into.length && given != null && i < given.length; i++) {
            into[i] = given[i] < 0 ? -1 : given[i];
        }
    }

    private FrameResult begin(Track track, long time, long end, long flags, long t) {
        FrameResult r = result;
        r.reset(source, track.name);
        r.time = time;
        r.end = end;
        r.flags = flags;
        r.interval = t;
        return r;
    }

    /** A span between two timestamps; −1 when either is unknown, a negative span counts as 0 (section 4). */
    private static long span(long from, long to) {
        if (unknown(from) || unknown(to)) {
            return -1;
        }
        return Math.max(0, to - from);
    }

    /** Values common to every rendered frame: dropped, level, main cause, timed, segment span. */
    private FrameResult finishRendered(Track track, FrameResult r) {
        r.timed = r.flags == 0;
        r.dropped = dropped(r.duration, r.interval);
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
            r.mainCause = best >= 0 && bestSpan > slowNs / 2.0 ? Stage.all()[best] : null;
        }
        // docs/metrics.md 4: segments on this window's IntendedVsync order, whatever order the frames came in
        track.segments.insert(r.time);
        r.spanFrames = track.segments.addedFrames();
        r.span = r.spanFrames > 0 ? track.segments.addedNs() : -1;
        track.prevTime = r.time;
        return r;
    }
}
