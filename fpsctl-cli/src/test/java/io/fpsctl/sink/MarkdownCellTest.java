package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Markdown's rule for device text in a table cell (docs/formats.md 6), expected value by hand. */
class MarkdownCellTest {
    @Test
    void deviceTextCannotBreakTheTableOpenACodeSpanOrAddHtml() {
        assertEquals("a\\|b \\`code\\` &lt;img src=x onerror=alert(1)&gt; &amp; c",
                MarkdownReport.cell("a|b\n`code` <img src=x onerror=alert(1)> & c"));
    }

    /** By hand: each of {@code [ ] * _ ~} gets a backslash, so no link, image, emphasis or strike-through. */
    @Test
    void deviceTextCannotMakeALinkOrEmphasis() {
        assertEquals("!\\[x\\](http://evil.example/) \\*b\\* \\_i\\_ \\~\\~s\\~\\~",
                MarkdownReport.cell("![x](http://evil.example/) *b* _i_ ~~s~~"));
    }

    /**
     * Device text in the report (a serial, a device's error in a gate whose device failed) shows ESC, C0, C1 and bidi
     * visibly, the backslash of each form escaped for Markdown: by hand, ESC is {@code \\e}, CR a space, U+009B
     * {@code \\u009b}, U+202E {@code \\u202e}, U+0007 {@code \\x07}.
     */
    @Test
    void controlAndBidiCharactersOfDeviceTextAreShownVisibly() {
        assertEquals("serial \\\\e\\[31mX\\\\u009b2J \\\\u202eabc \\\\x07 x y",
                MarkdownReport.cell("serial \u001b[31mX\u009b2J \u202eabc \u0007 x\ry"));
        java.io.StringWriter out = new java.io.StringWriter();
        MarkdownReport.write(new io.fpsctl.verdict.GateResult(java.util.List.of()), "dev\u001b]0;t\u0007 \u0085",
                new java.io.PrintWriter(out));
        String md = out.toString();
        for (char c : md.toCharArray()) {
            org.junit.jupiter.api.Assertions.assertFalse(c != '\n' && (c < 0x20 || c >= 0x7f && c < 0xa0), md);
        }
        org.junit.jupiter.api.Assertions.assertTrue(md.contains("dev\\\\e\\]0;t\\\\x07 \\\\u0085"), md);
    }
}
