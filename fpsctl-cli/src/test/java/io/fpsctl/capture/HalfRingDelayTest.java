package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The poll interval of the ring pollers, worked out by hand. */
class HalfRingDelayTest {

    @Test
    void halfARingAtTheFastestRefreshCappedAt500Ms() {
        HalfRingDelay d = new HalfRingDelay(120);
        assertEquals(Duration.ofMillis(500), d.next(0, false), "no frame yet: the slowest interval");
        // 60 Hz: 16 666 666 ns × 120 / 2 = 999 999 960 ns, above the 500 ms cap
        assertEquals(Duration.ofMillis(500), d.next(16_666_666L, false));
        // 120 Hz: 8 333 333 ns × 120 / 2 = 499 999 980 ns
        assertEquals(Duration.ofNanos(499_999_980L), d.next(8_333_333L, false));
        // the SurfaceFlinger ring, 127 rows at 120 Hz: 8 333 333 × 127 / 2 = 529 166 645 (integer division) → cap
        assertEquals(Duration.ofMillis(500), new HalfRingDelay(127).next(8_333_333L, false));
    }

    @Test
    void anOverflowHalvesTheDelayFromThenOnNeverBelow50Ms() {
        HalfRingDelay d = new HalfRingDelay(120);
        // 240 Hz: 4 166 666 × 120 / 2 = 249 999 960 ns; halved: 124 999 980
        assertEquals(Duration.ofNanos(124_999_980L), d.next(4_166_666L, true));
        assertEquals(Duration.ofNanos(124_999_980L), d.next(4_166_666L, false), "the shorter delay stays");
        // × 0.25 = 62 499 990
        assertEquals(Duration.ofNanos(62_499_990L), d.next(4_166_666L, true));
        // × 0.125 = 31 249 995, below the 50 ms floor
        assertEquals(Duration.ofMillis(50), d.next(4_166_666L, true));
        for (int i = 0; i < 10; i++) {
            d.next(4_166_666L, true);
        }
        // never below 50 ms, whatever the shrink (500 ms × its floor 0.1 is 50 ms too)
        assertEquals(Duration.ofMillis(50), d.next(16_666_666L, false));
    }
}
