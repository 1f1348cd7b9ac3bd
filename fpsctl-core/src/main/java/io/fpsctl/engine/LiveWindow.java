package io.fpsctl.engine;

/**
 * One closed live window of {@code --window} length on the frames' own timeline (docs/metrics.md section 4). A
 * window without frames is idle ({@code stats.idle()}), not 0 fps.
 *
 * @param index     0 for the window that starts at the first counted frame
 * @param startNs   inclusive start on the frame timeline
 * @param endNs     exclusive end
 * @param resources what the app and the device did in it (docs/metrics.md 13 rule 8); null when not read
 */
public record LiveWindow(long index, long startNs, long endNs, Summary stats, ResourceUsage resources) {

    /** A window without resources. */
    public LiveWindow(long index, long startNs, long endNs, Summary stats) {
        this(index, startNs, endNs, stats, null);
    }

    /** This window with {@code r} as its resources. */
    public LiveWindow withResources(ResourceUsage r) {
        return new LiveWindow(index, startNs, endNs, stats, r);
    }
}
