package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The device clock estimate (docs/metrics.md "Coverage", contract 2): worked by hand. */
class DeviceClockEstimateTest {

    @Test
    void unknownUntilAFrameGivesAnOffset() {
        DeviceClockEstimate c = new DeviceClockEstimate();
        assertFalse(c.known());
        assertEquals(500, c.deviceTime(500), "the host time itself while unknown");
        c.observe(Long.MIN_VALUE, 100); // no frame yet
        assertFalse(c.known());
    }

    @Test
    void theLargestOffsetSeenIsTheTightestLowerBound() {
        DeviceClockEstimate c = new DeviceClockEstimate();
        c.observe(10_000, 1_000); // read 9000 after it was drawn on the host's clock, at least
        assertTrue(c.known());
        assertEquals(11_000, c.deviceTime(2_000));
        c.observe(10_500, 1_200); // offset 9300: tighter
        assertEquals(11_300, c.deviceTime(2_000));
        c.observe(10_600, 1_500); // offset 9100: looser, ignored
        assertEquals(11_300, c.deviceTime(2_000));
        c.observe(-50, 10); // a negative offset (device clock behind the host's) is one like any other
        assertEquals(11_300, c.deviceTime(2_000));
    }

    @Test
    void aResetForgetsTheOffset() {
        DeviceClockEstimate c = new DeviceClockEstimate();
        c.observe(10_000, 1_000);
        c.reset();
        assertFalse(c.known());
        assertEquals(7, c.deviceTime(7));
        c.observe(-100, 0);
        assertEquals(-93, c.deviceTime(7), "a negative offset after a reset is not hidden by the old one");
    }
}
