package io.fpsctl.android;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.SlowMessage;
import java.util.Set;

/** One decoded record of the agent stream protocol 1.x (docs/agent-protocol.md, see {@link AgentStreamParser}). */
public sealed interface AgentRecord {

    /** {@code H|sdk|package|pid|capabilities}: once, in the first batch. */
    record Hello(int sdk, String packageName, int pid, Set<String> capabilities) implements AgentRecord {
    }

    /**
     * {@code F|…}: one rendered frame; {@code approximateTime} when the agent could only date it by the latest
     * Choreographer frame (flag bit 2, API 24/25 without FrameInfo timestamps).
     */
    record Frame(AgentFrame frame, boolean approximateTime) implements AgentRecord {
        /** A frame dated by its own timestamps. */
        public Frame(AgentFrame frame) {
            this(frame, false);
        }
    }

    /** {@code M|startUptimeMs|durationMs|target|stack}: one slow main-thread message. */
    record Slow(SlowMessage message) implements AgentRecord {
    }

    /** {@code E|text}: a problem the agent reports in words. */
    record Problem(String text) implements AgentRecord {
    }

    /**
     * {@code C|capability|state|member|reason} (1.1): a capability was refused or lost ({@code on} false) or
     * works again; {@code member} is the framework member the platform refused, or {@code -}.
     */
    record CapabilityChange(String capability, boolean on, String member, String reason) implements AgentRecord {
    }

    /** {@code G|fromNs|toNs|count|reason} (1.1): {@code count} frames the agent could not report in [from, to]. */
    record Gap(long fromNs, long toNs, long count, String reason) implements AgentRecord {
    }
}
