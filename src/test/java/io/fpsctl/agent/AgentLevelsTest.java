package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.app.Application;
import android.os.Build;
import android.os.Handler;
import android.os.Looper;
import android.util.Printer;
import android.view.FrameMetrics;
import android.view.View;
import android.view.ViewTreeObserver;

import io.fpsctl.agent.frames.FrameStageTable;
import io.fpsctl.agent.frames.FrameTicker;
import io.fpsctl.agent.frames.FrameTimeline;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.interaction.TouchCallback;
import io.fpsctl.agent.looper.LooperMonitor;
import io.fpsctl.agent.looper.SlowMessageSampler;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.engine.AgentFrame;
import io.fpsctl.source.AgentRecord;
import io.fpsctl.source.AgentStreamParser;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.shadows.FrameMetricsBuilder;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent on every supported Android level, with expectations worked out per level from the platform's
 * documented behaviour: hidden queue hooks only where the framework allows them for the app's targetSdk,
 * FrameMetrics timestamps only from API 26 (before: the Choreographer frame time), GPU and deadline from 31;
 * the draw listener survives a decor view that attaches later (ViewTreeObserver.merge on 24/25); and the
 * records the real encoder writes decode in the real host parser ({@link AgentStreamParser}).
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = {24, 25, 26, 28, 29, 31, 33, 34, 35})
public class AgentLevelsTest {
    private static final String DISPATCH = ">>>>> Dispatching to Handler (android.view.Choreographer$FrameHandler) "
            + "{3c1} android.view.Choreographer$FrameDisplayEventReceiver@9a1: 0";
    private static final String FINISHED = "<<<<< Finished to Handler (android.view.Choreographer$FrameHandler) "
            + "{3c1} android.view.Choreographer$FrameDisplayEventReceiver@9a1";
    private static final long MS = 1_000_000L;

    private AgentSession session;

    @After
    public void tearDown() {
        if (session != null) {
            session.uninstall();
        }
    }

    private static int sdk() {
        return Build.VERSION.SDK_INT;
    }

    private static Application appTargeting(int targetSdk) {
        Application app = RuntimeEnvironment.getApplication();
        app.getApplicationInfo().targetSdkVersion = targetSdk;
        return app;
    }

    private static String[] hello(String payload) {
        for (String line : payload.split("\n")) {
            if (line.startsWith("H|")) {
                return line.split("\\|", -1);
            }
        }
        throw new AssertionError("no H record in " + payload);
    }

    @Test
    public void anAppTargeting35GetsQueueHooksOnlyBeforeAndroid9AndAOneLineReasonOtherwise() {
        session = new AgentSession(100, Clock.SYSTEM);
        session.install(appTargeting(35));
        String payload = session.batch().drain();
        String[] h = hello(payload);
        assertEquals(String.valueOf(sdk()), h[1]);
        boolean hooks = sdk() < 28; // non-SDK rules enforced from Android 9; mLock is maxTargetSdk 28 from 10
        assertEquals("looper,choreographer" + (hooks ? ",choreographer-queues" : "") + ",framemetrics,scroll,touch",
                h[4]);
        if (hooks) {
            assertFalse(payload, payload.contains("E|"));
        } else {
            assertTrue(payload, payload.contains("E|choreographer-queues: Choreographer.mLock is restricted to apps "
                    + "targeting API 28 or lower (this app targets 35); stage times come from FrameMetrics"));
        }
    }

    @Test
    public void anAppTargeting28GetsQueueHooksOnEveryLevel() {
        session = new AgentSession(100, Clock.SYSTEM);
        session.install(appTargeting(28));
        assertTrue(hello(session.batch().drain())[4].contains("choreographer-queues"));
    }

    @Test
    public void recordsOfEveryLevelRoundTripThroughTheHostParser() throws Exception {
        FakeClock clock = new FakeClock();
        RecordBatch batch = new RecordBatch();
        FrameStageTable table = new FrameStageTable();
        FrameTimeline timeline = new FrameTimeline(clock, table, new InteractionState());
        LooperMonitor monitor = new LooperMonitor(null, clock, 100,
                new SlowMessageSampler(Thread.currentThread(), clock, 100 * MS), timeline, batch);
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        new ActivityHooks(table, batch, new Capabilities(batch), new InteractionState(), null,
                new Handler(Looper.getMainLooper())).attach(activity);

        long choreographerVsync = 7_000 * MS;   // the frame time Choreographer hands its callbacks
        long fmIntended = choreographerVsync - 2 * MS; // FrameMetrics' own timestamps (26+) differ on purpose
        clock.now = choreographerVsync + MS;
        monitor.println(DISPATCH);
        timeline.onTick(choreographerVsync, false); // what FrameTicker.doFrame does
        clock.advanceMs(9);
        monitor.println(FINISHED);
        FrameMetricsBuilder b = new FrameMetricsBuilder() // derives TOTAL_DURATION: the stages' sum, 10 ms
                .setMetric(FrameMetrics.INPUT_HANDLING_DURATION, 1 * MS)
                .setMetric(FrameMetrics.ANIMATION_DURATION, 2 * MS)
                .setMetric(FrameMetrics.LAYOUT_MEASURE_DURATION, 3 * MS)
                .setMetric(FrameMetrics.DRAW_DURATION, 4 * MS);
        if (sdk() >= 26) {
            b.setMetric(FrameMetrics.INTENDED_VSYNC_TIMESTAMP, fmIntended)
                    .setMetric(FrameMetrics.VSYNC_TIMESTAMP, choreographerVsync);
        }
        if (sdk() >= 31) {
            b.setMetric(FrameMetrics.GPU_DURATION, 5 * MS).setMetric(FrameMetrics.DEADLINE, 16 * MS);
        }
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(b.build());

        Map<String, String> bundle = new HashMap<String, String>();
        bundle.put("v", "1");
        bundle.put("fpsctl", batch.drain());
        List<AgentRecord> records = new AgentStreamParser().decode(bundle);
        assertEquals(1, records.size());
        AgentFrame f = ((AgentRecord.Frame) records.get(0)).frame();
        long intended = sdk() >= 26 ? fmIntended : choreographerVsync;
        assertEquals("intended vsync", intended, f.intendedVsync());
        assertEquals("end = intended + total", intended + 10 * MS, f.end());
        assertEquals("gpu", sdk() >= 31 ? 5 * MS : -1, f.stageNs()[8]);
        assertEquals("deadline", sdk() >= 31 ? intended + 16 * MS : 0, f.deadline());
        // no queue hooks here: Choreographer stages are FrameMetrics' input / animation / layout+draw marks
        assertEquals(1 * MS, f.choreographerNs()[0]);
        assertEquals(2 * MS, f.choreographerNs()[1]);
        assertEquals(7 * MS, f.choreographerNs()[2]);
    }

    @Test
    public void drawListenerAddedBeforeTheDecorAttachesStillFires() throws Exception {
        ActivityController<Activity> controller = Robolectric.buildActivity(Activity.class).create().start();
        Activity activity = controller.get();
        View decor = activity.getWindow().getDecorView();
        assertFalse("decor not attached yet", decor.isAttachedToWindow());
        FrameTicker ticker = new FrameTicker(android.view.Choreographer.getInstance(),
                new FrameTimeline(Clock.SYSTEM, new FrameStageTable(), new InteractionState()));
        FrameStageTable table = new FrameStageTable();
        RecordBatch batch = new RecordBatch();
        new ActivityHooks(table, batch, new Capabilities(batch), new InteractionState(), ticker,
                new Handler(Looper.getMainLooper())).attach(activity);
        controller.resume().visible();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(decor.isAttachedToWindow());
        assertFalse(ticker.isPosted());
        dispatchOnDraw(decor.getViewTreeObserver());
        assertTrue("the draw listener woke the ticker", ticker.isPosted());
    }

    @Test
    public void uninstallTakesEveryHookOutAndTheAppRunsOn() throws Exception {
        Printer appPrinter = new Printer() {
            @Override
            public void println(String x) {
            }
        };
        Looper.getMainLooper().setMessageLogging(appPrinter);
        session = new AgentSession(100, Clock.SYSTEM);
        session.install(appTargeting(35));
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        assertTrue(activity.getWindow().getCallback() instanceof TouchCallback);
        assertTrue(looperPrinter() instanceof LooperMonitor);
        Thread sampler = session.samplerThread();
        Thread metrics = session.metricsThread();
        assertTrue(sampler.isAlive() && metrics.isAlive());

        session.uninstall();
        session.batch().drain();
        assertSame("the app's own Printer is back", appPrinter, looperPrinter());
        assertSame("the activity is its window's callback again", activity, activity.getWindow().getCallback());
        assertEquals(0, session.activityHooks().hookedWindows());
        sampler.join(2000);
        metrics.join(2000);
        assertFalse("sampler thread ended", sampler.isAlive());
        assertFalse("FrameMetrics thread ended", metrics.isAlive());
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(new FrameMetricsBuilder().build());
        Activity later = Robolectric.buildActivity(Activity.class).setup().get();
        assertFalse("lifecycle callbacks unregistered", later.getWindow().getCallback() instanceof TouchCallback);
        shadowOf(Looper.getMainLooper()).idle();
        assertNull("no record after detach", session.batch().drain());
        Looper.getMainLooper().setMessageLogging(null);
    }

    private static Printer looperPrinter() throws Exception {
        Field f = Looper.class.getDeclaredField("mLogging");
        f.setAccessible(true);
        return (Printer) f.get(Looper.getMainLooper());
    }

    private static void dispatchOnDraw(ViewTreeObserver vto) throws Exception {
        Method m = ViewTreeObserver.class.getDeclaredMethod("dispatchOnDraw");
        m.setAccessible(true);
        m.invoke(vto);
    }
}
