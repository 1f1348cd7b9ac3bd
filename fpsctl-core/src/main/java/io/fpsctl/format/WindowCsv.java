package io.fpsctl.format;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.Summary;
import io.fpsctl.text.CsvText;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * fpsctl's per-live-window CSV (docs/metrics.md section 4): one row per closed {@link LiveWindow}, flushed as soon as
 * it is written so an interrupted capture keeps every window it produced. Rates have one decimal, percentages and
 * milliseconds two (the printed rounding). An idle window has {@code idle=true}, zero counts and empty rates and
 * frame times: it is never reported as 0 fps. The {@code window} column is the live window's index (0 = the window
 * that starts at the first counted frame).
 */
public final class WindowCsv implements Closeable, Flushable {

    private final CSVPrinter printer;
    private final CSVFormat format;
    /** {@link #format} quoting every cell: for the cells of device text ({@link CsvText#printRecord}). */
    private final CSVFormat quoted;
    /** The columns that hold device text ({@link WindowCsvSchema#DEVICE_TEXT}). */
    private static final boolean[] DEVICE_TEXT = deviceText();
    private final String device;
    private final String packageName;
    /** The row being filled, indexed by {@link CsvColumn#index()}. */
    private final String[] cells = new String[WindowCsvSchema.COLUMNS.size()];

    /**
     * Writes the header at once.
     *
     * @param device      the device serial for every row (null → empty)
     * @param packageName the package for every row (null → empty)
     */
    public WindowCsv(Appendable out, String device, String packageName) throws IOException {
        this.format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        this.printer = format.print(out);
        this.quoted = CsvText.quoting(format);
        this.device = device == null ? "" : device; // device text: CsvText.printRecord
        this.packageName = packageName == null ? "" : packageName;
        printer.printRecord(WindowCsvSchema.HEADER);
        printer.flush();
    }

    /** Writes and flushes the row of one closed live window. */
    public void write(LiveWindow window) throws IOException {
        Summary s = window.stats();
        FrameTimes t = s.frameTimeMs();
        String[] c = cells;
        c[WindowCsvSchema.DEVICE.index()] = device;
        c[WindowCsvSchema.PACKAGE.index()] = packageName;
        c[WindowCsvSchema.SOURCE.index()] = s.source().key();
        c[WindowCsvSchema.WINDOW.index()] = Long.toString(window.index());
        c[WindowCsvSchema.START_NS.index()] = Long.toString(window.startNs());
        c[WindowCsvSchema.END_NS.index()] = Long.toString(window.endNs());
        c[WindowCsvSchema.IDLE.index()] = Boolean.toString(s.idle());
        c[WindowCsvSchema.FRAMES.index()] = Long.toString(s.frames());
        c[WindowCsvSchema.FPS.index()] = decimal(s.fps(), 1);
        c[WindowCsvSchema.JANKY_FRAMES.index()] = Long.toString(s.jankyFrames());
        c[WindowCsvSchema.JANK_PERCENT.index()] = decimal(s.jankPercent(), 2);
        c[WindowCsvSchema.DROPPED_FRAMES.index()] = Long.toString(s.droppedFrames());
        for (DropLevel l : DropLevel.all()) {
            c[WindowCsvSchema.dropLevel(l).index()] = Long.toString(s.dropLevel(l));
        }
        c[WindowCsvSchema.P50_MS.index()] = decimal(t == null ? null : t.p50(), 2);
        c[WindowCsvSchema.P90_MS.index()] = decimal(t == null ? null : t.p90(), 2);
        c[WindowCsvSchema.P99_MS.index()] = decimal(t == null ? null : t.p99(), 2);
        c[WindowCsvSchema.MAX_MS.index()] = decimal(t == null ? null : t.max(), 2);
        c[WindowCsvSchema.WORST_CAUSE.index()] = s.worstCause() == null ? "" : s.worstCause();
        c[WindowCsvSchema.REFRESH_HZ.index()] = decimal(s.refreshHz(), 1);
        List<String> resources = new ArrayList<>(WindowCsvSchema.RESOURCES.size());
        ResourceColumns.common(window.resources(), resources);
        ResourceColumns.windowOnly(window.resources(), resources);
        for (int i = 0; i < resources.size(); i++) {
            c[WindowCsvSchema.RESOURCES.get(i).index()] = resources.get(i);
        }
        CsvText.printRecord(printer, format, quoted, c, DEVICE_TEXT);
        printer.flush();
    }

    private static String decimal(Double v, int decimals) {
        return v == null || v.isNaN() || v.isInfinite() ? "" : Decimals.round(v, decimals).toPlainString();
    }

    @Override
    public void flush() throws IOException {
        printer.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close(true);
    }

    private static boolean[] deviceText() {
        boolean[] d = new boolean[WindowCsvSchema.COLUMNS.size()];
        for (CsvColumn c : WindowCsvSchema.DEVICE_TEXT) {
            d[c.index()] = true;
        }
        return d;
    }
}
