package io.fpsctl.format;

import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterFrameJoin;
import io.fpsctl.engine.Source;
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

    /**
     * Copies a frames CSV written by {@link FrameCsv} from {@code in} to {@code out} with its Flutter cells filled
     * on the SurfaceFlinger rows joined with a Flutter frame ({@link FlutterFrameJoin}).
     *
     * @return the rows joined
     * @throws FrameCsvFormatException when {@code in} is not a frames CSV of this version
     */
    public static long fill(Reader in, Writer out, List<FlutterFrame> frames, long budgetUs)
            throws IOException, FrameCsvFormatException {
        FlutterFrameJoin join = new FlutterFrameJoin(frames, budgetUs);
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        long joined = 0;
        boolean header = true;
        CSVPrinter printer = format.print(out);
        for (CSVRecord r : format.parse(in)) {
            String[] cells = r.values();
            if (header) {
                if (!java.util.Arrays.asList(cells).equals(FrameCsvSchema.HEADER)) {
                    throw new FrameCsvFormatException("not a frames CSV of this fpsctl (its header differs)");
                }
                header = false;
            } else if (cells.length == FrameCsvSchema.HEADER.size()) {
                Source s = Source.fromKey(cells[FrameCsvSchema.SOURCE.index()]);
                String end = cells[FrameCsvSchema.END_NS.index()];
                if (s != null && s.presented() && end.matches("[0-9]{1,19}")) {
                    FlutterFrame f = join.next(Long.parseLong(end));
                    if (f != null) {
                        cells[FrameCsvSchema.UI_MS.index()] = Millis.format(f.buildUs() * 1000L);
                        cells[FrameCsvSchema.RASTER_MS.index()] = Millis.format(f.rasterUs() * 1000L);
                        cells[FrameCsvSchema.FLUTTER_BOTTLENECK.index()] = f.bottleneck();
                        joined++;
                    }
                }
            }
            printer.printRecord((Object[]) cells);
        }
        printer.flush();
        return joined;
    }
}
