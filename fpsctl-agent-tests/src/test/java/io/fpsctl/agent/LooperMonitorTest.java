package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import android.os.Handler;
import android.os.HandlerThread;
import android.os.Looper;
import android.util.Printer;

import io.fpsctl.agent.looper.LooperMonitor;
import io.fpsctl.agent.looper.SlowMessageSampler;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.time.Clock;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The Looper Printer on a real HandlerThread looper (Robolectric's paused main looper never calls a Printer):
 * real time, a real sampler thread.
 */
@RunWith(RobolectricTestRunner.class)
public class LooperMonitorTest {
    private final HandlerThread thread = new HandlerThread("app-main");
    private SlowMessageSampler sampler;

    @After
    public void tearDown() {
        if (sampler != null) {
            sampler.stop();
        }
        thread.quit();
    }

    /** The slow message: its class name is in the Printer's target text, its method in the sampled stack. */
    static final class SlowBind implements Runnable {
        @Override
        public void run() {
            bindFeedRow();
        }

        static void bindFeedRow() {
            try {
                Thread.sleep(120);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    public void a120msMessageYieldsExactlyOneSlowMessageRecordWithStack() throws Exception {
        thread.start();
        Looper looper = thread.getLooper();
        RecordBatch batch = new RecordBatch();
        final List<String> chainedLines = new ArrayList<String>();
        Printer previous = new Printer() {
            @Override
            public void println(String x) {
                synchronized (chainedLines) {
                    chainedLines.add(x);
                }
            }
        };
        sampler = new SlowMessageSampler(looper.getThread(), Clock.SYSTEM, 100_000_000L);
        sampler.start();
        looper.setMessageLogging(new LooperMonitor(previous, Clock.SYSTEM, 100, sampler, null, batch));
        Handler handler = new Handler(looper);
        for (int i = 0; i < 20; i++) {
            handler.post(new Runnable() {
                @Override
                public void run() {
                    // a fast message
                }
            });
        }
        handler.post(new SlowBind());
        final CountDownLatch done = new CountDownLatch(1);
        handler.post(new Runnable() {
            @Override
            public void run() {
                done.countDown();
            }
        });
        assertTrue(done.await(5, TimeUnit.SECONDS));
        // the Looper prints "<<<<< Finished" after the message ran: wait until the previous Printer saw all 22 pairs
        io.fpsctl.testing.PollUntil.condition(() -> {
            synchronized (chainedLines) {
                return chainedLines.size() == 2 * 22;
            }
        }, java.time.Duration.ofSeconds(5), "the last Finished line");

        String payload = batch.drain();
        String[] records = payload.split("\n");
        assertEquals("one record: " + payload, 1, records.length);
        String[] m = records[0].split("\\|", -1);
        assertEquals(5, m.length);
        assertEquals("M", m[0]);
        long duration = Long.parseLong(m[2]);
        assertTrue("duration " + duration, duration >= 120 && duration < 1000);
        assertTrue("target " + m[3], m[3].startsWith("Handler (android.os.Handler) {")
                && m[3].contains("LooperMonitorTest$SlowBind"));
        assertTrue("stack " + m[4], !m[4].isEmpty() && m[4].contains(" <- ")
                && m[4].contains("LooperMonitorTest$SlowBind.bindFeedRow"));
        assertTrue("innermost first: " + m[4], m[4].indexOf("sleep") < m[4].indexOf("bindFeedRow"));
        synchronized (chainedLines) {
            assertEquals("the previous Printer still sees every line", 2 * 22, chainedLines.size());
        }
    }

    /**
     * The agent's own failure inside the Printer the Looper calls (here its clock throws) never reaches the app:
     * the app's chained Printer still gets every line, the failure is one {@code C|looper|off|-|…} record naming
     * it, the agent is asked to detach once, and later lines are only passed on.
     */
    @Test
    public void aFailureInTheAgentsPrinterIsReportedNotThrownAndTheAppsPrinterStillRuns() {
        final List<String> appLines = new ArrayList<String>();
        Printer app = new Printer() {
            @Override
            public void println(String x) {
                appLines.add(x);
            }
        };
        Clock broken = new Clock() {
            @Override
            public long nanoTime() {
                throw new IllegalStateException("clock gone");
            }
        };
        RecordBatch batch = new RecordBatch();
        Capabilities caps = new Capabilities(batch);
        final int[] detachRequests = {0};
        caps.fault().onFailure(new Runnable() {
            @Override
            public void run() {
                detachRequests[0]++;
            }
        });
        sampler = new SlowMessageSampler(Thread.currentThread(), Clock.SYSTEM, 100_000_000L);
        LooperMonitor monitor = new LooperMonitor(app, broken, 100, sampler, null, batch);
        monitor.guardWith(caps.fault());
        monitor.println(">>>>> Dispatching to Handler (android.os.Handler) {1} null: 0");
        monitor.println("<<<<< Finished to Handler (android.os.Handler) {1} null");
        monitor.println(">>>>> Dispatching to Handler (android.os.Handler) {1} null: 1");
        assertEquals(3, appLines.size());
        assertEquals(1, detachRequests[0]);
        assertTrue(caps.fault().failed());
        String records = batch.drain();
        assertTrue(records, records.startsWith("C|looper|off|-|fpsctl's agent failed (IllegalStateException clock gone at "));
        assertEquals(records, 1, records.split("\n").length);
    }
}
