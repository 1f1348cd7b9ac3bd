package io.fpsctl.sim.device.frames;

import io.fpsctl.sim.device.scenario.SurfaceLayerSpec;

import java.util.SplittableRandom;

/**
 * Yields a SurfaceView (game) layer's buffers as SurfaceFlinger records them: presents on the vsync grid at
 * a target rate drifting between {@code minFps} and {@code maxFps}, with hitches (long present-to-present
 * gaps measured from the previous present, so a 100 ms gap really is ≥ 100 ms). Deterministic, O(1) state.
 */
public final class SurfaceFrameGenerator implements LayerFrameSource {

    private static final long RETARGET_NS = 2_000_000_000L;

    private final SurfaceLayerSpec spec;
    private final VsyncClock clock;
    private final SplittableRandom rnd;

    private double fps;
    private long retargetAt;
    private double ideal;
    private long lastPresent;
    private long nextJankAt;
    private int jankCycle;

    public SurfaceFrameGenerator(SurfaceLayerSpec spec, VsyncClock clock, SplittableRandom rnd, long startNs) {
        this.spec = spec;
        this.clock = clock;
        this.rnd = rnd;
        restartAt(startNs);
    }

    /** The game (re)starts drawing at {@code t}. */
    @Override
    public void restartAt(long t) {
        fps = uniform(spec.minFps(), spec.maxFps());
        retargetAt = t + RETARGET_NS;
        ideal = t;
        lastPresent = 0;
        nextJankAt = spec.jankEveryMs() > 0 ? t + jankInterval() : Long.MAX_VALUE;
    }

    /** The next buffer. */
    @Override
    public LayerFrame next() {
        long present;
        if (lastPresent > 0 && ideal >= nextJankAt) {
            long gapMs = spec.jankGapMs().get(jankCycle++ % spec.jankGapMs().size());
            present = clock.vsyncAtOrAfter(lastPresent + gapMs * 1_000_000L);
            ideal = present;
            nextJankAt = present + jankInterval();
        } else {
            if (ideal >= retargetAt) {
                fps = uniform(spec.minFps(), spec.maxFps());
                retargetAt += RETARGET_NS;
            }
            ideal += 1e9 / fps * uniform(0.9, 1.1);
            present = clock.vsyncAtOrAfter((long) ideal);
        }
        if (lastPresent > 0 && present <= lastPresent) {
            present = lastPresent + clock.periodAt(lastPresent);
        }
        lastPresent = present;
        long period = clock.periodAt(present);
        long latch = present - period;
        long desired = present - 2 * period + (long) (period * uniform(0.0, 0.5));
        long ready = desired + (long) (period * uniform(0.3, 1.1));
        return new LayerFrame(desired, present, ready, latch);
    }

    private long jankInterval() {
        long ms = spec.jankEveryMs();
        if (spec.jankJitterMs() > 0) {
            ms += rnd.nextLong(-spec.jankJitterMs(), spec.jankJitterMs() + 1);
        }
        return ms * 1_000_000L;
    }

    private double uniform(double lo, double hi) {
        return lo == hi ? lo : lo + rnd.nextDouble() * (hi - lo);
    }
}
