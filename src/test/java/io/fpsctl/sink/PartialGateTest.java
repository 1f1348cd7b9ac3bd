package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.Summary;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A partial run never passes a gate unless allowed, and then every report says it was partial. */
class PartialGateTest {

    /** 60 smooth frames at 60 Hz: passes --min-fps 30 when complete. */
    private static Summary smooth() {
        List<io.fpsctl.engine.Frame> frames = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            frames.add(EngineRun.frame(EngineRun.T0 + i * EngineRun.HZ60, 8 * EngineRun.MS));
        }
        EngineRun run = EngineRun.gfxinfo();
        run.block(EngineRun.WINDOW, List.of()); // the first block is history
        return run.block(EngineRun.WINDOW, frames).finish("com.example");
    }

    private static String reports(GateResult r) throws Exception {
        StringWriter table = new StringWriter();
        GateTable.write(r, new PrintWriter(table), false);
        StringWriter md = new StringWriter();
        MarkdownReport.write(r, "com.example", new PrintWriter(md));
        ByteArrayOutputStream xml = new ByteArrayOutputStream();
        JUnitReport.write(r, "com.example", xml);
        return table + "\n" + md + "\n" + xml.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPartialRunFailsTheGateAndAllowPartialSaysSoEverywhere() throws Exception {
        Summary complete = smooth();
        Gate gate = Gate.builder().minFps(30.0).build();
        assertTrue(gate.evaluate(complete).passed());

        Summary partial = complete.asPartial("the device was lost after 8.0 s of the 20.0 s asked for");
        GateResult strict = gate.evaluate(partial);
        assertFalse(strict.passed());
        String s = reports(strict);
        assertFalse(s.contains("PASSED") || s.contains("passed"), s);
        assertTrue(s.contains("completeRun") && s.contains("partial run"), s);

        GateResult allowed = Gate.builder().minFps(30.0).allowPartial(true).build().evaluate(partial);
        assertTrue(allowed.passed());
        String a = reports(allowed);
        assertTrue(a.contains("gate PASSED (partial run)"), a);
        assertTrue(a.contains("passed (partial run)"), a);
        assertTrue(a.contains("<property name=\"partial\" value=\"true\"/>"), a);
    }

    @Test
    void partialSurvivesTheJsonRoundTripSoGateFromFailsIt() throws Exception {
        Summary partial = smooth().asPartial("stopped by SIGTERM after 3.0 s of the 20.0 s asked for");
        StringWriter json = new StringWriter();
        SummaryJson.write(partial, json, false);
        assertTrue(json.toString().contains("\"partial\":true"), json.toString());
        Summary back = SummaryJsonReader.read(new StringReader(json.toString()));
        assertTrue(back.partial());
        assertEquals(GateCheck.Verdict.FAIL, Gate.builder().minFps(1.0).build().evaluate(back).checks().stream()
                .filter(c -> c.metric().equals("completeRun")).findFirst().orElseThrow().verdict());
    }
}
