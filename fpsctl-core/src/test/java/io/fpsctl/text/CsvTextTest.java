package io.fpsctl.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
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
        // tab and CR are shown (\x09, \x0d), so they no longer start the cell: no apostrophe needed
        assertEquals("\\x09x", CsvText.cell("\tx"));
        assertEquals("\\x0dx", CsvText.cell("\rx"));
        assertEquals("''quoted", CsvText.cell("'quoted"));
        assertEquals("com.example.feed/com.example.feed.MainActivity",
                CsvText.cell("com.example.feed/com.example.feed.MainActivity"));
        assertEquals("", CsvText.cell(""));
    }

    /**
     * A reader whose list separator is ';' starts a cell after it: a formula there is neutralised too. A ',' needs
     * nothing (in a ',' reader the device cell is quoted, a ';' reader does not split there).
     */
    @Test
    void formulaStartsAfterAListSeparatorGetAnApostrophe() {
        assertEquals("x;'=cmd|' /C calc'!A0;", CsvText.cell("x;=cmd|' /C calc'!A0;"));
        assertEquals("a,+1;'-2;'@x;b", CsvText.cell("a,+1;-2;@x;b"));
        assertEquals("a; =1", CsvText.cell("a; =1"));
        assertEquals("a;''b", CsvText.cell("a;'b"));
        // OWASP "CSV Injection" examples of a payload that closes the quote and opens a cell
        assertEquals("'=1+2\";'=1+2", CsvText.cell("=1+2\";=1+2"));
        assertEquals("'=1+2'\" ;,=1+2", CsvText.cell("=1+2'\" ;,=1+2"));
        assertEquals("x;=cmd", CsvText.read("x;'=cmd"));
        assertEquals("a;'b", CsvText.read("a;''b"));
    }

    /**
     * The cases a ';' reader still reached: a ';'-cell opening with a quote ({@code ""=1+2} is an empty quoted part
     * and then {@code =1+2}): an apostrophe before it, written by hand. A CR or LF inside the text, where that reader
     * would end the row, is now shown ({@code \x0d}, {@code \x0a}), so the cell stays on one line.
     */
    @Test
    void aQuoteAfterASemicolonIsACellStartAndLineEndsAreShown() {
        assertEquals("a;'\"=1+2;", CsvText.cell("a;\"=1+2;"));
        assertEquals("a\\x0d=1+2", CsvText.cell("a\r=1+2"));
        assertEquals("a\\x0a@x\\x0d\\x0a-1", CsvText.cell("a\n@x\r\n-1"));
        // a ';' right after a shown control still starts a cell for a ';' reader
        assertEquals("\\e;'=1", CsvText.cell("\u001b;=1"));
        assertEquals("a,\"b", CsvText.cell("a,\"b"));
        assertEquals("a,'x", CsvText.cell("a,'x"));
        assertEquals("a,''=x", CsvText.cell("a,'=x")); // read would take one away: kept by a second one
        assertEquals("a;\"=1+2;", CsvText.read("a;'\"=1+2;"));
        assertEquals("a,'=x", CsvText.read("a,''=x"));
    }

    /**
     * Cells written by the older versions (docs/formats.md, "What a reader of the CSV gets"): the one that marked only
     * a cell's start, and the one that also marked after every ',' ({@code a,'-b} for {@code a,-b}) read back as
     * their text.
     */
    /**
     * Control characters from a device are shown in the terminal's notation (docs/formats.md 6), worked by hand: ESC
     * as {@code \e}, other C0 as {@code \xNN} (tab and line feed too), DEL, C1, bidi controls, line separators and
     * an unpaired surrogate as {@code \}{@code uNNNN}; printable text, non-ASCII letters and emoji unchanged.
     */
    @Test
    void controlCharactersAreShownVisibly() {
        assertEquals("\\e]0;PWNED\\x07\\e[2J", CsvText.cell("\u001b]0;PWNED\u0007\u001b[2J"));
        assertEquals("x\\x00\\x09\\x0a\\x1f", CsvText.cell("x\u0000\t\n\u001f"));
        assertEquals("x\\u007f\\u009b\\u202e\\u2066\\u2028\\ud800", CsvText.cell("x\u007f\u009b\u202e\u2066\u2028\ud800"));
        assertEquals("café 😀 ✓", CsvText.cell("café 😀 ✓"));
        // a title ending in a control keeps it, visibly: no reader trims it off
        assertEquals("title\\x0d", CsvText.read(CsvText.cell("title\r")));
        // the formula rule still applies to what the cell shows
        assertEquals("'=\\e[31m", CsvText.cell("=\u001b[31m"));
    }

    @Test
    void cellsWrittenByOlderVersionsReadBack() {
        assertEquals("=1+2", CsvText.read("'=1+2"));
        assertEquals("'quoted", CsvText.read("''quoted"));
        assertEquals("a,-b;=c", CsvText.read("a,'-b;'=c"));
        assertEquals("a,'b", CsvText.read("a,'b"));
        assertEquals("\"x", CsvText.read("\"x"));
    }

    /**
     * Device-text cells are always quoted, whatever they hold; fpsctl's own cells only when they must be (an empty
     * first cell is quoted by Commons CSV itself, so the line is not empty). The writer hands the device's text over
     * raw: printRecord applies the whole rule (shown, marked, quoted) to the marked cells, and only to them.
     */
    @Test
    void deviceTextCellsAreAlwaysQuoted() throws Exception {
        StringBuilder out = new StringBuilder();
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        CSVPrinter printer = format.print(out);
        CSVFormat quoted = CsvText.quoting(format);
        boolean[] device = {true, false, true, false};
        CsvText.printRecord(printer, format, quoted, new Object[] {"dev", "-3", "x;=1+2", "a,b"}, device);
        CsvText.printRecord(printer, format, quoted, new Object[] {"", "7", "=1+2\";=1+2", null}, device);
        CsvText.printRecord(printer, format, quoted, new Object[] {"\u001b[2J", "=x\u001b", "@a\u009b", "-1"}, device);
        assertEquals("\"dev\",-3,\"x;'=1+2\",\"a,b\"\n\"\",7,\"'=1+2\"\";'=1+2\",\n"
                + "\"\\e[2J\",\"=x\u001b\",\"'@a\\u009b\",-1\n", out.toString()); // an unmarked cell is left alone (Commons CSV quotes it)
    }

    /** Every name reads back as the cell shows it: itself, with control characters in the visible notation. */
    @Property(tries = 1000)
    void everyNameReadsBackAsShown(@ForAll String name) {
        assertEquals(shown(name), CsvText.read(CsvText.cell(name)));
    }

    private static String shown(String s) {
        return io.fpsctl.testing.HostileText.shownInCsv(s);
    }

    /** Names made of separators, apostrophes, formula starts and line ends: read back as shown, on one line. */
    @Property(tries = 1000)
    void everyNameOfSeparatorsAndFormulaStartsReadsBackAsItWas(
            @ForAll @net.jqwik.api.constraints.Chars({';', ',', '=', '+', '-', '\'', '"', '@', '\r', '\n', 'a', ' '})
            String name) {
        String cell = CsvText.cell(name);
        assertEquals(shown(name), CsvText.read(cell));
        org.junit.jupiter.api.Assertions.assertFalse(cell.contains("\r") || cell.contains("\n"), cell);
        for (int i = 0; i < cell.length(); i++) { // no cell (for a ';' reader, or after a line end) starts a formula
            boolean start = i == 0 || ";\r\n".indexOf(cell.charAt(i - 1)) >= 0;
            char c = cell.charAt(i);
            org.junit.jupiter.api.Assertions.assertFalse(start && "=+-@\"".indexOf(c) >= 0, cell);
        }
        // after a ',' nothing is added but the second apostrophe that keeps one read() would take away
        org.junit.jupiter.api.Assertions.assertFalse(cell.contains(",'") && !name.contains(",'"), cell);
    }
}
