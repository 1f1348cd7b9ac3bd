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
}
