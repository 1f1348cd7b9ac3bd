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
        assertEquals("'\tx", CsvText.cell("\tx"));
        assertEquals("'\rx", CsvText.cell("\rx"));
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
     * and then {@code =1+2}), and a CR or LF inside the text (that reader ends the row there, so what follows starts
     * a cell). Written by hand: an apostrophe before each.
     */
    @Test
    void aQuoteAfterASemicolonAndALineEndInsideTheTextAreCellStarts() {
        assertEquals("a;'\"=1+2;", CsvText.cell("a;\"=1+2;"));
        assertEquals("a\r'=1+2", CsvText.cell("a\r=1+2"));
        assertEquals("a\n'@x\r\n'-1", CsvText.cell("a\n@x\r\n-1"));
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
     * first cell is quoted by Commons CSV itself, so the line is not empty).
     */
    @Test
    void deviceTextCellsAreAlwaysQuoted() throws Exception {
        StringBuilder out = new StringBuilder();
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        CSVPrinter printer = format.print(out);
        CSVFormat quoted = CsvText.quoting(format);
        boolean[] device = {true, false, true, false};
        CsvText.printRecord(printer, format, quoted, new Object[] {"dev", "-3", CsvText.cell("x;=1+2"), "a,b"}, device);
        CsvText.printRecord(printer, format, quoted, new Object[] {"", "7", CsvText.cell("=1+2\";=1+2"), null}, device);
        assertEquals("\"dev\",-3,\"x;'=1+2\",\"a,b\"\n\"\",7,\"'=1+2\"\";'=1+2\",\n", out.toString());
    }

    @Property(tries = 1000)
    void everyNameReadsBackAsItWas(@ForAll String name) {
        assertEquals(name, CsvText.read(CsvText.cell(name)));
    }

    /** Names made of separators, apostrophes and formula starts: the cases the rule changes, read back as they were. */
    @Property(tries = 1000)
    void everyNameOfSeparatorsAndFormulaStartsReadsBackAsItWas(
            @ForAll @net.jqwik.api.constraints.Chars({';', ',', '=', '+', '-', '\'', '"', '@', '\r', '\n', 'a', ' '})
            String name) {
        String cell = CsvText.cell(name);
        assertEquals(name, CsvText.read(cell));
        for (int i = 0; i < cell.length(); i++) { // no cell (for a ';' reader, or after a line end) starts a formula
            boolean start = i == 0 || ";\r\n".indexOf(cell.charAt(i - 1)) >= 0;
            char c = cell.charAt(i);
            org.junit.jupiter.api.Assertions.assertFalse(start && "=+-@\"".indexOf(c) >= 0, cell);
        }
        // after a ',' nothing is added but the second apostrophe that keeps one read() would take away
        org.junit.jupiter.api.Assertions.assertFalse(cell.contains(",'") && !name.contains(",'"), cell);
    }
}
