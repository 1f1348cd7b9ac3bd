package io.fpsctl.format;

import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.Stage;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * fpsctl's per-frame CSV: one row per counted frame, the format {@code analyze} reads back. Durations are exact
 * milliseconds (up to 6 decimals) so that reading the file reproduces the same summary. SurfaceFlinger rows put
 * actualPresent in {@code endNs}, leave {@code intendedVsyncNs} and the stage columns empty, and leave
 * {@code durationMs} (the gap) empty on the first frame of a segment. The agent's columns ({@code interaction},
 * {@code chInputMs}, {@code chAnimationMs}, {@code chTraversalMs}) come next and are empty for other sources. The
 * FrameTimeline columns come last (METRICS.md 9, Android 12+): {@code jankTypes}, the frame's jank type keys joined
 * with {@code |} (empty when on time), and {@code presentState} ({@code Presented}, {@code Dropped},
 * {@code Unknown} as SurfaceFlinger printed it); both are empty when the frame was not joined with a SurfaceFrame
 * (unattributed), on Android 11 and older, and for SurfaceFlinger-source and agent frames. The resource columns
 * come just before them (docs/metrics.md 13 rule 9: the interval between the reads bracketing the frame), empty
 * when resources were not read.
 */
public final class FrameCsv implements Closeable, Flushable {

    /** The column names, in order. */
    public static final List<String> HEADER;

    static {
        List<String> h = new ArrayList<>(List.of("device", "package", "source", "window", "intendedVsyncNs",
                "endNs", "intervalNs", "durationMs", "dropped", "janky", "dropLevel", "flags"));
        for (Stage s : Stage.all()) {
            h.add(s.key() + "Ms");
        }
        h.addAll(List.of("mainCause", "jank", "bigJank", "interaction", "chInputMs", "chAnimationMs",
                "chTraversalMs"));
        h.addAll(ResourceColumns.COMMON);
        h.addAll(List.of("jankTypes", "presentState"));
        HEADER = List.copyOf(h);
    }

    /** The cells before the FrameTimeline ones (the last two). */
    private static final int OWN_CELLS = HEADER.size() - 2;

    private final CSVPrinter printer;
    private final boolean flushEachRow;
    private final List<String> cells = new ArrayList<>(HEADER.size());

    /**
     * @param flushEachRow flush after every row, so an interrupted capture leaves every produced row on disk
     */
    public FrameCsv(Appendable out, boolean flushEachRow) throws IOException {
        this.printer = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build().print(out);
        this.flushEachRow = flushEachRow;
        printer.printRecord(HEADER);
        if (flushEachRow) {
            printer.flush();
        }
    }

    /** Writes the row of {@code r} with empty FrameTimeline cells. */
    public void write(String device, String pkg, FrameResult r) throws IOException {
        fill(device, pkg, r);
        cells.add("");
        cells.add("");
        print(cells);
    }

    /**
     * The row of {@code r} as a copy (the engine reuses {@code r}), to be written later with its FrameTimeline
     * verdict by {@link #write(String[], FrameTimelineVerdict)}.
     */
    public String[] row(String device, String pkg, FrameResult r) {
        fill(device, pkg, r);
        return cells.toArray(new String[HEADER.size()]);
    }

    /** Writes a row made by {@link #row} with the cells of {@code verdict}; empty ones when it is null. */
    public void write(String[] row, FrameTimelineVerdict verdict) throws IOException {
        row[OWN_CELLS] = verdict == null ? "" : verdict.jankTypesColumn();
        row[OWN_CELLS + 1] = verdict == null ? "" : verdict.presentState();
        print(Arrays.asList(row));
    }

    private void print(List<String> row) throws IOException {
        printer.printRecord(row);
        if (flushEachRow) {
            printer.flush();
        }
    }

    /** The cells of {@code r} before the FrameTimeline ones, into {@link #cells}. */
    private void fill(String device, String pkg, FrameResult r) {
        List<String> c = cells;
        c.clear();
        boolean presented = r.source().presented();
        c.add(device == null ? "" : device);
        c.add(pkg == null ? "" : pkg);
        c.add(r.source().key());
        c.add(r.window());
        c.add(presented ? "" : Long.toString(r.time()));
        c.add(Long.toString(r.end()));
        c.add(Long.toString(r.interval()));
        c.add(r.duration() < 0 ? "" : Millis.format(r.duration()));
        c.add(r.timed() || !presented ? Long.toString(r.dropped()) : "");
        c.add(r.timed() || !presented ? Boolean.toString(r.janky()) : "");
        c.add(r.timed() || !presented ? r.dropLevel().key() : "");
        c.add(Long.toString(r.flags()));
        for (Stage s : Stage.all()) {
            long v = r.stage(s);
            c.add(v < 0 ? "" : Millis.format(v));
        }
        c.add(r.mainCauseKey());
        c.add(presented ? Boolean.toString(r.jank()) : "");
        c.add(presented ? Boolean.toString(r.bigJank()) : "");
        c.add(r.interaction() < 0 ? "" : Long.toString(r.interaction()));
        for (int q = 0; q < Interaction.CH_QUEUES; q++) {
            long v = r.choreographer(q);
            c.add(v < 0 ? "" : Millis.format(v));
        }
        ResourceColumns.common(r.resources(), c);
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
