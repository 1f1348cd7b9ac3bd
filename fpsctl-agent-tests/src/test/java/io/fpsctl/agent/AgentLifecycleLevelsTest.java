package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Application;
import android.content.Context;
import android.content.Intent;
import android.os.Build;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.util.Printer;
import android.view.Choreographer;

import io.fpsctl.agent.api.ModelledHiddenApiPolicy;
import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.wrappers.MemberAccess;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.LooperMode;
import org.robolectric.shadows.ShadowApplication;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The agent's whole lifecycle on every level 24 → 35 with the real framework classes: Robolectric's
 * INSTRUMENTATION_TEST looper mode runs the real {@code Looper.loop()} on its own main thread (so the agent's Printer
 * gets the real {@code ">>>>> Dispatching to"} / {@code "<<<<< Finished to"} lines) and the real Choreographer's
 * queues; the test thread plays the instrumentation thread. {@link FpsctlAgent#onCreate} starts it, {@code onStart}
 * installs on the main thread, batches go out through {@code sendStatus}, the stop broadcast (sender permission
 * DUMP) or a missed heartbeat detaches it. Hidden-API checks are modelled from each level's own class files
 * ({@link ModelledHiddenApiPolicy}): off = what {@code am instrument --no-hidden-api-checks} gives.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = {24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35})
@LooperMode(LooperMode.Mode.INSTRUMENTATION_TEST)
public class AgentLifecycleLevelsTest {
    private static final long TIMEOUT_MS = 20_000;

    /** The agent as {@code am instrument} runs it, with the test's hidden-API model, clock and status channel. */
    static final class TestAgent extends FpsctlAgent {
        final MemberAccess access;
        final AtomicLong uptime = new AtomicLong(1_000);
        final List<String> payloads = new ArrayList<String>();

        TestAgent(MemberAccess access) {
            this.access = access;
        }

        @Override
        protected MemberAccess memberAccess() {
            return access;
        }

        @Override
        protected long uptimeMillis() {
            return uptime.get();
        }

        @Override
        protected void sleepBatchPeriod() {
            try {
                Thread.sleep(10); // the agent's own pacing, shortened: the test polls for what it waits for
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public Context getTargetContext() {
            return RuntimeEnvironment.getApplication();
        }

        @Override
        public void runOnMainSync(final Runnable runner) {
            onMain(new Callable<Void>() {
                @Override
                public Void call() {
                    runner.run();
                    return null;
                }
            });
        }

        @Override
        public void sendStatus(int resultCode, Bundle results) {
            assertEquals(Protocol.STATUS_CODE, resultCode);
            assertEquals("1.1", results.getString("v"));
            synchronized (payloads) {
                payloads.add(results.getString("fpsctl"));
            }
        }

        String all() {
            synchronized (payloads) {
                StringBuilder b = new StringBuilder();
                for (String p : payloads) {
                    b.append(p).append('\n');
                }
                return b.toString();
            }
        }
    }

    private static int sdk() {
        return Build.VERSION.SDK_INT;
    }

    /** Runs {@code c} on the real main thread (a message of the real Looper) and returns its result. */
    static <T> T onMain(final Callable<T> c) {
        final AtomicReference<T> result = new AtomicReference<T>();
        final AtomicReference<Throwable> failure = new AtomicReference<Throwable>();
        final CountDownLatch done = new CountDownLatch(1);
        new Handler(Looper.getMainLooper()).post(new Runnable() {
            @Override
            public void run() {
                try {
                    result.set(c.call());
                } catch (Throwable t) {
                    failure.set(t);
                } finally {
                    done.countDown();
                }
            }
        });
        try {
            assertTrue("main thread answered", done.await(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return result.get();
    }

    /** Polls {@code condition} until it holds or the timeout passes. */
    static void await(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT_MS * 1_000_000L;
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(5);
        }
    }

    private static Printer looperPrinter() throws Exception {
        Field f = Looper.class.getDeclaredField("mLogging");
        f.setAccessible(true);
        return (Printer) f.get(Looper.getMainLooper());
    }

    /** The latest frame the main thread finished, from the agent's stage table; null if none yet. */
    private static FrameRecord latestFrame(AgentSession s) {
        FrameRecord r = new FrameRecord();
        return s.stageTable().fill(r) ? r : null;
    }

    /** Keeps the app animating: a frame callback that re-posts itself, as an app's animator does. */
    private static void animate(final int frames) {
        onMain(new Callable<Void>() {
            @Override
            public Void call() {
                Choreographer.getInstance().postFrameCallback(new Choreographer.FrameCallback() {
                    private int left = frames;

                    @Override
                    public void doFrame(long frameTimeNanos) {
                        if (--left > 0) {
                            Choreographer.getInstance().postFrameCallback(this);
                        }
                    }
                });
                return null;
            }
        });
    }

    private TestAgent start(boolean checksOff, String heartbeatMs) throws Exception {
        Application app = RuntimeEnvironment.getApplication();
        app.getApplicationInfo().targetSdkVersion = 35;
        final TestAgent agent = new TestAgent(new ModelledHiddenApiPolicy(sdk(), 35, checksOff));
        Bundle args = new Bundle();
        args.putString(Protocol.ARG_SLOW_MESSAGE_MS, "100");
        if (heartbeatMs != null) {
            args.putString(Protocol.ARG_HEARTBEAT_MS, heartbeatMs);
        }
        agent.onCreate(args); // starts the instrumentation thread, which runs onStart
        await("the hello record", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return agent.all().contains("H|" + sdk() + "|");
            }
        });
        return agent;
    }

    private void wholeLifecycle(boolean checksOff) throws Exception {
        final Printer appBefore = new Printer() {
            @Override
            public void println(String x) {
            }
        };
        onMain(new Callable<Void>() {
            @Override
            public Void call() {
                Looper.getMainLooper().setMessageLogging(appBefore);
                return null;
            }
        });
        final TestAgent agent = start(checksOff, null);
        final AgentSession s = agent.session();
        String hello = agent.all();
        boolean hooks = checksOff || sdk() < 29;
        assertEquals(hello, hooks, hello.contains(",choreographer-queues,"));
        assertEquals(hello, !hooks, hello.contains("C|choreographer-queues|off|Choreographer.mLock|NoSuchFieldException"));
        // a refusal found at start comes before H in the first batch (agent-protocol.md section 3; the router relies
        // on it not to warn twice about a capability missing from H)
        if (!hooks) {
            assertTrue(hello, hello.indexOf("C|choreographer-queues|off|") < hello.indexOf("H|" + sdk() + "|"));
        }
        // the stop receiver is exported only to senders holding DUMP (the shell)
        // and runs on the agent's metrics thread, so a stalled main thread delays no heartbeat
        boolean guarded = false;
        Looper receiverLooper = null;
        for (ShadowApplication.Wrapper w : shadowOf(RuntimeEnvironment.getApplication()).getRegisteredReceivers()) {
            if (w.getIntentFilter().hasAction(Protocol.ACTION_STOP)) {
                guarded = Protocol.SENDER_PERMISSION.equals(w.broadcastPermission);
                receiverLooper = w.scheduler == null ? null : w.scheduler.getLooper();
            }
        }
        assertTrue("stop receiver requires " + Protocol.SENDER_PERMISSION, guarded);
        assertEquals("stop/heartbeat receiver runs on the agent's thread", s.metricsThread().getLooper(),
                receiverLooper);

        // real frames through the real Choreographer and Looper: the agent's Printer closes them
        animate(20);
        await("a frame closed by the Looper Printer", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return latestFrame(s) != null;
            }
        });
        FrameRecord frame = latestFrame(s);
        if (hooks) {
            assertTrue("input stage timed", frame.chInputNs >= 0);
            assertTrue("animation stage timed", frame.chAnimationNs >= 0);
            assertTrue("traversal stage timed", frame.chTraversalNs >= 0);
        } else {
            assertEquals("no queue hooks: no stage from the main thread", -1, frame.chInputNs);
        }

        // a slow message, dispatched by the real Looper, is measured and sampled
        new Handler(Looper.getMainLooper()).post(new SlowWork());
        await("the slow message record", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return agent.all().contains(SlowWork.class.getName());
            }
        });

        // the app replaces the agent's Printer while attached: the agent notices within a second and chains
        final List<String> appLines = new ArrayList<String>();
        final Printer appWhile = new Printer() {
            @Override
            public void println(String x) {
                synchronized (appLines) {
                    appLines.add(x);
                }
            }
        };
        onMain(new Callable<Void>() {
            @Override
            public Void call() {
                Looper.getMainLooper().setMessageLogging(appWhile);
                return null;
            }
        });
        agent.uptime.addAndGet(1_000);
        await("the Printer change record", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return agent.all().contains("C|looper|on|-|fpsctl chained to the app's Printer");
            }
        });
        assertTrue(agent.all().contains("C|looper|off|-|the app replaced fpsctl's Looper Printer"));
        assertSame(s.looperMonitor(), onMain(new Callable<Printer>() {
            @Override
            public Printer call() throws Exception {
                return looperPrinter();
            }
        }));

        // stop: fpsctl's broadcast from the shell, which holds DUMP
        shadowOf(RuntimeEnvironment.getApplication()).grantPermissions(Protocol.SENDER_PERMISSION);
        RuntimeEnvironment.getApplication().sendBroadcast(new Intent(Protocol.ACTION_STOP)
                .setPackage(RuntimeEnvironment.getApplication().getPackageName()));
        await("the detached record", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return agent.all().contains("E|" + Protocol.DETACHED);
            }
        });
        assertTrue(s.isUninstalled());
        onMain(new Callable<Void>() {
            @Override
            public Void call() throws Exception {
                assertSame("the Printer the app set while attached is back", appWhile, looperPrinter());
                assertEquals("no agent callback queued", new ArrayList<String>(),
                        AgentLevelsChecks.agentCallbacksQueued());
                Looper.getMainLooper().setMessageLogging(null);
                return null;
            }
        });
        synchronized (appLines) {
            assertFalse("the app's Printer was chained while attached", appLines.isEmpty());
        }
    }

    /** A main-thread message of 150 ms, over the 100 ms threshold. */
    static final class SlowWork implements Runnable {
        @Override
        public void run() {
            long end = System.nanoTime() + 150_000_000L;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
    }

    @Test
    public void withHiddenApiChecksOffTheWholeLifecycleHasStageTimingAndDetachesClean() throws Exception {
        wholeLifecycle(true);
    }

    @Test
    public void withHiddenApiChecksOnTheRecordNamesMLockAndTheRunGoesOn() throws Exception {
        wholeLifecycle(false);
    }

    @Test
    public void withoutHeartbeatsTheAgentDetachesByItself() throws Exception {
        final TestAgent agent = start(true, "100");
        agent.heartbeat(); // what the heartbeat broadcast does
        agent.uptime.addAndGet(3 * 100 + 1); // three periods and a bit without one
        await("the self-detach record", new Callable<Boolean>() {
            @Override
            public Boolean call() {
                return agent.all().contains("E|no heartbeat from fpsctl for 301 ms: " + Protocol.DETACHED);
            }
        });
        assertTrue(agent.session().isUninstalled());
        onMain(new Callable<Void>() {
            @Override
            public Void call() throws Exception {
                assertFalse(looperPrinter() instanceof io.fpsctl.agent.looper.LooperMonitor);
                return null;
            }
        });
    }
}
