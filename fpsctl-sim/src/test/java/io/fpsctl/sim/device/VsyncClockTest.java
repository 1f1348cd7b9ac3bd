package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.VsyncClock;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class VsyncClockTest {

    @Test
    void gridAndSwitch() {
        VsyncClock c = new VsyncClock(1_000_000_000L, 60);
        assertEquals(16_666_666L, c.periodAt(0));
        assertEquals(1_000_000_000L, c.vsyncAtOrAfter(1_000_000_000L));
        assertEquals(1_016_666_666L, c.vsyncAfter(1_000_000_000L));
        assertEquals(1_016_666_666L, c.vsyncAtOrAfter(1_000_000_001L));
        c.switchRefresh(1_020_000_000L, 120);
        // the new grid starts on the first old vsync at/after the switch: 1_033_333_332
        assertEquals(1_033_333_332L, c.vsyncAtOrAfter(1_020_000_000L));
        assertEquals(1_033_333_332L + 8_333_333L, c.vsyncAfter(1_033_333_332L));
        assertEquals(8_333_333L, c.periodAt(1_040_000_000L));
        assertEquals(16_666_666L, c.periodAt(1_030_000_000L));
        assertEquals(120, c.refreshHzAt(2_000_000_000L));
        assertEquals(java.util.List.of(60, 120), c.refreshRates());
        assertEquals(6_944_444L, VsyncClock.periodForHz(144));
        assertEquals(11_111_111L, VsyncClock.periodForHz(90));
    }

    @Test
    void versionsKnowTheirColumns() {
        assertEquals(14, AndroidVersion.ANDROID_7.columns().size());
        assertEquals(16, AndroidVersion.ANDROID_8.columns().size());
        assertEquals(24, AndroidVersion.ANDROID_16.headerLabels().size());
        assertThrows(IllegalArgumentException.class, () -> AndroidVersion.of(5));
    }
}
