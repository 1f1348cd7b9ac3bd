package io.fpsctl.agent;

import android.app.Activity;
import android.app.Application;
import android.app.Instrumentation;
import android.content.Context;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.os.SystemClock;

import io.fpsctl.agent.report.BatchSender;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.StatusChannel;
import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.wrappers.MemberAccess;
import io.fpsctl.agent.wrappers.PlatformAccess;

/**
 * The fpsctl on-device agent, started with {@code am instrument -w -r [--no-hidden-api-checks]
 * -e fpsctl.slowMessageMs 100 -e fpsctl.heartbeatMs 2000 io.fpsctl.agent/.FpsctlAgent}; it runs inside the
 * target app's process. Streams protocol version 1.1 ({@link Protocol}): one {@code sendStatus(1, {v, fpsctl})}
 * bundle per batch, at most every 250 ms, until the host broadcasts {@link Protocol#ACTION_STOP} or stops sending
 * {@link Protocol#ACTION_HEARTBEAT} for {@link Protocol#HEARTBEATS_MISSED} periods; then it takes every hook out
 * and ends without {@code finish()}, so the app keeps running.
 */
public class FpsctlAgent extends Instrumentation implements StopReceiver.Listener {
    private static final long PRINTER_CHECK_MS = 1000;

    private volatile boolean stopped;
    private volatile long lastHeartbeatMs;
    private volatile String stopReason = Protocol.DETACHED;
    private long slowMessageMs = Protocol.DEFAULT_SLOW_MESSAGE_MS;
    private long heartbeatMs;
    private volatile AgentSession session;

    @Override
    public void onCreate(Bundle arguments) {
        super.onCreate(arguments);
        slowMessageMs = parsePositive(arguments, Protocol.ARG_SLOW_MESSAGE_MS, Protocol.DEFAULT_SLOW_MESSAGE_MS);
        heartbeatMs = parsePositive(arguments, Protocol.ARG_HEARTBEAT_MS, 0);
        start();
    }

    /** The {@code fpsctl.slowMessageMs} argument, or the default if missing or invalid. */
    static long parseSlowMessageMs(Bundle arguments) {
        return parsePositive(arguments, Protocol.ARG_SLOW_MESSAGE_MS, Protocol.DEFAULT_SLOW_MESSAGE_MS);
    }

    /** A positive number argument, or {@code fallback} if missing or invalid. */
    static long parsePositive(Bundle arguments, String key, long fallback) {
        String value = arguments == null ? null : arguments.getString(key);
        if (value == null) {
            return fallback;
        }
        try {
            long ms = Long.parseLong(value.trim());
            return ms > 0 ? ms : fallback;
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** How members are tried: the device's reflection (tests substitute a modelled hidden-API policy). */
    protected MemberAccess memberAccess() {
        return PlatformAccess.INSTANCE;
    }

    /** Milliseconds of the clock the heartbeat watch uses. */
    protected long uptimeMillis() {
        return SystemClock.uptimeMillis();
    }

    /** Sleeps one batch period on the instrumentation thread. */
    protected void sleepBatchPeriod() {
        SystemClock.sleep(Protocol.BATCH_PERIOD_MS);
    }

    @Override
    public void onStart() {
        super.onStart();
        final AgentSession s = new AgentSession(slowMessageMs, Clock.SYSTEM, memberAccess());
        s.fault().onFailure(new Runnable() {
            @Override
            public void run() {
                stop();
            }
        });
        session = s;
        Context target = getTargetContext();
        final Application app = target == null ? null : (Application) target.getApplicationContext();
        runOnMainSync(new Runnable() {
            @Override
            public void run() {
                try {
                    s.install(app);
                } catch (RuntimeException | LinkageError e) {
                    s.fault().report(Protocol.CAP_AGENT, e); // a failed install detaches, the app starts as usual
                }
            }
        });
        lastHeartbeatMs = uptimeMillis();
        // heartbeats and the stop request arrive on the agent's metrics thread, never on the app's main thread
        StopReceiver receiver = app == null || s.metricsThread() == null ? null
                : StopReceiver.register(app, this, new Handler(s.metricsThread().getLooper()));
        BatchSender sender = new BatchSender(s.batch(), new StatusChannel() {
            @Override
            public void send(int code, Bundle bundle) {
                sendStatus(code, bundle);
            }
        });
        Handler main = new Handler(Looper.getMainLooper());
        Runnable printerCheck = new Runnable() {
            @Override
            public void run() {
                s.checkPrinter();
            }
        };
        long nextPrinterCheck = uptimeMillis() + PRINTER_CHECK_MS;
        while (!stopped) {
            sleepBatchPeriod();
            long now = uptimeMillis();
            if (heartbeatMs > 0 && now - lastHeartbeatMs > Protocol.HEARTBEATS_MISSED * heartbeatMs) {
                stopReason = "no heartbeat from fpsctl for " + (now - lastHeartbeatMs) + " ms: " + Protocol.DETACHED;
                stopped = true;
            }
            if (now >= nextPrinterCheck) {
                main.post(printerCheck);
                nextPrinterCheck = now + PRINTER_CHECK_MS;
            }
            sender.flush();
        }
        main.removeCallbacks(printerCheck);
        detach(s, app, receiver);
        sender.flush();
        // No finish(): ActivityManager force-stops the target package when an instrumentation finishes, and the
        // user's app must keep running. The instrumentation thread simply ends here.
    }

    /** Takes every hook out inside a main-thread message and unregisters the receiver. */
    private void detach(final AgentSession s, Application app, StopReceiver receiver) {
        runOnMainSync(new Runnable() {
            @Override
            public void run() {
                try {
                    s.uninstall();
                } catch (RuntimeException | LinkageError e) {
                    s.batch().error("detach failed: " + e); // never into the app
                }
            }
        });
        if (receiver != null) {
            try {
                app.unregisterReceiver(receiver);
            } catch (RuntimeException ignored) {
                // already gone with the app's context
            }
        }
        s.batch().error(stopReason);
    }

    /** Activities resumed before the lifecycle callbacks were registered are hooked here too; nothing after stop. */
    @Override
    public void callActivityOnResume(final Activity activity) {
        super.callActivityOnResume(activity);
        AgentSession s = session;
        if (s != null && !s.isUninstalled() && s.activityHooks() != null) {
            s.activityHooks().attach(activity);
        }
    }

    /** The session (after {@link #onStart()} began), for tests. */
    AgentSession session() {
        return session;
    }

    @Override
    public void stopRequested() {
        stopped = true;
    }

    @Override
    public void failed(Throwable t) {
        AgentSession s = session;
        if (s != null) {
            s.fault().report(Protocol.CAP_AGENT, t);
        } else {
            stopped = true;
        }
    }

    @Override
    public void heartbeat() {
        lastHeartbeatMs = uptimeMillis();
    }

    /** Ends the batch loop; the agent detaches and a final batch follows. */
    public void stop() {
        stopped = true;
    }
}
