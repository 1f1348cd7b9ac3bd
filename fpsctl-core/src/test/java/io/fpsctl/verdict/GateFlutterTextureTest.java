package io.fpsctl.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FlutterTextureJank;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md 16.1: on a Flutter texture app FrameTimeline's app jank is blind to slow engine frames, so a gate
 * on it fails with the reason instead of passing on 0 %, also on a summary.json read back; an ordinary app's 0 %
 * still passes.
 */
class GateFlutterTextureTest {
    /** 0 app-jank frames of 20 joined: what a texture app's window always shows. */
    private static Summary zeroAppJank() {
        return EngineRun.fps599().withFrameTimeline(new FrameTimelineSummary(20, 0, 0, 0, 0, 0.0, 0.0, 0,
                0L, 0L, 0L, Map.of(), List.of()));
    }

    private static GateCheck appJank(GateResult r) {
        return r.checks().stream().filter(c -> c.metric().equals("appJankPercent")).findFirst().orElseThrow();
    }

    @Test
    void aThresholdOnAppJankFailsWithTheReason() throws Exception {
        Summary texture = zeroAppJank().withWarning(FlutterTextureJank.WARNING);
        Gate gate = Gate.builder().maxAppJankPercent(0.5).build();
        GateCheck c = appJank(gate.evaluate(texture));
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.measured().startsWith("unavailable: ") && c.measured().contains("FlutterTextureView"),
                c.measured());
        assertTrue(c.message().contains("FlutterTextureView") && c.message().contains("--max-jank-percent")
                && !c.message().contains("\n"), c.message());
        // the same from a saved summary.json (gate --from)
        StringWriter out = new StringWriter();
        SummaryJson.write(texture, out, false);
        Summary back = SummaryJsonReader.read(new StringReader(out.toString()));
        assertEquals(Verdict.FAIL, appJank(gate.evaluate(back)).verdict());
        // without a threshold the row says it is unavailable, never 0.00
        GateCheck info = appJank(Gate.builder().minFps(1.0).build().evaluate(texture));
        assertEquals(Verdict.INFO, info.verdict());
        assertTrue(info.measured().startsWith("unavailable"), info.measured());
    }

    @Test
    void anOrdinaryAppsZeroStillPasses() {
        GateCheck c = appJank(Gate.builder().maxAppJankPercent(0.5).build().evaluate(zeroAppJank()));
        assertEquals(Verdict.PASS, c.verdict(), c.toString());
    }
}
