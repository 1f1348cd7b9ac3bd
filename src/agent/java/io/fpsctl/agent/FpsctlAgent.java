package io.fpsctl.agent;

import android.app.Activity;
import android.app.Application;
import android.app.Instrumentation;
import android.content.Context;
import android.os.Bundle;
import android.os.SystemClock;

import io.fpsctl.agent.report.BatchSender;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.StatusChannel;

/**
 * The fpsctl on-device agent, started with
 * {@code am instrument -w -r -e fpsctl.slowMessageMs 100 io.fpsctl.agent/.FpsctlAgent}; it runs inside the
 * target app's process. Streams protocol version 1 ({@link Protocol}): one {@code sendStatus(1, {v, fpsctl})}
 * bundle per batch, at most every 250 ms, until the host broadcasts {@link Protocol#ACTION_STOP}; then it takes
 * every hook out and ends without {@code finish()}, so the app keeps running.
 */
public class FpsctlAgent extends Instrumentation {
    private volatile boolean stopped;
    private long slowMessageMs = Protocol.DEFAULT_SLOW_MESSAGE_MS;
    private AgentSession session;

    @Override
    public void onCreate(Bundle arguments) {
        super.onCreate(arguments);
        slowMessageMs = parseSlowMessageMs(arguments);
        start();
    }

    /** The {@code fpsctl.slowMessageMs} argument, or the default if missing or invalid. */
    static long parseSlowMessageMs(Bundle arguments) {
        String value = arguments == null ? null : arguments.getString(Protocol.ARG_SLOW_MESSAGE_MS);
        if (value == null) {
            return Protocol.DEFAULT_SLOW_MESSAGE_MS;
        }
        try {
            long ms = Long.parseLong(value.trim());
            return ms > 0 ? ms : Protocol.DEFAULT_SLOW_MESSAGE_MS;
        } catch (NumberFormatException e) {
            return Protocol.DEFAULT_SLOW_MESSAGE_MS;
        }
    }

    @Override
    public void onStart() {
        super.onStart();
        final AgentSession s = new AgentSession(slowMessageMs, Clock.SYSTEM);
        session = s;
        Context target = getTargetContext();
        final Application app = target == null ? null : (Application) target.getApplicationContext();
        runOnMainSync(new Runnable() {
            @Override
            public void run() {
                s.install(app);
            }
        });
        StopReceiver receiver = app == null ? null : StopReceiver.register(app, this);
        BatchSender sender = new BatchSender(s.batch(), new StatusChannel() {
            @Override
            public void send(int code, Bundle bundle) {
                sendStatus(code, bundle);
            }
        });
        while (!stopped) {
            SystemClock.sleep(Protocol.BATCH_PERIOD_MS);
            sender.flush();
        }
        detach(s, app, receiver);
        sender.flush();
        // No finish(): ActivityManager force-stops the target package when an instrumentation finishes, and the
        // user's app must keep running. The instrumentation thread simply ends here.
    }

    /** Takes every hook out on the main thread and unregisters the stop receiver. */
    private void detach(final AgentSession s, Application app, StopReceiver receiver) {
        runOnMainSync(new Runnable() {
            @Override
            public void run() {
                s.uninstall();
            }
        });
        if (receiver != null) {
            try {
                app.unregisterReceiver(receiver);
            } catch (RuntimeException ignored) {
                // already gone with the app's context
            }
        }
        s.batch().error(Protocol.DETACHED);
    }

    /** Activities resumed before the lifecycle callbacks were registered are hooked here too (idempotent). */
    @Override
    public void callActivityOnResume(final Activity activity) {
        super.callActivityOnResume(activity);
        AgentSession s = session;
        if (s != null && s.activityHooks() != null) {
            s.activityHooks().attach(activity);
        }
    }

    /** Ends the batch loop; the agent detaches and a final batch follows. */
    public void stop() {
        stopped = true;
    }
}
