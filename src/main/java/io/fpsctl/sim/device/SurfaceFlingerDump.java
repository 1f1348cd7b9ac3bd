package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * {@code dumpsys SurfaceFlinger --list | --latency [name] | --latency-clear [name]} (FORMATS.md C.1, C.2).
 */
final class SurfaceFlingerDump implements DumpsysService {

    private final AndroidVersion version;
    private final Supplier<List<SfLayer>> layers;
    private final VsyncClock clock;
    private final TimeSource time;

    /**
     * @param layers every layer in Z order, at the time of the call
     */
    SurfaceFlingerDump(AndroidVersion version, Supplier<List<SfLayer>> layers, VsyncClock clock, TimeSource time) {
        this.version = version;
        this.layers = layers;
        this.clock = clock;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        List<SfLayer> all = layers.get();
        String opt = args.isEmpty() ? "" : args.get(0);
        String name = args.size() > 1 ? args.get(1) : null;
        switch (opt) {
            case "--list":
                return list(all);
            case "--latency":
                return latency(all, name, clock.periodAt(now), now);
            case "--latency-clear":
                clear(all, name, now);
                return "";
            default:
                return String.format(Locale.ROOT, "refresh-rate              : %.6f fps", 1e9 / clock.periodAt(now))
                        + "\n";
        }
    }

    /** {@code --list}: one line per layer in Z order; Android 15 wraps each as {@code RequestedLayerState{…}}. */
    String list(List<SfLayer> layers) {
        StringBuilder sb = new StringBuilder();
        for (SfLayer l : layers) {
            if (version.wrapsListInRequestedLayerState()) {
                sb.append("RequestedLayerState{").append(l.name());
                if (l.parentId() >= 0) {
                    sb.append(" parentId=").append(l.parentId());
                }
                sb.append("}\n");
            } else {
                sb.append(l.name()).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * {@code --latency [name]}: the period line, then for an existing layer its 127 rows and an empty line;
     * for an unknown name only the period line; without a name the (idle, all-zero) window-animation tracker
     * on ≤13 and only the period on 14+.
     */
    String latency(List<SfLayer> layers, String name, long periodNs, long now) {
        StringBuilder sb = new StringBuilder();
        sb.append(periodNs).append('\n');
        if (name == null) {
            if (version.latencyWithoutNamePrintsAnimationRows()) {
                appendRows(sb, null, now);
            }
            return sb.toString();
        }
        for (SfLayer l : layers) {
            if (l.name().equals(name)) {
                appendRows(sb, l.tracker(), now);
            }
        }
        return sb.toString();
    }

    /** {@code --latency-clear [name]}: clears the named layer, or every layer; prints nothing. */
    void clear(List<SfLayer> layers, String name, long now) {
        for (SfLayer l : layers) {
            if (l.tracker() != null && (name == null || l.name().equals(name))) {
                l.tracker().clear(now);
            }
        }
    }

    private static void appendRows(StringBuilder sb, LayerTracker tracker, long now) {
        if (tracker == null) {
            for (int i = 0; i < LayerTracker.ROWS; i++) {
                sb.append("0\t0\t0\n");
            }
        } else {
            for (String row : tracker.rows(now)) {
                sb.append(row).append('\n');
            }
        }
        sb.append('\n');
    }
}
