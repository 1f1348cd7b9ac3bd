package io.fpsctl.capture;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.android.AgentRecord;
import java.util.HashSet;
import java.util.Set;

/**
 * Hands decoded agent records (docs/agent-protocol.md section 3) to the engine, on the engine's thread: frames and
 * slow messages as they are; a {@code G} record as one coverage gap (docs/metrics.md 11) whose warning names the count;
 * a capability refused or lost ({@code C|…|off}) as one warning naming the member, a recovery after it as another;
 * an {@code E} record as a warning; capabilities the {@code H} record lacks without a refusal as a warning each.
 */
public final class AgentRecordRouter {
    /** Capabilities the agent can report; one the hello lacks (with no refusal said) is a warning. */
    static final Set<String> CAPABILITIES =
            Set.of("choreographer", "choreographer-queues", "looper", "looper-chain", "framemetrics", "scroll", "touch");

    private final FrameEngine engine;
    private final Set<String> refusalsWarned = new HashSet<>();
    private final Set<String> capabilitiesOff = new HashSet<>();
    private long approximateFrames;

    /** @param engine where the records go */
    public AgentRecordRouter(FrameEngine engine) {
        this.engine = engine;
    }

    /** Routes one record. */
    public void route(AgentRecord r) {
        if (r instanceof AgentRecord.Frame f) {
            if (f.approximateTime()) {
                approximateFrames++;
            }
            engine.frame(f.frame());
        } else if (r instanceof AgentRecord.Slow s) {
            engine.slowMessage(s.message());
        } else if (r instanceof AgentRecord.Gap g) {
            engine.coverageGap(g.fromNs(), g.toNs(), "the agent lost " + g.count() + " frame(s): " + g.reason());
        } else if (r instanceof AgentRecord.CapabilityChange c) {
            capability(c);
        } else if (r instanceof AgentRecord.Problem p) {
            int colon = p.text().indexOf(": ");
            if (colon > 0 && CAPABILITIES.contains(p.text().substring(0, colon))) {
                refusalsWarned.add(p.text().substring(0, colon)); // a 1.0 agent's refusal
                engine.warn("agent: '" + p.text().substring(0, colon) + "' refused: " + p.text().substring(colon + 2));
            } else {
                engine.warn("agent: " + p.text());
            }
        } else if (r instanceof AgentRecord.Hello h) {
            for (String c : CAPABILITIES) {
                if (!h.capabilities().contains(c) && !refusalsWarned.contains(c) && !capabilitiesOff.contains(c)) {
                    engine.warn("agent: '" + c + "' is not available on this device (Android API " + h.sdk() + ")");
                }
            }
        }
    }

    /** The warnings that sum the run up; call once at the end. */
    public void finish() {
        if (approximateFrames > 0) {
            engine.warn("agent: " + approximateFrames + " frame(s) dated by the latest Choreographer frame (Android 7.x"
                    + " without FrameInfo timestamps): their time may be late by the frames the UI thread ran ahead");
        }
    }

    private void capability(AgentRecord.CapabilityChange c) {
        String member = c.member().equals("-") ? "" : c.member() + ": ";
        if (!c.on()) {
            capabilitiesOff.add(c.capability());
            engine.warn("agent: '" + c.capability() + "' refused: " + member + c.reason());
        } else if (capabilitiesOff.remove(c.capability())) {
            engine.warn("agent: '" + c.capability() + "' works again: " + member + c.reason());
        }
    }
}
