package io.fpsctl.agent.report;

/**
 * The records waiting for the next batch. Producers (main thread, FrameMetrics thread, sampler) encode
 * straight into one buffer under a lock; the sender {@link #drain() drains} it at most every
 * {@link Protocol#BATCH_PERIOD_MS}. Nothing is built unless a record is actually produced.
 *
 * <p>Bounded: an {@code F} or {@code M} record that would take the buffer past {@link Protocol#MAX_BATCH_CHARS}
 * (the host stopped reading, or the app produces records faster than a batch period carries) is taken out
 * again and counted, and the next drain reports them as one {@code G} record spanning the dropped frames' times, so the
 * host counts a coverage gap instead of losing frames silently. {@code H}, {@code C}, {@code G}, {@code E}
 * records are always kept (there are few, and each is short), so a payload can pass the bound by them only.
 */
public final class RecordBatch {
    private final Object lock = new Object();
    private final int maxChars;
    private StringBuilder buffer = new StringBuilder(4096);
    private long droppedFrames;
    private long droppedMessages;
    private long droppedFromNs;
    private long droppedToNs;

    /** A batch bounded by {@link Protocol#MAX_BATCH_CHARS}. */
    public RecordBatch() {
        this(Protocol.MAX_BATCH_CHARS);
    }

    /** A batch bounded by {@code maxChars} (tests). */
    public RecordBatch(int maxChars) {
        this.maxChars = maxChars;
    }

    /** Adds an {@code H} record. */
    public void hello(int sdk, String pkg, int pid, String capabilities) {
        synchronized (lock) {
            RecordEncoder.hello(separator(), sdk, pkg, pid, capabilities);
        }
    }

    /** Adds an {@code F} record, or counts it as dropped when the batch is full. */
    public void frame(FrameRecord frame) {
        synchronized (lock) {
            int before = buffer.length();
            RecordEncoder.frame(separator(), frame);
            if (buffer.length() > maxChars) {
                buffer.setLength(before);
                if (droppedFrames == 0 || frame.intendedVsyncNs < droppedFromNs) {
                    droppedFromNs = frame.intendedVsyncNs;
                }
                droppedToNs = Math.max(droppedToNs, Math.max(frame.endNs, frame.intendedVsyncNs));
                droppedFrames++;
            }
        }
    }

    /** Adds an {@code M} record, or counts it as dropped when the batch is full. */
    public void slowMessage(long startUptimeMs, long durationMs, String target, StackTraceElement[] stack) {
        synchronized (lock) {
            int before = buffer.length();
            RecordEncoder.slowMessage(separator(), startUptimeMs, durationMs, target, stack);
            if (buffer.length() > maxChars) {
                buffer.setLength(before);
                droppedMessages++;
            }
        }
    }

    /** Adds a {@code C} record. */
    public void capability(String capability, String state, String member, String reason) {
        synchronized (lock) {
            RecordEncoder.capability(separator(), capability, state, member, reason);
        }
    }

    /** Adds a {@code G} record: {@code count} frames the agent could not report between the two times. */
    public void gap(long fromNs, long toNs, long count, String reason) {
        synchronized (lock) {
            RecordEncoder.gap(separator(), fromNs, toNs, count, reason);
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
            if (droppedFrames > 0) {
                RecordEncoder.gap(separator(), droppedFromNs, droppedToNs, droppedFrames,
                        "frame records dropped: the agent's batch was full");
                droppedFrames = 0;
            }
            if (droppedMessages > 0) {
                RecordEncoder.error(separator(), droppedMessages + " slow-message records dropped: the agent's "
                        + "batch was full");
                droppedMessages = 0;
            }
            if (buffer.length() == 0) {
                return null;
            }
            String payload = buffer.toString();
            buffer = new StringBuilder(Math.min(Math.max(4096, payload.length()), maxChars));
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
