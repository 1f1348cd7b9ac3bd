package io.fpsctl.agent;

import android.content.BroadcastReceiver;
import android.content.Context;
import android.content.Intent;
import android.content.IntentFilter;
import android.os.Build;
import android.os.Handler;

import io.fpsctl.agent.report.Protocol;

/**
 * Receives fpsctl's broadcasts, sent from the shell with {@code am broadcast -a ACTION -p PACKAGE}:
 * {@link Protocol#ACTION_STOP} (detach) and {@link Protocol#ACTION_HEARTBEAT} (fpsctl is still reading).
 * Registered at run time in the app's context. It must be exported (the shell is another uid), so it requires
 * the sender to hold {@link Protocol#SENDER_PERMISSION}, which the shell has and apps cannot get:
 * {@code Context.registerReceiver(receiver, filter, broadcastPermission, scheduler)} (API 1) and, from API 26,
 * the overload with flags, where API 33+ needs {@code RECEIVER_EXPORTED} for a receiver of another uid's
 * broadcasts (frameworks/base core/java/android/app/ContextImpl.java {@code registerReceiverInternal},
 * android-13.0.0_r1; ActivityManagerService {@code registerReceiverWithFeature} throws for a runtime receiver
 * without either flag when the app targets 34+, android-14.0.0_r1).
 */
final class StopReceiver extends BroadcastReceiver {
    /** {@code Context.RECEIVER_EXPORTED} (API 33). */
    private static final int RECEIVER_EXPORTED = 0x2;

    /** What the receiver tells the agent. */
    interface Listener {
        /** fpsctl asked the agent to detach. */
        void stopRequested();

        /** fpsctl is alive. */
        void heartbeat();

        /** Handling a broadcast failed: the agent reports it and detaches. */
        void failed(Throwable t);
    }

    private final Listener listener;

    private StopReceiver(Listener listener) {
        this.listener = listener;
    }

    /**
     * Registers a receiver for {@code listener} whose {@code onReceive} runs on {@code scheduler}'s thread (the
     * agent's own thread, not the app's main thread: a stalled main thread must neither delay a heartbeat into a
     * self-detach nor run the agent's work as app work; {@code Context.registerReceiver}'s {@code scheduler}
     * argument, "Handler identifying the thread that will receive the Intent", API 1); null when the app's
     * context refuses it.
     */
    static StopReceiver register(Context context, Listener listener, Handler scheduler) {
        StopReceiver r = new StopReceiver(listener);
        IntentFilter filter = new IntentFilter(Protocol.ACTION_STOP);
        filter.addAction(Protocol.ACTION_HEARTBEAT);
        try {
            if (Build.VERSION.SDK_INT >= 26) {
                context.registerReceiver(r, filter, Protocol.SENDER_PERMISSION, scheduler, RECEIVER_EXPORTED);
            } else {
                context.registerReceiver(r, filter, Protocol.SENDER_PERMISSION, scheduler);
            }
            return r;
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public void onReceive(Context context, Intent intent) {
        try {
            if (Protocol.ACTION_HEARTBEAT.equals(intent.getAction())) {
                listener.heartbeat();
            } else if (Protocol.ACTION_STOP.equals(intent.getAction())) {
                listener.stopRequested();
            }
        } catch (RuntimeException | LinkageError e) {
            listener.failed(e); // never into the app's process
        }
    }
}
