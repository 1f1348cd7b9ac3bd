package io.fpsctl.verdict;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.sink.GateTable;
import io.fpsctl.sink.JUnitReport;
import io.fpsctl.sink.MarkdownReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.Summary;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The FrameTimeline split in the gate's table, JUnit XML and Markdown: both halves appear whenever the summary has a
 * {@code frameTimeline}; a half without a threshold is shown for information. Figures worked by hand: 236 joined
 * frames, 6 app jank (600 / 236 = 2.542… → 2.54 %), 3 system jank (300 / 236 = 1.271… → 1.27 %), 2 unattributed.
 */
class GateFrameTimelineTest {

    private static Summary withFrameTimeline() {
        Map<String, Long> types = new LinkedHashMap<>();
        types.put("appDeadlineMissed", 6L);
        types.put("displayHal", 3L);
        return EngineRun.fps599().withFrameTimeline(new FrameTimelineSummary(236, 2, 9, 6, 3, 600.0 / 236,
                300.0 / 236, 0, types, List.of()));
    }

    /** A device that joined nothing: frameTimeline present, every frame unattributed, percentages null. */
    private static Summary nothingJoined() {
        return EngineRun.fps599().withFrameTimeline(new FrameTimelineSummary(0, 50, 0, 0, 0, null, null, 0, Map.of(),
                List.of()));
    }

    private static String table(GateResult r) {
        StringWriter text = new StringWriter();
        GateTable.write(r, new PrintWriter(text), false);
        return text.toString();
    }

    @Test
    void withoutFrameTimelineThresholdsBothHalvesAreShownForInformation() {
        GateResult r = Gate.builder().minFps(59.0).build().evaluate(withFrameTimeline());
        assertEquals(String.join("\n",
                "  check              threshold  measured  result",
                "  fps                >= 59.0    59.9      PASS",
                "  appJankPercent     \u2014          2.54      info",
                "  systemJankPercent  \u2014          1.27      info",
                "gate PASSED: 1 check, 0 failed, 0 n/a, 2 for information", ""), table(r));
        assertEquals("appJankPercent 2.54 (6 of 236 joined frames, 2 unattributed; no threshold, shown for "
                + "information)", r.checks().get(1).message());
        assertEquals("systemJankPercent 1.27 (3 of 236 joined frames, 2 unattributed; no threshold, shown for "
                + "information)", r.checks().get(2).message());
    }

    @Test
    void aThresholdOnOneHalfChecksItAndTheOtherHalfStaysBeside() {
        GateResult r = Gate.builder().maxAppJankPercent(2.5).build().evaluate(withFrameTimeline());
        assertEquals(String.join("\n",
                "  check              threshold  measured  result",
                "  appJankPercent     <= 2.50    2.54      FAIL",
                "  systemJankPercent  \u2014          1.27      info",
                "gate FAILED: 1 check, 1 failed, 0 n/a, 1 for information", ""), table(r));
        assertEquals("appJankPercent 2.54 is not <= 2.50 (6 of 236 joined frames, 2 unattributed)",
                r.checks().get(0).message());

        // the bound is inclusive on the printed value: 1.27 passes <= 1.27; the app half is then the informative one
        GateResult sys = Gate.builder().maxSystemJankPercent(1.27).build().evaluate(withFrameTimeline());
        assertEquals(List.of("appJankPercent", "systemJankPercent"),
                sys.checks().stream().map(GateCheck::metric).toList());
        assertEquals(List.of(Verdict.INFO, Verdict.PASS), sys.checks().stream().map(GateCheck::verdict).toList());
        assertTrue(sys.passed());
    }

    @Test
    void withoutFrameTimelineAThresholdIsNotApplicableAndNothingElseAppears() {
        Summary none = EngineRun.fps599();
        GateResult r = Gate.builder().maxAppJankPercent(1.0).build().evaluate(none);
        assertEquals(1, r.checks().size(), r.checks().toString());
        GateCheck c = r.checks().get(0);
        assertEquals(Verdict.NA, c.verdict());
        assertTrue(c.measured().startsWith("n/a (no FrameTimeline"), c.measured());
        assertEquals("gate PASSED: 1 check, 0 failed, 1 n/a", r.headline(), "said, not passed silently");
        assertEquals(List.of("fps"), Gate.builder().minFps(1.0).build().evaluate(none).checks().stream()
                .map(GateCheck::metric).toList(), "no FrameTimeline, no threshold: no FrameTimeline rows");
    }

    @Test
    void aFrameTimelineThatJoinedNothingFailsItsThresholdAndInformsNoFrames() {
        GateResult r = Gate.builder().maxAppJankPercent(1.0).build().evaluate(nothingJoined());
        assertEquals(Verdict.FAIL, r.checks().get(0).verdict());
        assertEquals(Gate.NO_FRAMES, r.checks().get(0).measured());
        assertEquals(Verdict.INFO, r.checks().get(1).verdict());
        assertEquals(Gate.NO_FRAMES, r.checks().get(1).measured());
        assertFalse(r.passed());
    }

    @Test
    void junitShowsInformativeRowsAsPassingCasesWithTheValueAsOutput() throws Exception {
        GateResult r = Gate.builder().maxAppJankPercent(2.5).build().evaluate(withFrameTimeline());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JUnitReport.write(r, "com.example", bytes);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(bytes.toByteArray()));
        Element suite = doc.getDocumentElement();
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("skipped"), "no 'skipped' tests on a CI's page for an information row");
        NodeList cases = doc.getElementsByTagName("testcase");
        Element app = (Element) cases.item(0);
        Element sys = (Element) cases.item(1);
        assertEquals("appJankPercent", app.getAttribute("name"));
        assertEquals("appJankPercent 2.54 is not <= 2.50 (6 of 236 joined frames, 2 unattributed)",
                ((Element) app.getElementsByTagName("failure").item(0)).getAttribute("message"));
        assertEquals("systemJankPercent", sys.getAttribute("name"));
        assertEquals("systemJankPercent 1.27 (3 of 236 joined frames, 2 unattributed; no threshold, shown for "
                + "information)", sys.getElementsByTagName("system-out").item(0).getTextContent());
        assertEquals(0, sys.getElementsByTagName("skipped").getLength());
    }

    @Test
    void markdownHasOneRowPerHalf() {
        GateResult r = Gate.builder().maxAppJankPercent(2.5).build().evaluate(withFrameTimeline());
        StringWriter md = new StringWriter();
        MarkdownReport.write(r, null, new PrintWriter(md));
        assertEquals(String.join("\n",
                "### fpsctl gate: \u274c failed",
                "",
                "| Check | Threshold | Measured | Result |",
                "|---|---|---|---|",
                "| appJankPercent | &lt;= 2.50 | 2.54 | \u274c FAIL |",
                "| systemJankPercent | \u2014 | 1.27 | \u2139\ufe0f info |",
                "",
                "gate FAILED: 1 check, 1 failed, 0 n/a, 1 for information", ""), md.toString());
    }
}
