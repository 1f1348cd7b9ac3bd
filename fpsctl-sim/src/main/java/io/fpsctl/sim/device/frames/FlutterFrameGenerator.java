package io.fpsctl.sim.device.frames;

import io.fpsctl.sim.device.scenario.FlutterSpec;

import java.util.SplittableRandom;

/**
 * Yields a Flutter app's frames: each one's engine timing ({@link FlutterFrameTiming}, appended to the shared
 * {@link FlutterTimeline}) and the buffer the raster thread queues to the {@code FlutterSurfaceView}'s layer
 * ({@link LayerFrame}, what SurfaceFlinger records). The app animates continuously, one frame per vsync when it
 * keeps up.
 *
 * <p>The pipeline, after the engine's {@code Animator}/{@code Rasterizer} (flutter/engine {@code
 * shell/common/animator.cc}, {@code shell/common/rasterizer.cc}; the exact scheduling is simplified, inferred):
 * the UI thread begins a frame at a vsync ({@code vsyncStart}), starts building after a short
 * {@code vsyncOverhead}, and can begin the next frame only at a vsync after its build finished; the raster thread
 * takes the finished layer tree as soon as it is free, so a slow raster delays the following rasters too. The
 * buffer is queued when the raster finishes ({@code desiredPresent}: no explicit timestamp, so SurfaceFlinger's
 * desired present time is the queue time), its GPU work ends a little later ({@code frameReady}), SurfaceFlinger
 * latches it at its first wake-up after that, one SF work duration ({@link FlutterSpec#sfLatchLead}) before a
 * vsync, and presents it at that vsync. A frame whose build or raster runs
 * over the refresh period thus reaches the screen late, and the frames it pushed back with it.
 */
public final class FlutterFrameGenerator implements LayerFrameSource {

    private static final long GAP_NS = 50_000;

    private final FlutterSpec spec;
    private final VsyncClock clock;
    private final SplittableRandom rnd;
    private final FlutterTimeline timeline;

    private long number;
    private long nextVsyncAtOrAfter;
    private long rasterFreeAt;
    private long lastPresent; // the last buffer's present vsync
    private long nextSlow;
    private int slowCycle;

    public FlutterFrameGenerator(FlutterSpec spec, VsyncClock clock, SplittableRandom rnd, FlutterTimeline timeline,
            long startNs) {
        this.spec = spec;
        this.clock = clock;
        this.rnd = rnd;
        this.timeline = timeline;
        restartAt(startNs);
    }

    /** The shared record of this app's frames. */
    public FlutterTimeline timeline() {
        return timeline;
    }

    @Override
    public void restartAt(long t) {
        timeline.restart();
        number = 0;
        nextVsyncAtOrAfter = t;
        rasterFreeAt = 0;
        lastPresent = 0;
        slowCycle = 0;
        nextSlow = spec.slowEveryFrames() > 0 ? slowInterval() : Long.MAX_VALUE;
    }

    @Override
    public LayerFrame next() {
        FlutterFrameTiming f = nextEngineFrame();
        long rasterFinish = f.rasterFinish();
        long period = clock.periodAt(f.vsyncStart());
        long ready = rasterFinish + (long) (period * (0.1 + 0.2 * rnd.nextDouble()));
        // SurfaceFlinger wakes one SF work duration (sfLatchLead periods) before each present vsync and latches a
        // buffer that is ready by then; one buffer per present (queue order)
        long lead = (long) (spec.sfLatchLead() * period);
        long present = clock.vsyncAtOrAfter(ready + lead);
        if (present <= lastPresent) {
            present = lastPresent + clock.periodAt(lastPresent);
        }
        lastPresent = present;
        long latch = present - lead;
        composited(f, present);
        return new LayerFrame(rasterFinish, present, ready, latch);
    }

    /**
     * The engine's next frame (build and raster), not yet on screen: {@link #next} queues it to the
     * FlutterSurfaceView's layer; a FlutterTextureView app's window draws it through HWUI and calls
     * {@link #composited} with the present time of that window frame (docs/metrics.md 16.1).
     */
    public FlutterFrameTiming nextEngineFrame() {
        long vsync = clock.vsyncAtOrAfter(nextVsyncAtOrAfter);
        long period = clock.periodAt(vsync);
        number++;
        double build = share(spec.buildShare());
        double raster = share(spec.rasterShare());
        if (number >= nextSlow) {
            double factor = spec.slowFactors().get(slowCycle % spec.slowFactors().size());
            if (slowCycle % 2 == 0) {
                build = factor;
            } else {
                raster = factor;
            }
            slowCycle++;
            nextSlow = number + slowInterval();
        }
        long buildStart = vsync + 100_000 + rnd.nextLong(400_000);
        long buildFinish = buildStart + (long) (build * period);
        long rasterStart = Math.max(buildFinish, rasterFreeAt) + GAP_NS;
        long rasterFinish = rasterStart + (long) (raster * period);
        rasterFreeAt = rasterFinish;
        // the UI thread's next frame: the first vsync after this one whose build is done
        nextVsyncAtOrAfter = Math.max(vsync + 1, buildFinish);
        return new FlutterFrameTiming(number, vsync, buildStart, buildFinish, rasterStart, rasterFinish, 0);
    }

    /** The engine frame {@code f} reached the screen at {@code present}: it joins the timeline (and the truth). */
    public void composited(FlutterFrameTiming f, long present) {
        timeline.append(new FlutterFrameTiming(f.number(), f.vsyncStart(), f.buildStart(), f.buildFinish(),
                f.rasterStart(), f.rasterFinish(), present));
    }

    private double share(java.util.List<Double> range) {
        double lo = range.get(0);
        double hi = range.get(1);
        return lo == hi ? lo : lo + rnd.nextDouble() * (hi - lo);
    }

    private long slowInterval() {
        int mean = spec.slowEveryFrames();
        int jitter = mean / 3;
        return Math.max(1, mean + (jitter > 0 ? rnd.nextInt(-jitter, jitter + 1) : 0));
    }
}
