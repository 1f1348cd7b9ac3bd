package io.fpsctl.verdict;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.sink.GateTable;
import io.fpsctl.sink.JUnitReport;
import io.fpsctl.sink.MarkdownReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.RunCoverage;
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

    @Test
    void theGateReadsWhyFromTheTypedCoverageNotFromAWarningsText() throws Exception {
        // partial with its reason only in the typed field (no "partial run: " warning at all)
        Summary typed = smooth().withCoverage(new RunCoverage(10_000.0, 5_000.0,
                "5.0 s measured of the 10.0 s asked for (50 %), less than 90 %: 1 coverage gap"));
        assertTrue(typed.warnings().stream().noneMatch(w -> w.startsWith("partial run")));
        GateCheck check = Gate.builder().minFps(1.0).build().evaluate(typed).checks().stream()
                .filter(c -> c.metric().equals("completeRun")).findFirst().orElseThrow();
        assertEquals(GateCheck.Verdict.FAIL, check.verdict());
        assertTrue(check.message().contains("5.0 s measured of the 10.0 s asked for"), check.message());
        // a warning that merely reads like one does not make a complete run partial
        Summary lookalike = smooth().withWarning("partial run: said by someone else");
        assertFalse(lookalike.partial());
        assertTrue(Gate.builder().minFps(1.0).build().evaluate(lookalike).passed());
    }

    @Test
    void theCoverageSurvivesTheJsonRoundTrip() throws Exception {
        Summary s = smooth().withCoverage(RunCoverage.complete(10_000.0, 8_000.0))
                .asPartial("8.0 s measured of the 10.0 s asked for (80 %), less than 90 %");
        StringWriter json = new StringWriter();
        SummaryJson.write(s, json, false);
        String text = json.toString();
        assertTrue(text.contains("\"askedMs\":10000.0") && text.contains("\"measuredMs\":8000.0"), text);
        assertTrue(text.contains("\"partialReason\":\"8.0 s measured of the 10.0 s asked for (80 %), less than 90 %\""),
                text);
        Summary back = SummaryJsonReader.read(new StringReader(text));
        assertEquals(s.coverage(), back.coverage());
        // a complete run says so: partialReason null, its times kept
        StringWriter complete = new StringWriter();
        SummaryJson.write(smooth().withCoverage(RunCoverage.complete(5_000.0, 5_000.0)), complete, false);
        assertTrue(complete.toString().contains("\"partial\":false,\"partialReason\":null,\"askedMs\":5000.0"),
                complete.toString());
        assertFalse(SummaryJsonReader.read(new StringReader(complete.toString())).partial());
    }
}
