package io.fpsctl.format;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A few named columns of a big CSV, row by row, read with {@link CsvRecordReader}: for a reader that wants three
 * columns of a frames CSV (the report's Flutter split, docs/metrics.md 16) without decoding the other forty cells of
 * every row into characters, which made Commons CSV take most of a long capture's report time (docs/performance.md).
 * Read as Commons CSV's {@code DEFAULT} format with a header: a row whose number of cells differs from the header's
 * is left out (Commons CSV's {@code isConsistent()}), and a row whose {@code key} cell is empty is skipped before any
 * of its cells becomes a string.
 */
public final class CsvColumnScan {
    /** Receives one row's cells of the asked columns, in the order asked. */
    public interface Row {
        void row(String[] cells);
    }

    private CsvColumnScan() {
    }

    /**
     * Hands {@code sink} the cells of {@code columns} of every consistent row whose cell in {@code columns[key]} is not
     * empty; false (and nothing read past the header) when a column is not in the header.
     */
    public static boolean scan(InputStream in, List<String> columns, int key, Row sink) throws IOException {
        CsvRecordReader reader = new CsvRecordReader(in, FrameCsvReader.MAX_LINE_CHARS);
        java.util.ArrayList<String> names = new java.util.ArrayList<>();
        if (!reader.next((i, buf, off, len) -> names.add(new String(buf, off, len, StandardCharsets.UTF_8)))) {
            return false;
        }
        int width = names.size();
        int[] wanted = new int[width]; // column index → 1 + its place in columns, 0 when not asked
        for (int c = 0; c < columns.size(); c++) {
            int at = names.indexOf(columns.get(c));
            if (at < 0) {
                return false;
            }
            wanted[at] = c + 1;
        }
        int keyColumn = names.indexOf(columns.get(key));
        byte[][] cells = new byte[columns.size()][64];
        int[] lengths = new int[columns.size()];
        int[] count = new int[1];
        while (reader.next((i, buf, off, len) -> {
            count[0] = i + 1;
            int c = i < width ? wanted[i] - 1 : -1;
            if (c >= 0) {
                if (cells[c].length < len) {
                    cells[c] = Arrays.copyOf(cells[c], Math.max(len, 2 * cells[c].length));
                }
                System.arraycopy(buf, off, cells[c], 0, len);
                lengths[c] = len;
            }
        })) {
            int fields = count[0];
            count[0] = 0;
            if (reader.tooLong() || fields != width || lengths[wanted[keyColumn] - 1] == 0) {
                Arrays.fill(lengths, 0);
                continue;
            }
            String[] row = new String[columns.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = new String(cells[c], 0, lengths[c], StandardCharsets.UTF_8);
            }
            Arrays.fill(lengths, 0);
            sink.row(row);
        }
        return true;
    }
}
