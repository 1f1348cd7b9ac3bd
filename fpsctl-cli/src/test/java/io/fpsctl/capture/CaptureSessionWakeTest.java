package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * On the system clock the loop sleeps between polls in one go (it no longer wakes every 50 ms to look for a stop),
 * so a stop must wake it: the run ends at once, not after the poller's delay.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CaptureSessionWakeTest {

    /** Asks for a minute between polls; counts the polls. */
    private static final class SlowPoller implements FramePoller {
        final AtomicInteger polls = new AtomicInteger();
        final CountDownLatch polled = new CountDownLatch(1);

        @Override
        public Poll poll() {
            polls.incrementAndGet();
            polled.countDown();
            return new Poll(0, true, false, Duration.ofMinutes(1));
        }

        @Override
        public Source source() {
            return Source.GFXINFO;
        }

        @Override
        public io.fpsctl.engine.Summary summary(String pkg) {
            throw new UnsupportedOperationException("not summarised here: the test reads the session");
        }

        @Override
        public String describe() {
            return "slow";
        }
    }

    @Test
    void aStopEndsTheSleepBetweenPollsAtOnce() throws Exception {
        SlowPoller poller = new SlowPoller();
        CaptureSession session = new CaptureSession(poller, new FrameEngine(Source.GFXINFO, EngineConfig.defaults()),
                t -> false, Duration.ofSeconds(1), s -> { });
        AtomicReference<CaptureSession.End> end = new AtomicReference<>();
        Thread loop = new Thread(() -> {
            try {
                end.set(session.run(null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        loop.start();
        assertTrue(poller.polled.await(20, TimeUnit.SECONDS), "the first poll");
        // the loop is now parked for the poller's minute (or about to be: a stop before the park is not lost either)
        long t0 = System.nanoTime();
        session.stop("test");
        loop.join(20_000);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(CaptureSession.End.STOPPED, end.get());
        assertEquals(1, poller.polls.get());
        assertTrue(ms < 10_000, "the stop ended a one-minute sleep after " + ms + " ms");
    }
}
