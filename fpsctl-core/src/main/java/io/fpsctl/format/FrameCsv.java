package io.fpsctl.format;

import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.Stage;
import io.fpsctl.text.CsvText;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * fpsctl's per-frame CSV: one row per counted frame, the format {@code analyze} reads back. Durations are exact
 * milliseconds (up to 6 decimals) so that reading the file reproduces the same summary. SurfaceFlinger rows put
 * actualPresent in {@code endNs}, leave {@code intendedVsyncNs} and the stage columns empty, and leave
 * {@code durationMs} (the gap) empty on the first frame of a segment. The agent's columns ({@code interaction},
 * {@code chInputMs}, {@code chAnimationMs}, {@code chTraversalMs}) come next and are empty for other sources. The
 * FrameTimeline columns come last (docs/metrics.md 10, Android 12+): {@code jankTypes}, the frame's jank type keys joined
 * with {@code |} (empty when on time), and {@code presentState} ({@code Presented}, {@code Dropped},
 * {@code Unknown} as SurfaceFlinger printed it); both are empty when the frame was not joined with a SurfaceFrame
 * (unattributed), on Android 11 and older, and for SurfaceFlinger-source and agent frames. The resource columns
 * come just before them (docs/metrics.md 13 rule 9: the interval between the reads bracketing the frame), empty
 * when resources were not read.
 */
public final class FrameCsv implements Closeable, Flushable {

    private final CSVPrinter printer;
    private final CSVFormat format;
    /** {@link #format} quoting every cell: for the cells of device text ({@link CsvText#printRecord}). */
    private final CSVFormat quoted;
    /** The columns that hold device text ({@link FrameCsvSchema#DEVICE_TEXT}). */
    static final boolean[] DEVICE_TEXT = deviceText();
    private final boolean flushEachRow;
    /** The row being filled, indexed by {@link CsvColumn#index()}. */
    private final String[] cells = new String[FrameCsvSchema.COLUMNS.size()];
    /** The resource cells of the row being filled ({@link FrameCsvSchema#RESOURCES}). */
    private final List<String> resourceCells = new ArrayList<>(FrameCsvSchema.RESOURCES.size());

    /**
     * @param flushEachRow flush after every row, so an interrupted capture leaves every produced row on disk
     */
    public FrameCsv(Appendable out, boolean flushEachRow) throws IOException {
        this.format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();
        this.printer = format.print(out);
        this.quoted = CsvText.quoting(format);
        this.flushEachRow = flushEachRow;
        printer.printRecord(FrameCsvSchema.HEADER);
        if (flushEachRow) {
            printer.flush();
        }
    }

    /** Writes the row of {@code r} with empty FrameTimeline cells. */
    public void write(String device, String pkg, FrameResult r) throws IOException {
        fill(device, pkg, r);
        print(cells, null);
    }

    /**
     * The row of {@code r} as a copy (the engine reuses {@code r}), to be written later with its FrameTimeline
     * verdict by {@link #write(String[], FrameTimelineVerdict)}.
     */
    public String[] row(String device, String pkg, FrameResult r) {
        fill(device, pkg, r);
        return cells.clone();
    }

    /** Writes a row made by {@link #row} with the cells of {@code verdict}; empty ones when it is null. */
    public void write(String[] row, FrameTimelineVerdict verdict) throws IOException {
        print(row, verdict);
    }

    private void print(String[] row, FrameTimelineVerdict verdict) throws IOException {
        row[FrameCsvSchema.JANK_TYPES.index()] = verdict == null ? "" : verdict.jankTypesColumn();
        row[FrameCsvSchema.PRESENT_STATE.index()] = verdict == null ? "" : verdict.presentState();
        CsvText.printRecord(printer, format, quoted, row, DEVICE_TEXT);
        if (flushEachRow) {
            printer.flush();
        }
    }

    /** The cells of {@code r} before the FrameTimeline ones, into {@link #cells}. */
    private void fill(String device, String pkg, FrameResult r) {
        String[] c = cells;
        boolean presented = r.source().presented();
        boolean timed = r.timed() || !presented;
        c[FrameCsvSchema.DEVICE.index()] = device == null ? "" : device; // device text: CsvText.printRecord
        c[FrameCsvSchema.PACKAGE.index()] = pkg == null ? "" : pkg;
        c[FrameCsvSchema.SOURCE.index()] = r.source().key();
        c[FrameCsvSchema.WINDOW.index()] = r.window(); // device text: CsvText.printRecord
        c[FrameCsvSchema.INTENDED_VSYNC_NS.index()] = presented ? "" : Long.toString(r.time());
        c[FrameCsvSchema.END_NS.index()] = Long.toString(r.end());
        c[FrameCsvSchema.INTERVAL_NS.index()] = Long.toString(r.interval());
        c[FrameCsvSchema.DURATION_MS.index()] = r.duration() < 0 ? "" : Millis.format(r.duration());
        c[FrameCsvSchema.DROPPED.index()] = timed ? Long.toString(r.dropped()) : "";
        c[FrameCsvSchema.JANKY.index()] = timed ? Boolean.toString(r.janky()) : "";
        c[FrameCsvSchema.DROP_LEVEL.index()] = timed ? r.dropLevel().key() : "";
        c[FrameCsvSchema.FLAGS.index()] = Long.toString(r.flags());
        for (Stage s : Stage.all()) {
            long v = r.stage(s);
            c[FrameCsvSchema.stage(s).index()] = v < 0 ? "" : Millis.format(v);
        }
        c[FrameCsvSchema.MAIN_CAUSE.index()] = r.mainCauseKey();
        c[FrameCsvSchema.JANK.index()] = presented ? Boolean.toString(r.jank()) : "";
        c[FrameCsvSchema.BIG_JANK.index()] = presented ? Boolean.toString(r.bigJank()) : "";
        c[FrameCsvSchema.INTERACTION.index()] = r.interaction() < 0 ? "" : Long.toString(r.interaction());
        for (int q = 0; q < Interaction.CH_QUEUES; q++) {
            long v = r.choreographer(q);
            c[FrameCsvSchema.choreographer(q).index()] = v < 0 ? "" : Millis.format(v);
        }
        c[FrameCsvSchema.UI_MS.index()] = ""; // filled when the run ends (FrameCsvFlutter, docs/metrics.md 16)
        c[FrameCsvSchema.RASTER_MS.index()] = "";
        c[FrameCsvSchema.FLUTTER_BOTTLENECK.index()] = "";
        resourceCells.clear();
        ResourceColumns.common(r.resources(), resourceCells);
        for (int i = 0; i < resourceCells.size(); i++) {
            c[FrameCsvSchema.RESOURCES.get(i).index()] = resourceCells.get(i);
        }
    }

    private static boolean[] deviceText() {
        boolean[] d = new boolean[FrameCsvSchema.COLUMNS.size()];
        for (CsvColumn c : FrameCsvSchema.DEVICE_TEXT) {
            d[c.index()] = true;
        }
        return d;
    }

    @Override
    public void flush() throws IOException {
        printer.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close(true);
    }
}
