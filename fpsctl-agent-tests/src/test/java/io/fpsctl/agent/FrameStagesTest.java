package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.os.Handler;
import android.os.Looper;
import android.view.FrameMetrics;
import android.view.MotionEvent;
import android.view.Window;
import android.widget.LinearLayout;
import android.widget.ScrollView;

import io.fpsctl.agent.frames.FrameStageTable;
import io.fpsctl.agent.frames.FrameTimeline;
import io.fpsctl.agent.frames.HeadInserter;
import io.fpsctl.agent.frames.QueueHeadHooks;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.looper.LooperMonitor;
import io.fpsctl.agent.looper.SlowMessageSampler;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.RecordBatch;

import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.shadows.FrameMetricsBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * Drives the frame path the way a device does: Looper dispatch lines around Choreographer queue-head hooks
 * (fake queues, fake clock), then FrameMetrics reports through Robolectric's ShadowWindow; asserts F records.
 */
@RunWith(RobolectricTestRunner.class)
public class FrameStagesTest {
    private static final String DISPATCH = ">>>>> Dispatching to Handler (android.view.Choreographer$FrameHandler) "
            + "{3c1} android.view.Choreographer$FrameDisplayEventReceiver@9a1: 0";
    private static final String FINISHED = "<<<<< Finished to Handler (android.view.Choreographer$FrameHandler) "
            + "{3c1} android.view.Choreographer$FrameDisplayEventReceiver@9a1";
    private static final long VSYNC0 = 5_000_000_000L;
    private static final long PERIOD = 16_666_667L;

    private final FakeClock clock = new FakeClock();
    private final FakeQueues queues = new FakeQueues();
    private final RecordBatch batch = new RecordBatch();
    private final Capabilities capabilities = new Capabilities(batch);
    private final FrameStageTable table = new FrameStageTable();
    private final InteractionState interaction = new InteractionState();
    private FrameTimeline timeline;
    private LooperMonitor monitor;
    private Activity activity;
    private ScrollView scroller;

    @Before
    public void setUp() {
        timeline = new FrameTimeline(clock, table, interaction);
        new QueueHeadHooks(queues, timeline, capabilities).arm();
        monitor = new LooperMonitor(null, clock, 100, new SlowMessageSampler(Thread.currentThread(), clock,
                100_000_000L), timeline, batch);
        activity = Robolectric.buildActivity(Activity.class).setup().get();
        scroller = new ScrollView(activity);
        LinearLayout tall = new LinearLayout(activity);
        tall.setMinimumHeight(20000);
        scroller.addView(tall);
        activity.setContentView(scroller);
        ActivityHooks hooks = new ActivityHooks(table, batch, capabilities, interaction, null,
                new Handler(Looper.getMainLooper()), null);
        hooks.attach(activity);
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(50)); // lay the ScrollView out
    }

    /** One frame message: input 1 ms, animation 2 ms, traversal {@code traversalMs}, then its FrameMetrics. */
    private void frame(int i, long traversalMs) throws Exception {
        long vsync = VSYNC0 + i * PERIOD;
        clock.now = vsync + 500_000L;
        monitor.println(DISPATCH);
        queues.frameTime = vsync;
        queues.run(HeadInserter.INPUT);
        clock.advanceMs(1);
        queues.run(HeadInserter.ANIMATION);
        clock.advanceMs(2);
        queues.run(queues.traversalQueue());
        clock.advanceMs(traversalMs);
        monitor.println(FINISHED);
        FrameMetrics m = new FrameMetricsBuilder()
                .setMetric(FrameMetrics.INTENDED_VSYNC_TIMESTAMP, vsync)
                .setMetric(FrameMetrics.VSYNC_TIMESTAMP, vsync)
                .setMetric(FrameMetrics.LAYOUT_MEASURE_DURATION, traversalMs * 1_000_000L / 2)
                .setMetric(FrameMetrics.DRAW_DURATION, traversalMs * 1_000_000L / 2)
                .build();
        shadowOf(activity.getWindow()).reportOnFrameMetricsAvailable(m);
    }

    /**
     * What ViewRootImpl.draw does after a scroll: Robolectric has no surface so it never draws; call the tree's
     * (hidden) dispatchOnScrollChanged the same way.
     */
    private void drawAfterScroll() throws Exception {
        java.lang.reflect.Method dispatch = android.view.ViewTreeObserver.class
                .getDeclaredMethod("dispatchOnScrollChanged");
        dispatch.setAccessible(true);
        dispatch.invoke(scroller.getViewTreeObserver());
    }

    private static List<String[]> frames(String payload) {
        List<String[]> out = new ArrayList<String[]>();
        for (String line : payload.split("\n")) {
            if (line.startsWith("F|")) {
                out.add(line.split("\\|", -1));
            } else {
                assertFalse("unexpected record " + line, line.startsWith("M|"));
            }
        }
        return out;
    }

    @Test
    public void tenFramesWithOneSlowTraversalReportThatTraversalTime() throws Exception {
        for (int i = 0; i < 10; i++) {
            if (i == 7) {
                monitor.println(">>>>> Dispatching to Handler (android.os.Handler) {1} app.Work@2: 0");
                clock.advanceMs(3);
                monitor.println("<<<<< Finished to Handler (android.os.Handler) {1} app.Work@2");
            }
            frame(i, i == 4 ? 50 : 4);
        }
        List<String[]> f = frames(batch.drain());
        assertEquals(10, f.size());
        for (int i = 0; i < 10; i++) {
            String[] r = f.get(i);
            assertEquals(21, r.length);
            assertEquals(String.valueOf(VSYNC0 + i * PERIOD), r[3]);
            assertEquals("chInput", "1000000", r[18]);
            assertEquals("chAnimation", "2000000", r[19]);
            assertEquals("chTraversal of frame " + i, i == 4 ? "50000000" : "4000000", r[20]);
            assertEquals("interval", i == 0 ? "-1" : String.valueOf(PERIOD), r[5]);
            assertEquals("idle bit (a non-frame message ran before frame 7)", i == 7 ? "0" : "4", r[7]);
        }
        assertEquals("layout of the slow frame", "25000000", f.get(4)[11]);
    }

    @Test
    public void scrollAndMovingFingerSetInteractionBits() throws Exception {
        frame(0, 4);
        Window.Callback cb = activity.getWindow().getCallback();
        long t = 100;
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, 100f, 500f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 16, MotionEvent.ACTION_MOVE, 100f, 498f, 0));
        frame(1, 4); // finger down but within slop
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 32, MotionEvent.ACTION_MOVE, 100f, 300f, 0));
        scroller.scrollTo(0, 200);
        drawAfterScroll();
        frame(2, 4); // scrolling, finger past slop
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 48, MotionEvent.ACTION_UP, 100f, 300f, 0));
        scroller.scrollTo(0, 400);
        drawAfterScroll();
        frame(3, 4); // fling: scrolling without finger
        timeline.onRenderingStopped(); // the frame callback saw a frame without a draw: the fling is over
        frame(4, 4); // nothing
        List<String[]> f = frames(batch.drain());
        assertEquals(5, f.size());
        int idle = 4;
        assertEquals(String.valueOf(idle), f.get(0)[7]);
        assertEquals(String.valueOf(idle), f.get(1)[7]);
        assertEquals(String.valueOf(1 | 2 | idle), f.get(2)[7]);
        assertEquals(String.valueOf(1 | idle), f.get(3)[7]);
        assertEquals(String.valueOf(idle), f.get(4)[7]);
    }

    /** A view that scrolls the way Compose lists do: it moves its content in draw, never calls scrollTo. */
    private static final class DrawOnlyScroller extends android.view.View {
        float offset;
        private float lastY;

        DrawOnlyScroller(android.content.Context c) {
            super(c);
        }

        @Override
        public boolean onTouchEvent(MotionEvent e) {
            if (e.getActionMasked() == MotionEvent.ACTION_MOVE) {
                offset += e.getY() - lastY;
                invalidate();
            }
            lastY = e.getY();
            return true;
        }
    }

    @Test
    public void aListThatScrollsThroughDrawOnlyCountsAsScrollingDuringDragAndFling() throws Exception {
        DrawOnlyScroller list = new DrawOnlyScroller(activity);
        activity.setContentView(list);
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofMillis(50));
        Window.Callback cb = activity.getWindow().getCallback();
        frame(0, 4);
        long t = 1000;
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, 100f, 450f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 16, MotionEvent.ACTION_MOVE, 100f, 448f, 0));
        frame(1, 4); // within slop: not a drag yet
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 32, MotionEvent.ACTION_MOVE, 100f, 250f, 0));
        frame(2, 4); // dragging
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 48, MotionEvent.ACTION_MOVE, 100f, 50f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(t, t + 56, MotionEvent.ACTION_UP, 100f, 0f, 0));
        frame(3, 4); // flinging: ~12000 px/s, far above the minimum fling velocity
        frame(4, 4); // still flinging: the content keeps drawing
        timeline.onRenderingStopped();
        frame(5, 4); // the fling ended: a frame without a draw came first
        long s2 = 9000; // a slow drag that stops before the finger lifts: no fling
        cb.dispatchTouchEvent(MotionEvent.obtain(s2, s2, MotionEvent.ACTION_DOWN, 100f, 450f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(s2, s2 + 500, MotionEvent.ACTION_MOVE, 100f, 350f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(s2, s2 + 1500, MotionEvent.ACTION_MOVE, 100f, 350f, 0));
        cb.dispatchTouchEvent(MotionEvent.obtain(s2, s2 + 2500, MotionEvent.ACTION_UP, 100f, 350f, 0));
        frame(6, 4);
        List<String[]> f = frames(batch.drain());
        assertEquals(7, f.size());
        int idle = 4;
        int[] expected = {idle, idle, 1 | 2 | idle, 1 | idle, 1 | idle, idle, idle};
        for (int i = 0; i < expected.length; i++) {
            assertEquals("frame " + i, String.valueOf(expected[i]), f.get(i)[7]);
        }
        assertEquals("the content moved through draw only", 0, list.getScrollY());
        assertEquals("the drags reached the view", -400f - 100f, list.offset, 0.01f);
    }

    @Test
    public void refusedQueuesReportAnErrorAndFramesStillFlow() throws Exception {
        RecordBatch b = new RecordBatch();
        Capabilities caps = new Capabilities(b);
        caps.works("choreographer-queues");
        HeadInserter refusing = new HeadInserter() {
            @Override
            public int traversalQueue() {
                return 3;
            }

            @Override
            public void addAtHead(int type, Runnable action) throws io.fpsctl.agent.wrappers.HiddenApiException {
                throw new io.fpsctl.agent.wrappers.HiddenApiException(
                        io.fpsctl.agent.wrappers.AgentMembers.CHOREOGRAPHER_QUEUES,
                        new NoSuchFieldException("mCallbackQueues"));
            }

            @Override
            public boolean remove(int type, Runnable action) {
                return false;
            }

            @Override
            public long frameTimeNanos() {
                return 0;
            }
        };
        QueueHeadHooks hooks = new QueueHeadHooks(refusing, new FrameTimeline(clock, table, interaction), caps);
        hooks.arm();
        hooks.arm();
        // one capability record naming the member and what the platform threw, however often the hooks re-arm
        assertEquals("C|choreographer-queues|off|Choreographer.mCallbackQueues|NoSuchFieldException mCallbackQueues;"
                + " stage times come from FrameMetrics", b.drain());
        assertFalse(caps.has("choreographer-queues"));
    }

    /**
     * A failure of the agent's work inside a Choreographer queue head (here reading the frame time) is not thrown
     * into Choreographer.doCallbacks: one C record names it, the agent is asked to detach, later heads do nothing.
     */
    @Test
    public void aFailureInAQueueHeadIsReportedNotThrown() {
        RecordBatch b = new RecordBatch();
        Capabilities caps = new Capabilities(b);
        final int[] detachRequests = {0};
        caps.fault().onFailure(new Runnable() {
            @Override
            public void run() {
                detachRequests[0]++;
            }
        });
        FakeQueues q = new FakeQueues();
        q.frameTimeFailure = new IllegalStateException("mLastFrameTimeNanos gone");
        new QueueHeadHooks(q, new FrameTimeline(clock, table, interaction), caps).arm();
        q.run(HeadInserter.INPUT); // must not throw
        String records = b.drain();
        assertTrue(records, records.startsWith("C|choreographer-queues|off|-|fpsctl's agent failed "
                + "(IllegalStateException mLastFrameTimeNanos gone at "));
        assertEquals(1, detachRequests[0]);
        assertTrue(caps.fault().failed());
        q.run(HeadInserter.INPUT);
        q.run(HeadInserter.ANIMATION);
        assertNull("nothing more after the failure", b.drain());
    }
}
