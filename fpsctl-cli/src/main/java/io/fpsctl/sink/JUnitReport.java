package io.fpsctl.sink;

import io.fpsctl.text.TerminalText;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.IOException;
import java.io.OutputStream;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A {@link GateResult} as JUnit XML (the de-facto format CI servers read): one {@code <testsuite name="fpsctl
 * gate">} with one {@code <testcase>} per check; a failed check has a {@code <failure message=…>}, a check that does
 * not apply a {@code <skipped message=…>}; a row shown for information (no threshold: it neither passes nor fails)
 * is a passing test case whose {@code <system-out>} carries the value, so that a passing gate shows no "skipped"
 * tests in the CI's test view. Written as UTF-8 with {@link XMLStreamWriter}, so attribute and text
 * escaping is the XML library's. Every text (the subject, a check's name, message, threshold and value may quote a
 * device: a serial, what it answered) first shows control characters, C1 controls, bidi overrides and isolates and
 * line separators as the terminal does ({@code \e}, {@code \xNN}, {@code &#92;uNNNN}: docs/formats.md 6), since XML
 * 1.0 allows C1 and bidi characters raw and a CI page or a {@code cat} of the file would pass them on; what XML 1.0
 * still cannot hold (U+FFFE, U+FFFF) becomes {@code ?}.
 */
public final class JUnitReport {
    /** The name of the test suite, and the class name of every test case. */
    public static final String SUITE = "fpsctl gate";
    private static final String CLASS_NAME = "fpsctl.gate";
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private JUnitReport() {
    }

    /**
     * Writes the document; {@code out} is flushed, not closed.
     *
     * @param subject what was measured (a {@code subject} property of the suite); null to omit
     */
    public static void write(GateResult result, String subject, OutputStream out) throws IOException {
        try {
            XMLStreamWriter x = FACTORY.createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuite");
            x.writeAttribute("name", SUITE);
            x.writeAttribute("tests", Integer.toString(result.checks().size()));
            x.writeAttribute("failures", Integer.toString(result.count(Verdict.FAIL)));
            x.writeAttribute("errors", "0");
            x.writeAttribute("skipped", Integer.toString(result.count(Verdict.NA)));
            x.writeAttribute("time", "0");
            x.writeCharacters("\n");
            if (subject != null || result.partial()) {
                x.writeCharacters("  ");
                x.writeStartElement("properties");
                if (subject != null) {
                    x.writeEmptyElement("property");
                    x.writeAttribute("name", "subject");
                    x.writeAttribute("value", clean(subject));
                }
                if (result.partial()) {
                    x.writeEmptyElement("property");
                    x.writeAttribute("name", "partial");
                    x.writeAttribute("value", "true");
                }
                x.writeEndElement();
                x.writeCharacters("\n");
            }
            for (GateCheck c : result.checks()) {
                x.writeCharacters("  ");
                testcase(x, c);
                x.writeCharacters("\n");
            }
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.flush();
            x.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write the JUnit report: " + e.getMessage(), e);
        }
        out.flush();
    }

    private static void testcase(XMLStreamWriter x, GateCheck c) throws XMLStreamException {
        if (c.verdict() == Verdict.PASS) {
            x.writeEmptyElement("testcase");
            attributes(x, c);
            return;
        }
        x.writeStartElement("testcase");
        attributes(x, c);
        if (c.verdict() == Verdict.FAIL) {
            x.writeStartElement("failure");
            x.writeAttribute("message", clean(c.message()));
            x.writeAttribute("type", "threshold");
            x.writeCharacters(clean("threshold: " + c.threshold() + "\nmeasured: " + c.measured()));
            x.writeEndElement();
        } else if (c.verdict() == Verdict.INFO) {
            x.writeStartElement("system-out");
            x.writeCharacters(clean(c.message()));
            x.writeEndElement();
        } else {
            x.writeEmptyElement("skipped");
            x.writeAttribute("message", clean(c.message()));
        }
        x.writeEndElement();
    }

    private static void attributes(XMLStreamWriter x, GateCheck c) throws XMLStreamException {
        x.writeAttribute("name", clean(c.metric()));
        x.writeAttribute("classname", CLASS_NAME);
        x.writeAttribute("time", "0");
    }

    /**
     * {@code s} as the terminal shows device text (line feed and tab kept), then without the characters XML 1.0 does
     * not allow (U+FFFE/U+FFFF; the rule already showed C0 controls and lone surrogates visibly).
     */
    static String clean(String raw) {
        String s = TerminalText.escape(raw);
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            boolean ok;
            if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                if (b != null) {
                    b.append(ch).append(s.charAt(i + 1));
                }
                i++;
                continue;
            }
            ok = ch == '\t' || ch == '\n' || ch == '\r' || (ch >= 0x20 && ch <= 0xD7FF)
                    || (ch >= 0xE000 && ch <= 0xFFFD);
            if (!ok && b == null) {
                b = new StringBuilder(s.length());
                b.append(s, 0, i);
            }
            if (b != null) {
                b.append(ok ? ch : '?');
            }
        }
        return b == null ? s : b.toString();
    }
}
