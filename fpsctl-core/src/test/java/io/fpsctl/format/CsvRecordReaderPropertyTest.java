package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.commons.csv.CSVFormat;
import org.junit.jupiter.api.Test;

/**
 * {@link CsvRecordReader} against the records it was given: random fields (commas, quotes, line breaks, non-ASCII
 * text, empty ones) are written by Commons CSV's printer (RFC 4180 quoting) with every kind of line end and empty
 * lines between records, and read back through a buffer a few records long, so that records and quoted fields cross
 * the buffer's end in every way. The expected fields are the generated ones (a line break in a quoted field reads as
 * {@code \n}); the expected line of each record is counted in the text written here.
 */
class CsvRecordReaderPropertyTest {

    private static final int MAX = 64;

    @Provide
    Arbitrary<List<List<String>>> records() {
        Arbitrary<String> field = Arbitraries.strings().withChars("ab,\"\n\r é9.").ofMaxLength(12);
        return field.list().ofMinSize(1).ofMaxSize(5).list().ofMaxSize(12);
    }

    @Property(tries = 400)
    void readsBackWhatWasWritten(@ForAll("records") List<List<String>> records,
                                 @ForAll("lineEnds") List<String> ends, @ForAll boolean emptyLines) throws IOException {
        StringBuilder text = new StringBuilder();
        List<Long> lines = new ArrayList<>();
        List<List<String>> expected = new ArrayList<>();
        for (int r = 0; r < records.size(); r++) {
            List<String> rec = records.get(r);
            String end = ends.get(r % ends.size());
            if (emptyLines && r % 3 == 1) {
                text.append(end); // an empty line between records is skipped
            }
            String printed = CSVFormat.DEFAULT.format(rec.toArray());
            if (printed.isEmpty() || printed.getBytes(StandardCharsets.UTF_8).length > MAX) {
                continue; // one empty field prints as an empty line; longer records are the other property's
            }
            lines.add(1 + lineBreaks(text));
            text.append(printed).append(end);
            expected.add(rec.stream().map(f -> f.replace("\r\n", "\n").replace('\r', '\n')).toList());
        }
        CsvRecordReader reader = reader(text.toString());
        for (int r = 0; r < expected.size(); r++) {
            List<String> got = new ArrayList<>();
            assertTrue(reader.next((i, b, off, len) -> got.add(new String(b, off, len, StandardCharsets.UTF_8))),
                    "record " + r + " of " + text);
            assertFalse(reader.tooLong());
            assertEquals(expected.get(r), got, "record " + r + " of " + escape(text));
            assertEquals(lines.get(r), reader.line(), "line of record " + r + " of " + escape(text));
        }
        assertFalse(reader.next((i, b, off, len) -> { }), "no more records in " + escape(text));
    }

    @Provide
    Arbitrary<List<String>> lineEnds() {
        return Arbitraries.of("\n", "\r\n", "\r").list().ofMinSize(1).ofMaxSize(4);
    }

    @Property(tries = 200)
    void aRecordOverTheBoundIsSkippedToItsLineEndAndTheNextOnesRead(@ForAll("records") List<List<String>> records,
                                                                     @ForAll boolean quoted) throws IOException {
        String longRecord = quoted ? "\"" + "x".repeat(3 * MAX) + "\",1" : "y,".repeat(2 * MAX);
        StringBuilder text = new StringBuilder("a,b\n").append(longRecord).append('\n');
        List<List<String>> expected = new ArrayList<>();
        for (List<String> rec : records) {
            String printed = CSVFormat.DEFAULT.format(rec.toArray());
            if (!printed.isEmpty() && printed.length() <= MAX && printed.indexOf('\n') < 0 && printed.indexOf('\r') < 0) {
                text.append(printed).append('\n');
                expected.add(rec);
            }
        }
        CsvRecordReader reader = reader(text.toString());
        assertTrue(reader.next((i, b, off, len) -> { }));
        List<String> none = new ArrayList<>();
        assertTrue(reader.next((i, b, off, len) -> none.add("field")));
        assertTrue(reader.tooLong(), "the record over the bound is reported");
        assertEquals(List.of(), none, "and none of its fields handed over");
        assertEquals(2, reader.line());
        for (List<String> rec : expected) {
            List<String> got = new ArrayList<>();
            assertTrue(reader.next((i, b, off, len) -> got.add(new String(b, off, len, StandardCharsets.UTF_8))));
            assertEquals(rec, got);
        }
    }

    @Property(tries = 500)
    void anyBytesAreReadToTheirEndInBoundedSteps(@ForAll("noise") String text) {
        // a quote opened and never closed, a lone CR at the end, …: every input ends, one record per line at most
        long[] records = {0};
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            CsvRecordReader reader = reader(text);
            while (reader.next((i, b, off, len) -> { })) {
                records[0]++;
            }
        }, () -> "'" + escape(text) + "'");
        assertTrue(records[0] <= text.length() + 1, records[0] + " records from " + text.length() + " chars");
    }

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.strings().withChars("\",\n\rab").ofMaxLength(3 * MAX);
    }

    @Test
    void aQuoteNeverClosedEndsTheInputAsARecordOverTheBound() throws IOException {
        CsvRecordReader reader = reader("a,b\n\"open,c\nd\n");
        assertTrue(reader.next((i, b, off, len) -> { }));
        assertTrue(reader.next((i, b, off, len) -> { }));
        assertTrue(reader.tooLong(), "the record with the open quote");
    }

    @Test
    void theLastRecordMayEndWithoutALineEndOrInAnEmptyField() throws IOException {
        List<List<String>> got = readAll("a,\"b\"\nc,");
        assertEquals(List.of(List.of("a", "b"), List.of("c", "")), got);
        assertEquals(List.of(List.of("\"x\"y", "z")), readAll("\"\"\"x\"\"y\",z"));
    }

    @Test
    void bytesAfterAClosingQuoteStayInTheField() throws IOException {
        // Commons CSV refused the whole file here; the reader keeps them and lets the row be judged by its cells
        assertEquals(List.of(List.of("ab c", "d")), readAll("\"ab\" c,d\n"));
    }

    private static List<List<String>> readAll(String text) throws IOException {
        CsvRecordReader reader = reader(text);
        List<List<String>> all = new ArrayList<>();
        while (true) {
            List<String> rec = new ArrayList<>();
            if (!reader.next((i, b, off, len) -> rec.add(new String(b, off, len, StandardCharsets.UTF_8)))) {
                return all;
            }
            all.add(rec);
        }
    }

    private static CsvRecordReader reader(String text) {
        return new CsvRecordReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), MAX, 0);
    }

    /** Line breaks as a text editor counts them: {@code \r\n}, {@code \r} and {@code \n} are one each. */
    private static long lineBreaks(CharSequence text) {
        return text.toString().replace("\r\n", "\n").chars().filter(c -> c == '\n' || c == '\r').count();
    }

    private static String escape(CharSequence s) {
        return s.toString().replace("\r", "\\r").replace("\n", "\\n");
    }
}
