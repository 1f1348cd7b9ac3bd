package io.fpsctl.sink;

import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.Stage;
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
 * {@code chInputMs}, {@code chAnimationMs}, {@code chTraversalMs}) come last and are empty for other sources.
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
        HEADER = List.copyOf(h);
    }

    private final CSVPrinter printer;
    private final boolean flushEachRow;
    private final List<Object> cells = new ArrayList<>(HEADER.size());

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

    public void write(String device, String pkg, FrameResult r) throws IOException {
        List<Object> c = cells;
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
        printer.printRecord(c);
        if (flushEachRow) {
            printer.flush();
        }
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
