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
 */
final class AutoSource implements FramePoller {
    /** How many polls the comparison looks back (about 1 s). */
    static final int RECENT_POLLS = 2;

    private final GfxinfoPoller gfx;
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
    private volatile Source main;

    AutoSource(Device device, String pkg, EngineConfig config, FrameEngine.Listener listener, Source initial,
               Consumer<String> notes, HostClock clock) {
        this.gfxEngine = new FrameEngine(Source.GFXINFO, config, new Routed(listener, Source.GFXINFO));
        this.sfEngine = new FrameEngine(Source.SURFACEFLINGER, config, new Routed(listener, Source.SURFACEFLINGER));
        this.gfx = new GfxinfoPoller(device, pkg, gfxEngine);
        this.sf = new SurfaceFlingerPoller(device, pkg, sfEngine, null, true);
        this.sf.discover(); // so that the first description names the layer
        this.notes = notes;
        this.clock = clock;
        this.startNs = clock.nanoTime();
        this.main = initial;
    }

    /** Both engines (HWUI, SurfaceFlinger); the main one is {@link #mainEngine()}. */
    List<FrameEngine> engines() {
        return List.of(gfxEngine, sfEngine);
    }

    FrameEngine mainEngine() {
        return main == Source.SURFACEFLINGER ? sfEngine : gfxEngine;
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
        long mine = main == Source.SURFACEFLINGER ? sv : hw;
        long other = main == Source.SURFACEFLINGER ? hw : sv;
        long mineNow = main == Source.SURFACEFLINGER ? s.newFrames() : g.newFrames();
        long otherNow = main == Source.SURFACEFLINGER ? g.newFrames() : s.newFrames();
        favourOther = other > mine ? favourOther + 1 : 0;
        // the main source went quiet while the other draws: at once; else two polls in a row, not a single burst
        if ((mineNow == 0 && otherNow > 0) || favourOther >= 2) {
            main = main == Source.SURFACEFLINGER ? Source.GFXINFO : Source.SURFACEFLINGER;
            favourOther = 0;
            notes.accept(String.format(Locale.ROOT, "at %.1f s now measuring %s: it drew %d frames in the last %d "
                    + "polls, %s %d", (clock.nanoTime() - startNs) / 1e9, describe(),
                    Math.max(hw, sv), RECENT_POLLS, main == Source.SURFACEFLINGER ? "HWUI" : "the SurfaceView", Math.min(hw, sv)));
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
        return main;
    }

    /** The main source's {@link FramePoller#unreadable}: the other one is only watched. */
    @Override
    public String unreadable() {
        return main == Source.SURFACEFLINGER ? sf.unreadable() : gfx.unreadable();
    }

    @Override
    public boolean needsDisplayPeriod() {
        return gfx.needsDisplayPeriod();
    }

    @Override
    public String describe() {
        return main == Source.SURFACEFLINGER ? sf.describe() : gfx.describe();
    }

    /** The main source's summary, plus one warning line with the other's figures when it drew frames too. */
    @Override
    public Summary summary(String pkg) {
        Summary s = mainEngine().summary(pkg);
        FrameEngine otherEngine = main == Source.SURFACEFLINGER ? gfxEngine : sfEngine;
        Summary o = otherEngine.summary(pkg);
        if (o.frames() == 0) {
            return s;
        }
        String what = main == Source.SURFACEFLINGER ? "HWUI (gfxinfo)" : "the SurfaceView " + sf.describe();
        return s.withWarning(String.format(Locale.ROOT, "also rendering: %s, %d frames, fps %s (main figures "
                + "follow %s, which drew more frames at the end of the run)", what, o.frames(),
                o.fps() == null ? "-" : String.format(Locale.ROOT, "%.1f", o.fps()), describe()));
    }

    /** Forwards every frame and FrameTimeline verdict; live windows and overflows only while its source is the main one. */
    private final class Routed implements FrameEngine.Listener {
        private final FrameEngine.Listener to;
        private final Source source;

        Routed(FrameEngine.Listener to, Source source) {
            this.to = to;
            this.source = source;
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
            if (to != null && main == source) {
                to.window(window);
            }
        }

        @Override
        public void overflow(String window) {
            if (to != null && main == source) {
                to.overflow(window);
            }
        }

        @Override
        public boolean wantsWindows() {
            return to != null && to.wantsWindows();
        }
    }
}
