package io.fpsctl.sink;

import io.fpsctl.text.TerminalWriter;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.verdict.Gate;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** GateTable, JUnitReport and MarkdownReport over one evaluated gate. */
class GateReportsTest {

    /** fps FAIL (59.9 < 60.0), p90 PASS, bigJank NA (gfxinfo). */
    private static GateResult mixed() {
        return Gate.builder().minFps(60.0).maxP90Ms(16.67).maxBigJank(0L).build().evaluate(EngineRun.fps599());
    }

    // ---- terminal table ----

    @Test
    void plainTableIsAlignedAndHasNoEscapes() {
        StringWriter text = new StringWriter();
        GateTable.write(mixed(), new PrintWriter(new TerminalWriter(text)), false);
        assertEquals(String.join("\n",
                "  check    threshold  measured                                            result",
                "  fps      >= 60.0    59.9                                                FAIL",
                "  p90Ms    <= 16.67   8.00                                                PASS",
                "  bigJank  <= 0       n/a (gfxinfo has no big jank; SurfaceFlinger only)  n/a",
                "gate FAILED: 3 checks, 1 failed, 1 n/a", ""), text.toString());
    }

    @Test
    void ansiTableColoursTheVerdictsButKeepsTheWords() {
        StringWriter text = new StringWriter();
        GateTable.write(mixed(), new PrintWriter(new TerminalWriter(text)), true);
        String s = text.toString();
        assertTrue(s.contains("\u001b[31m\u001b[1mFAIL\u001b[0m"), s);
        assertTrue(s.contains("\u001b[32mPASS\u001b[0m"), s);
        assertTrue(s.contains("\u001b[31mgate FAILED: 3 checks, 1 failed, 1 n/a\u001b[0m"), s);
        assertEquals(strip(s), plain(mixed()), "the same text without colour");
    }

    private static String plain(GateResult r) {
        StringWriter text = new StringWriter();
        GateTable.write(r, new PrintWriter(new TerminalWriter(text)), false);
        return text.toString();
    }

    private static String strip(String s) {
        return s.replaceAll("\u001b\\[[0-9;]*m", "");
    }

    // ---- JUnit XML ----

    private static Document junit(GateResult r, String subject) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JUnitReport.write(r, subject, bytes);
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(bytes.toByteArray()));
    }

    @Test
    void junitXmlHasOneSuiteOneCasePerCheckAndTheRightCounts() throws Exception {
        Document doc = junit(mixed(), null);
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("fpsctl gate", suite.getAttribute("name"));
        assertEquals("3", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
        assertEquals("1", suite.getAttribute("skipped"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(3, cases.getLength());
        Element fps = (Element) cases.item(0);
        assertEquals("fps", fps.getAttribute("name"));
        assertEquals("fpsctl.gate", fps.getAttribute("classname"));
        Element failure = (Element) fps.getElementsByTagName("failure").item(0);
        assertEquals("fps 59.9 is not >= 60.0", failure.getAttribute("message"));
        assertEquals("threshold: >= 60.0\nmeasured: 59.9", failure.getTextContent());
        Element p90 = (Element) cases.item(1);
        assertEquals(0, p90.getChildNodes().getLength(), "a passed case is empty");
        Element big = (Element) cases.item(2);
        assertEquals(1, big.getElementsByTagName("skipped").getLength());
        assertEquals(1, suite.getElementsByTagName("failure").getLength());
        assertEquals(0, suite.getElementsByTagName("properties").getLength());
    }

    @Test
    void junitXmlEscapesMarkupAndShowsControlsVisibly() throws Exception {
        GateCheck odd = new GateCheck("p90 <\"&'> ms", "<= 1", "2 \u0001", Verdict.FAIL, "a <b> & \"c\" \u0007 ]]>");
        Document doc = junit(new GateResult(List.of(odd)), "com.example & <friends> ✓");
        Element c = (Element) doc.getElementsByTagName("testcase").item(0);
        assertEquals("p90 <\"&'> ms", c.getAttribute("name"));
        Element failure = (Element) c.getElementsByTagName("failure").item(0);
        assertEquals("a <b> & \"c\" \\x07 ]]>", failure.getAttribute("message"));
        assertEquals("threshold: <= 1\nmeasured: 2 \\x01", failure.getTextContent());
        Element property = (Element) doc.getElementsByTagName("property").item(0);
        assertEquals("subject", property.getAttribute("name"));
        assertEquals("com.example & <friends> ✓", property.getAttribute("value"));
    }

    @Test
    void anAllPassingGateHasNoFailures() throws Exception {
        Document doc = junit(Gate.builder().minFps(60.0).build().evaluate(EngineRun.smooth60()), "p");
        assertEquals("0", doc.getDocumentElement().getAttribute("failures"));
        assertEquals(0, doc.getElementsByTagName("failure").getLength());
    }

    @Test
    void cleanKeepsSupplementaryCharactersAndShowsLoneSurrogatesAndControls() {
        assertEquals("a😀b", JUnitReport.clean("a😀b"));
        assertEquals("a\\ud800b", JUnitReport.clean("a\ud800b"));
        assertEquals("tab\tok", JUnitReport.clean("tab\tok"));
        assertEquals("a?b", JUnitReport.clean("a\ufffeb"));
        // a device's subject: ESC, CSI (C1) and a right-to-left override shown, never raw in the file
        assertEquals("p: \\e[2J\\u009b\\u202e", JUnitReport.clean("p: \u001b[2J\u009b\u202e"));
    }

    // ---- Markdown ----

    @Test
    void markdownIsATableWithAHeadline() {
        StringWriter text = new StringWriter();
        MarkdownReport.write(mixed(), "com.example (gfxinfo, 600 frames)", new PrintWriter(new TerminalWriter(text)));
        assertEquals(String.join("\n",
                "### fpsctl gate: ❌ failed",
                "",
                "com.example (gfxinfo, 600 frames)",
                "",
                "| Check | Threshold | Measured | Result |",
                "|---|---|---|---|",
                "| fps | &gt;= 60.0 | 59.9 | ❌ FAIL |",
                "| p90Ms | &lt;= 16.67 | 8.00 | ✅ PASS |",
                "| bigJank | &lt;= 0 | n/a (gfxinfo has no big jank; SurfaceFlinger only) | ➖ n/a |",
                "",
                "gate FAILED: 3 checks, 1 failed, 1 n/a", ""), text.toString());
    }

    @Test
    void markdownCellsCannotBreakTheTable() {
        GateCheck odd = new GateCheck("a|b", "x\ny", "c\\|d", Verdict.PASS, "m");
        StringWriter text = new StringWriter();
        MarkdownReport.write(new GateResult(List.of(odd)), null, new PrintWriter(new TerminalWriter(text)));
        String s = text.toString();
        assertTrue(s.startsWith("### fpsctl gate: ✅ passed\n\n| Check"), s);
        assertTrue(s.contains("| a\\|b | x y | c\\\\\\|d | ✅ PASS |"), s);
        assertFalse(s.contains("null"));
    }
}
