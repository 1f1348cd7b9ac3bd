package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.VsyncClock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code scroll} scenario: the app renders only while {@code input swipe} / {@code input tap} touch it. */
class TouchDrivenScrollTest {

    private static final String GFX = "dumpsys gfxinfo com.example.feed";
    private static final long P = 16_666_666; // 60 Hz: 1e9 / 60 truncated, vsyncs at T0 + k * P

    private static long totalFrames(SimHarness h) {
        return Long.parseLong(SimHarness.summaryAfter(h.sh(GFX), "** Graphics info").get("Total frames rendered"));
    }

    @Test
    void aSwipeRendersOneFramePerVsyncForItsDurationPlusTheFlingAndNothingElse() {
        SimHarness h = new SimHarness("scroll", 14, 60, 7);
        long t0 = h.device.now(); // the display's vsync anchor
        assertEquals(P, VsyncClock.periodForHz(60));
        h.advanceMillis(1_005);
        assertEquals(0, totalFrames(h), "nothing drawn before the first swipe");
        assertTrue(h.frames(0).isEmpty());

        long t = h.device.now(); // t0 + 1005 ms
        assertEquals(0, h.run("input swipe 540 1800 540 600 300").exit());
        h.advanceMillis(700);
        // renders over [t, t + 300 ms drag + 300 ms fling) = [t0 + 1005 ms, t0 + 1605 ms):
        // first vsync k = ceil(1_005_000_000 / P) = 61 (t0 + 1016.67 ms),
        // last k = floor((1_605_000_000 - 1) / P) = 96 (t0 + 1599.99 ms) -> 96 - 61 + 1 = 36 frames
        SimHarness.Block b = SimHarness.blocks(h.sh(GFX + " framestats")).get(0);
        int iv = b.col("IntendedVsync");
        int fc = b.col("FrameCompleted");
        assertEquals(36, b.rows().size(), b.rawRows().toString());
        for (int i = 0; i < 36; i++) {
            long[] row = b.rows().get(i);
            assertEquals(t0 + (61 + i) * P, row[iv], "row " + i);
            assertTrue(row[iv] >= t && row[iv] < t + 600_000_000L);
            assertTrue(row[fc] > row[iv] && row[fc] < row[iv] + P, "every frame on time");
        }

        h.advanceMillis(2_000);
        assertEquals(36, h.frames(0).size(), "idle again after the fling");
        assertEquals(36, totalFrames(h));
    }

    @Test
    void aTapRendersThreeFramesAndBackToBackSwipesScrollWithoutAGap() {
        SimHarness h = new SimHarness("scroll", 14, 60, 7);
        long t0 = h.device.now();
        h.advanceMillis(3_005);
        assertEquals(0, h.run("input tap 540 1200").exit());
        h.advanceMillis(500);
        // [t0 + 3005 ms, t0 + 3055 ms): k = ceil(3_005_000_000 / P) = 181 .. floor(3_054_999_999 / P) = 183
        List<HwuiFrame> tap = List.copyOf(h.frames(0));
        assertEquals(List.of(t0 + 181 * P, t0 + 182 * P, t0 + 183 * P),
                tap.stream().map(HwuiFrame::intendedVsync).toList());

        // at t0 + 4000 ms two swipes of 300 ms, the second 300 ms later (as --scroll does): the spans
        // [t0 + 4000, t0 + 4600) and [t0 + 4300, t0 + 4900) ms overlap, so the feed scrolls without a gap
        h.advanceMillis(495);
        assertEquals(0, h.run("input swipe 540 1800 540 600 300").exit());
        h.advanceMillis(300);
        assertEquals(0, h.run("input swipe 540 600 540 1800 300").exit());
        h.advanceMillis(1_000);
        // k from ceil(4_000_000_000 / P) = 241 (240 * P = 3_999_999_840 is just before) to
        // floor(4_899_999_999 / P) = 294 -> 54 frames
        List<HwuiFrame> all = h.frames(0);
        assertEquals(3 + 54, all.size());
        for (int i = 0; i < 54; i++) {
            assertEquals(t0 + (241 + i) * P, all.get(3 + i).intendedVsync(), "frame " + i);
        }
    }

    @Test
    void theAgentsTouchBitFollowsTheFingerNotTheFling() {
        SimHarness h = new SimHarness("scroll", 14, 60, 7);
        assertTrue(h.device.touchDriven());
        h.advanceMillis(1_000);
        long t = h.device.now();
        h.run("input swipe 540 1800 540 600 300");
        assertTrue(h.device.fingerDownAt(t));
        assertTrue(h.device.fingerDownAt(t + 299_999_999L), "dragging for 300 ms");
        assertFalse(h.device.fingerDownAt(t + 300_000_000L), "then the list flings");
        h.run("input tap 540 1200"); // at t: the clock did not move
        assertTrue(h.device.fingerDownAt(t + 300_000_000L - 1));
        assertFalse(h.device.fingerDownAt(t - 1));
        assertFalse(new SimHarness("smooth", 14, 60, 7).device.touchDriven());
    }
}
