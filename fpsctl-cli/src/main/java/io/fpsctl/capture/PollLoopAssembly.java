package io.fpsctl.capture;

import io.fpsctl.android.Getprop;
import io.fpsctl.device.Device;
import io.fpsctl.device.PrefetchingDevice;
import io.fpsctl.engine.AppPid;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.Source;
import java.util.List;
import java.util.function.Consumer;

/**
 * Builds the one poll loop of a {@link Measurement} around its chosen poller, whichever the source: its display-period
 * watch, boot watch, resource reads and FrameTimeline poller ride in the same loop and the same shell batch
 * ({@code looped}). Kept apart from the source choice so that {@link Measurement#prepare} reads as: check the app,
 * choose the source, build the loop.
 */
final class PollLoopAssembly {
    /** Android 12: SurfaceFlinger's FrameTimeline. */
    private static final int FRAME_TIMELINE_SDK = 31;

    private final PrefetchingDevice looped;
    private final String pkg;
    private final DeviceLink link;

    /**
     * @param looped the device the loop's commands go through, each poll's in one stream
     * @param pkg    the app's package
     * @param link   the device's reconnect policy, the loop's clock and the notes
     */
    PollLoopAssembly(PrefetchingDevice looped, String pkg, DeviceLink link) {
        this.looped = looped;
        this.pkg = pkg;
        this.link = link;
    }

    /**
     * The measurement of {@code poller} into {@code engines}.
     *
     * @param gamePoller the poller whose SurfaceView layer the FrameTimeline follows; null with {@code --source auto}
     * @param reason     why the source was chosen, for the user
     */
    Measurement around(FramePoller poller, List<FrameEngine> engines, FramePoller gamePoller, String reason) {
        HostClock clock = link.clock();
        Consumer<String> notes = link.notes();
        RefreshWatch refresh = new RefreshWatch(looped, engines, poller::needsDisplayPeriod, clock::nanoTime, notes);
        CaptureSession session = new CaptureSession(poller, engines, link.reconnector(), link.reconnectTimeout(),
                notes, refresh, clock);
        session.prefetchThrough(looped);
        session.watchBoot(() -> DeviceBoot.read(looped, clock));
        session.readResources(new ResourceReader(looped, pkg, sdk(looped), engines, () -> sourcePid(engines), notes,
                clock));
        FrameTimelinePoller ft = frameTimeline(looped, pkg, engines, gamePoller, notes, clock);
        if (ft != null) {
            session.ride(ft);
        }
        return new Measurement(pkg, reason, poller, session, engines, ft);
    }

    /**
     * The FrameTimeline poller for this measurement (docs/metrics.md 10), or null with one warning in the summary when
     * the device is older than Android 12 or the source cannot be joined.
     */
    private static FrameTimelinePoller frameTimeline(Device device, String pkg, List<FrameEngine> engines,
                                                     FramePoller poller, Consumer<String> notes,
                                                     HostClock clock) {
        int sdk = sdk(device);
        if (sdk > 0 && sdk < FRAME_TIMELINE_SDK) {
            engines.forEach(e -> e.warn("frameTimeline: null: SurfaceFlinger's FrameTimeline needs Android 12 "
                    + "(API 31) or newer, this device runs API " + sdk));
            return null;
        }
        if (engines.size() == 1 && engines.get(0).source() == Source.AGENT) {
            engines.get(0).warn("frameTimeline: null: not joined with --source agent (use gfxinfo or surfaceflinger)");
            return null;
        }
        FrameTimelineAttribution attribution = new FrameTimelineAttribution();
        FrameEngine first = engines.get(0);
        FrameTimelinePoller ft = new FrameTimelinePoller(device, attribution, first::minIntervalNs, notes, clock);
        String layer = poller == null ? null : poller.gameLayer();
        if (layer != null) {
            ft.pollOnce(); // the ring's frames from before the start are history, as for the main pollers
            ft.followGame(pkg, layer);
        }
        engines.forEach(e -> e.frameTimeline(attribution));
        return ft;
    }

    /** The pid a frame source last printed (gfxinfo's pid line), or null (then the resources ask {@code pidof}). */
    private static AppPid sourcePid(List<FrameEngine> engines) {
        for (FrameEngine e : engines) {
            if (e.appPid() != null) {
                return e.appPid();
            }
        }
        return null;
    }

    /** {@code ro.build.version.sdk}, 0 when unknown. */
    private static int sdk(Device device) {
        Integer sdk = Getprop.sdk(device.shell(Getprop.SDK).stdout());
        return sdk != null ? sdk : 0;
    }
}
