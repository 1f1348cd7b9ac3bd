package io.fpsctl.sim.device.frames;

/**
 * One buffer latched by SurfaceFlinger for a layer: the three {@code --latency} columns plus the time the
 * row starts to exist ({@code latchTime}, one vsync before present).
 *
 * @param desiredPresent the buffer's desired present time (queue time)
 * @param actualPresent  present-fence signal time
 * @param frameReady     acquire-fence signal time (GPU done)
 * @param latchTime      when SurfaceFlinger latched the buffer; the row is visible from then on
 */
public record LayerFrame(long desiredPresent, long actualPresent, long frameReady, long latchTime) {

    /** All fences have signalled at {@code now}: the row reads its final values. */
    public boolean isSettledAt(long now) {
        return actualPresent <= now && frameReady <= now;
    }
}
