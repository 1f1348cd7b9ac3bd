package io.fpsctl.agent;

import io.fpsctl.agent.frames.HeadInserter;

import java.util.ArrayList;
import java.util.List;

/** Stands in for Choreographer's queues: keeps head callbacks per queue and runs them when the test says. */
final class FakeQueues implements HeadInserter {
    final List<List<Runnable>> queues = new ArrayList<List<Runnable>>();
    long frameTime;
    /** When set, reading the frame time throws it (a failure of the agent's own work inside a queue head). */
    RuntimeException frameTimeFailure;

    FakeQueues() {
        for (int i = 0; i < 5; i++) {
            queues.add(new ArrayList<Runnable>());
        }
    }

    @Override
    public int traversalQueue() {
        return 3;
    }

    @Override
    public void addAtHead(int type, Runnable action) {
        queues.get(type).add(0, action);
    }

    @Override
    public boolean remove(int type, Runnable action) {
        return queues.get(type).remove(action);
    }

    @Override
    public long frameTimeNanos() {
        if (frameTimeFailure != null) {
            throw frameTimeFailure;
        }
        return frameTime;
    }

    /** Runs and removes every callback of queue {@code type}, like Choreographer.doCallbacks. */
    void run(int type) {
        List<Runnable> q = new ArrayList<Runnable>(queues.get(type));
        queues.get(type).clear();
        for (Runnable r : q) {
            r.run();
        }
    }
}
