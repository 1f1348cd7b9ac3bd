package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frames held for the vsync grid: the grid measured per window, released in arrival order. */
class GridHoldTest {
    private static final long MS = 1_000_000L;

    private static Track track(String name) {
        return new Track(name, new StatsAccumulator(Source.GFXINFO), EngineConfig.defaults().idleGapNs());
    }

    @Test
    void theGridIsMeasuredPerWindowAndTheFramesReleasedInArrivalOrder() {
        GridHold h = new GridHold();
        Track a = track("a");
        Track b = track("b");
        List<String> order = new ArrayList<>();
        // window a every 10 ms, window b every 20 ms, interleaved: the differences are per window
        long[] av = {0, 10 * MS, 20 * MS, 30 * MS};
        long[] bv = {5 * MS, 25 * MS};
        h.hold(a, Frames.frame("a", av[0], 4 * MS, 0));
        h.hold(b, Frames.frame("b", bv[0], 4 * MS, 0));
        h.hold(a, Frames.frame("a", av[1], 4 * MS, 0));
        h.hold(a, Frames.frame("a", av[2], 4 * MS, 0));
        h.hold(b, Frames.frame("b", bv[1], 4 * MS, 0));
        assertEquals(0, h.periodNs(), "10 ms seen twice: not yet 3 times");
        h.hold(a, Frames.frame("a", av[3], 4 * MS, 0));
        assertEquals(10 * MS, h.periodNs(), "10 ms three times in window a; 20 ms once in b");
        assertEquals(30 * MS, a.prevTime, "the newest held frame of the window");
        assertFalse(h.isEmpty());
        h.release((t, f) -> order.add(t.name + "@" + f.intendedVsync() / MS));
        assertEquals(List.of("a@0", "b@5", "a@10", "a@20", "b@25", "a@30"), order);
        assertTrue(h.isEmpty());
    }

    @Test
    void itSaysWhenItIsFull() {
        GridHold h = new GridHold();
        Track a = track("a");
        for (int i = 0; i < FrameEngine.GRID_BUFFER - 1; i++) {
            assertFalse(h.hold(a, Frames.frame("a", i * 16 * MS, 4 * MS, 0)));
        }
        assertTrue(h.hold(a, Frames.frame("a", FrameEngine.GRID_BUFFER * 16 * MS, 4 * MS, 0)));
    }
}
