package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.android.AgentRecord;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What fpsctl makes of the agent's 1.1 records (docs/agent-protocol.md section 3). */
class AgentRecordRouterTest {

    private static Summary route(AgentRecord... records) {
        FrameEngine engine = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        AgentRecordRouter router = new AgentRecordRouter(engine);
        for (AgentRecord r : records) {
            router.route(r);
        }
        router.finish();
        engine.finish();
        return engine.summary("p");
    }

    /** The warnings the records made (the engine adds "no frames" here: none were routed). */
    private static List<String> agentWarnings(Summary s) {
        return s.warnings().stream().filter(w -> !w.startsWith("no frames")).toList();
    }

    @Test
    void aRefusalNamesTheMemberOnceAndTheHelloDoesNotRepeatIt() {
        Summary s = route(
                new AgentRecord.CapabilityChange("choreographer-queues", false, "Choreographer.mLock",
                        "NoSuchFieldException No field mLock; stage times come from FrameMetrics"),
                new AgentRecord.Hello(35, "p", 1, Set.of("looper-chain", "looper", "choreographer", "framemetrics",
                        "scroll", "touch")));
        assertEquals(List.of("agent: 'choreographer-queues' refused: Choreographer.mLock: NoSuchFieldException No "
                + "field mLock; stage times come from FrameMetrics"), agentWarnings(s));
    }

    @Test
    void aLostAndRecoveredPrinterIsTwoWarningsAndAGapIsACoverageGapNamingTheCount() {
        Summary s = route(
                new AgentRecord.CapabilityChange("looper", false, "-", "the app replaced fpsctl's Looper Printer"),
                new AgentRecord.CapabilityChange("looper", true, "-", "fpsctl chained to the app's Printer"),
                new AgentRecord.CapabilityChange("looper", true, "-", "said again: no warning"),
                new AgentRecord.Gap(1_000_000_000L, 1_100_000_000L, 5, "5 FrameMetrics report(s) of Main dropped"));
        assertEquals(1, s.coverageGaps());
        assertEquals(100.0, s.coverageGapMs(), 1e-9); // 1.1 s - 1.0 s
        assertEquals(List.of("agent: 'looper' refused: the app replaced fpsctl's Looper Printer",
                "agent: 'looper' works again: fpsctl chained to the app's Printer",
                "coverage gap of 100.0 ms: the agent lost 5 frame(s): 5 FrameMetrics report(s) of Main dropped"),
                agentWarnings(s));
    }
}
