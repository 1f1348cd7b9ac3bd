package io.fpsctl.agent;

import io.fpsctl.agent.time.Clock;

/** A clock the test moves by hand. */
final class FakeClock implements Clock {
    long now;

    @Override
    public long nanoTime() {
        return now;
    }

    void advanceMs(long ms) {
        now += ms * 1_000_000L;
    }
}
