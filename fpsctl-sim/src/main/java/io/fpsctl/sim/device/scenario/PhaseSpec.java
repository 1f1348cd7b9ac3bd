package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One phase of a window's timeline. {@code kind} is {@code render} (a frame on every
 * {@code everyVsyncs}-th vsync, like a scroll or animation) or {@code idle} (no frames at all).
 *
 * @param kind              {@code render} or {@code idle}
 * @param durationMs        length of the phase
 * @param jitterMs          the length varies uniformly by ± this much
 * @param workMin           shortest normal frame (IntendedVsync → FrameCompleted) as a fraction of the period
 * @param workMax           longest normal frame, fraction of the period (≤ 0.7 keeps GPU inside the deadline)
 * @param everyVsyncs       render on every n-th vsync (1 = every vsync)
 * @param slow              slow-frame pattern, or null for none
 * @param rtAnimationChance probability that a frame is a RenderThread animation frame (Flags = 2)
 * @param input             frames carry input events (InputEventId / OldestInputEvent set)
 * @param maxDeadlineEvery  every n-th frame gets {@code FrameDeadline = INT64_MAX} (0 = never; for tests)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PhaseSpec(String kind, Long durationMs, Long jitterMs, Double workMin, Double workMax,
                        Integer everyVsyncs, SlowFrameSpec slow, Double rtAnimationChance, Boolean input,
                        Integer maxDeadlineEvery) {

    public static final String RENDER = "render";
    public static final String IDLE = "idle";

    public PhaseSpec {
        kind = kind == null ? RENDER : kind;
        if (!RENDER.equals(kind) && !IDLE.equals(kind)) {
            throw new IllegalArgumentException("phase kind must be 'render' or 'idle': " + kind);
        }
        durationMs = durationMs == null ? 10_000L : durationMs;
        jitterMs = jitterMs == null ? 0L : jitterMs;
        workMin = workMin == null ? 0.30 : workMin;
        workMax = workMax == null ? 0.60 : workMax;
        everyVsyncs = everyVsyncs == null ? 1 : everyVsyncs;
        rtAnimationChance = rtAnimationChance == null ? 0.0 : rtAnimationChance;
        input = input != null && input;
        maxDeadlineEvery = maxDeadlineEvery == null ? 0 : maxDeadlineEvery;
        if (durationMs <= 0 || jitterMs < 0 || jitterMs >= durationMs) {
            throw new IllegalArgumentException("phase needs durationMs > jitterMs >= 0");
        }
        if (workMin <= 0 || workMax < workMin || workMax > 0.9) {
            throw new IllegalArgumentException("need 0 < workMin <= workMax <= 0.9");
        }
        if (everyVsyncs < 1) {
            throw new IllegalArgumentException("everyVsyncs must be >= 1");
        }
    }

    @JsonIgnore
    public boolean isIdle() {
        return IDLE.equals(kind);
    }

    /** A render phase with default timing. */
    public static PhaseSpec render(long durationMs, long jitterMs, SlowFrameSpec slow, boolean input) {
        return new PhaseSpec(RENDER, durationMs, jitterMs, null, null, null, slow, 0.002, input, null);
    }

    /** An idle phase (no frames). */
    public static PhaseSpec idle(long durationMs, long jitterMs) {
        return new PhaseSpec(IDLE, durationMs, jitterMs, null, null, null, null, null, null, null);
    }
}
