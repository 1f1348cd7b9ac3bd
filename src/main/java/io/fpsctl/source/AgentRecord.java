package io.fpsctl.source;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.SlowMessage;
import java.util.Set;

/** One decoded record of the agent stream protocol v1 ({@code /tmp/agent-protocol.md}, see {@link AgentStreamParser}). */
public sealed interface AgentRecord {

    /** {@code H|sdk|package|pid|capabilities}: once, in the first batch. */
    record Hello(int sdk, String packageName, int pid, Set<String> capabilities) implements AgentRecord {
    }

    /** {@code F|…}: one rendered frame. */
    record Frame(AgentFrame frame) implements AgentRecord {
    }

    /** {@code M|startUptimeMs|durationMs|target|stack}: one slow main-thread message. */
    record Slow(SlowMessage message) implements AgentRecord {
    }

    /** {@code E|text}: a capability the platform refused. */
    record Problem(String text) implements AgentRecord {
    }
}
