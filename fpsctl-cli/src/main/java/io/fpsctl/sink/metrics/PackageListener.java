package io.fpsctl.sink.metrics;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Source;
import io.fpsctl.text.PrometheusText;
import io.prometheus.metrics.core.metrics.Gauge;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Feeds {@link FrameMetrics} from the engine of one app on one device. Counts a coverage gap (docs/metrics.md 11) when
 * frames resume after {@link #disconnected(long)} (its length: from the newest frame read before — counted, or
 * history of the engine's first look, which is not counted but shows the device was covered — to the oldest frame
 * read after; none when nothing at all was read before it went away) and on a ring overflow (length not known, so
 * only counted). Each FrameTimeline verdict (docs/metrics.md 10,
 * Android 12+) counts once in the per-app FrameTimeline series, labelled with the source of the frames that awaited
 * verdicts; the first verdict creates all of them at 0, so rates exist before the first jank.
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
    private final String[] deviceInfoLabels;
    private volatile boolean gapPending;
    private long newestNs = Long.MIN_VALUE;
    private Source lastSource;
    /** The source labels of the fps series this listener set (removed when the device goes). */
    private final java.util.Set<String> fpsSources = new java.util.HashSet<>();
    /** The source of the frames that await FrameTimeline verdicts (gfxinfo), once one was seen. */
    private Source verdictSource;

    PackageListener(FrameMetrics m, FrameMetrics.Device device, String pkg, int maxWindows) {
        this.m = m;
        this.device = device;
        this.pkg = pkg;
        this.maxWindows = maxWindows;
        this.deviceLabels = new String[] {device.device()};
        this.deviceInfoLabels = new String[] {device.device(), device.model(), device.android()};
        m.touchDeviceInfo(deviceInfoLabels);
    }

    /**
     * The device went away: the next frame read closes a coverage gap, and the gauges of this app on this device
     * (its fps, the device's refresh rate) stop being exported until frames come again, so a dashboard never shows
     * the last value of a device that is gone. Counters stay (they only ever grow; their rate falls to 0).
     * Called on the app's loop thread (the poll loop's reconnector, or after a failed prepare), the thread that
     * also feeds {@link #frame}; synchronized all the same, like every method here.
     *
     * @param coveredUntilNs the newest frame time the engine had read, history included (frames already in the
     *     rings at its first look are not sent here, yet the device was covered from then on), or Long.MIN_VALUE
     */
    public synchronized void disconnected(long coveredUntilNs) {
        // Away before any frame was read, history included: coverage had not begun, so there is no gap (no newest
        // frame to measure from). Left pending, it closed at the second frame read, one frame interval long.
        newestNs = Math.max(newestNs, coveredUntilNs);
        gapPending = newestNs != Long.MIN_VALUE;
        for (String source : fpsSources) {
            m.fps.remove(appLabels(source));
        }
        fpsSources.clear();
        m.refresh.remove(deviceLabels);
        resources(null);
    }

    @Override
    public synchronized void frame(FrameResult r) {
        String window = windowLabel(r.window() == null ? "" : r.window());
        String source = r.source().key();
        lastSource = r.source();
        if (r.awaitsVerdict()) {
            verdictSource = r.source();
        }
        String[] labels = {device.device(), pkg, window, source};
        m.frames.labelValues(labels).inc();
        if (r.janky()) {
            m.janky.labelValues(labels).inc();
        }
        if (r.dropped() > 0) {
            m.dropped.labelValues(labels).inc(r.dropped());
        }
        m.byLevel.labelValues(device.device(), pkg, window, source, r.dropLevel().key()).inc();
        if (r.duration() >= 0) {
            m.frameTime.labelValues(labels).observe(r.duration() / 1e9);
        }
        m.touchFrame(labels);
        m.touchDeviceInfo(deviceInfoLabels);
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

    /** A full ring of new frames: frames may be missing (docs/metrics.md 1); counted as a gap of unknown length. */
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
        fpsSources.add(lastSource.key());
        m.touchApp(app);
        resources(w.resources());
    }

    /**
     * The resource gauges of a live window (docs/metrics.md section 13 rule 8): each figure the window has is set,
     * each it has not (unknown, or a window without resources) is removed, so a dashboard never shows a stale
     * value as the current one.
     */
    private void resources(ResourceUsage u) {
        String d = device.device();
        gauge(m.appCpu, u == null ? null : u.appCpu(), d, pkg, "app");
        gauge(m.appCpu, u == null ? null : u.mainCpu(), d, pkg, "main");
        gauge(m.appCpu, u == null ? null : u.renderThreadCpu(), d, pkg, "RenderThread");
        gauge(m.appCpu, u == null ? null : u.hwuiTaskCpu(), d, pkg, "hwuiTask");
        gauge(m.appCpu, u == null ? null : u.gpuCompletionCpu(), d, pkg, "GPU completion");
        gauge(m.appMemory, u == null || u.rssKb() == null ? null : u.rssKb() * 1024.0, d, pkg, "rss");
        gauge(m.appMemory, u == null || u.pssKb() == null ? null : u.pssKb() * 1024.0, d, pkg, "pss");
        gauge(m.thermalStatus, u == null || u.thermalStatus() == null ? null : u.thermalStatus().doubleValue(), d);
        gauge(m.throttled, u == null || u.throttled() == null ? null : u.throttled() ? 1.0 : 0.0, d);
        io.fpsctl.engine.LoadUsage l = u == null ? null : u.load();
        gauge(m.gpuLoad, l == null ? null : l.gpuPercent(), d);
        gauge(m.gpuClock, l == null ? null : l.gpuMhz(), d);
        gauge(m.batteryDrain, l == null ? null : l.powerMw(), d);
        gauge(m.networkBytes, l == null || l.appRxBytes() == null ? null : l.appRxBytes().doubleValue(), d, pkg, "app",
                "rx");
        gauge(m.networkBytes, l == null || l.appTxBytes() == null ? null : l.appTxBytes().doubleValue(), d, pkg, "app",
                "tx");
        gauge(m.networkBytes, l == null || l.deviceRxBytes() == null ? null : l.deviceRxBytes().doubleValue(), d, pkg,
                "device", "rx");
        gauge(m.networkBytes, l == null || l.deviceTxBytes() == null ? null : l.deviceTxBytes().doubleValue(), d, pkg,
                "device", "tx");
        gauge(m.appGpuTime, l == null || l.appGpuMs() == null ? null : l.appGpuMs() / 1000.0, d, pkg);
        if (u != null) {
            m.touchPackage(new String[] {d, pkg});
            m.touchDevice(deviceLabels);
        }
    }

    private static void gauge(Gauge g, Double value, String... labels) {
        if (value == null) {
            g.remove(labels);
        } else {
            g.labelValues(labels).set(value);
        }
    }

    /** One frame's FrameTimeline verdict: joined (app jank, system jank, on time) or unattributed. */
    @Override
    public synchronized void frameTimeline(long sequence, FrameTimelineVerdict v) {
        Source source = verdictSource != null ? verdictSource : lastSource != null ? lastSource : Source.GFXINFO;
        String[] app = appLabels(source.key());
        for (FrameTimelineJankType t : FrameTimelineJankType.values()) {
            m.ftTypes.labelValues(typed(app, t)); // present at 0 from the first verdict on
        }
        var frames = m.ftFrames.labelValues(app);
        var appJank = m.ftAppJank.labelValues(app);
        var systemJank = m.ftSystemJank.labelValues(app);
        var unattributed = m.ftUnattributed.labelValues(app);
        if (!v.attributed()) {
            unattributed.inc();
        } else {
            frames.inc();
            if (v.appJank()) {
                appJank.inc();
            } else if (v.systemJank()) {
                systemJank.inc();
            }
            for (FrameTimelineJankType t : v.types()) {
                m.ftTypes.labelValues(typed(app, t)).inc();
            }
        }
        m.touchApp(app);
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }

    /** A new array each time: the client keeps the label values it is given. */
    private static String[] typed(String[] app, FrameTimelineJankType t) {
        String[] l = Arrays.copyOf(app, app.length + 1);
        l[app.length] = t.key();
        return l;
    }

    private String[] appLabels(String source) {
        return new String[] {device.device(), pkg, source};
    }

    private String windowLabel(String window) {
        String label = windows.get(window);
        if (label != null) {
            return label;
        }
        if (windows.size() >= maxWindows) {
            return OTHER_WINDOW;
        }
        label = PrometheusText.label(window); // device text: no control character reaches a reader of /metrics
        windows.put(window, label);
        return label;
    }
}
