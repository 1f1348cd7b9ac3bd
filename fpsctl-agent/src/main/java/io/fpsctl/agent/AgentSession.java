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
import io.fpsctl.agent.report.AgentFault;
import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.wrappers.AgentMembers;
import io.fpsctl.agent.wrappers.ChoreographerFrameTime;
import io.fpsctl.agent.wrappers.ChoreographerQueues;
import io.fpsctl.agent.wrappers.FrameInfoTimestamps;
import io.fpsctl.agent.wrappers.HiddenApiException;
import io.fpsctl.agent.wrappers.LooperLogging;
import io.fpsctl.agent.wrappers.MemberAccess;
import io.fpsctl.agent.wrappers.PlatformQuirks;

/**
 * Everything the agent installs in the app, wired together: the main Looper monitor, the Choreographer
 * ticker and queue hooks, and per-activity window hooks through {@link Application.ActivityLifecycleCallbacks}.
 * {@link #install(Application)} runs on the main thread and queues the {@code H} record. Every non-SDK member is
 * tried through the {@link MemberAccess} given (the device's reflection in the app); each refusal is a
 * capability record naming the member, and the agent carries on without what needed it.
 */
public final class AgentSession {
    private final long slowMessageMs;
    private final Clock clock;
    private final MemberAccess access;
    private final RecordBatch batch;
    private final Capabilities capabilities;
    private final FrameStageTable table = new FrameStageTable();
    private final InteractionState interaction = new InteractionState();
    private final FrameTimeline timeline;
    private HandlerThread metricsThread;
    private SlowMessageSampler sampler;
    private LooperMonitor monitor;
    private LooperLogging logging;
    private boolean printerLost;
    private ActivityHooks activityHooks;
    private FrameTicker ticker;
    private QueueHeadHooks queueHooks;
    private Application app;
    private LifecycleHook lifecycle;
    private int targetSdk;
    private volatile boolean uninstalled;

    /** @param slowMessageMs slow-message threshold; @param clock time source; @param access how members are tried */
    public AgentSession(long slowMessageMs, Clock clock, MemberAccess access) {
        this(slowMessageMs, clock, access, new RecordBatch());
    }

    /** As above, with the batch records go to (tests bound it). */
    public AgentSession(long slowMessageMs, Clock clock, MemberAccess access, RecordBatch batch) {
        this.slowMessageMs = slowMessageMs;
        this.clock = clock;
        this.access = access;
        this.batch = batch;
        this.capabilities = new Capabilities(batch);
        this.timeline = new FrameTimeline(clock, table, interaction);
    }

    /** Where callbacks report a failure of the agent's own code (the agent then detaches). */
    public AgentFault fault() {
        return capabilities.fault();
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

    /** The main thread's facts about recent frames (for tests of stage timing). */
    FrameStageTable stageTable() {
        return table;
    }

    /** The main Looper's monitor (after {@link #install}). */
    public LooperMonitor looperMonitor() {
        return monitor;
    }

    /** Whether {@link #uninstall()} ran: nothing may be hooked any more. */
    public boolean isUninstalled() {
        return uninstalled;
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
                new Handler(metricsThread.getLooper()), frameInfo());
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
     * Checks, from inside a main-thread message, that the agent's Printer still sees the Looper's messages
     * (main thread; the agent posts it every second). If the app replaced it: with {@code Looper.mLogging}
     * readable, the agent chains to the app's Printer and puts its own back in front, reporting the loss and the
     * recovery; without, it reports the capability lost for good. Returns whether the Printer is in place.
     */
    public boolean checkPrinter() {
        if (uninstalled || monitor == null || printerLost) {
            return false;
        }
        if (monitor.seesCurrentMessage()) {
            return true;
        }
        Looper main = Looper.getMainLooper();
        if (logging != null) {
            try {
                Printer app = logging.current();
                if (app == monitor) {
                    return true; // in place (called outside a message)
                } else {
                    monitor.chainTo(app);
                    main.setMessageLogging(monitor);
                    capabilities.off(Protocol.CAP_LOOPER, Protocol.NO_MEMBER, "the app replaced fpsctl's Looper "
                            + "Printer (" + (app == null ? "with none" : "with " + app.getClass().getName())
                            + "): slow messages, idle bits and stage ends were not seen for up to one second");
                    capabilities.on(Protocol.CAP_LOOPER, Protocol.NO_MEMBER, "fpsctl chained to the app's "
                            + "Printer and put its own back in front of it");
                    return true;
                }
            } catch (HiddenApiException e) {
                // fall through: cannot chain
            }
        }
        printerLost = true;
        capabilities.off(Protocol.CAP_LOOPER, AgentMembers.LOOPER_LOGGING.shortName(), "the app replaced "
                + "fpsctl's Looper Printer and it cannot be chained (" + (logging == null ? "member refused at start"
                : "read failed") + "): slow messages, idle bits and Choreographer stage ends stop");
        return false;
    }

    /**
     * Detaches (main thread, ideally inside a main-thread message): puts back the Printer the app has now — the
     * one fpsctl chained to, including one the app set while the agent was attached — unless the app's own is
     * already in place; stops the ticker, the queue hooks and the sampler thread; takes every window hook out and
     * hooks no more; unregisters the lifecycle callbacks and ends the FrameMetrics thread. Idempotent.
     */
    public void uninstall() {
        if (uninstalled) {
            return;
        }
        uninstalled = true;
        if (monitor != null) {
            restorePrinter();
            monitor.detach();
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

    private void restorePrinter() {
        Looper main = Looper.getMainLooper();
        boolean ours;
        if (logging != null) {
            try {
                ours = logging.current() == monitor;
            } catch (HiddenApiException e) {
                ours = monitor.seesCurrentMessage();
            }
        } else {
            ours = monitor.seesCurrentMessage();
        }
        if (ours) {
            main.setMessageLogging(monitor.chained());
        }
    }

    /** The sampler thread, for tests of {@link #uninstall()} (null before install). */
    public Thread samplerThread() {
        return sampler == null ? null : sampler.thread();
    }

    /** The FrameMetrics thread, for tests of {@link #uninstall()} (null before install). */
    public HandlerThread metricsThread() {
        return metricsThread;
    }

    private void installLooper(Looper main) {
        Printer previous = null;
        try {
            logging = LooperLogging.open(main, access);
            previous = logging.current();
            capabilities.works(Protocol.CAP_LOOPER_CHAIN);
        } catch (HiddenApiException e) {
            logging = null;
            capabilities.refused(Protocol.CAP_LOOPER_CHAIN, e, "a Printer the app set before fpsctl is not chained"
                    + " and a replaced one cannot be chained");
        }
        sampler = new SlowMessageSampler(main.getThread(), clock, slowMessageMs * 1_000_000L);
        sampler.start();
        monitor = new LooperMonitor(previous, clock, slowMessageMs, sampler, timeline, batch);
        monitor.guardWith(capabilities.fault());
        main.setMessageLogging(monitor);
        capabilities.works(Protocol.CAP_LOOPER);
    }

    private void installChoreographer() {
        Choreographer choreographer = Choreographer.getInstance();
        ticker = new FrameTicker(choreographer, timeline);
        capabilities.works(Protocol.CAP_CHOREOGRAPHER);
        ticker.onRendered();
        try {
            ChoreographerQueues hidden = ChoreographerQueues.open(choreographer, access);
            ChoreographerFrameTime frameTime = ChoreographerFrameTime.open(choreographer, access);
            capabilities.works(Protocol.CAP_CHOREOGRAPHER_QUEUES);
            queueHooks = new QueueHeadHooks(QueueHeadHooks.forChoreographer(hidden, frameTime), timeline,
                    capabilities);
            queueHooks.arm();
        } catch (HiddenApiException e) {
            capabilities.refused(Protocol.CAP_CHOREOGRAPHER_QUEUES, e, "stage times come from FrameMetrics");
        }
    }

    /** On API 24/25 the FrameInfo reader that dates FrameMetrics reports; null on 26+ or when refused. */
    private FrameInfoTimestamps frameInfo() {
        if (!PlatformQuirks.hasFrameMetrics() || PlatformQuirks.hasFrameTimestamps()) {
            return null;
        }
        try {
            return FrameInfoTimestamps.open(access);
        } catch (HiddenApiException e) {
            capabilities.refused(Protocol.CAP_FRAME_DATES, e, "frames are dated by the latest Choreographer frame"
                    + " and flagged approximate");
            return null;
        }
    }

    /** Hooks each activity when it resumes, unhooks it when destroyed. */
    private final class LifecycleHook implements Application.ActivityLifecycleCallbacks {
        @Override
        public void onActivityResumed(Activity activity) {
            if (!uninstalled) {
                activityHooks.attach(activity);
            }
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
