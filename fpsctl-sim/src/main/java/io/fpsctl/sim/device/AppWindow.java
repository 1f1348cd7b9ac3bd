package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.HwuiFrameGenerator;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.VsyncClock;
import io.fpsctl.sim.device.scenario.WindowSpec;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code ViewRootImpl} of the running process: its 120-frame ring ({@code JankTracker::mFrames}), its
 * per-window {@link ProfileData}, the frame currently in flight, and the SurfaceFlinger buffer layer its
 * frames are presented on. Frames are pulled from the window's generator up to "now" only.
 */
final class AppWindow {

    static final int RING_SIZE = 120;

    private final int index;
    private final WindowSpec spec;
    private final String title;
    private final String rootName;
    private final HwuiFrameGenerator generator;
    private final ArrayDeque<HwuiFrame> ring = new ArrayDeque<>(RING_SIZE);
    private final ProfileData stats;
    private final LayerTracker layer = new LayerTracker();
    private HwuiFrame pending;

    AppWindow(int index, WindowSpec spec, String title, String rootHash, HwuiFrameGenerator generator, long now) {
        this.index = index;
        this.spec = spec;
        this.title = title;
        this.rootName = title + "/android.view.ViewRootImpl@" + rootHash;
        this.generator = generator;
        this.stats = new ProfileData(now);
    }

    int index() {
        return index;
    }

    String title() {
        return title;
    }

    /** {@code <title>/android.view.ViewRootImpl@<hex>}. */
    String rootName() {
        return rootName;
    }

    int visibility() {
        return spec.visibility();
    }

    int views() {
        return spec.views();
    }

    ProfileData stats() {
        return stats;
    }

    LayerTracker layer() {
        return layer;
    }

    /** Logical SurfaceFlinger layer key of this window's buffer layer (for the truth files). */
    String layerKey() {
        return index == 0 ? "app" : "app-w" + index;
    }

    /** Completes every frame finished by {@code now}: ring, stats (window and global), layer, truth. */
    void advanceTo(long now, ProfileData global, AndroidVersion version, VsyncClock clock, FrameObserver observer) {
        while (true) {
            if (pending == null) {
                pending = generator.next();
                if (pending == null) {
                    return;
                }
            }
            if (pending.completionTime() > now) {
                return;
            }
            HwuiFrame f = pending;
            pending = null;
            if (ring.size() == RING_SIZE) {
                ring.removeFirst();
            }
            ring.addLast(f);
            long displayPeriod = clock.periodAt(f.intendedVsync());
            stats.report(f, version, displayPeriod);
            global.report(f, version, displayPeriod);
            observer.hwuiFrame(index, title, f);
            long presentPeriod = clock.periodAt(f.presentTime());
            layer.add(new LayerFrame(f.get(FrameColumn.SWAP_BUFFERS), f.presentTime(),
                    f.get(FrameColumn.GPU_COMPLETED), f.presentTime() - presentPeriod));
        }
    }

    /** The next frame, generated but not yet complete (its timestamps may lie before or after now), or null. */
    HwuiFrame inFlight() {
        return pending;
    }

    /**
     * The PROFILEDATA rows a dump at {@code now} shows: the ring oldest → newest, plus the frame in flight
     * (with its future timestamps reading 0) when RenderThread already started syncing it.
     */
    List<HwuiFrame> rowsAt(long now) {
        boolean inFlight = pending != null && pending.get(FrameColumn.SYNC_START) <= now;
        int keep = inFlight ? RING_SIZE - 1 : RING_SIZE;
        List<HwuiFrame> rows = new ArrayList<>(RING_SIZE);
        int skip = Math.max(0, ring.size() - keep);
        int i = 0;
        for (HwuiFrame f : ring) {
            if (i++ >= skip) {
                rows.add(f);
            }
        }
        if (inFlight) {
            rows.add(pending.asSeenAt(now));
        }
        return rows;
    }

    /** {@code JankTracker::reset()}: clears the ring and the window's stats. */
    void reset(long now) {
        ring.clear();
        stats.reset(now);
    }

    /** The Flutter engine this window composites (a FlutterTextureView app, docs/metrics.md 16.1), or null. */
    io.fpsctl.sim.device.frames.FlutterFrameGenerator texture() {
        return generator.texture();
    }
}
