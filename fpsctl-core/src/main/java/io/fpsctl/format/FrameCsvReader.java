package io.fpsctl.format;

import io.fpsctl.text.CsvText;
import io.fpsctl.text.RejectedRows;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.PlausibleBounds;
import io.fpsctl.engine.MeasuredFrame;
import io.fpsctl.engine.PresentedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Stage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads fpsctl's own per-frame CSV (written by {@code capture}, {@code watch --frames-csv} and
 * {@code analyze --format csv}) back into frames. Columns are found by name; extra columns are ignored, missing
 * optional ones (older files) read as empty. A rendered frame's row whose {@code presentState} is not empty
 * carries its FrameTimeline verdict (that state and the {@code jankTypes} keys) into the engine; an unknown key
 * counts as {@code unknown}, with one warning per distinct key.
 */
public final class FrameCsvReader {

    /**
     * What the file held besides its frames.
     *
     * @param warnings      notes for the summary (unknown jank type keys)
     * @param rejectedRows  rows that parsed but cannot be true (docs/metrics.md, "What fpsctl refuses to believe"),
     *                      skipped; not in {@code malformedRows}
     * @param firstRejected "line N: why" of the first of them; null when none
     */
    public record Result(Source source, String packageName, String device, long rows, long malformedRows,
                         List<String> warnings, long rejectedRows, String firstRejected) {
    }

    /**
     * How far a rendered row's {@code durationMs} may be from its {@code endNs − intendedVsyncNs}: 10 µs, what a
     * duration printed with two decimals is off by at most (fpsctl writes it exact to the ns).
     */
    static final long DURATION_TOLERANCE_NS = 10_000;

    /** A frames CSV row is a few hundred bytes; a longer line is a malformed row (bounded memory and time). */
    static final int MAX_LINE_CHARS = 64 * 1024;

    /** Distinct unknown jank type keys named in warnings at most. */
    private static final int MAX_UNKNOWN_KEYS = 20;
    /** Distinct verdicts remembered (a file holds a handful: each is one set of types and a state). */
    private static final int MAX_VERDICTS = 256;

    private final FrameSink sink;
    private final Map<String, FrameTimelineVerdict> verdicts = new HashMap<>();
    private final Set<String> unknownKeys = new LinkedHashSet<>();

    public FrameCsvReader(FrameSink sink) {
        this.sink = sink;
    }

    /**
     * The source of a frames CSV from its first bytes: the {@link FrameCsvSchema#SOURCE} cell of its first data row;
     * gfxinfo when there is no data row or the cell names no source.
     */
    public static Source sourceOf(byte[] head) {
        List<String> lines = new String(head, StandardCharsets.UTF_8).lines().limit(2).toList();
        if (lines.size() < 2) {
            return Source.GFXINFO;
        }
        String[] cols = lines.get(0).split(",", -1);
        for (int i = 0; i < cols.length; i++) {
            if (cols[i].equals(FrameCsvSchema.SOURCE.name())) {
                String[] cells = lines.get(1).split(",", -1);
                Source s = i < cells.length ? Source.fromKey(cells[i]) : null;
                return s == null ? Source.GFXINFO : s;
            }
        }
        return Source.GFXINFO;
    }

    /**
     * Streams the rows of one file (UTF-8); rows of a source other than the first row's are counted as malformed.
     * Cells are read from the bytes ({@link CsvRecordReader}): a million-row file in well under a second.
     *
     * @throws FrameCsvFormatException when the header lacks a required column
     */
    public Result read(InputStream in) throws IOException, FrameCsvFormatException {
        FrameCsvRows rowsIn = new FrameCsvRows(new CsvRecordReader(in, MAX_LINE_CHARS));
        long rows = 0;
        long malformed = 0;
        Source source = null;
        String pkg = null;
        String device = null;
        String window = null;
        String sourceCell = null;
        RejectedRows rejected = new RejectedRows();
        List<String> header = rowsIn.readHeader();
        for (CsvColumn col : FrameCsvSchema.REQUIRED) {
            if (!header.contains(col.name())) {
                throw new FrameCsvFormatException("not an fpsctl frames CSV: the header has no '" + col.name()
                        + "' column");
            }
        }
        rowsIn.mapColumns(header);
        FrameCsvRows.Row rec;
        while ((rec = rowsIn.next()) != null) {
            rows++;
            try {
                String cell = rec.tooLong() ? null : rec.text(FrameCsvRows.SOURCE);
                Source s = cell == null ? null : cell == sourceCell ? source : Source.fromKey(cell);
                if (s == null || (source != null && s != source)) {
                    malformed++;
                    continue;
                }
                source = s;
                sourceCell = cell;
                if (pkg == null) {
                    pkg = emptyToNull(rec.optionalText(FrameCsvRows.PACKAGE));
                    device = emptyToNull(CsvText.read(rec.optionalText(FrameCsvRows.DEVICE)));
                }
                String w = CsvText.read(rec.text(FrameCsvRows.WINDOW));
                if (!Objects.equals(w, window)) {
                    if (window != null) {
                        sink.blockEnd();
                    }
                    sink.blockStart(w);
                    window = w;
                }
                long end = rec.number(FrameCsvRows.END_NS);
                long interval = rec.number(FrameCsvRows.INTERVAL_NS);
                String impossible = !PlausibleBounds.period(interval)
                        ? FrameCsvSchema.INTERVAL_NS.name() + " " + PlausibleBounds.whyNotPeriod(interval)
                        : !PlausibleBounds.timestamp(end) ? FrameCsvSchema.END_NS.name() + " " + end
                        + " is no CLOCK_MONOTONIC time" : null;
                if (impossible != null) {
                    rejected.reject(rec.line(), impossible);
                    continue;
                }
                if (s.presented()) {
                    sink.frame(new PresentedFrame(w, 0, end, 0, interval));
                    continue;
                }
                long[] stages = new long[Stage.count()];
                for (Stage st : Stage.all()) {
                    stages[st.ordinal()] = rec.optionalMillis(FrameCsvRows.stage(st));
                }
                long interaction = rec.optionalNumber(FrameCsvRows.INTERACTION, Interaction.UNKNOWN);
                long[] ch = null;
                for (int q = 0; q < Interaction.CH_QUEUES; q++) {
                    long v = rec.optionalMillis(FrameCsvRows.choreographer(q));
                    if (v != -1) {
                        ch = ch == null ? new long[] {-1, -1, -1} : ch;
                        ch[q] = v;
                    }
                }
                long intendedVsync = rec.number(FrameCsvRows.INTENDED_VSYNC_NS);
                long duration = rec.millis(FrameCsvRows.DURATION_MS);
                impossible = impossibleRendered(intendedVsync, end, duration, stages, ch);
                if (impossible != null) {
                    rejected.reject(rec.line(), impossible);
                    continue;
                }
                sink.frame(new MeasuredFrame(w, intendedVsync, end, interval, rec.number(FrameCsvRows.FLAGS),
                        duration, rec.isTrue(FrameCsvRows.JANKY), stages, interaction, ch, verdict(rec)));
            } catch (RuntimeException e) {
                malformed++; // a cell that is not a number, a short record
            }
        }
        if (window != null) {
            sink.blockEnd();
        }
        List<String> warnings = new ArrayList<>();
        for (String k : unknownKeys) {
            warnings.add("frames CSV: unknown jank type \"" + k + "\" in jankTypes counted as unknown");
        }
        return new Result(source, pkg, device, rows, malformed, warnings, rejected.count(), rejected.first());
    }

    /** ns as milliseconds for a message, e.g. "16.667". */
    private static String ms(long ns) {
        return String.format(java.util.Locale.ROOT, "%.3f", ns / 1e6);
    }

    /**
     * Why a rendered (gfxinfo or agent) row cannot be true, or null: its times are no CLOCK_MONOTONIC times, it ends
     * before it starts or lasts over an hour (docs/metrics.md 1, its {@code durationMs} is not its
     * {@code endNs − intendedVsyncNs} (the engine takes the duration as given: one row's made-up duration would
     * decide every percentile), or a stage or Choreographer span is negative or over an hour.
     */
    private static String impossibleRendered(long intendedVsync, long end, long duration, long[] stages, long[] ch) {
        if (!PlausibleBounds.timestamp(intendedVsync)) {
            return FrameCsvSchema.INTENDED_VSYNC_NS.name() + " " + intendedVsync + " is no CLOCK_MONOTONIC time";
        }
        if (end < intendedVsync) {
            return FrameCsvSchema.END_NS.name() + " " + end + " is before " + FrameCsvSchema.INTENDED_VSYNC_NS.name()
                    + " " + intendedVsync;
        }
        if (end - intendedVsync > PlausibleBounds.MAX_FRAME_NS) {
            return "the frame lasts " + ms(end - intendedVsync) + " ms, over an hour";
        }
        if (duration < 0) {
            return FrameCsvSchema.DURATION_MS.name() + " " + ms(duration) + " is negative";
        }
        if (Math.abs(duration - (end - intendedVsync)) > DURATION_TOLERANCE_NS) {
            return FrameCsvSchema.DURATION_MS.name() + " " + ms(duration) + " contradicts "
                    + FrameCsvSchema.END_NS.name() + " − " + FrameCsvSchema.INTENDED_VSYNC_NS.name() + " = "
                    + ms(end - intendedVsync) + " ms";
        }
        for (Stage st : Stage.all()) {
            long v = stages[st.ordinal()];
            if (v != -1 && (v < 0 || v > PlausibleBounds.MAX_FRAME_NS)) {
                return FrameCsvSchema.stage(st).name() + " " + ms(v) + " is negative or over an hour";
            }
        }
        if (ch != null) {
            for (int q = 0; q < ch.length; q++) {
                if (ch[q] != -1 && (ch[q] < 0 || ch[q] > PlausibleBounds.MAX_FRAME_NS)) {
                    return FrameCsvSchema.choreographer(q).name() + " " + ms(ch[q]) + " is negative or over an hour";
                }
            }
        }
        return null;
    }

    /** The FrameTimeline verdict the row recorded; null when its {@code presentState} is empty or absent. */
    private FrameTimelineVerdict verdict(FrameCsvRows.Row rec) {
        String state = CsvText.read(rec.optionalText(FrameCsvRows.PRESENT_STATE)); // device text (FrameCsvSchema)
        if (state == null || state.isEmpty()) {
            return null;
        }
        String types = rec.optionalText(FrameCsvRows.JANK_TYPES);
        types = types == null ? "" : types;
        String key = types + '\n' + state;
        FrameTimelineVerdict v = verdicts.get(key);
        if (v == null) {
            v = new FrameTimelineVerdict(true, jankTypes(types), state);
            if (verdicts.size() < MAX_VERDICTS) {
                verdicts.put(key, v);
            }
        }
        return v;
    }

    /** A {@code jankTypes} cell: keys joined with {@code |}; an unknown key is {@code unknown} (and warned about). */
    private EnumSet<FrameTimelineJankType> jankTypes(String cell) {
        EnumSet<FrameTimelineJankType> types = EnumSet.noneOf(FrameTimelineJankType.class);
        for (String k : cell.split("\\|")) {
            if (k.isEmpty()) {
                continue;
            }
            FrameTimelineJankType t = FrameTimelineJankType.ofKey(k);
            if (t == null) {
                t = FrameTimelineJankType.UNKNOWN;
                if (unknownKeys.size() < MAX_UNKNOWN_KEYS) {
                    unknownKeys.add(k.length() > 60 ? k.substring(0, 60) + "…" : k);
                }
            }
            types.add(t);
        }
        return types;
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
