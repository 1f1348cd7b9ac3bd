package io.fpsctl.format;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.Summary;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * fpsctl's per-live-window CSV (METRICS.md section 6): one row per closed {@link LiveWindow}, flushed as soon as
 * it is written so an interrupted capture keeps every window it produced. Rates have one decimal, percentages and
 * milliseconds two (the printed rounding). An idle window has {@code idle=true}, zero counts and empty rates and
 * frame times: it is never reported as 0 fps. The {@code window} column is the live window's index (0 = the window
 * that starts at the first counted frame).
 */
public final class WindowCsv implements Closeable, Flushable {

    /** The column names, in order. */
    public static final List<String> HEADER;

    static {
        List<String> h = new ArrayList<>(List.of("device", "package", "source", "window", "startNs", "endNs", "idle",
                "frames", "fps", "jankyFrames", "jankPercent", "droppedFrames"));
        for (DropLevel l : DropLevel.all()) {
            h.add(l.key());
        }
        h.addAll(List.of("p50Ms", "p90Ms", "p99Ms", "maxMs", "worstCause", "refreshHz"));
        h.addAll(ResourceColumns.COMMON); // docs/metrics.md 13: the window's resources, empty when not read
        h.addAll(ResourceColumns.WINDOW_ONLY);
        HEADER = List.copyOf(h);
    }

    private final CSVPrinter printer;
    private final String device;
    private final String packageName;
    private final List<Object> cells = new ArrayList<>(HEADER.size());

    /**
     * Writes the header at once.
     *
     * @param device      the device serial for every row (null → empty)
     * @param packageName the package for every row (null → empty)
     */
    public WindowCsv(Appendable out, String device, String packageName) throws IOException {
        this.printer = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build().print(out);
        this.device = device == null ? "" : device;
        this.packageName = packageName == null ? "" : packageName;
        printer.printRecord(HEADER);
        printer.flush();
    }

    /** Writes and flushes the row of one closed live window. */
    public void write(LiveWindow window) throws IOException {
        Summary s = window.stats();
        FrameTimes t = s.frameTimeMs();
        List<Object> c = cells;
        c.clear();
        c.add(device);
        c.add(packageName);
        c.add(s.source().key());
        c.add(Long.toString(window.index()));
        c.add(Long.toString(window.startNs()));
        c.add(Long.toString(window.endNs()));
        c.add(Boolean.toString(s.idle()));
        c.add(Long.toString(s.frames()));
        c.add(decimal(s.fps(), 1));
        c.add(Long.toString(s.jankyFrames()));
        c.add(decimal(s.jankPercent(), 2));
        c.add(Long.toString(s.droppedFrames()));
        for (DropLevel l : DropLevel.all()) {
            c.add(Long.toString(s.dropLevel(l)));
        }
        c.add(decimal(t == null ? null : t.p50(), 2));
        c.add(decimal(t == null ? null : t.p90(), 2));
        c.add(decimal(t == null ? null : t.p99(), 2));
        c.add(decimal(t == null ? null : t.max(), 2));
        c.add(s.worstCause() == null ? "" : s.worstCause());
        c.add(decimal(s.refreshHz(), 1));
        ResourceColumns.common(window.resources(), c);
        ResourceColumns.windowOnly(window.resources(), c);
        printer.printRecord(c);
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
}
