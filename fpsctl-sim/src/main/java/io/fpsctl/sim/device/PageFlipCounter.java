package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

import java.util.TreeSet;

/**
 * The display's page-flip count ({@code DisplayDevice::getPageFlipCount}, read by
 * {@code service call SurfaceFlinger 1013}): one flip per display refresh that presented at least one new
 * buffer, counted as the simulator's layer frames settle. Frames of different layers presented at the same
 * vsync flip once. The count starts at a boot-time offset (inferred: a phone has flipped many times before
 * anyone asks). Thread-safe.
 */
final class PageFlipCounter implements FrameObserver {

    /**
     * How many recent present times are remembered to recognise a refresh another layer already flipped. One
     * {@code advance} settles each layer in turn, so a layer can lag another by the whole span since the last
     * advance: 8192 refreshes is about 57 s at 144 Hz.
     */
    private static final int REMEMBERED = 8192;

    private final TreeSet<Long> recentPresents = new TreeSet<>();
    private long count;

    PageFlipCounter(long bootFlips) {
        this.count = bootFlips;
    }

    /** Flips so far. */
    synchronized long count() {
        return count;
    }

    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        // hwui frames reach the display through their window's layer, counted there
    }

    @Override
    public synchronized void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        long present = frame.actualPresent();
        if (recentPresents.add(present)) {
            count++;
            while (recentPresents.size() > REMEMBERED) {
                recentPresents.pollFirst();
            }
        }
    }
}
