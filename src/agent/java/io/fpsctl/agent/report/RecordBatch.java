package io.fpsctl.agent.report;

/**
 * The records waiting for the next batch. Producers (main thread, FrameMetrics thread, sampler) encode
 * straight into one buffer under a lock; the sender {@link #drain() drains} it at most every
 * {@link Protocol#BATCH_PERIOD_MS}. Nothing is built unless a record is actually produced.
 */
public final class RecordBatch {
    private final Object lock = new Object();
    private StringBuilder buffer = new StringBuilder(4096);

    /** Adds an {@code H} record. */
    public void hello(int sdk, String pkg, int pid, String capabilities) {
        synchronized (lock) {
            RecordEncoder.hello(separator(), sdk, pkg, pid, capabilities);
        }
    }

    /** Adds an {@code F} record. */
    public void frame(FrameRecord frame) {
        synchronized (lock) {
            RecordEncoder.frame(separator(), frame);
        }
    }

    /** Adds an {@code M} record. */
    public void slowMessage(long startUptimeMs, long durationMs, String target, StackTraceElement[] stack) {
        synchronized (lock) {
            RecordEncoder.slowMessage(separator(), startUptimeMs, durationMs, target, stack);
        }
    }

    /** Adds an {@code E} record. */
    public void error(String message) {
        synchronized (lock) {
            RecordEncoder.error(separator(), message);
        }
    }

    /** Returns the pending payload (records separated by {@code '\n'}) and empties the batch; {@code null} if empty. */
    public String drain() {
        synchronized (lock) {
            if (buffer.length() == 0) {
                return null;
            }
            String payload = buffer.toString();
            buffer = new StringBuilder(Math.max(4096, payload.length()));
            return payload;
        }
    }

    private StringBuilder separator() {
        if (buffer.length() > 0) {
            buffer.append('\n');
        }
        return buffer;
    }
}
