package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The poll loop's schedule: values worked by hand (ms written as plain numbers of ns for readability). */
class PollScheduleTest {

    @Test
    void bothAreDueAtTheStart() {
        PollSchedule s = new PollSchedule(true, 1000);
        assertTrue(s.mainDue(1000));
        assertTrue(s.companionDue(1000));
        assertFalse(s.mainDue(999), "not before its time");
    }

    @Test
    void withoutACompanionTheMainPollIsNeverEarlyAndTheCompanionNeverDue() {
        PollSchedule s = new PollSchedule(false, 0);
        s.mainPolled(0, 400);
        assertFalse(s.mainDue(399));
        assertTrue(s.mainDue(400));
        assertFalse(s.companionDue(1_000_000));
        // sleeps to the main poll, or to the deadline when that comes first
        assertEquals(300, s.sleepNs(100, 10_000));
        assertEquals(50, s.sleepNs(100, 150));
    }

    @Test
    void aPollDueWithinAQuarterOfItsIntervalRidesWithTheOther() {
        PollSchedule s = new PollSchedule(true, 0);
        s.mainPolled(0, 400); // due at 400, may be taken from 300
        s.companionPolled(0, 1000); // due at 1000, may be taken from 750
        assertFalse(s.mainDue(299));
        assertTrue(s.mainDue(300));
        assertFalse(s.companionDue(749));
        assertTrue(s.companionDue(750));
        // the wake-up is at the earlier of the two due times, not their early bounds
        assertEquals(400, s.sleepNs(0, Long.MAX_VALUE));
    }

    @Test
    void aDeviceThatCameBackHasBothDueAtOnce() {
        PollSchedule s = new PollSchedule(true, 0);
        s.mainPolled(0, 400);
        s.companionPolled(0, 1000);
        s.bothDue(120);
        assertTrue(s.mainDue(120));
        assertTrue(s.companionDue(120));
        assertEquals(0, s.sleepNs(120, Long.MAX_VALUE));
    }
}
