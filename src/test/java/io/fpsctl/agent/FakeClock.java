package io.fpsctl.agent;

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
