package io.fpsctl.sink.metrics;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.Source;
import java.util.HashMap;
import java.util.Map;

/**
 * Feeds {@link FrameMetrics} from the engine of one app on one device. Counts a coverage gap (METRICS.md 11) when
 * frames resume after {@link #disconnected()} (its length: from the newest frame read before to the oldest frame
 * read after) and on a ring overflow (length not known, so only counted).
 */
public final class PackageListener implements FrameEngine.Listener {
    /** The window label of windows beyond the cap. */
    public static final String OTHER_WINDOW = "other";

    private final FrameMetrics m;
    private final FrameMetrics.Device device;
    private final String pkg;
    private final int maxWindows;
    private final Map<String, String> windows = new HashMap<>();
    private final String[] deviceLabels;
    private volatile boolean gapPending;
    private long newestNs = Long.MIN_VALUE;
    private Source lastSource;

    PackageListener(FrameMetrics m, FrameMetrics.Device device, String pkg, int maxWindows) {
        this.m = m;
        this.device = device;
        this.pkg = pkg;
        this.maxWindows = maxWindows;
        this.deviceLabels = new String[] {device.device(), device.model(), device.android()};
    }

    /** The device went away: the next frame read closes a coverage gap. */
    public void disconnected() {
        gapPending = true;
    }

    @Override
    public synchronized void frame(FrameResult r) {
        String window = windowLabel(r.window() == null ? "" : r.window());
        String source = r.source().key();
        lastSource = r.source();
        String[] labels = {device.device(), device.model(), device.android(), pkg, window, source};
        m.frames.labelValues(labels).inc();
        if (r.janky()) {
            m.janky.labelValues(labels).inc();
        }
        if (r.dropped() > 0) {
            m.dropped.labelValues(labels).inc(r.dropped());
        }
        m.byLevel.labelValues(device.device(), device.model(), device.android(), pkg, window, source,
                r.dropLevel().key()).inc();
        if (r.duration() >= 0) {
            m.frameTime.labelValues(labels).observe(r.duration() / 1e9);
        }
        m.touchFrame(labels);
        if (r.interval() > 0) {
            m.refresh.labelValues(deviceLabels).set(Math.round(1e11 / r.interval()) / 100.0);
            m.touchDevice(deviceLabels);
        }
        if (gapPending && newestNs != Long.MIN_VALUE) {
            gapPending = false;
            String[] app = appLabels(source);
            m.gaps.labelValues(app).inc();
            m.gapSeconds.labelValues(app).inc(Math.max(0, r.time() - newestNs) / 1e9);
            m.touchApp(app);
        }
        newestNs = Math.max(newestNs, r.time());
    }

    /** A full ring of new frames: frames may be missing (METRICS.md 1.7); counted as a gap of unknown length. */
    @Override
    public synchronized void overflow(String window) {
        if (lastSource != null) {
            String[] app = appLabels(lastSource.key());
            m.gaps.labelValues(app).inc();
            m.touchApp(app);
        }
    }

    @Override
    public synchronized void window(LiveWindow w) {
        Double fps = w.stats().fps();
        if (lastSource == null) {
            return;
        }
        String[] app = appLabels(lastSource.key());
        m.fps.labelValues(app).set(fps == null ? 0 : fps);
        m.touchApp(app);
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }

    private String[] appLabels(String source) {
        return new String[] {device.device(), device.model(), device.android(), pkg, source};
    }

    private String windowLabel(String window) {
        String label = windows.get(window);
        if (label != null) {
            return label;
        }
        if (windows.size() >= maxWindows) {
            return OTHER_WINDOW;
        }
        windows.put(window, window);
        return window;
    }
}
