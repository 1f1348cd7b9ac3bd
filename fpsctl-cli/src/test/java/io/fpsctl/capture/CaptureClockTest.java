package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.testing.ShellOnlyDevice;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The poll loop on a manual clock (no sleeps): live windows close on the device clock while the app is idle
 * (contract 2), and the display period read live reaches frames without an interval of their own, a switch
 * from the frames drawn after it (contract 3). Host and device share the manual clock here.
 */
class CaptureClockTest {
    private static final long MS = 1_000_000L;
    private static final long T60 = 16_666_666L;
    private static final long T120 = 8_333_333L;

    /** A clock that moves only when the loop sleeps. */
    static final class ManualClock implements HostClock {
        long now = 1_000_000 * MS;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long ns) {
            now += ns;
        }
    }

    /**
     * A gfxinfo-like poller: each poll hands the engine the frames an app drawing every vsync of {@code period}
     * would have completed (FrameCompleted = IntendedVsync + 4 ms) since the last poll, until {@code drawsUntil};
     * no interval column (Android ≤ 11). The first poll is history.
     */
    static final class DrawingApp implements FramePoller {
        final ManualClock clock;
        final FrameEngine engine;
        final long drawsUntil;
        long switchAt = Long.MAX_VALUE;
        long nextVsync;
        boolean first = true;

        DrawingApp(ManualClock clock, FrameEngine engine, long drawsUntil) {
            this.clock = clock;
            this.engine = engine;
            this.drawsUntil = drawsUntil;
            this.nextVsync = clock.now;
        }

        long periodAt(long t) {
            return t >= switchAt ? T120 : T60;
        }

        @Override
        public Poll poll() {
            io.fpsctl.engine.FrameSink in = engine.input(first ? FrameEngine.Rows.HISTORY : FrameEngine.Rows.LIVE);
            in.blockStart("w");
            long n = 0;
            while (nextVsync + 4 * MS <= clock.now && nextVsync < drawsUntil) {
                in.frame(new RenderedFrame("w", 0, nextVsync, nextVsync, 0, 0, 0, 0, 0, 0, 0, 0,
                        nextVsync + 4 * MS, 0, 0, 0));
                nextVsync += periodAt(nextVsync);
                n++;
            }
            in.blockEnd();
            first = false;
            clock.now += 5 * MS; // the dump takes 5 ms
            return new Poll(n, true, false, Duration.ofMillis(100));
        }

        @Override
        public Source source() {
            return Source.GFXINFO;
        }

        @Override
        public io.fpsctl.engine.Summary summary(String pkg) {
            return engine.summary(pkg);
        }

        @Override
        public String describe() {
            return "test";
        }
    }

    /** A device that only answers the display probe, with the period in force at the clock's time. */
    static final class Display extends ShellOnlyDevice {
        final ManualClock clock;
        final DrawingApp app;
        int probes;

        Display(ManualClock clock, DrawingApp app) {
            this.clock = clock;
            this.app = app;
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            assertEquals("dumpsys SurfaceFlinger --latency", command);
            probes++;
            return new ShellResult(app.periodAt(clock.now) + "\n", "", 0);
        }
    }

    @Test
    void liveWindowsCloseAsIdleWhileTheAppDrawsNothing() throws Exception {
        ManualClock clock = new ManualClock();
        List<LiveWindow> windows = new ArrayList<>();
        List<Long> closedAt = new ArrayList<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void window(LiveWindow w) {
                windows.add(w);
                closedAt.add(clock.now);
            }

            @Override
            public boolean wantsWindows() {
                return true;
            }
        });
        long start = clock.now;
        DrawingApp app = new DrawingApp(clock, engine, start + 2_000 * MS); // draws 2 s, then idle
        Display display = new Display(clock, app);
        RefreshWatch refresh = new RefreshWatch(display, List.of(engine), () -> true, clock::nanoTime, s -> { });
        CaptureSession session = new CaptureSession(app, List.of(engine), t -> false, Duration.ofSeconds(1),
                s -> { }, refresh, clock);
        session.run(Duration.ofSeconds(5));
        // windows on the frames' timeline from the first counted frame (~start + 100 ms): 0 and 1 hold frames,
        // 2 and 3 are idle, and each closed within one poll (105 ms) of its end, not at the end of the run
        assertTrue(windows.size() >= 4, windows.toString());
        for (int i = 0; i < 4; i++) {
            LiveWindow w = windows.get(i);
            assertEquals(i, w.index());
            assertEquals(i >= 2, w.stats().frames() == 0, "window " + i + " idle: " + w);
            long late = closedAt.get(i) - w.endNs();
            assertTrue(late >= 0 && late <= 105 * MS, "window " + i + " closed " + late / 1e6 + " ms after its end");
        }
    }

    @Test
    void framesWithoutAnIntervalTakeThePeriodInForceWhenDrawn() throws Exception {
        ManualClock clock = new ManualClock();
        Map<Long, Long> periodOf = new HashMap<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                periodOf.put(r.time(), r.interval());
            }
        });
        long start = clock.now;
        DrawingApp app = new DrawingApp(clock, engine, Long.MAX_VALUE);
        app.switchAt = start + 2_050 * MS; // between two polls (every 105 ms)
        Display display = new Display(clock, app);
        List<String> notes = new ArrayList<>();
        RefreshWatch refresh = new RefreshWatch(display, List.of(engine), () -> true, clock::nanoTime, notes::add);
        new CaptureSession(app, List.of(engine), t -> false, Duration.ofSeconds(1), notes::add, refresh, clock)
                .run(Duration.ofSeconds(4));
        assertEquals(List.of("display refresh rate changed: 60.0 Hz -> 120.0 Hz"), notes);
        int before = 0;
        int after = 0;
        for (Map.Entry<Long, Long> e : periodOf.entrySet()) {
            long t = e.getKey();
            // frames drawn in the last poll interval before the switch are read after it: the documented
            // ambiguity of one poll (Android ≤ 11 does not say when the switch happened)
            if (t < app.switchAt - 110 * MS) {
                assertEquals(T60, e.getValue(), "before the switch: " + (t - start) / 1e6 + " ms");
                before++;
            } else if (t >= app.switchAt) {
                assertEquals(T120, e.getValue(), "after the switch: " + (t - start) / 1e6 + " ms");
                after++;
            }
        }
        assertTrue(before > 100 && after > 200, before + " / " + after);
        assertTrue(display.probes >= 30, "probed before every poll while frames lack an interval: " + display.probes);
    }

    @Test
    void withOwnIntervalsTheDisplayIsReadEveryFiveSeconds() throws Exception {
        ManualClock clock = new ManualClock();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        DrawingApp app = new DrawingApp(clock, engine, Long.MAX_VALUE);
        Display display = new Display(clock, app);
        RefreshWatch refresh = new RefreshWatch(display, List.of(engine), () -> false, clock::nanoTime, s -> { });
        new CaptureSession(app, List.of(engine), t -> false, Duration.ofSeconds(1), s -> { }, refresh, clock)
                .run(Duration.ofSeconds(12));
        // before the first poll, then at 5 s and 10 s (polls every 105 ms)
        assertEquals(3, display.probes);
    }
}
