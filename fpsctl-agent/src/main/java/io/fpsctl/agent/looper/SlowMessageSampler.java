package io.fpsctl.agent.looper;

import io.fpsctl.agent.time.Clock;

/**
 * Samples the main thread's stack while a long message runs. The Looper monitor publishes each dispatch with
 * two volatile writes (no allocation, no lock, no wake-up); this sampler's own daemon thread polls every
 * {@code max(10 ms, threshold / 4)} and, once a dispatch has run for half the threshold, takes one stack for it
 * (so the sample lands between 1/2 and 3/4 of the threshold).
 * The monitor collects the sample when the message turns out slower than the threshold.
 */
public final class SlowMessageSampler implements Runnable {
    private final Thread target;
    private final Clock clock;
    private final long sampleAfterNs;
    private final long periodMs;

    /** Odd while a message is dispatched; +1 at start and at end. */
    private volatile long dispatchSeq;
    private volatile long dispatchStartNs;
    private volatile boolean running;

    private volatile long sampledSeq = -1;
    private StackTraceElement[] sample;
    private Thread thread;

    /**
     * @param target the thread to sample (main thread)
     * @param clock time source, same as the monitor's
     * @param thresholdNs slow-message threshold; a sample is taken after half of it
     */
    public SlowMessageSampler(Thread target, Clock clock, long thresholdNs) {
        this.target = target;
        this.clock = clock;
        this.sampleAfterNs = Math.max(1, thresholdNs / 2);
        this.periodMs = Math.max(10, thresholdNs / 1_000_000L / 4);
    }

    /** Starts the sampling thread. */
    public synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this, "fpsctl-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the sampling thread. */
    public synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
    }

    /** The sampling thread while it runs, else null. */
    public synchronized Thread thread() {
        return thread;
    }

    /** A message started at {@code startNs} (main thread). */
    public void dispatchStarted(long startNs) {
        dispatchStartNs = startNs;
        dispatchSeq = (dispatchSeq | 1L) == dispatchSeq ? dispatchSeq + 2 : dispatchSeq + 1;
    }

    /** The message finished; returns the stack sampled while it ran, or {@code null} (main thread). */
    public StackTraceElement[] dispatchFinished() {
        long seq = dispatchSeq;
        dispatchSeq = (seq & 1L) == 1L ? seq + 1 : seq;
        if (sampledSeq != seq) {
            return null; // no sample for this message (the usual case): no lock taken
        }
        synchronized (this) {
            if (sampledSeq == seq) {
                StackTraceElement[] s = sample;
                sample = null;
                sampledSeq = -1;
                return s;
            }
            return null;
        }
    }

    @Override
    public void run() {
        while (running) {
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
            sampleOnce();
        }
    }

    /** One poll: samples the target if the current message has run long enough and was not sampled yet. */
    void sampleOnce() {
        long seq = dispatchSeq;
        if ((seq & 1L) == 0) {
            return;
        }
        synchronized (this) {
            if (sampledSeq == seq) {
                return;
            }
        }
        if (clock.nanoTime() - dispatchStartNs < sampleAfterNs) {
            return;
        }
        StackTraceElement[] stack = target.getStackTrace();
        synchronized (this) {
            if (dispatchSeq == seq) {
                sampledSeq = seq;
                sample = stack;
            }
        }
    }
}
