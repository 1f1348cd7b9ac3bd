package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code --source auto} for the whole run: watches the app's HWUI windows (gfxinfo) and its SurfaceView layers
 * (SurfaceFlinger, every version's naming: {@link io.fpsctl.android.LayerRanker}) side by side, each into its own
 * engine, and makes the one that drew more frames over the last {@link #RECENT_POLLS} polls (twice in a row), or the only
 * one drawing, the <em>main</em> source: the live view and the main figures follow it, and a switch (a game that starts after a menu, a video
 * that starts later) is reported with its reason. frames.csv holds the frames of both (its {@code source}
 * column tells them apart); the summary of the main source carries one warning line with the other's figures
 * when it drew frames too. User documentation: docs/metrics.md, "--source auto".
 *
 * <p>A Flutter app probed without a SurfaceView layer ({@link #flutterWindow}) is watched the same way, with its
 * window's SurfaceFlinger layer in HWUI's place (docs/metrics.md 16.1): a FlutterSurfaceView whose layer appears
 * after the probe (a fresh start, {@code --restart-app}) then wins as a late game's does.
 */
final class AutoSource implements FramePoller {
    /** How many polls the comparison looks back (about 1 s). */
    static final int RECENT_POLLS = 2;

    /** HWUI (gfxinfo), or a Flutter texture app's window layer. */
    private final FramePoller gfx;
    /** What {@link #gfx} measures, for the notes: "HWUI" or "the window". */
    private final String gfxName;
    private final SurfaceFlingerPoller sf;
    private final FrameEngine gfxEngine;
    private final FrameEngine sfEngine;
    private final Consumer<String> notes;
    private final HostClock clock;
    private final long startNs;
    private final long[] recentGfx = new long[RECENT_POLLS];
    private final long[] recentSf = new long[RECENT_POLLS];
    private int slot;
    private int favourOther;
    /** The SurfaceView layer is the main source (else {@link #gfx}). */
    private volatile boolean svMain;

    AutoSource(Device device, String pkg, EngineConfig config, FrameEngine.Listener listener, Source initial,
               Consumer<String> notes, HostClock clock) {
        this(device, pkg, config, listener, initial == Source.SURFACEFLINGER, false, notes, clock);
    }

    private AutoSource(Device device, String pkg, EngineConfig config, FrameEngine.Listener listener,
                       boolean svFirst, boolean window, Consumer<String> notes, HostClock clock) {
        this.gfxEngine = new FrameEngine(window ? Source.SURFACEFLINGER : Source.GFXINFO, config,
                new Routed(listener, false));
        this.sfEngine = new FrameEngine(Source.SURFACEFLINGER, config, new Routed(listener, true));
        this.gfx = window ? new SurfaceFlingerPoller(device, pkg, gfxEngine, null) : new GfxinfoPoller(device, pkg,
                gfxEngine);
        this.gfxName = window ? "the window" : "HWUI";
        this.sf = new SurfaceFlingerPoller(device, pkg, sfEngine, null, true);
        this.sf.discover(); // so that the first description names the layer
        this.notes = notes;
        this.clock = clock;
        this.startNs = clock.nanoTime();
        this.svMain = svFirst;
    }

    /**
     * A Flutter app without a SurfaceView layer when probed (docs/metrics.md 16.1): its window's layer is the main
     * source, and a SurfaceView layer of the package that appears later takes over as a late game's does; null when
     * the window has no layer to measure.
     */
    static AutoSource flutterWindow(Device device, String pkg, EngineConfig config, FrameEngine.Listener listener,
                                    Consumer<String> notes, HostClock clock) {
        AutoSource auto = new AutoSource(device, pkg, config, listener, false, true, notes, clock);
        return ((SurfaceFlingerPoller) auto.gfx).discover().isEmpty() ? null : auto;
    }

    /** Both engines (HWUI, SurfaceFlinger); the main one is {@link #mainEngine()}. */
    List<FrameEngine> engines() {
        return List.of(gfxEngine, sfEngine);
    }

    FrameEngine mainEngine() {
        return svMain ? sfEngine : gfxEngine;
    }

    @Override
    public List<String> nextCommands() {
        List<String> next = new java.util.ArrayList<>(gfx.nextCommands());
        next.addAll(sf.nextCommands());
        return next;
    }

    @Override
    public Poll poll() {
        Poll g = gfx.poll();
        Poll s = sf.poll();
        recentGfx[slot] = g.newFrames();
        recentSf[slot] = s.newFrames();
        slot = (slot + 1) % RECENT_POLLS;
        long hw = sum(recentGfx);
        long sv = sum(recentSf);
        long mine = svMain ? sv : hw;
        long other = svMain ? hw : sv;
        long mineNow = svMain ? s.newFrames() : g.newFrames();
        long otherNow = svMain ? g.newFrames() : s.newFrames();
        favourOther = other > mine ? favourOther + 1 : 0;
        // the main source went quiet while the other draws: at once; else two polls in a row, not a single burst
        if ((mineNow == 0 && otherNow > 0) || favourOther >= 2) {
            svMain = !svMain;
            favourOther = 0;
            notes.accept(String.format(Locale.ROOT, "at %.1f s now measuring %s: it drew %d frames in the last %d "
                    + "polls, %s %d", (clock.nanoTime() - startNs) / 1e9, describe(),
                    Math.max(hw, sv), RECENT_POLLS, svMain ? gfxName : "the SurfaceView", Math.min(hw, sv)));
        }
        Duration delay = g.nextDelay().compareTo(s.nextDelay()) <= 0 ? g.nextDelay() : s.nextDelay();
        return new Poll(g.newFrames() + s.newFrames(), g.appRunning(), g.overflow() || s.overflow(), delay);
    }

    private static long sum(long[] a) {
        long n = 0;
        for (long x : a) {
            n += x;
        }
        return n;
    }

    @Override
    public Source source() {
        return svMain ? Source.SURFACEFLINGER : gfxEngine.source();
    }

    /** The main source's {@link FramePoller#unreadable}: the other one is only watched. */
    @Override
    public String unreadable() {
        return svMain ? sf.unreadable() : gfx.unreadable();
    }

    @Override
    public boolean needsDisplayPeriod() {
        return gfx.needsDisplayPeriod();
    }

    @Override
    public String describe() {
        return svMain ? sf.describe() : gfx.describe();
    }

    /** The main source's summary, plus one warning line with the other's figures when it drew frames too. */
    @Override
    public Summary summary(String pkg) {
        Summary s = mainEngine().summary(pkg);
        if (!svMain && gfxEngine.source() == Source.SURFACEFLINGER && s.frameTimeline() != null) {
            s = s.withWarning(io.fpsctl.engine.FlutterTextureJank.WARNING); // docs/metrics.md 16.1
        }
        FrameEngine otherEngine = svMain ? gfxEngine : sfEngine;
        Summary o = otherEngine.summary(pkg);
        if (o.frames() == 0) {
            return s;
        }
        String what = svMain ? (gfxEngine.source() == Source.GFXINFO ? "HWUI (gfxinfo)" : "the window "
                + gfx.describe()) : "the SurfaceView " + sf.describe();
        return s.withWarning(String.format(Locale.ROOT, "also rendering: %s, %d frames, fps %s (main figures "
                + "follow %s, which drew more frames at the end of the run)", what, o.frames(),
                o.fps() == null ? "-" : String.format(Locale.ROOT, "%.1f", o.fps()), describe()));
    }

    /** Forwards every frame and FrameTimeline verdict; live windows and overflows only while its source is the main one. */
    private final class Routed implements FrameEngine.Listener {
        private final FrameEngine.Listener to;
        /** Whether it routes the SurfaceView layer's engine (else {@link #gfx}'s). */
        private final boolean surfaceView;

        Routed(FrameEngine.Listener to, boolean surfaceView) {
            this.to = to;
            this.surfaceView = surfaceView;
        }

        @Override
        public void frame(FrameResult result) {
            if (to != null) {
                to.frame(result);
            }
        }

        @Override
        public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
            if (to != null) {
                to.frameTimeline(sequence, verdict);
            }
        }

        @Override
        public void window(LiveWindow window) {
            if (to != null && svMain == surfaceView) {
                to.window(window);
            }
        }

        @Override
        public void overflow(String window) {
            if (to != null && svMain == surfaceView) {
                to.overflow(window);
            }
        }

        @Override
        public boolean wantsWindows() {
            return to != null && to.wantsWindows();
        }
    }
}
