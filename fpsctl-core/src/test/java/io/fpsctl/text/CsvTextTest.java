package io.fpsctl.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The CSV rule for device text (docs/formats.md, "Device text in CSV cells"), expected values by hand. */
class CsvTextTest {
    @Test
    void formulaStartsGetAnApostrophe() {
        assertEquals("'=HYPERLINK(\"http://evil.example/\")", CsvText.cell("=HYPERLINK(\"http://evil.example/\")"));
        assertEquals("'+cmd|' /C calc'!A0", CsvText.cell("+cmd|' /C calc'!A0"));
        assertEquals("'-2+3", CsvText.cell("-2+3"));
        assertEquals("'@SUM(A1)", CsvText.cell("@SUM(A1)"));
        assertEquals("'\tx", CsvText.cell("\tx"));
        assertEquals("'\rx", CsvText.cell("\rx"));
        assertEquals("''quoted", CsvText.cell("'quoted"));
        assertEquals("com.example.feed/com.example.feed.MainActivity",
                CsvText.cell("com.example.feed/com.example.feed.MainActivity"));
        assertEquals("", CsvText.cell(""));
    }

    @Property(tries = 300)
    void everyNameReadsBackAsItWas(@ForAll String name) {
        assertEquals(name, CsvText.read(CsvText.cell(name)));
    }
}
