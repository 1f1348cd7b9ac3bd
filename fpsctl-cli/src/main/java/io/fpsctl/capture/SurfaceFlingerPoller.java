package io.fpsctl.capture;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.android.LatencyDump;
import io.fpsctl.android.LatencyParser;
import io.fpsctl.android.LayerList;
import io.fpsctl.android.LayerRanker;
import io.fpsctl.device.Device;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Polls {@code dumpsys SurfaceFlinger --latency <layer>} (docs/metrics.md section 1): finds the layer with
 * {@code --list} and {@link LayerRanker}, falls back to the next candidate when a layer shows no data, and finds
 * the layers again when all candidates went quiet (the activity changed). {@code --layer} forces one name.
 */
public final class SurfaceFlingerPoller implements FramePoller {
    /** While measuring a fallback layer, every this many polls the better-ranked ones are looked at again. */
    private static final int RECHECK_EVERY = 4;

    private final Device device;
    private final String pkg;
    private final FrameEngine engine;
    private final String forcedLayer;
    private final boolean surfaceViewsOnly;
    private final List<String> candidates = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    /** Every layer a listing gave; null before the first listing. */
    private Set<String> listed;
    private int current;
    private String measuring;
    private long polls;
    private final HalfRingDelay delay = new HalfRingDelay(FrameEngine.LATENCY_RING);
    /** Why the last poll read no layer although the device answered, or null ({@link #unreadable}). */
    private String unreadable;

    public SurfaceFlingerPoller(Device device, String pkg, FrameEngine engine, String forcedLayer) {
        this(device, pkg, engine, forcedLayer, false);
    }

    /** @param surfaceViewsOnly measure only SurfaceView layers ({@code --source auto} watches HWUI itself) */
    SurfaceFlingerPoller(Device device, String pkg, FrameEngine engine, String forcedLayer, boolean surfaceViewsOnly) {
        this.surfaceViewsOnly = surfaceViewsOnly;
        this.device = device;
        this.pkg = pkg;
        this.engine = engine;
        this.forcedLayer = forcedLayer;
    }

    /** The layers that could be measured for the package, best first. */
    public List<String> discover() {
        candidates.clear();
        current = 0;
        if (forcedLayer != null) {
            candidates.add(forcedLayer);
        } else {
            for (String name : LayerRanker.rank(LayerList.parse(device.shell(LayerList.COMMAND).stdout()),
                    pkg)) {
                if (!surfaceViewsOnly || LayerRanker.isSurfaceView(name)) {
                    candidates.add(name);
                }
            }
            boolean first = listed == null;
            listed = first ? new HashSet<>() : listed;
            for (String name : candidates) {
                if (listed.add(name) && !first) {
                    // created since the last listing (a FlutterSurfaceView after its engine, a game's layer): every
                    // frame it holds was drawn during the capture, none is history (docs/metrics.md 16.1)
                    seen.add(name);
                }
            }
        }
        return List.copyOf(candidates);
    }

    /** The layer being measured, or null. */
    public String layer() {
        return measuring;
    }

    /** The list when the layers are to be found again, else the latency of the layer the next poll reads first. */
    @Override
    public List<String> nextCommands() {
        if (current >= candidates.size()) {
            return List.of(LayerList.COMMAND);
        }
        return List.of(LatencyParser.command(candidates.get(firstToTry())));
    }

    /** The candidate the next poll reads first: on a fallback, the best-ranked one again every few polls. */
    private int firstToTry() {
        return current > 0 && (polls + 1) % RECHECK_EVERY == 0 ? 0 : current;
    }

    @Override
    public Poll poll() {
        if (current >= candidates.size()) {
            discover();
            if (candidates.isEmpty()) {
                measuring = null;
                unreadable = null;
                return new Poll(0, false, false, HalfRingDelay.MAX);
            }
        }
        long before = engine.countedFrames();
        long overflowsBefore = engine.overflowCount();
        int first = firstToTry(); // a better-ranked layer (e.g. a SurfaceView that started drawing late) again
        if (current > 0) {
            polls++;
        }
        current = first;
        int tried = 0;
        String refused = null;
        boolean read = false;
        while (current < candidates.size() && tried < 3) {
            String layer = candidates.get(current);
            boolean firstLook = seen.add(layer);
            LatencyDump d;
            try {
                d = LatencyParser.parse(new StringReader(device.shell(LatencyParser.command(layer)).stdout()), layer,
                        engine.input(firstLook ? FrameEngine.Rows.HISTORY : FrameEngine.Rows.LIVE));
            } catch (DumpFormatException e) {
                d = null; // a truncated or garbled answer, an impossible period: try again next poll
                if (firstLook) {
                    seen.remove(layer); // its first read that works reads the frames before it as history
                }
                if (refused == null) {
                    refused = "device " + device.serial() + ": 'dumpsys SurfaceFlinger --latency' of layer '" + layer
                            + "' cannot be believed (" + e.getMessage() + ")";
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            tried++;
            if (d != null) {
                read = true;
                engine.displayPeriodNs(d.periodNs());
                if (d.hasData()) {
                    measuring = layer;
                    break;
                }
            }
            current++; // no data on this layer: the next candidate
        }
        unreadable = read ? null : refused;
        boolean overflow = engine.overflowCount() > overflowsBefore;
        return new Poll(engine.countedFrames() - before, measuring != null, overflow, delay.next(engine.minIntervalNs(), overflow));
    }

    /** The layer measured, else the best candidate (found now when none is known yet). */
    @Override
    public String gameLayer() {
        return layer() != null ? layer() : discover().stream().findFirst().orElse(null);
    }

    @Override
    public Source source() {
        return Source.SURFACEFLINGER;
    }

    @Override
    public io.fpsctl.engine.Summary summary(String pkg) {
        return engine.summary(pkg);
    }

    @Override
    public String unreadable() {
        return unreadable;
    }

    @Override
    public String describe() {
        return "SurfaceFlinger layer '" + (measuring != null ? measuring
                : candidates.isEmpty() ? "?" : candidates.get(Math.min(current, candidates.size() - 1))) + "'";
    }
}
