package io.fpsctl.capture;

import io.fpsctl.device.DeviceException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * fpsctl's side of the agent's heartbeat: one broadcast every period while the agent runs. A broadcast that fails
 * (adb hiccup, a busy device) is tried again on the next period, not given up for the run. When no broadcast
 * went through for longer than the agent waits ({@code missedAllowed} periods, after which it detaches by itself,
 * docs/agent-protocol.md section 1), one warning says so, so a capture whose agent may have gone quiet cannot end
 * looking complete, and {@link #lapsed()} turns true for the poller (a coverage gap from then on, unless records
 * still arrive); a later success allows a new warning after another such stretch.
 */
final class AgentHeartbeat implements Runnable {
    /** Sends one heartbeat broadcast. */
    interface Broadcast {
        void send() throws DeviceException;
    }

    /** Waits one period; tests drive a clock instead. */
    interface Pause {
        void sleep(long ms) throws InterruptedException;
    }

    private final Broadcast broadcast;
    private final long periodMs;
    private final int missedAllowed;
    private final LongSupplier clockMs;
    private final Pause pause;
    private final BooleanSupplier running;
    private final Consumer<String> warn;
    /** Once a silence lasted longer than the agent waits: by its protocol it has detached (never cleared). */
    private volatile boolean lapsed;

    AgentHeartbeat(Broadcast broadcast, long periodMs, int missedAllowed, LongSupplier clockMs, Pause pause,
            BooleanSupplier running, Consumer<String> warn) {
        this.broadcast = broadcast;
        this.periodMs = periodMs;
        this.missedAllowed = missedAllowed;
        this.clockMs = clockMs;
        this.pause = pause;
        this.running = running;
        this.warn = warn;
    }

    /**
     * True once no broadcast went through for longer than the agent waits: the agent has detached by itself then
     * (docs/agent-protocol.md section 1), so what it would have sent since is missing unless records still arrive.
     */
    boolean lapsed() {
        return lapsed;
    }

    @Override
    public void run() {
        long lastSent = clockMs.getAsLong();
        boolean warned = false;
        try {
            while (running.getAsBoolean()) {
                pause.sleep(periodMs);
                if (!running.getAsBoolean()) {
                    return;
                }
                try {
                    broadcast.send();
                    lastSent = clockMs.getAsLong();
                    warned = false;
                } catch (DeviceException e) {
                    long silent = clockMs.getAsLong() - lastSent;
                    if (!warned && silent > missedAllowed * periodMs) {
                        warned = true;
                        lapsed = true;
                        warn.accept("fpsctl could not send the agent's heartbeat for " + silent + " ms (" + e.getMessage()
                                + "); the agent detaches by itself after " + missedAllowed * periodMs
                                + " ms without one, so frames from then on may be missing");
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
