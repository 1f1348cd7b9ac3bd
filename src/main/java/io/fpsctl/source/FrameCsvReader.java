package io.fpsctl.source;

import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.MeasuredFrame;
import io.fpsctl.engine.PresentedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Stage;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads fpsctl's own per-frame CSV (written by {@code capture}, {@code watch --frames-csv} and
 * {@code analyze --format csv}) back into frames. Columns are found by name; extra columns are ignored.
 */
public final class FrameCsvReader {

    /** What the file held besides its frames. */
    public record Result(Source source, String packageName, String device, long rows, long malformedRows) {
    }

    private static final String[] REQUIRED = {"source", "window", "endNs", "intervalNs", "durationMs", "flags"};

    /** The agent's Choreographer columns, indexed like {@link Interaction#CH_INPUT} …; read when present. */
    private static final String[] CH_COLUMNS = {"chInputMs", "chAnimationMs", "chTraversalMs"};

    /** A frames CSV row is a few hundred characters; a longer line is a malformed row (bounded memory and time). */
    static final int MAX_LINE_CHARS = 64 * 1024;
    /** Longer number cells are malformed (a decimal ms value exact to the ns has at most ~26 characters). */
    private static final int MAX_NUMBER_CHARS = 40;

    private final FrameSink sink;

    public FrameCsvReader(FrameSink sink) {
        this.sink = sink;
    }

    /** True when {@code firstLine} is the header of fpsctl's per-frame CSV. */
    public static boolean looksLikeFrameCsv(String firstLine) {
        return firstLine != null && firstLine.startsWith("device,package,source,window,");
    }

    /**
     * Streams the rows of one file; rows of a source other than the first row's are counted as malformed.
     *
     * @throws DumpFormatException when the header lacks a required column
     */
    public Result read(Reader in) throws IOException, DumpFormatException {
        in = new BoundedLines(in, MAX_LINE_CHARS);
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        long rows = 0;
        long malformed = 0;
        Source source = null;
        String pkg = null;
        String device = null;
        String window = null;
        try (CSVParser p = CSVParser.parse(in, format)) {
            Map<String, Integer> header = p.getHeaderMap();
            for (String col : REQUIRED) {
                if (!header.containsKey(col)) {
                    throw new DumpFormatException("not an fpsctl frames CSV: the header has no '" + col + "' column");
                }
            }
            for (CSVRecord rec : p) {
                rows++;
                try {
                    Source s = Source.fromKey(rec.get("source"));
                    if (s == null || (source != null && s != source)) {
                        malformed++;
                        continue;
                    }
                    source = s;
                    if (pkg == null) {
                        pkg = emptyToNull(get(rec, "package"));
                        device = emptyToNull(get(rec, "device"));
                    }
                    String w = rec.get("window");
                    if (!Objects.equals(w, window)) {
                        if (window != null) {
                            sink.blockEnd();
                        }
                        sink.blockStart(w);
                        window = w;
                    }
                    long end = Long.parseLong(rec.get("endNs"));
                    long interval = Long.parseLong(rec.get("intervalNs"));
                    if (s.presented()) {
                        sink.frame(new PresentedFrame(w, 0, end, 0, interval));
                        continue;
                    }
                    long[] stages = new long[Stage.count()];
                    for (Stage st : Stage.all()) {
                        String v = get(rec, st.key() + "Ms");
                        stages[st.ordinal()] = v == null || v.isEmpty() ? -1 : parseMillis(v);
                    }
                    String bits = get(rec, "interaction");
                    long interaction = bits == null || bits.isEmpty() ? Interaction.UNKNOWN : Long.parseLong(bits);
                    long[] ch = null;
                    for (int q = 0; q < CH_COLUMNS.length; q++) {
                        String v = get(rec, CH_COLUMNS[q]);
                        if (v != null && !v.isEmpty()) {
                            ch = ch == null ? new long[] {-1, -1, -1} : ch;
                            ch[q] = parseMillis(v);
                        }
                    }
                    sink.frame(new MeasuredFrame(w, Long.parseLong(rec.get("intendedVsyncNs")), end, interval,
                            Long.parseLong(rec.get("flags")), parseMillis(rec.get("durationMs")),
                            Boolean.parseBoolean(get(rec, "janky")), stages, interaction, ch));
                } catch (RuntimeException e) {
                    malformed++; // a cell that is not a number, a short record
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new DumpFormatException("not an fpsctl frames CSV: " + e.getMessage());
        }
        if (window != null) {
            sink.blockEnd();
        }
        return new Result(source, pkg, device, rows, malformed);
    }

    private static String get(CSVRecord rec, String col) {
        return rec.isMapped(col) && rec.isSet(col) ? rec.get(col) : null;
    }

    /** Decimal milliseconds (as fpsctl writes them, exact to the ns) to ns. */
    static long parseMillis(String ms) {
        if (ms.length() > MAX_NUMBER_CHARS) {
            throw new NumberFormatException("too long");
        }
        return new java.math.BigDecimal(ms.trim()).movePointRight(6)
                .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
