package io.fpsctl.agent.looper;

import android.util.Printer;

import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.frames.FrameTimeline;
import io.fpsctl.agent.report.AgentFault;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.wrappers.PlatformQuirks;

/**
 * The {@link Printer} set on the main Looper: times every message between {@code ">>>>> Dispatching to "}
 * and {@code "<<<<< Finished to "}, chaining each line to the Printer that was there before. Per message it
 * reads the clock twice and writes two volatiles; only a message over the threshold builds a record
 * ({@code M|startUptimeMs|durationMs|target|stack}, target = the text after {@code ">>>>> Dispatching to "}).
 * At message end it lets the {@link FrameTimeline} close the frame the message ran, or count it as busy work.
 */
public final class LooperMonitor implements Printer {
    private volatile Printer chained;
    private volatile boolean detached;
    private final Clock clock;
    private final long thresholdNs;
    private final SlowMessageSampler sampler;
    private final FrameTimeline timeline;
    private final RecordBatch batch;

    private boolean dispatching;
    private volatile AgentFault fault;
    private long startNs;
    private String startLine;

    /**
     * @param chained Printer installed before ours, or null
     * @param clock time source (CLOCK_MONOTONIC, so ns / 1e6 = {@code SystemClock.uptimeMillis()})
     * @param thresholdMs slow-message threshold
     * @param sampler stack sampler for the looper's thread
     * @param timeline frame timeline, or null
     * @param batch where {@code M} records go
     */
    public LooperMonitor(Printer chained, Clock clock, long thresholdMs, SlowMessageSampler sampler,
                         FrameTimeline timeline, RecordBatch batch) {
        this.chained = chained;
        this.clock = clock;
        this.thresholdNs = thresholdMs * 1_000_000L;
        this.sampler = sampler;
        this.timeline = timeline;
        this.batch = batch;
    }

    /** The Printer this one chains to (to restore it). */
    public Printer chained() {
        return chained;
    }

    /** Chains to {@code printer} from now on (the app set its own Printer while the agent was attached). */
    public void chainTo(Printer printer) {
        chained = printer;
    }

    /**
     * Whether this monitor saw the start of the message being dispatched now and not its end: called from inside a
     * main-thread message, true exactly when this Printer is (still) the one {@code Looper.loop()} calls, directly
     * or through a Printer that chains to it (Looper.java {@code loop()}/{@code loopOnce()} logs
     * {@code ">>>>> Dispatching to "} before and {@code "<<<<< Finished to "} after each message, android-7.0.0_r1 …).
     */
    public boolean seesCurrentMessage() {
        return dispatching;
    }

    /** Where a failure of this monitor's own work goes (set by the session; without one it propagates). */
    public void guardWith(AgentFault fault) {
        this.fault = fault;
    }

    /** After detach: only forwards to the chained Printer (if an app still holds this one), measures nothing. */
    public void detach() {
        detached = true;
    }

    @Override
    public void println(String line) {
        Printer next = chained;
        if (next != null) {
            next.println(line);
        }
        if (detached || line == null || line.isEmpty()) {
            return;
        }
        AgentFault f = fault;
        if (f == null) {
            measure(line);
            return;
        }
        if (f.failed()) {
            return;
        }
        try {
            measure(line);
        } catch (RuntimeException | LinkageError e) {
            f.report(Protocol.CAP_LOOPER, e);
        }
    }

    private void measure(String line) {
        char c = line.charAt(0);
        if (c == '>') {
            dispatching = true;
            startLine = line;
            startNs = clock.nanoTime();
            sampler.dispatchStarted(startNs);
        } else if (c == '<' && dispatching) {
            dispatching = false;
            long endNs = clock.nanoTime();
            StackTraceElement[] stack = sampler.dispatchFinished();
            if (timeline != null) {
                timeline.onMessageEnd();
            }
            long durationNs = endNs - startNs;
            if (durationNs > thresholdNs) {
                batch.slowMessage(startNs / 1_000_000L, durationNs / 1_000_000L, target(startLine), stack);
            }
            startLine = null;
        }
    }

    private static String target(String line) {
        return line.startsWith(PlatformQuirks.DISPATCH_PREFIX)
                ? line.substring(PlatformQuirks.DISPATCH_PREFIX.length()) : line;
    }
}
