package io.fpsctl.sim.device;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the running app does beyond rendering, as the agent sees it: its {@code targetSdkVersion}, how many times
 * an activity was launched ({@code am start}, {@code monkey}), the broadcast receivers it registered at run
 * time (the agent's stop receiver), and whether the agent is inside its process.
 */
final class AppRuntime {
    private volatile int targetSdk = 34;
    private volatile boolean agentAttached;
    /** A fault: every {@code am broadcast} fails and reaches nobody. */
    private volatile boolean broadcastsLost;
    private final AtomicLong launches = new AtomicLong();
    private final Map<String, Runnable> receivers = new ConcurrentHashMap<>();

    int targetSdk() {
        return targetSdk;
    }

    void setTargetSdk(int sdk) {
        targetSdk = sdk;
    }

    void launched() {
        launches.incrementAndGet();
    }

    long launches() {
        return launches.get();
    }

    void register(String action, Runnable receiver) {
        receivers.put(action, receiver);
    }

    void unregister(String action, Runnable receiver) {
        receivers.remove(action, receiver);
    }

    /** Delivers a broadcast of {@code action} to the receiver registered for it, if any. */
    void setBroadcastsLost(boolean lost) {
        broadcastsLost = lost;
    }

    boolean broadcastsLost() {
        return broadcastsLost;
    }

    void broadcast(String action) {
        Runnable r = receivers.get(action);
        if (r != null) {
            r.run();
        }
    }

    boolean agentAttached() {
        return agentAttached;
    }

    void setAgentAttached(boolean attached) {
        agentAttached = attached;
    }
}
