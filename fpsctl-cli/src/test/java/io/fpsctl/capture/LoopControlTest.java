package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** How the loop is stopped and how it sleeps, on a manual clock (and once on the system clock, for the wake-up). */
class LoopControlTest {
    private static final long MS = 1_000_000L;

    @Test
    void aTestClockIsSleptInSlicesWithTheCheckRunEvery200Ms() throws Exception {
        CaptureClockTest.ManualClock clock = new CaptureClockTest.ManualClock();
        long t0 = clock.now;
        LoopControl c = new LoopControl(clock);
        List<Long> checks = new ArrayList<>();
        c.checkEvery(() -> checks.add(clock.now - t0));
        c.checksFrom(t0);
        c.sleep(1000 * MS);
        assertEquals(1000 * MS, clock.now - t0, "slept exactly the time asked for");
        // 50 ms slices: the check is due at 200, 400, 600, 800 and 1000 ms
        assertEquals(List.of(200 * MS, 400 * MS, 600 * MS, 800 * MS, 1000 * MS), checks);
    }

    @Test
    void aStopFromTheCheckEndsTheSleepAtThatSlice() throws Exception {
        CaptureClockTest.ManualClock clock = new CaptureClockTest.ManualClock();
        long t0 = clock.now;
        LoopControl c = new LoopControl(clock);
        c.checkEvery(() -> c.stop("pipe closed"));
        c.checksFrom(t0);
        c.sleep(5000 * MS);
        assertEquals(200 * MS, clock.now - t0);
        assertTrue(c.stopped());
        assertFalse(c.completed());
        assertEquals("pipe closed", c.stopReason());
    }

    @Test
    void completeIsAStopThatSaysTheRunIsComplete() {
        LoopControl c = new LoopControl(new CaptureClockTest.ManualClock());
        c.driven();
        c.complete();
        assertTrue(c.isDriven());
        assertTrue(c.stopped());
        assertTrue(c.completed());
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aStopWakesTheLoopThreadFromItsParkOnTheSystemClock() throws Exception {
        LoopControl c = new LoopControl(HostClock.SYSTEM);
        Thread loop = new Thread(() -> {
            c.runningOn(Thread.currentThread());
            try {
                c.sleep(600_000 * MS); // ten minutes: only the stop can end it within the timeout
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        loop.start();
        io.fpsctl.testing.PollUntil.condition(() -> loop.getState() == Thread.State.TIMED_WAITING,
                java.time.Duration.ofSeconds(10), "the loop thread parks");
        c.stop("SIGTERM");
        loop.join(10_000);
        assertFalse(loop.isAlive(), "woken by the stop");
    }
}
