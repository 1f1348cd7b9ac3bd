package io.fpsctl.sink;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.verdict.Gate;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import static io.fpsctl.engine.EngineRun.HZ60;
import static io.fpsctl.engine.EngineRun.MS;
import static io.fpsctl.engine.EngineRun.T0;
import static io.fpsctl.engine.EngineRun.WINDOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Summary;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/metrics.md 6 through the sinks: JSON keys and round trip, the text line, the gate thresholds. */
class AndroidVitalsSinkTest {

    /** 8 frames of 8 ms, one of 20 ms (slow), one of 710 ms (slow and frozen): slow 20 %, frozen 10 %. */
    private static Summary gfxinfo() {
        List<RenderedFrame> frames = EngineRun.frames(T0, 8, 8 * MS, 1);
        frames.add(EngineRun.frame(T0 + 8 * HZ60, 20 * MS));
        frames.add(EngineRun.frame(T0 + 10 * HZ60, 710 * MS));
        return EngineRun.gfxinfo().block(WINDOW, frames).finish("com.example");
    }

    private static String json(Summary s) throws IOException {
        StringWriter out = new StringWriter();
        SummaryJson.write(s, out, false);
        return out.toString();
    }

    @Test
    void jsonHasEveryKeyNullWhereItDoesNotApplyAndReadsBack() throws IOException {
        Summary s = gfxinfo();
        String text = json(s);
        JsonNode v = new ObjectMapper().readTree(text).path("androidVitals");
        assertEquals(20.0, v.path("slowFramesPercent").doubleValue(), 1e-9);
        assertEquals(10.0, v.path("frozenFramesPercent").doubleValue(), 1e-9);
        assertTrue(v.has("slowSession20Percent") && v.get("slowSession20Percent").isNull(), text);
        assertTrue(v.has("slowSession30Percent") && v.get("slowSession30Percent").isNull(), text);
        JsonNode w = new ObjectMapper().readTree(text).path("windows").get(0).path("androidVitals");
        assertEquals(20.0, w.path("slowFramesPercent").doubleValue(), 1e-9, "per-window summaries carry it too");

        Summary back = SummaryJsonReader.read(new StringReader(text));
        assertEquals(new AndroidVitals(20.0, 10.0, null, null), back.androidVitals());
        assertEquals(new AndroidVitals(20.0, 10.0, null, null), back.windows().get(0).androidVitals());
        assertEquals(text, json(back), "written, read and written again: the same JSON");
    }

    @Test
    void surfaceFlingerJsonRoundsToTwoDecimalsAndKeepsTheGfxinfoKeysNull() throws IOException {
        // gaps 16.67, 40 (> 34), 60 (> 50 and > 34): 2 of 3 over 34 ms = 66.67 %, 1 of 3 over 50 ms = 33.33 %
        Summary s = EngineRun.surfaceFlinger().block(EngineRun.LAYER,
                EngineRun.presents(0, 16.666667, 56.666667, 116.666667)).finish("com.game");
        JsonNode v = new ObjectMapper().readTree(json(s)).path("androidVitals");
        assertEquals("66.67", v.path("slowSession30Percent").asText());
        assertEquals("33.33", v.path("slowSession20Percent").asText());
        assertTrue(v.get("slowFramesPercent").isNull());
        assertTrue(v.get("frozenFramesPercent").isNull());
        Summary back = SummaryJsonReader.read(new StringReader(json(s)));
        assertEquals(new AndroidVitals(null, null, 33.33, 66.67), back.androidVitals());
    }

    @Test
    void aSummaryWithoutTheKeyReadsAsNullAndWritesNull() throws IOException {
        Summary old = SummaryJsonReader.read(new StringReader(
                "{\"schemaVersion\":1,\"source\":\"gfxinfo\",\"package\":\"p\",\"frames\":0,\"mainCauses\":{}}"));
        assertNull(old.androidVitals());
        assertTrue(new ObjectMapper().readTree(json(old)).get("androidVitals").isNull());
    }

    @Test
    void textSummaryHasOneVitalsLine() {
        StringWriter out = new StringWriter();
        SummaryText.write(gfxinfo(), "com.example", new java.io.PrintWriter(out), 200);
        List<String> lines = out.toString().lines().filter(l -> l.trim().startsWith("vitals")).toList();
        assertEquals(1, lines.size(), out.toString());
        assertTrue(lines.get(0).contains("slow (> 16 ms) 20.00 %") && lines.get(0).contains("frozen (> 700 ms) 10.00 %"),
                lines.get(0));
    }

    @Test
    void gateOnSlowAndFrozenFramesPercentIsInclusive() {
        Summary s = gfxinfo();
        GateResult fail = Gate.builder().maxSlowFramesPercent(19.99).maxFrozenFramesPercent(9.99).build().evaluate(s);
        assertEquals(List.of(
                new GateCheck("slowFramesPercent", "<= 19.99", "20.00", Verdict.FAIL,
                        "slowFramesPercent 20.00 is not <= 19.99"),
                new GateCheck("frozenFramesPercent", "<= 9.99", "10.00", Verdict.FAIL,
                        "frozenFramesPercent 10.00 is not <= 9.99")), fail.checks());
        assertFalse(fail.passed());
        GateResult pass = Gate.builder().maxSlowFramesPercent(20.0).maxFrozenFramesPercent(10.0).build().evaluate(s);
        assertTrue(pass.passed(), pass.checks().toString());
        assertEquals(2, pass.count(Verdict.PASS));
    }

    @Test
    void gateIsNotApplicableToSurfaceFlingerAndFailsWithoutFrames() {
        Summary sf = EngineRun.surfaceFlingerWithBigJank();
        GateResult r = Gate.builder().maxSlowFramesPercent(0.0).maxFrozenFramesPercent(0.0).build().evaluate(sf);
        assertEquals(2, r.count(Verdict.NA), r.checks().toString());
        assertTrue(r.passed());
        assertTrue(r.checks().get(0).measured().startsWith("n/a"), r.checks().get(0).measured());

        GateResult none = Gate.builder().maxSlowFramesPercent(100.0).build().evaluate(EngineRun.empty());
        assertEquals(Verdict.FAIL, none.checks().get(0).verdict());
        assertEquals(Gate.NO_FRAMES, none.checks().get(0).measured());
    }

    @Test
    void rejectsANegativeThreshold() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Gate.builder().maxSlowFramesPercent(-1.0));
        assertTrue(e.getMessage().contains("--max-slow-frames-percent"), e.getMessage());
    }
}
