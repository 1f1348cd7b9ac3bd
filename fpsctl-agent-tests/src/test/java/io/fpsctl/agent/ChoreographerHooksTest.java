package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.os.Looper;
import android.view.Choreographer;

import io.fpsctl.agent.interaction.TouchCallback;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.wrappers.ChoreographerQueues;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The reflective wrapper against the real (API 34) Choreographer, and the whole session's install. */
@RunWith(RobolectricTestRunner.class)
public class ChoreographerHooksTest {
    private AgentSession session;

    @After
    public void tearDown() {
        if (session != null) {
            session.uninstall();
        }
    }

    @Test
    public void headCallbackRunsBeforeEveryOtherCallbackOfTheFrame() throws Exception {
        Choreographer choreographer = Choreographer.getInstance();
        ChoreographerQueues queues = ChoreographerQueues.open(choreographer, io.fpsctl.agent.wrappers.PlatformAccess.INSTANCE);
        assertEquals("TRAVERSAL queue on API 29+", 3, queues.traversalQueue());
        final List<String> order = new ArrayList<String>();
        choreographer.postFrameCallback(new Choreographer.FrameCallback() {
            @Override
            public void doFrame(long frameTimeNanos) {
                order.add("app frame callback");
            }
        });
        queues.addAtHead(ChoreographerQueues.ANIMATION, new Runnable() {
            @Override
            public void run() {
                order.add("animation head");
            }
        });
        queues.addAtHead(ChoreographerQueues.INPUT, new Runnable() {
            @Override
            public void run() {
                order.add("input head");
            }
        });
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(50));
        assertEquals(3, order.size());
        assertEquals("input head", order.get(0));
        assertEquals("animation head", order.get(1));
        assertEquals("app frame callback", order.get(2));
    }

    @Test
    public void sessionInstallsEveryCapabilityAndHooksResumedActivities() throws Exception {
        session = new AgentSession(100, Clock.SYSTEM, io.fpsctl.agent.wrappers.PlatformAccess.INSTANCE);
        // an app targeting 28 may use the queue hooks on 34 (mLock is maxTargetSdk 28); see AgentLevels30To35Test
        // for 35
        RuntimeEnvironment.getApplication().getApplicationInfo().targetSdkVersion = 28;
        session.install(RuntimeEnvironment.getApplication());
        RecordBatch batch = session.batch();
        String payload = batch.drain();
        String[] h = payload.split("\\|", -1);
        assertEquals("only the hello record: " + payload, 5, h.length);
        assertEquals("H", h[0]);
        assertEquals("34", h[1]);
        assertEquals(RuntimeEnvironment.getApplication().getPackageName(), h[2]);
        assertEquals(String.valueOf(android.os.Process.myPid()), h[3]);
        assertEquals("looper-chain,looper,choreographer,choreographer-queues,framemetrics,scroll,touch", h[4]);

        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        assertTrue(activity.getWindow().getCallback() instanceof TouchCallback);
        assertEquals(activity, ((TouchCallback) activity.getWindow().getCallback()).delegate());
        session.activityHooks().attach(activity); // idempotent
        assertFalse(((TouchCallback) activity.getWindow().getCallback()).delegate() instanceof TouchCallback);
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(100)); // ticker and hooks ride real frames
    }

    @Test
    public void slowMessageThresholdArgument() {
        android.os.Bundle args = new android.os.Bundle();
        assertEquals(100, FpsctlAgent.parseSlowMessageMs(args));
        args.putString("fpsctl.slowMessageMs", "3000");
        assertEquals(3000, FpsctlAgent.parseSlowMessageMs(args));
        args.putString("fpsctl.slowMessageMs", "soon");
        assertEquals(100, FpsctlAgent.parseSlowMessageMs(args));
    }
}
