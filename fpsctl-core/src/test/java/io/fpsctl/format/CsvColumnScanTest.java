package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A few named columns of a CSV, as Commons CSV's DEFAULT format with a header reads them (worked by hand). */
class CsvColumnScanTest {
    private static List<String> scan(String csv, List<String> columns) throws Exception {
        List<String> rows = new ArrayList<>();
        boolean found = CsvColumnScan.scan(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), columns, 0,
                cells -> rows.add(String.join("|", cells)));
        if (!found) {
            rows.add("absent");
        }
        return rows;
    }

    @Test
    void handsTheAskedCellsOfEveryConsistentRowWithAKey() throws Exception {
        String csv = "a,uiMs,b,endNs,rasterMs\r\n"
                + "x,1.5,\"q,\"\"r\"\"\",100,2.25\r\n" // quoted cell with a comma and quotes, not asked
                + "x,,y,200,3\n"                         // no uiMs: skipped
                + "x,2,y,300\n"                          // 4 cells of 5: not consistent, left out
                + "\n"                                   // empty line: skipped
                + "x,\"3\",\"é\",400,\"4\n5\"\n";        // quoted key, a line break inside a quoted cell
        assertEquals(List.of("1.5|100|2.25", "3|400|4\n5"), scan(csv, List.of("uiMs", "endNs", "rasterMs")));
        assertEquals(List.of("x|1.5", "x|", "x|3"), scan(csv, List.of("a", "uiMs")), "keyed on a: the row without uiMs too");
    }

    @Test
    void aMissingColumnReadsNothing() throws Exception {
        assertEquals(List.of("absent"), scan("a,b\n1,2\n", List.of("a", "uiMs")));
        assertEquals(List.of("absent"), scan("", List.of("a")));
    }

    @Test
    void aRowLongerThanTheBoundIsLeftOut() throws Exception {
        String big = "x".repeat(FrameCsvReader.MAX_LINE_CHARS + 10);
        List<String> rows = scan("k,v\n1," + big + "\n2,b\n", List.of("k", "v"));
        assertEquals(List.of("2|b"), rows);
        assertTrue(rows.stream().noneMatch(r -> r.length() > 100));
        assertFalse(rows.isEmpty());
    }
}
