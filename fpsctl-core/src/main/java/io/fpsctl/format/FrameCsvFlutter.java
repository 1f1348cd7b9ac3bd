package io.fpsctl.format;

import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterFrameJoin;
import io.fpsctl.text.CsvText;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Fills the Flutter columns of a frames CSV ({@link FrameCsvSchema#UI_MS}, {@link FrameCsvSchema#RASTER_MS},
 * {@link FrameCsvSchema#FLUTTER_BOTTLENECK}; docs/metrics.md 16 rule 9) once a run has ended: the engine reports
 * frame timings in batches (flutter/engine {@code shell/common/shell.cc Shell::OnFrameRasterized}, every 100 ms in
 * profile and debug builds) and the framework posts them after that, so a row is written before its Flutter frame
 * is known. Streams the file row by row; every other cell is copied as it was.
 */
public final class FrameCsvFlutter {

    private FrameCsvFlutter() {
    }

    /** Opens the frames CSV again (it is read twice: its presents, then its rows). */
    @FunctionalInterface
    public interface Input {
        Reader open() throws IOException;
    }

    /**
     * Copies a frames CSV written by {@link FrameCsv} to {@code out} with its Flutter cells filled on the
     * SurfaceFlinger rows joined with a Flutter frame ({@link FlutterFrameJoin}).
     *
     * @return the rows joined
     * @throws FrameCsvFormatException when the file is not a frames CSV of this version
     */
    public static long fill(Input in, Writer out, List<FlutterFrame> frames, long budgetUs)
            throws IOException, FrameCsvFormatException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        long[] presents = new long[1024];
        int rows = 0;
        try (Reader r = in.open()) {
            boolean header = true;
            for (CSVRecord record : format.parse(r)) {
                String[] cells = record.values();
                if (header) {
                    if (!java.util.Arrays.asList(cells).equals(FrameCsvSchema.HEADER)) {
                        throw new FrameCsvFormatException("not a frames CSV of this fpsctl (its header differs)");
                    }
                    header = false;
                    continue;
                }
                if (rows == presents.length) {
                    presents = java.util.Arrays.copyOf(presents, rows * 2);
                }
                presents[rows++] = present(cells);
            }
        }
        int[] joined = FlutterFrameJoin.join(java.util.Arrays.copyOf(presents, rows), frames, budgetUs);
        long count = 0;
        CSVPrinter printer = format.print(out);
        CSVFormat quoted = CsvText.quoting(format);
        try (Reader r = in.open()) {
            int row = -1;
            for (CSVRecord record : format.parse(r)) {
                String[] cells = record.values();
                if (row >= 0 && row < joined.length && joined[row] >= 0) {
                    FlutterFrame f = frames.get(joined[row]);
                    cells[FrameCsvSchema.UI_MS.index()] = Millis.format(f.buildUs() * 1000L);
                    cells[FrameCsvSchema.RASTER_MS.index()] = Millis.format(f.rasterUs() * 1000L);
                    cells[FrameCsvSchema.FLUTTER_BOTTLENECK.index()] = f.bottleneck();
                    count++;
                }
                if (row++ < 0) {
                    printer.printRecord((Object[]) cells);
                    continue;
                }
                // the device cells back to the text they show, so the one rule writes them as FrameCsv did
                for (CsvColumn c : FrameCsvSchema.DEVICE_TEXT) {
                    cells[c.index()] = CsvText.read(cells[c.index()]);
                }
                CsvText.printRecord(printer, format, quoted, cells, FrameCsv.DEVICE_TEXT);
            }
        }
        printer.flush();
        return count;
    }

    /** The row's present (a SurfaceFlinger row's endNs), or Long.MIN_VALUE. */
    private static long present(String[] cells) {
        if (cells.length != FrameCsvSchema.HEADER.size()) {
            return Long.MIN_VALUE;
        }
        io.fpsctl.engine.Source source = io.fpsctl.engine.Source.fromKey(cells[FrameCsvSchema.SOURCE.index()]);
        String end = cells[FrameCsvSchema.END_NS.index()];
        return source != null && source.presented() && end.matches("[0-9]{1,18}") ? Long.parseLong(end)
                : Long.MIN_VALUE;
    }
}
