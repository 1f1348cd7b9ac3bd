package io.fpsctl.sim.device.frames;

import io.fpsctl.sim.device.scenario.PhaseSpec;
import io.fpsctl.sim.device.scenario.SlowFrameSpec;

import java.util.List;
import java.util.SplittableRandom;

import static io.fpsctl.sim.device.frames.FrameColumn.*;

/**
 * Yields one window's frames in order, lazily, from its looped phases: realistic stage timestamps on the
 * vsync grid, Choreographer-like scheduling (a frame's IntendedVsync is the first vsync after the previous
 * frame completed, so slow frames push later frames to later vsyncs), Flags 1 on the first frame after the
 * window became visible, occasional Flags 2 (RenderThread animation) and never a flag on a normal frame.
 * Deterministic for a given random source; holds O(1) state.
 */
public final class HwuiFrameGenerator {

    /** Normal-frame share of each stage: delay, input, animation, layout, draw, stall, sync, command, swap. */
    private static final double[] STAGE_WEIGHTS = {0.07, 0.03, 0.12, 0.08, 0.15, 0.03, 0.10, 0.14, 0.28};
    private static final int DELAY = 0;
    private static final int INPUT = 1;
    private static final int ANIMATION = 2;
    private static final int LAYOUT = 3;
    private static final int DRAW = 4;
    private static final int STALL = 5;
    private static final int SYNC = 6;
    private static final int COMMAND = 7;
    private static final int SWAP = 8;
    private static final int[] SLOW_CAUSES = {ANIMATION, LAYOUT, DRAW, SYNC, COMMAND, SWAP};

    private final List<PhaseSpec> phases;
    /** The GPU is the bottleneck: it works most of each period and a slow frame waits on it (docs/metrics.md 14). */
    private boolean gpuBound;
    private final VsyncClock clock;
    private final SplittableRandom rnd;
    private final boolean hasRenderPhase;
    /** Non-null for a touch-driven window: it renders only inside these spans. */
    private final TouchActivity touch;
    private final PhaseSpec touchPhase;
    /** Non-null for a FlutterTextureView app's window: it draws one frame per engine frame (docs/metrics.md 16.1). */
    private FlutterFrameGenerator texture;
    private long textureStartDelayNs;

    private int phaseIndex;
    private long phaseEnd;
    private long cursor;
    private boolean visibilityChanged = true;
    private long lastPresent;
    private long frameCount;

    private int framesUntilSlow = -1;
    private long nextSlowAt = -1;
    private int slowCycle;

    /**
     * @param phases  the window's timeline (looped)
     * @param clock   the display's vsync grid
     * @param rnd     this window's own random stream
     * @param startNs time the window becomes visible (its first frame is flagged)
     */
    /** Makes the GPU the bottleneck of every frame from now on (the {@code gpu-heavy} scenario). */
    public void gpuBound(boolean on) {
        this.gpuBound = on;
    }

    public HwuiFrameGenerator(List<PhaseSpec> phases, VsyncClock clock, SplittableRandom rnd, long startNs) {
        this(phases, clock, rnd, startNs, null);
    }

    /**
     * A touch-driven window when {@code touch} is non-null: a frame on every vsync inside {@code touch}'s
     * spans (with the first render phase's timing, or the default one), none outside, no Flags-1 launch frame;
     * the phases' durations are ignored.
     */
    public HwuiFrameGenerator(List<PhaseSpec> phases, VsyncClock clock, SplittableRandom rnd, long startNs,
                              TouchActivity touch) {
        this.phases = List.copyOf(phases);
        this.clock = clock;
        this.rnd = rnd;
        this.hasRenderPhase = phases.stream().anyMatch(p -> !p.isIdle());
        this.touch = touch;
        this.touchPhase = phases.stream().filter(p -> !p.isIdle()).findFirst()
                .orElse(PhaseSpec.render(10_000, 0, null, true));
        restartAt(startNs);
    }

    /**
     * The window (re)appears at {@code t} (process start or restart): the phases start over and the next
     * frame carries Flags 1. Slow-frame spacing continues where it was.
     */
    public void restartAt(long t) {
        if (texture != null) {
            texture.restartAt(t + textureStartDelayNs);
        }
        phaseIndex = 0;
        phaseEnd = t + phaseLength(phases.get(0));
        cursor = t;
        visibilityChanged = touch == null;
    }

    /**
     * The next frame, or null when the timeline has no render phase at all (or, touch-driven, when no touch
     * is known at or after the last frame: a later touch lets it go on).
     */
    public HwuiFrame next() {
        if (texture != null) {
            return nextTextured();
        }
        if (touch != null) {
            return nextTouched();
        }
        if (!hasRenderPhase) {
            return null;
        }
        while (true) {
            PhaseSpec phase = phases.get(phaseIndex);
            if (phase.isIdle() || cursor >= phaseEnd) {
                cursor = Math.max(cursor, phaseEnd);
                advancePhase();
                continue;
            }
            long v = clock.vsyncAtOrAfter(cursor);
            if (v >= phaseEnd) {
                cursor = phaseEnd;
                advancePhase();
                continue;
            }
            HwuiFrame frame = build(v, phase);
            long period = clock.periodAt(v);
            cursor = Math.max(clock.vsyncAfter(frame.frameCompleted()), v + phase.everyVsyncs() * period);
            return frame;
        }
    }

    /**
     * Makes this the window of a FlutterTextureView app (docs/metrics.md 16.1): from now on it draws one HWUI frame
     * per frame of {@code engine} (with its first render phase's timing; the phases' durations are ignored), and a
     * restart {@code engineDelayNs} after the window's restarts the engine too.
     */
    public void drawsTexture(FlutterFrameGenerator engine, long engineDelayNs) {
        this.texture = engine;
        this.textureStartDelayNs = engineDelayNs;
    }

    /** The engine this window composites, or null. */
    public FlutterFrameGenerator texture() {
        return texture;
    }

    /*
     * The engine's raster thread queues its buffer into the TextureView's SurfaceTexture; the SurfaceTexture's
     * onFrameAvailable listener invalidates the TextureView (AOSP frameworks/base TextureView.java
     * mUpdateListener -> updateLayer(); invalidate()), so the window draws at the next Choreographer vsync after
     * the raster finished, and RenderThread latches the texture in that frame (DeferredLayerUpdater::apply ->
     * updateTexImage). Modelled: one window frame per engine buffer, in queue order, a window frame still drawing
     * delaying the next buffer's frame, so every engine frame is one window frame. A real TextureView can replace a
     * buffer instead: its SurfaceTexture's consumer and producer are app-controlled (SurfaceTexture_init:
     * GLConsumer(..., !singleBufferMode)), so BufferQueueProducer::queueBuffer marks items droppable and overwrites
     * one not yet acquired when RenderThread is late; not modelled (docs/metrics.md 16.1).
     */
    private HwuiFrame nextTextured() {
        FlutterFrameTiming f = texture.nextEngineFrame();
        long v = clock.vsyncAtOrAfter(Math.max(f.rasterFinish() + 1, cursor));
        HwuiFrame frame = build(v, touchPhase);
        texture.composited(f, frame.presentTime());
        cursor = Math.max(clock.vsyncAfter(frame.frameCompleted()), v + clock.periodAt(v));
        return frame;
    }

    private HwuiFrame nextTouched() {
        while (true) {
            long from = touch.renderingAtOrAfter(clock.vsyncAtOrAfter(cursor));
            if (from == Long.MAX_VALUE) {
                return null;
            }
            long v = clock.vsyncAtOrAfter(from);
            if (!touch.rendering(v)) {
                cursor = v; // the span ended between two vsyncs: look for the next one
                continue;
            }
            HwuiFrame frame = build(v, touchPhase);
            cursor = Math.max(clock.vsyncAfter(frame.frameCompleted()), v + clock.periodAt(v));
            return frame;
        }
    }

    private void advancePhase() {
        phaseIndex = (phaseIndex + 1) % phases.size();
        phaseEnd = phaseEnd + phaseLength(phases.get(phaseIndex));
    }

    private long phaseLength(PhaseSpec p) {
        long ms = p.durationMs();
        if (p.jitterMs() > 0) {
            ms += rnd.nextLong(-p.jitterMs(), p.jitterMs() + 1);
        }
        return ms * 1_000_000L;
    }

    private enum Kind { NORMAL, FIRST, RT_ANIMATION, SLOW }

    private HwuiFrame build(long v, PhaseSpec phase) {
        long period = clock.periodAt(v);
        frameCount++;
        Kind kind;
        long target = 0;
        if (visibilityChanged) {
            kind = Kind.FIRST;
            visibilityChanged = false;
            target = (long) (period * uniform(1.2, 2.5));
        } else if (isSlowDue(v, phase.slow())) {
            kind = Kind.SLOW;
            target = slowLength(phase.slow(), period);
        } else if (phase.rtAnimationChance() > 0 && rnd.nextDouble() < phase.rtAnimationChance()) {
            kind = Kind.RT_ANIMATION;
        } else {
            kind = Kind.NORMAL;
        }

        long base = (long) (period * uniform(phase.workMin(), phase.workMax()));
        long[] stage = splitStages(base);
        if (kind == Kind.FIRST) {
            stage[LAYOUT] += target - base;
        } else if (kind == Kind.SLOW && gpuBound) {
            stage[SWAP] += Math.max(0, target - base); // RenderThread waits for a buffer the GPU still holds
        } else if (kind == Kind.SLOW) {
            stage[SLOW_CAUSES[rnd.nextInt(SLOW_CAUSES.length)]] += Math.max(0, target - base);
        } else if (kind == Kind.RT_ANIMATION) {
            for (int i = DELAY; i <= DRAW; i++) {
                stage[i] = 0;
            }
        }

        HwuiFrame.Builder b = new HwuiFrame.Builder();
        long flags = kind == Kind.FIRST ? HwuiFrame.FLAG_WINDOW_VISIBILITY_CHANGED
                : kind == Kind.RT_ANIMATION ? HwuiFrame.FLAG_RT_ANIMATION : 0;
        b.set(FLAGS, flags);
        b.set(FRAME_TIMELINE_VSYNC_ID, v / 1_000_000L);
        b.set(INTENDED_VSYNC, v);
        b.set(VSYNC, v);
        boolean input = phase.input() && kind != Kind.RT_ANIMATION;
        if (input) {
            b.set(INPUT_EVENT_ID, rnd.nextInt() | 1);
            b.set(OLDEST_INPUT_EVENT, v - (long) (uniform(8, 16) * 1e6));
            b.set(NEWEST_INPUT_EVENT, v - (long) (uniform(1, 5) * 1e6));
        } else {
            b.set(OLDEST_INPUT_EVENT, Long.MAX_VALUE);
            b.set(NEWEST_INPUT_EVENT, 0);
        }
        long t = v + stage[DELAY];
        b.set(HANDLE_INPUT_START, t);
        b.set(FRAME_START_TIME, v + stage[DELAY] * 9 / 10);
        t += stage[INPUT];
        b.set(ANIMATION_START, t);
        t += stage[ANIMATION];
        b.set(PERFORM_TRAVERSALS_START, t);
        t += stage[LAYOUT];
        b.set(DRAW_START, t);
        t += stage[DRAW];
        b.set(SYNC_QUEUED, t);
        t += stage[STALL];
        b.set(SYNC_START, t);
        t += stage[SYNC];
        b.set(ISSUE_DRAW_COMMANDS_START, t);
        t += stage[COMMAND];
        long swap = t;
        b.set(SWAP_BUFFERS, swap);
        b.set(COMMAND_SUBMISSION_COMPLETED, swap);
        t += stage[SWAP];
        long completed = t;
        b.set(FRAME_COMPLETED, completed);
        b.set(SWAP_BUFFERS_COMPLETED, swap + (completed - swap) * 4 / 5);
        long gpu = Math.max(swap + (long) (period * (gpuBound ? uniform(0.92, 1.0) : uniform(0.05, 0.2))),
                completed);
        b.set(GPU_COMPLETED, gpu);
        b.set(DEQUEUE_BUFFER_DURATION, rnd.nextLong(10_000, 400_000));
        b.set(QUEUE_BUFFER_DURATION, rnd.nextLong(50_000, 600_000));
        boolean maxDeadline = phase.maxDeadlineEvery() > 0 && frameCount % phase.maxDeadlineEvery() == 0;
        b.set(FRAME_DEADLINE, maxDeadline ? Long.MAX_VALUE : v + period);
        b.set(FRAME_INTERVAL, period);
        b.set(WORKLOAD_TARGET, period);
        b.set(DISPLAY_PRESENT_TIME, 0);

        long present = clock.vsyncAtOrAfter(gpu) + clock.periodAt(gpu);
        if (present <= lastPresent) {
            present = lastPresent + clock.periodAt(lastPresent);
        }
        lastPresent = present;
        b.presentTime(present);
        return b.build();
    }

    private long[] splitStages(long total) {
        double[] raw = new double[STAGE_WEIGHTS.length];
        double sum = 0;
        for (int i = 0; i < raw.length; i++) {
            raw[i] = STAGE_WEIGHTS[i] * uniform(0.6, 1.4);
            sum += raw[i];
        }
        long[] out = new long[raw.length];
        long used = 0;
        for (int i = 0; i < raw.length - 1; i++) {
            out[i] = (long) (total * raw[i] / sum);
            used += out[i];
        }
        out[raw.length - 1] = total - used;
        return out;
    }

    private boolean isSlowDue(long v, SlowFrameSpec slow) {
        if (slow == null) {
            return false;
        }
        if (slow.everyFrames() > 0) {
            if (framesUntilSlow < 0) {
                framesUntilSlow = jittered(slow.everyFrames(), slow.everyFramesJitter());
            }
            if (--framesUntilSlow <= 0) {
                framesUntilSlow = jittered(slow.everyFrames(), slow.everyFramesJitter());
                return true;
            }
            return false;
        }
        if (slow.everyMs() > 0) {
            if (nextSlowAt < 0) {
                nextSlowAt = v + jittered(slow.everyMs(), slow.everyMsJitter()) * 1_000_000L;
                return false;
            }
            if (v >= nextSlowAt) {
                nextSlowAt = v + jittered(slow.everyMs(), slow.everyMsJitter()) * 1_000_000L;
                return true;
            }
        }
        return false;
    }

    private long slowLength(SlowFrameSpec slow, long period) {
        int i = slowCycle++;
        if (!slow.durationMs().isEmpty()) {
            long ms = slow.durationMs().get(i % slow.durationMs().size());
            return ms * 1_000_000L + rnd.nextLong(0, 500_000);
        }
        int missed = slow.missedVsyncs().get(i % slow.missedVsyncs().size());
        return missed * period + (long) (period * uniform(0.15, 0.85));
    }

    private int jittered(int n, int jitter) {
        return jitter == 0 ? n : n + rnd.nextInt(-jitter, jitter + 1);
    }

    private long jittered(long n, long jitter) {
        return jitter == 0 ? n : n + rnd.nextLong(-jitter, jitter + 1);
    }

    private double uniform(double lo, double hi) {
        return lo == hi ? lo : lo + rnd.nextDouble() * (hi - lo);
    }
}
