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
import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.api.ModelledHiddenApiPolicy;
import io.fpsctl.engine.AgentFrame;
import io.fpsctl.android.AgentRecord;
import io.fpsctl.android.AgentStreamParser;

import org.junit.After;
import org.junit.Test;
import org.robolectric.Robolectric;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
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
 *
 * <p>The checks are here; the levels they run on are in two classes, {@link AgentLevels24To29Test} and
 * {@link AgentLevels30To35Test}: Robolectric runs a class's levels one after another in one JVM (each level a
 * sandbox of its own android-all), so one class of twelve levels was the agent's longest class, and two classes of
 * six can run in two test JVMs where cores are free (fpsctl-agent-tests/pom.xml says why it runs one). Every check
 * runs on every level 24 → 35, as before.
 */
public abstract class AgentLevelsChecks {
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

    private AgentSession install(int targetSdk, boolean checksOff) {
        session = new AgentSession(100, Clock.SYSTEM, new ModelledHiddenApiPolicy(sdk(), targetSdk, checksOff));
        session.install(appTargeting(targetSdk));
        return session;
    }

    /** Whether the agent's INPUT head hook ran before an app frame callback (ANIMATION queue) of a real frame. */
    private boolean headHookRanBeforeTheAppsCallback() {
        final boolean[] inFrame = {false, false};
        android.view.Choreographer.getInstance().postFrameCallback(new android.view.Choreographer.FrameCallback() {
            @Override
            public void doFrame(long frameTimeNanos) {
                inFrame[0] = true;
                inFrame[1] = session.timeline().inputStageMarked();
            }
        });
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(50));
        assertTrue("the real Choreographer ran a frame", inFrame[0]);
        return inFrame[1];
    }

    @Test
    public void withHiddenApiChecksOffAnAppTargeting35GetsStageTimingOnEveryLevel() {
        String payload = install(35, true).batch().drain();
        assertTrue(payload, hello(payload)[4].contains("choreographer-queues"));
        assertFalse(payload, payload.contains("C|choreographer-queues|off"));
        assertTrue("queue-head hook ran inside the real Choreographer frame", headHookRanBeforeTheAppsCallback());
    }

    @Test
    public void withHiddenApiChecksOnTheRecordNamesMLockOnAndroid10AndLaterAndFramesContinue() throws Exception {
        String payload = install(35, false).batch().drain();
        // the model reads @UnsupportedAppUsage(maxTargetSdk = 28) on mLock from this level's android-all (29+)
        boolean refused = sdk() >= 29;
        assertEquals(payload, !refused, hello(payload)[4].contains("choreographer-queues"));
        assertEquals(payload, refused, payload.contains("C|choreographer-queues|off|Choreographer.mLock|"
                + "NoSuchFieldException No field mLock in class Landroid/view/Choreographer;"));
        assertEquals(!refused, headHookRanBeforeTheAppsCallback());
        // frames keep flowing, their stages from FrameMetrics
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        reportFrame(activity, 0);
        shadowOf(session.metricsThread().getLooper()).idle();
        String frames = session.batch().drain();
        assertTrue(frames, frames != null && frames.contains("F|"));
    }

    /**
     * One FrameMetrics report for the activity's window: input 1, animation 2, layout 3, draw 4 ms (total 10 ms).
     * From API 26 its timestamps are set through the builder; on 24/25 the FrameInfo array the report carries is
     * moved to a device-like time base, as HWUI fills it (index 1 IntendedVsync, 2 Vsync; durations unchanged).
     * Returns the report's IntendedVsync.
     */
    private static long reportFrame(Activity activity, int dropped) throws Exception {
        return reportFrame(activity, dropped, 7_000 * MS);
    }

    private static long reportFrame(Activity activity, int dropped, long base) throws Exception {
        FrameMetricsBuilder b = new FrameMetricsBuilder()
                .setMetric(FrameMetrics.INPUT_HANDLING_DURATION, 1 * MS)
                .setMetric(FrameMetrics.ANIMATION_DURATION, 2 * MS)
                .setMetric(FrameMetrics.LAYOUT_MEASURE_DURATION, 3 * MS)
                .setMetric(FrameMetrics.DRAW_DURATION, 4 * MS);
        if (sdk() >= 26) {
            b.setMetric(FrameMetrics.INTENDED_VSYNC_TIMESTAMP, base).setMetric(FrameMetrics.VSYNC_TIMESTAMP, base);
        }
        FrameMetrics m = b.build();
        long intended = base;
        if (sdk() < 26) {
            Field f = FrameMetrics.class.getDeclaredField("mTimingData");
            f.setAccessible(true);
            long[] data = (long[]) f.get(m);
            for (int i = 1; i < data.length; i++) {
                data[i] += base;
            }
            intended = data[1];
        }
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(m, dropped);
        return intended;
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
                new Handler(Looper.getMainLooper()), sdk() < 26
                ? io.fpsctl.agent.wrappers.FrameInfoTimestamps.open(io.fpsctl.agent.wrappers.PlatformAccess.INSTANCE)
                : null).attach(activity);

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
        FrameMetrics metrics = b.build();
        if (sdk() < 26) { // HWUI's FrameInfo: IntendedVsync at index 1, Vsync at 2 (the builder leaves them 0)
            Field td = FrameMetrics.class.getDeclaredField("mTimingData");
            td.setAccessible(true);
            long[] data = (long[]) td.get(metrics);
            for (int i = 3; i < data.length; i++) {
                data[i] += fmIntended - data[1];
            }
            data[1] = fmIntended;
            data[2] = choreographerVsync;
        }
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(metrics);

        Map<String, String> bundle = new HashMap<String, String>();
        bundle.put("v", "1");
        bundle.put("fpsctl", batch.drain());
        List<AgentRecord> records = new AgentStreamParser().decode(bundle);
        assertEquals(1, records.size());
        AgentFrame f = ((AgentRecord.Frame) records.get(0)).frame();
        long intended = fmIntended; // FrameMetrics' timestamps (26+) or FrameInfo's own IntendedVsync (24/25)
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
                new Handler(Looper.getMainLooper()), null).attach(activity);
        controller.resume().visible();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(decor.isAttachedToWindow());
        assertFalse(ticker.isPosted());
        dispatchOnDraw(decor.getViewTreeObserver());
        assertTrue("the draw listener woke the ticker", ticker.isPosted());
    }

    @Test
    public void detachProbeNoHookAfterStopAndTheAppsLatestPrinterIsBack() throws Exception {
        Printer before = new Printer() {
            @Override
            public void println(String x) {
            }
        };
        final List<String> appLines = new ArrayList<String>();
        Printer setWhileAttached = new Printer() {
            @Override
            public void println(String x) {
                appLines.add(x);
            }
        };
        Looper.getMainLooper().setMessageLogging(before);
        install(35, false); // checks on: on 29+ the queue hooks are refused, the rest must still detach cleanly
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        assertTrue(activity.getWindow().getCallback() instanceof TouchCallback);
        assertEquals(1, frameMetricsListeners(activity).size());
        assertTrue(looperPrinter() instanceof LooperMonitor);
        assertSame("chained to the Printer the app had", before, session.looperMonitor().chained());

        // the app replaces the agent's Printer while attached: the agent notices, chains to it, takes its place
        Looper.getMainLooper().setMessageLogging(setWhileAttached);
        assertTrue(session.checkPrinter());
        assertSame(session.looperMonitor(), looperPrinter());
        assertSame(setWhileAttached, session.looperMonitor().chained());
        session.looperMonitor().println(">>>>> Dispatching to x");
        assertEquals("the app's Printer is chained while attached", 1, appLines.size());
        String changes = session.batch().drain();
        assertTrue(changes, changes.contains("C|looper|off|-|the app replaced fpsctl's Looper Printer"));
        assertTrue(changes, changes.contains("C|looper|on|-|"));

        Thread sampler = session.samplerThread();
        Thread metrics = session.metricsThread();
        session.uninstall();
        session.batch().drain();
        assertSame("the Printer the app set while attached is back", setWhileAttached, looperPrinter());
        assertSame("the activity is its window's callback again", activity, activity.getWindow().getCallback());
        assertEquals(0, frameMetricsListeners(activity).size());
        sampler.join(2000);
        metrics.join(2000);
        assertFalse("sampler thread ended", sampler.isAlive());
        assertFalse("FrameMetrics thread ended", metrics.isAlive());

        // a new activity resumes after stop: through the lifecycle callbacks and through the Instrumentation hook
        Activity later = Robolectric.buildActivity(Activity.class).setup().get();
        FpsctlAgent agent = new FpsctlAgent();
        Field sessionField = FpsctlAgent.class.getDeclaredField("session");
        sessionField.setAccessible(true);
        sessionField.set(agent, session);
        agent.callActivityOnResume(later);
        assertFalse("no touch callback", later.getWindow().getCallback() instanceof TouchCallback);
        assertEquals("no FrameMetrics listener", 0, frameMetricsListeners(later).size());
        assertEquals(0, session.activityHooks().hookedWindows());
        assertEquals("no agent callback in any Choreographer queue", List.of(), agentCallbacksQueued());
        assertSame("no agent Printer", setWhileAttached, looperPrinter());
        shadowOf(later.getWindow()).reportOnFrameMetricsAvailable(new FrameMetricsBuilder().build());
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(50));
        assertNull("no record after detach", session.batch().drain());
        Looper.getMainLooper().setMessageLogging(null);
    }

    @Test
    public void fiveDroppedFrameMetricsReportsBecomeACoverageGapAndAWarningNamingFive() throws Exception {
        install(35, true);
        session.batch().drain();
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        long first = reportFrame(activity, 0, 7_000 * MS);
        // the platform dropped 5 reports before this one (the listener fell behind)
        long second = reportFrame(activity, 5, 7_100 * MS);
        shadowOf(session.metricsThread().getLooper()).idle();
        Map<String, String> bundle = new HashMap<String, String>();
        bundle.put("v", io.fpsctl.agent.report.Protocol.VERSION);
        bundle.put("fpsctl", session.batch().drain());
        List<AgentRecord> records = new AgentStreamParser().decode(bundle);
        List<AgentRecord.Gap> gaps = new ArrayList<AgentRecord.Gap>();
        for (AgentRecord r : records) {
            if (r instanceof AgentRecord.Gap) {
                gaps.add((AgentRecord.Gap) r);
            }
        }
        assertEquals(bundle.toString(), 1, gaps.size());
        assertEquals(5, gaps.get(0).count());
        assertTrue(gaps.get(0).reason(), gaps.get(0).reason().startsWith("5 FrameMetrics report(s) of "));
        // the gap runs from the first frame's end (its IntendedVsync + TOTAL 10 ms) to the second's IntendedVsync
        assertEquals(first + 10 * MS, gaps.get(0).fromNs());
        assertEquals(second, gaps.get(0).toNs());
        // what the host makes of this record (a coverage gap and a warning naming the count) is capture's:
        // AgentRecordRouterTest, in fpsctl-cli, which this module's tests cannot reach
    }

    @Test
    public void onAndroid7WithoutFrameInfoAReportIsDatedApproximatelyOrCountedAsAGap() throws Exception {
        if (sdk() >= 26) {
            return; // FrameMetrics has its own timestamps from API 26: nothing to date
        }
        // a device that refuses FrameMetrics.mTimingData (an OEM change; AOSP 7.x enforces nothing)
        io.fpsctl.agent.wrappers.MemberAccess refusing = new io.fpsctl.agent.wrappers.MemberAccess() {
            @Override
            public Field field(io.fpsctl.agent.wrappers.ReflectedMember m)
                    throws io.fpsctl.agent.wrappers.HiddenApiException {
                if (m == io.fpsctl.agent.wrappers.AgentMembers.FRAMEMETRICS_TIMING_DATA) {
                    throw new io.fpsctl.agent.wrappers.HiddenApiException(m, new NoSuchFieldException("mTimingData"));
                }
                return io.fpsctl.agent.wrappers.PlatformAccess.INSTANCE.field(m);
            }

            @Override
            public Method method(io.fpsctl.agent.wrappers.ReflectedMember m, Class<?>... types)
                    throws io.fpsctl.agent.wrappers.HiddenApiException {
                return io.fpsctl.agent.wrappers.PlatformAccess.INSTANCE.method(m, types);
            }
        };
        session = new AgentSession(100, Clock.SYSTEM, refusing);
        session.install(appTargeting(25));
        String hello = session.batch().drain();
        assertTrue(hello, hello.contains("C|frame-dates|off|FrameMetrics.mTimingData|NoSuchFieldException mTimingData"));
        Activity activity = Robolectric.buildActivity(Activity.class).setup().get();
        session.batch().drain();
        FrameMetrics m = new FrameMetricsBuilder().setMetric(FrameMetrics.DRAW_DURATION, 4 * MS).build();
        session.timeline().onMessageEnd(); // closes a frame the real Choreographer's tick may have opened
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(m); // dated by that frame, if there was one
        shadowOf(session.metricsThread().getLooper()).idle();
        session.batch().drain();
        // no Choreographer frame finished since: this report cannot be dated and is not guessed
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(m);
        shadowOf(session.metricsThread().getLooper()).idle();
        assertNull(session.batch().drain());
        // the main thread finishes a frame at vsync 9 s; the next report is dated by it and flagged approximate,
        // after one G record counting the report that could not be dated, up to this frame
        long vsync = 9_000 * MS;
        session.timeline().onTick(vsync, false);
        session.timeline().onMessageEnd();
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(m);
        shadowOf(session.metricsThread().getLooper()).idle();
        String[] records = session.batch().drain().split("\n");
        assertEquals(2, records.length);
        assertTrue(records[0], records[0].matches("G\\|\\d+\\|" + vsync + "\\|1\\|1 FrameMetrics report\\(s\\) of .*"));
        String[] f = records[1].split("\\|", -1);
        assertEquals("F", f[0]);
        assertEquals(String.valueOf(vsync), f[2]);
        assertEquals("flags: approximate time", "2", f[6]);
    }

    @SuppressWarnings("unchecked")
    private static java.util.Set<Object> frameMetricsListeners(Activity activity) throws Exception {
        Object shadow = shadowOf(activity.getWindow());
        Field f = org.robolectric.shadows.ShadowWindow.class.getDeclaredField("onFrameMetricsAvailableListeners");
        f.setAccessible(true);
        return (java.util.Set<Object>) f.get(shadow);
    }

    /** Actions of the agent's classes queued in any of the real Choreographer's callback queues. */
    static List<String> agentCallbacksQueued() throws Exception {
        android.view.Choreographer c = android.view.Choreographer.getInstance();
        Field queuesField = android.view.Choreographer.class.getDeclaredField("mCallbackQueues");
        queuesField.setAccessible(true);
        Object[] queues = (Object[]) queuesField.get(c);
        List<String> found = new ArrayList<String>();
        for (Object q : queues) {
            Field head = q.getClass().getDeclaredField("mHead");
            head.setAccessible(true);
            for (Object r = head.get(q); r != null; ) {
                Field action = r.getClass().getDeclaredField("action");
                action.setAccessible(true);
                Object a = action.get(r);
                if (a != null && a.getClass().getName().startsWith("io.fpsctl.agent.")) {
                    found.add(a.getClass().getName());
                }
                Field next = r.getClass().getDeclaredField("next");
                next.setAccessible(true);
                r = next.get(r);
            }
        }
        return found;
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
