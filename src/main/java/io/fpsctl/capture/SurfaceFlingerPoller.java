package io.fpsctl.capture;

import io.fpsctl.source.DumpFormatException;
import io.fpsctl.source.LatencyDump;
import io.fpsctl.source.LatencyParser;
import io.fpsctl.source.LayerList;
import io.fpsctl.source.LayerRanker;
import io.fpsctl.device.Device;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.source.ShellQuote;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Polls {@code dumpsys SurfaceFlinger --latency <layer>} (METRICS.md section 2): finds the layer with
 * {@code --list} and {@link LayerRanker}, falls back to the next candidate when a layer shows no data, and finds
 * the layers again when all candidates went quiet (the activity changed). {@code --layer} forces one name.
 */
public final class SurfaceFlingerPoller implements FramePoller {
    private static final Duration MAX_DELAY = Duration.ofMillis(500);
    private static final Duration MIN_DELAY = Duration.ofMillis(50);
    /** While measuring a fallback layer, every this many polls the better-ranked ones are looked at again. */
    private static final int RECHECK_EVERY = 4;

    private final Device device;
    private final String pkg;
    private final FrameEngine engine;
    private final String forcedLayer;
    private final boolean surfaceViewsOnly;
    private final List<String> candidates = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private int current;
    private String measuring;
    private long polls;
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
            for (String name : LayerRanker.rank(LayerList.parse(device.shell(LIST).stdout()),
                    pkg)) {
                if (!surfaceViewsOnly || LayerRanker.isSurfaceView(name)) {
                    candidates.add(name);
                }
            }
        }
        return List.copyOf(candidates);
    }

    /** The layer being measured, or null. */
    public String layer() {
        return measuring;
    }

    private static final String LIST = "dumpsys SurfaceFlinger --list";

    private static String latency(String layer) {
        return ShellQuote.command("dumpsys SurfaceFlinger --latency", layer);
    }

    /** The list when the layers are to be found again, else the latency of the layer the next poll reads first. */
    @Override
    public List<String> nextCommands() {
        if (current >= candidates.size()) {
            return List.of(LIST);
        }
        return List.of(latency(candidates.get(firstToTry())));
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
                return new Poll(0, false, false, MAX_DELAY);
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
            engine.history(firstLook);
            LatencyDump d;
            try {
                d = LatencyParser.parse(new StringReader(device.shell(latency(layer)).stdout()), layer, engine);
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
            } finally {
                engine.history(false);
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
        return new Poll(engine.countedFrames() - before, measuring != null, overflow, nextDelay(overflow));
    }

    private Duration nextDelay(boolean overflow) {
        long t = engine.minIntervalNs();
        long halfRing = t > 0 ? t * FrameEngine.LATENCY_RING / 2 : MAX_DELAY.toNanos();
        long ns = Math.min(MAX_DELAY.toNanos(), halfRing) / (overflow ? 2 : 1);
        return Duration.ofNanos(Math.max(MIN_DELAY.toNanos(), ns));
    }

    @Override
    public Source source() {
        return Source.SURFACEFLINGER;
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
