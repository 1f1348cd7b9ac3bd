package io.fpsctl.agent;

import android.app.Activity;
import android.os.Handler;
import android.view.View;
import android.view.ViewConfiguration;
import android.view.ViewTreeObserver;
import android.view.Window;

import io.fpsctl.agent.frames.FrameMetricsReporter;
import io.fpsctl.agent.frames.FrameStageTable;
import io.fpsctl.agent.frames.FrameTicker;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.interaction.ScrollWatcher;
import io.fpsctl.agent.interaction.TouchCallback;
import io.fpsctl.agent.interaction.TouchSlopTracker;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.wrappers.FrameInfoTimestamps;
import io.fpsctl.agent.wrappers.PlatformQuirks;

import java.util.ArrayList;
import java.util.List;
import java.util.WeakHashMap;

/**
 * Per-window hooks of every resumed activity, installed once per window on the main thread: the FrameMetrics
 * listener, the scroll and draw listeners on the decor view's tree, and the touch-watching Window.Callback
 * wrapper. A refusal is reported once per capability and the other hooks still go in. Every hook can be taken
 * out again ({@link #detachAll()}), leaving the app as it was.
 *
 * <p>The tree listeners go on the tree of the <em>attached</em> decor view: before the first traversal a view
 * has a floating ViewTreeObserver that is merged into the window's when it attaches, and on Android 7.0/7.1
 * {@code ViewTreeObserver.merge} forgets draw listeners. So an unattached decor gets them when it attaches.
 */
public final class ActivityHooks {
    private final FrameStageTable table;
    private final RecordBatch batch;
    private final Capabilities capabilities;
    private final InteractionState interaction;
    private final FrameTicker ticker;
    private final Handler metricsHandler;
    private final FrameInfoTimestamps frameInfo;
    private final WeakHashMap<Window, WindowHooks> hooked = new WeakHashMap<Window, WindowHooks>();
    private boolean closed;

    /**
     * @param table main-thread frame facts; @param batch records; @param capabilities refusals;
     * @param interaction user state; @param ticker woken on each draw (may be null);
     * @param metricsHandler thread for FrameMetrics callbacks; @param frameInfo FrameInfo reader on API 24/25 or null
     */
    public ActivityHooks(FrameStageTable table, RecordBatch batch, Capabilities capabilities,
                         InteractionState interaction, FrameTicker ticker, Handler metricsHandler,
                         FrameInfoTimestamps frameInfo) {
        this.frameInfo = frameInfo;
        this.table = table;
        this.batch = batch;
        this.capabilities = capabilities;
        this.interaction = interaction;
        this.ticker = ticker;
        this.metricsHandler = metricsHandler;
    }

    /** Hooks the activity's window if not done yet (main thread); nothing once {@link #detachAll()} ran. */
    public void attach(Activity activity) {
        Window window = activity.getWindow();
        if (closed || window == null || hooked.containsKey(window)) {
            return;
        }
        String name = activity.getComponentName().getShortClassName();
        WindowHooks h = new WindowHooks(window);
        hooked.put(window, h);
        if (PlatformQuirks.hasFrameMetrics()) {
            try {
                FrameMetricsReporter reporter = new FrameMetricsReporter(name, table, batch, frameInfo,
                        capabilities.fault());
                window.addOnFrameMetricsAvailableListener(reporter, metricsHandler);
                h.reporter = reporter;
            } catch (RuntimeException e) {
                capabilities.refused(Protocol.CAP_FRAMEMETRICS, name + " " + Capabilities.describe(e));
            }
        }
        try {
            h.addTreeListeners(window.getDecorView());
        } catch (RuntimeException e) {
            capabilities.refused(Protocol.CAP_SCROLL, name + " " + Capabilities.describe(e));
        }
        try {
            Window.Callback original = window.getCallback();
            if (original != null && !(original instanceof TouchCallback)) {
                ViewConfiguration vc = ViewConfiguration.get(activity);
                h.touch = new TouchCallback(original, new TouchSlopTracker(interaction, vc.getScaledTouchSlop(),
                        vc.getScaledMinimumFlingVelocity()), capabilities.fault());
                window.setCallback(h.touch);
            }
        } catch (RuntimeException e) {
            capabilities.refused(Protocol.CAP_TOUCH, name + " " + Capabilities.describe(e));
        }
    }

    /** Takes every hook out of a destroyed activity's window (main thread). */
    public void detach(Activity activity) {
        Window window = activity.getWindow();
        if (window != null) {
            WindowHooks h = hooked.remove(window);
            if (h != null) {
                h.remove();
            }
        }
    }

    /** Takes every hook out of every window and hooks no more (main thread): the agent detaches, the app runs on. */
    public void detachAll() {
        closed = true;
        List<WindowHooks> all = new ArrayList<WindowHooks>(hooked.values());
        hooked.clear();
        for (WindowHooks h : all) {
            h.remove();
        }
    }

    /** Windows hooked now. */
    public int hookedWindows() {
        return hooked.size();
    }

    /** What was put into one window, to take it out again. */
    private final class WindowHooks implements View.OnAttachStateChangeListener {
        private final Window window;
        private final ScrollWatcher scroll = new ScrollWatcher(interaction, capabilities.fault());
        private final ViewTreeObserver.OnDrawListener draw = new ViewTreeObserver.OnDrawListener() {
            @Override
            public void onDraw() {
                if (capabilities.fault().failed()) {
                    return;
                }
                try {
                    ticker.onRendered();
                } catch (RuntimeException | LinkageError e) {
                    capabilities.fault().report(Protocol.CAP_CHOREOGRAPHER, e);
                }
            }
        };
        private FrameMetricsReporter reporter;
        private TouchCallback touch;
        private View decor;
        private ViewTreeObserver tree;

        WindowHooks(Window window) {
            this.window = window;
        }

        void addTreeListeners(View decorView) {
            decor = decorView;
            if (decorView.isAttachedToWindow()) {
                onViewAttachedToWindow(decorView);
            } else {
                decorView.addOnAttachStateChangeListener(this);
            }
        }

        @Override
        public void onViewAttachedToWindow(View v) {
            v.removeOnAttachStateChangeListener(this);
            tree = v.getViewTreeObserver();
            tree.addOnScrollChangedListener(scroll);
            if (ticker != null) {
                tree.addOnDrawListener(draw);
            }
        }

        @Override
        public void onViewDetachedFromWindow(View v) {
        }

        void remove() {
            if (reporter != null) {
                try {
                    window.removeOnFrameMetricsAvailableListener(reporter);
                } catch (RuntimeException ignored) {
                    // window already torn down
                }
            }
            if (decor != null) {
                decor.removeOnAttachStateChangeListener(this);
            }
            if (tree != null && tree.isAlive()) {
                tree.removeOnScrollChangedListener(scroll);
                tree.removeOnDrawListener(draw);
            }
            if (decor != null && decor.getViewTreeObserver() != tree && decor.getViewTreeObserver().isAlive()) {
                // the tree was merged into another since (ViewTreeObserver.merge): take ours out of that one too
                decor.getViewTreeObserver().removeOnScrollChangedListener(scroll);
                decor.getViewTreeObserver().removeOnDrawListener(draw);
            }
            if (touch != null && window.getCallback() == touch) {
                window.setCallback(touch.delegate());
            }
        }
    }
}
