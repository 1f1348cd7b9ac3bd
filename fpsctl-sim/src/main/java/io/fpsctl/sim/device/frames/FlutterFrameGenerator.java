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
 * buffer is queued when the raster finishes ({@code desiredPresent}: a buffer without an explicit timestamp, whose
 * desired present time is when it was posted, as Impeller's swapchain posts it (flutter/engine {@code
 * impeller/renderer/backend/vulkan/swapchain/ahb/ahb_swapchain_impl_vk.cc AHBSwapchainImplVK::Present}: no desired
 * present time); the posting is inside the raster, just before its recorded finish, here at it (inferred). The
 * engine's GL path instead sets the frame's vsync target time ({@code eglPresentationTimeANDROID}), not modelled;
 * docs/metrics.md 16 rule 9; fpsctl does not read this column for Flutter frames), its GPU work ends a little
 * later ({@code frameReady}), SurfaceFlinger
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
    /** Buffers can be replaced before they are presented (Android 12+, BLAST; see {@link #next}). */
    private final boolean blast;
    private long nextDrop;

    public FlutterFrameGenerator(FlutterSpec spec, VsyncClock clock, SplittableRandom rnd, FlutterTimeline timeline,
            long startNs) {
        this(spec, clock, rnd, timeline, startNs, false);
    }

    /** @param blast the device's SurfaceView layer takes buffers by BLAST transactions (Android 12+) */
    public FlutterFrameGenerator(FlutterSpec spec, VsyncClock clock, SplittableRandom rnd, FlutterTimeline timeline,
            long startNs, boolean blast) {
        this.blast = blast;
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
        nextDrop = blast && spec.dropEveryFrames() > 0 ? spec.dropEveryFrames() : Long.MAX_VALUE;
    }

    @Override
    public LayerFrame next() {
        FlutterFrameTiming f = nextEngineFrame();
        long ready = readyOf(f);
        long present = presentOf(ready, lead(f));
        if (f.number() >= nextDrop) {
            // A dropped buffer, by construction: every dropEveryFrames-th engine frame, whatever its timing (the
            // replacement is frameworks/native Layer::setBuffer on BLAST, docs/metrics.md 16 rule 9). The stated
            // cause (f's GPU work ends after its latch, the next frame's buffer reaches SurfaceFlinger before the
            // following latch and replaces f's in the layer's pending state, PresentState::Dropped) is inferred and
            // not modelled: f's ready time is not moved past its latch, and g's present follows from g's own ready
            // time, so g may land in the vsync f would have had (both latched together: no gap on the layer) or
            // one later (the previous frame stays a vsync more). The engine still reports f's timings (shell.cc
            // OnFrameRasterized: every rasterized frame), so the VM service posts it. Before BLAST no drop is
            // modelled (the option is ignored): BufferQueueConsumer::acquireBuffer skips its drop loop for
            // auto-timestamped buffers, which holds for engines that set no present time; engines whose GL path
            // sets one through eglPresentationTimeANDROID can be dropped there too (docs/metrics.md 16 rule 9).
            nextDrop = f.number() + spec.dropEveryFrames();
            FlutterFrameTiming g = nextEngineFrame();
            long gReady = readyOf(g);
            long gPresent = presentOf(gReady, lead(g));
            lastPresent = gPresent;
            composited(f, DROPPED);
            composited(g, gPresent);
            return new LayerFrame(g.rasterFinish(), gPresent, gReady, gPresent - lead(g));
        }
        lastPresent = present;
        composited(f, present);
        return new LayerFrame(f.rasterFinish(), present, ready, present - lead(f));
    }

    /** A frame whose buffer was never presented: its {@code actualPresent} in the timeline and the truth. */
    public static final long DROPPED = -1;

    /** When the frame's GPU work ends: a little after its raster finished (inferred). */
    private long readyOf(FlutterFrameTiming f) {
        return f.rasterFinish() + (long) (clock.periodAt(f.vsyncStart()) * (0.1 + 0.2 * rnd.nextDouble()));
    }

    /**
     * SurfaceFlinger wakes one SF work duration (sfLatchLead periods) before each present vsync and latches a buffer
     * that is ready by then; one buffer per present (queue order).
     */
    private long presentOf(long ready, long lead) {
        long present = clock.vsyncAtOrAfter(ready + lead);
        if (present <= lastPresent) {
            present = lastPresent + clock.periodAt(lastPresent);
        }
        return present;
    }

    private long lead(FlutterFrameTiming f) {
        return (long) (spec.sfLatchLead() * clock.periodAt(f.vsyncStart()));
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
