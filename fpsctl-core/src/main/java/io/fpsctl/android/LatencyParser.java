package io.fpsctl.android;

import io.fpsctl.text.LineReader;
import io.fpsctl.text.RejectedRows;

import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.PlausibleBounds;
import io.fpsctl.engine.PresentedFrame;

import java.io.IOException;
import java.io.Reader;
import java.util.Objects;

/**
 * Parses {@code dumpsys SurfaceFlinger --latency <layer>} output (docs/formats.md 5.2, docs/metrics.md 1) as a
 * stream, line by line, handing every data row to a {@link FrameSink} as a {@link PresentedFrame}.
 *
 * <p>Layout: an optional {@link SurfaceFlingerLockWarning} line, then the refresh period in ns,
 * then rows {@code desiredPresent actualPresent frameReady} separated by tabs and/or spaces, then usually an
 * empty line. All rows go to the sink, {@code 0 0 0} and INT64_MAX ones included: the engine decides
 * validity. A row that is not three integers is skipped and counted. A row whose actualPresent cannot be a
 * CLOCK_MONOTONIC time (negative other than −1, or at or beyond 2^62 other than INT64_MAX) is rejected: skipped and
 * counted with its line number (docs/metrics.md, "What fpsctl refuses to believe"). Input whose first meaningful
 * line is not a period, or a period outside 1–1000 Hz, is refused with a {@link DumpFormatException}.
 *
 * <p>A row whose actualPresent is −1 goes to the sink as 0 (no frame): −1 is {@code Fence::SIGNAL_TIME_INVALID},
 * which {@code FrameTracker::processFencesLocked} stores when a present fence is invalid, and AOSP's own
 * {@code FrameTracker::isFrameValidLocked} counts a frame only when {@code actualPresentTime > 0}
 * (frameworks/native services/surfaceflinger/FrameTracker.cpp, the FenceTime version of Android 8 and later).
 */
public final class LatencyParser {

    /** Longest line kept; real lines are at most ~60 characters. */
    private static final int MAX_LINE_CHARS = 4096;

    private static final int COLUMNS = 3;
    /** {@code Fence::SIGNAL_TIME_INVALID}: the present fence was invalid, no frame (see the class comment). */
    private static final long INVALID_FENCE = -1;

    private LatencyParser() {
    }

    /**
     * {@code dumpsys SurfaceFlinger --latency <layer>}: the refresh period, then the layer's ring of frame times
     * (docs/metrics.md section 1).
     */
    public static String command(String layer) {
        return ShellQuote.command("dumpsys SurfaceFlinger --latency", layer);
    }

    /**
     * Reads a whole dump from {@code in} (not closed) and delivers its rows to {@code sink} inside one
     * block named {@code layer}. The block is opened once the period line has been read and is always
     * closed, also when reading fails.
     *
     * @throws DumpFormatException when the first meaningful line is not the refresh period
     * @throws IOException         when reading fails
     */
    public static LatencyDump parse(Reader in, String layer, FrameSink sink) throws IOException, DumpFormatException {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(layer, "layer");
        Objects.requireNonNull(sink, "sink");
        LineReader lines = new LineReader(in, MAX_LINE_CHARS);

        boolean warning = false;
        String line;
        long lineNumber = 0;
        while ((line = lines.readLine()) != null) {
            lineNumber++;
            String text = line.strip();
            if (text.isEmpty()) {
                continue;
            }
            if (!warning && SurfaceFlingerLockWarning.is(text)) {
                warning = true;
                continue;
            }
            break;
        }
        if (line == null) {
            throw new DumpFormatException(
                    "not a SurfaceFlinger --latency dump: the input is empty, expected the refresh period in ns on line 1");
        }
        long period = periodOf(line.strip(), lines.truncated());
        if (!PlausibleBounds.period(period)) {
            throw new DumpFormatException("line " + lineNumber + ": the refresh period "
                    + PlausibleBounds.whyNotPeriod(period));
        }

        long rows = 0;
        long valid = 0;
        long empty = 0;
        long malformed = 0;
        RejectedRows rejected = new RejectedRows();
        long[] row = new long[COLUMNS];
        sink.period(period);
        sink.blockStart(layer);
        try {
            while ((line = lines.readLine()) != null) {
                lineNumber++;
                if (lines.truncated() || !parseRow(line, row)) {
                    if (!line.isBlank()) {
                        malformed++;
                    }
                    continue;
                }
                long actualPresent = row[1];
                if (actualPresent == INVALID_FENCE) {
                    actualPresent = 0;
                } else if (actualPresent != PresentedFrame.PENDING && !PlausibleBounds.timestamp(actualPresent)) {
                    rejected.reject(lineNumber, "actualPresent " + actualPresent + " is no CLOCK_MONOTONIC time");
                    continue;
                }
                PresentedFrame frame = new PresentedFrame(layer, row[0], actualPresent, row[2], period);
                rows++;
                if (frame.valid()) {
                    valid++;
                }
                if (row[0] == 0 && actualPresent == 0 && row[2] == 0) {
                    empty++;
                }
                sink.frame(frame);
            }
        } finally {
            sink.blockEnd();
        }
        return new LatencyDump(layer, period, warning, rows, valid, empty, malformed, rejected.count(),
                rejected.first());
    }

    /**
     * A cheap content sniff for kind detection: true when, after blank lines and an optional
     * {@link SurfaceFlingerLockWarning}, the first line is a single non-negative integer that fits in a {@code long} and the next
     * non-blank line (if any) is a row of three integers, and the period is one a display can have (1–1000 Hz).
     * A last line that was cut off (no line break) only
     * has to start like a row. When this is true (and no line exceeds 4096 characters), {@link #parse}
     * accepts the same text.
     */
    public static boolean looksLikeLatencyDump(String firstLines) {
        if (firstLines == null) {
            return false;
        }
        String[] lines = firstLines.split("\r\n|\r|\n", -1);
        boolean endsWithBreak = firstLines.endsWith("\n") || firstLines.endsWith("\r");
        int i = 0;
        while (i < lines.length && lines[i].isBlank()) {
            i++;
        }
        if (i < lines.length && SurfaceFlingerLockWarning.is(lines[i])) {
            i++;
            while (i < lines.length && lines[i].isBlank()) {
                i++;
            }
        }
        if (i >= lines.length || !isPeriod(lines[i].strip())
                || !PlausibleBounds.period(Long.parseLong(lines[i].strip()))) {
            return false;
        }
        i++;
        while (i < lines.length && lines[i].isBlank()) {
            i++;
        }
        if (i >= lines.length) {
            return true;
        }
        boolean cutOff = i == lines.length - 1 && !endsWithBreak;
        String[] tokens = lines[i].strip().split("\\s+");
        if (tokens.length > COLUMNS || (!cutOff && tokens.length != COLUMNS)) {
            return false;
        }
        for (String token : tokens) {
            if (!isInteger(token)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPeriod(String text) {
        if (!isUnsignedInteger(text)) {
            return false;
        }
        try {
            Long.parseLong(text);
            return true;
        } catch (NumberFormatException tooLarge) {
            return false;
        }
    }

    private static long periodOf(String text, boolean truncated) throws DumpFormatException {
        if (!truncated && isPeriod(text)) {
            return Long.parseLong(text);
        }
        throw new DumpFormatException("not a SurfaceFlinger --latency dump: line 1 should be the refresh period in ns, found \""
                + abbreviate(text) + "\"");
    }

    /** Splits on any run of whitespace; true when there are exactly three integers (stored in {@code out}). */
    private static boolean parseRow(String line, long[] out) {
        int n = line.length();
        int column = 0;
        int i = 0;
        while (true) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i == n) {
                return column == COLUMNS;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (column == COLUMNS) {
                return false;
            }
            String token = line.substring(start, i);
            if (!isInteger(token)) {
                return false;
            }
            try {
                out[column++] = Long.parseLong(token);
            } catch (NumberFormatException outOfRange) {
                return false;
            }
        }
    }

    private static boolean isInteger(String token) {
        int start = token.startsWith("-") ? 1 : 0;
        return token.length() > start && allDigits(token, start);
    }

    private static boolean isUnsignedInteger(String token) {
        return !token.isEmpty() && allDigits(token, 0);
    }

    private static boolean allDigits(String token, int from) {
        for (int i = from; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "…";
    }
}
