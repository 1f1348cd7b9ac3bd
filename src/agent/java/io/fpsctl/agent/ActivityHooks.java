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
import io.fpsctl.agent.wrappers.PlatformQuirks;

import java.util.WeakHashMap;

/**
 * Per-window hooks of every resumed activity, installed once per window on the main thread: the FrameMetrics
 * listener, the scroll and draw listeners on the decor view's tree, and the touch-watching Window.Callback
 * wrapper. A refusal is reported once per capability and the other hooks still go in.
 */
public final class ActivityHooks {
    private final FrameStageTable table;
    private final RecordBatch batch;
    private final Capabilities capabilities;
    private final InteractionState interaction;
    private final FrameTicker ticker;
    private final Handler metricsHandler;
    private final WeakHashMap<Window, FrameMetricsReporter> hooked = new WeakHashMap<Window, FrameMetricsReporter>();

    /**
     * @param table main-thread frame facts; @param batch records; @param capabilities refusals;
     * @param interaction user state; @param ticker woken on each draw (may be null);
     * @param metricsHandler thread for FrameMetrics callbacks
     */
    public ActivityHooks(FrameStageTable table, RecordBatch batch, Capabilities capabilities,
                         InteractionState interaction, FrameTicker ticker, Handler metricsHandler) {
        this.table = table;
        this.batch = batch;
        this.capabilities = capabilities;
        this.interaction = interaction;
        this.ticker = ticker;
        this.metricsHandler = metricsHandler;
    }

    /** Hooks the activity's window if not done yet (main thread). */
    public void attach(Activity activity) {
        Window window = activity.getWindow();
        if (window == null || hooked.containsKey(window)) {
            return;
        }
        String name = activity.getComponentName().getShortClassName();
        FrameMetricsReporter reporter = null;
        if (PlatformQuirks.hasFrameMetrics()) {
            try {
                reporter = new FrameMetricsReporter(name, table, batch);
                window.addOnFrameMetricsAvailableListener(reporter, metricsHandler);
            } catch (RuntimeException e) {
                reporter = null;
                capabilities.refused(Protocol.CAP_FRAMEMETRICS, name + " " + Capabilities.describe(e));
            }
        }
        hooked.put(window, reporter);
        View decor = window.getDecorView();
        try {
            ViewTreeObserver vto = decor.getViewTreeObserver();
            vto.addOnScrollChangedListener(new ScrollWatcher(interaction));
            if (ticker != null) {
                vto.addOnDrawListener(new ViewTreeObserver.OnDrawListener() {
                    @Override
                    public void onDraw() {
                        ticker.onRendered();
                    }
                });
            }
        } catch (RuntimeException e) {
            capabilities.refused(Protocol.CAP_SCROLL, name + " " + Capabilities.describe(e));
        }
        try {
            Window.Callback original = window.getCallback();
            if (original != null && !(original instanceof TouchCallback)) {
                int slop = ViewConfiguration.get(activity).getScaledTouchSlop();
                window.setCallback(new TouchCallback(original, new TouchSlopTracker(interaction, slop)));
            }
        } catch (RuntimeException e) {
            capabilities.refused(Protocol.CAP_TOUCH, name + " " + Capabilities.describe(e));
        }
    }

    /** Removes the FrameMetrics listener of a destroyed activity's window (main thread). */
    public void detach(Activity activity) {
        Window window = activity.getWindow();
        if (window == null) {
            return;
        }
        FrameMetricsReporter reporter = hooked.remove(window);
        if (reporter != null) {
            try {
                window.removeOnFrameMetricsAvailableListener(reporter);
            } catch (RuntimeException ignored) {
                // window already torn down
            }
        }
    }
}
