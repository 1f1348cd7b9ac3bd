package io.fpsctl.agent;

import android.content.BroadcastReceiver;
import android.content.Context;
import android.content.Intent;
import android.content.IntentFilter;
import android.os.Build;

import io.fpsctl.agent.report.Protocol;

/**
 * Receives {@code am broadcast -a io.fpsctl.agent.action.STOP -p PACKAGE}, which fpsctl sends when it stops,
 * and tells the agent to detach. Registered at run time in the app's context (exported: the shell sends it).
 */
final class StopReceiver extends BroadcastReceiver {
    /** {@code Context.RECEIVER_EXPORTED} (API 33). */
    private static final int RECEIVER_EXPORTED = 0x2;

    private final FpsctlAgent agent;

    private StopReceiver(FpsctlAgent agent) {
        this.agent = agent;
    }

    /** Registers a receiver that stops {@code agent}; null when the app's context refuses it. */
    static StopReceiver register(Context context, FpsctlAgent agent) {
        StopReceiver r = new StopReceiver(agent);
        IntentFilter filter = new IntentFilter(Protocol.ACTION_STOP);
        try {
            if (Build.VERSION.SDK_INT >= 26) {
                context.registerReceiver(r, filter, RECEIVER_EXPORTED);
            } else {
                context.registerReceiver(r, filter);
            }
            return r;
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public void onReceive(Context context, Intent intent) {
        agent.stop();
    }
}
