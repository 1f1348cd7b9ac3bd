package io.fpsctl.agent;

import android.app.Activity;
import android.app.Application;
import android.os.Bundle;
import android.os.Handler;
import android.os.HandlerThread;
import android.os.Looper;
import android.os.Process;
import android.util.Printer;
import android.view.Choreographer;

import io.fpsctl.agent.frames.FrameStageTable;
import io.fpsctl.agent.frames.FrameTicker;
import io.fpsctl.agent.frames.FrameTimeline;
import io.fpsctl.agent.frames.QueueHeadHooks;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.looper.LooperMonitor;
import io.fpsctl.agent.looper.SlowMessageSampler;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.wrappers.ChoreographerFrameTime;
import io.fpsctl.agent.wrappers.ChoreographerQueues;
import io.fpsctl.agent.wrappers.HiddenApiException;
import io.fpsctl.agent.wrappers.LooperLogging;
import io.fpsctl.agent.wrappers.PlatformQuirks;

/**
 * Everything the agent installs in the app, wired together: the main Looper monitor, the Choreographer
 * ticker and queue hooks, and per-activity window hooks through {@link Application.ActivityLifecycleCallbacks}.
 * {@link #install(Application)} runs on the main thread and queues the {@code H} record.
 */
public final class AgentSession {
    private final long slowMessageMs;
    private final Clock clock;
    private final RecordBatch batch = new RecordBatch();
    private final Capabilities capabilities = new Capabilities(batch);
    private final FrameStageTable table = new FrameStageTable();
    private final InteractionState interaction = new InteractionState();
    private final FrameTimeline timeline;
    private HandlerThread metricsThread;
    private SlowMessageSampler sampler;
    private LooperMonitor monitor;
    private ActivityHooks activityHooks;
    private FrameTicker ticker;
    private QueueHeadHooks queueHooks;
    private Application app;
    private LifecycleHook lifecycle;
    private int targetSdk;
    private boolean uninstalled;

    /** @param slowMessageMs slow-message threshold; @param clock time source */
    public AgentSession(long slowMessageMs, Clock clock) {
        this.slowMessageMs = slowMessageMs;
        this.clock = clock;
        this.timeline = new FrameTimeline(clock, table, interaction);
    }

    /** The records waiting to be sent. */
    public RecordBatch batch() {
        return batch;
    }

    /** What works. */
    public Capabilities capabilities() {
        return capabilities;
    }

    /** The per-window hooks (after {@link #install}). */
    public ActivityHooks activityHooks() {
        return activityHooks;
    }

    /** The main thread's frame timeline. */
    public FrameTimeline timeline() {
        return timeline;
    }

    /** The main Looper's monitor (after {@link #install}). */
    public LooperMonitor looperMonitor() {
        return monitor;
    }

    /** Installs every hook; call on the main thread. {@code app} may be null (no activity hooks). */
    public void install(Application app) {
        targetSdk = app == null ? PlatformQuirks.sdk() : app.getApplicationInfo().targetSdkVersion;
        Looper main = Looper.getMainLooper();
        metricsThread = new HandlerThread("fpsctl-metrics");
        metricsThread.start();
        installLooper(main);
        installChoreographer();
        activityHooks = new ActivityHooks(table, batch, capabilities, interaction, ticker,
                new Handler(metricsThread.getLooper()));
        if (PlatformQuirks.hasFrameMetrics()) {
            capabilities.works(Protocol.CAP_FRAMEMETRICS);
        } else {
            capabilities.refused(Protocol.CAP_FRAMEMETRICS, "API " + PlatformQuirks.sdk() + " < 24");
        }
        capabilities.works(Protocol.CAP_SCROLL);
        capabilities.works(Protocol.CAP_TOUCH);
        if (app != null) {
            this.app = app;
            lifecycle = new LifecycleHook();
            app.registerActivityLifecycleCallbacks(lifecycle);
        }
        batch.hello(PlatformQuirks.sdk(), app == null ? "" : app.getPackageName(), Process.myPid(),
                capabilities.list());
    }

    /** The targetSdkVersion of the app the agent runs in (after {@link #install}). */
    public int targetSdk() {
        return targetSdk;
    }

    /**
     * Detaches (main thread): restores the Looper's previous Printer, stops the ticker, the queue hooks and the
     * sampler thread, takes every window hook out, unregisters the lifecycle callbacks and ends the FrameMetrics
     * thread. The app runs on as if the agent had never been there. Idempotent.
     */
    public void uninstall() {
        if (uninstalled) {
            return;
        }
        uninstalled = true;
        if (monitor != null) {
            Looper.getMainLooper().setMessageLogging(monitor.chained());
        }
        if (sampler != null) {
            sampler.stop();
        }
        if (ticker != null) {
            ticker.stop();
        }
        if (queueHooks != null) {
            queueHooks.stop();
        }
        if (app != null && lifecycle != null) {
            app.unregisterActivityLifecycleCallbacks(lifecycle);
        }
        if (activityHooks != null) {
            activityHooks.detachAll();
        }
        if (metricsThread != null) {
            metricsThread.quitSafely();
        }
    }

    /** The sampler thread, for tests of {@link #uninstall()} (null before install). */
    public Thread samplerThread() {
        return sampler == null ? null : sampler.thread();
    }

    /** The FrameMetrics thread, for tests of {@link #uninstall()} (null before install). */
    public Thread metricsThread() {
        return metricsThread;
    }

    private void installLooper(Looper main) {
        Printer previous = null;
        try {
            previous = LooperLogging.current(main, targetSdk);
        } catch (HiddenApiException e) {
            batch.error("looper-chain: " + e.getMessage());
        }
        sampler = new SlowMessageSampler(main.getThread(), clock, slowMessageMs * 1_000_000L);
        sampler.start();
        monitor = new LooperMonitor(previous, clock, slowMessageMs, sampler, timeline, batch);
        main.setMessageLogging(monitor);
        capabilities.works(Protocol.CAP_LOOPER);
    }

    private void installChoreographer() {
        Choreographer choreographer = Choreographer.getInstance();
        ticker = new FrameTicker(choreographer, timeline);
        capabilities.works(Protocol.CAP_CHOREOGRAPHER);
        ticker.onRendered();
        try {
            ChoreographerQueues hidden = ChoreographerQueues.open(choreographer, targetSdk);
            ChoreographerFrameTime frameTime = ChoreographerFrameTime.open(choreographer, targetSdk);
            capabilities.works(Protocol.CAP_CHOREOGRAPHER_QUEUES);
            queueHooks = new QueueHeadHooks(QueueHeadHooks.forChoreographer(hidden, frameTime), timeline,
                    capabilities);
            queueHooks.arm();
        } catch (HiddenApiException e) {
            capabilities.refused(Protocol.CAP_CHOREOGRAPHER_QUEUES, e.getMessage()
                    + "; stage times come from FrameMetrics");
        }
    }

    /** Hooks each activity when it resumes, unhooks it when destroyed. */
    private final class LifecycleHook implements Application.ActivityLifecycleCallbacks {
        @Override
        public void onActivityResumed(Activity activity) {
            activityHooks.attach(activity);
        }

        @Override
        public void onActivityDestroyed(Activity activity) {
            activityHooks.detach(activity);
        }

        @Override
        public void onActivityCreated(Activity activity, Bundle savedInstanceState) {
        }

        @Override
        public void onActivityStarted(Activity activity) {
        }

        @Override
        public void onActivityPaused(Activity activity) {
        }

        @Override
        public void onActivityStopped(Activity activity) {
        }

        @Override
        public void onActivitySaveInstanceState(Activity activity, Bundle outState) {
        }
    }
}
