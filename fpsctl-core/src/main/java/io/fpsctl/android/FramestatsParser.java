package io.fpsctl.android;

import io.fpsctl.text.DeviceNames;
import io.fpsctl.text.RejectedRows;

import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.android.FramestatsColumns.Field;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Streams {@code dumpsys gfxinfo <pkg> framestats} output (docs/formats.md 5.1) into {@link RenderedFrame}s: every
 * window's {@code ---PROFILEDATA---} block, columns by header name (14 → 26+ columns), trailing commas, the
 * Android 12–15 FrameInterval/FrameStartTime label swap, several windows and processes, and rows that lost
 * their header and markers. Lines outside the blocks go to a text consumer (the summary reader). Malformed rows
 * are skipped and counted; the parser never holds more than one line.
 */
public final class FramestatsParser {
    /**
     * Fewest columns of a framestats row that carries its own FrameInterval (Android 12+; docs/formats.md 2): from
     * then on the frames say at which refresh they were drawn.
     */
    public static final int COLUMNS_WITH_FRAME_INTERVAL = 22;

    /** {@code dumpsys gfxinfo <pkg> framestats}: the app's rings of frame timings (docs/metrics.md section 1). */
    public static String command(String pkg) {
        return "dumpsys gfxinfo " + ShellQuote.quote(pkg) + " framestats";
    }

    /**
     * The line gfxinfo prints instead when {@code pkg} runs no process ({@code ActivityManagerService}'s process
     * lookup for the dump; the simulator's {@code GfxinfoService} prints the same).
     */
    public static String noProcessLine(String pkg) {
        return "No process found for: " + pkg;
    }
    private static final String MARKER = "---PROFILEDATA---";
    private static final String WINDOW_PREFIX = "Window: ";
    private static final String ROOT_MARKER = "/android.view.ViewRootImpl@";
    private static final String UNNAMED = "(unnamed window)";
    /** Fewer values than this is not a framestats row (Android 6 prints 14). */
    private static final int MIN_COLUMNS = 14;

    private final FrameSink sink;
    private final Consumer<String> text;
    private long[] row = new long[32];
    /** Rows that parsed but cannot be true (an impossible frame interval); also counted as malformed rows. */
    private final RejectedRows rejected = new RejectedRows();
    /** The reader of the parse in progress, for the line number of a rejected row. */
    private ByteLineReader lines;
    /**
     * The span the dump says it covers (docs/metrics.md section 12): the device clock when it was taken (the header's
     * {@code Uptime:} ms, rounded up), and when the window being read began recording ({@code Stats since:} of its
     * own section: hwui's {@code JankTracker::reset} clears the frame ring and restarts that time together); -1 when
     * not printed.
     */
    private long dumpEndNs = -1;
    private long windowSinceNs = -1;
    /** Between a window's title line and the next process or window: a {@code Stats since:} line is the window's. */
    private boolean inWindowSection;
    /**
     * A frame may have begun before its window's {@code Stats since} when it was in flight while the stats were reset
     * ({@code dumpsys gfxinfo PKG reset} by another tool): by up to this much it is still believed.
     */
    static final long IN_FLIGHT_AT_RESET_NS = 1_000_000_000L;

    public FramestatsParser(FrameSink sink, Consumer<String> text) {
        this.sink = sink;
        this.text = text == null ? s -> { } : text;
    }

    public FramestatsParser(FrameSink sink) {
        this(sink, null);
    }

    /** The columns of the block being read (its header's, or a header-less block's by count); null outside one. */
    private FramestatsColumns columns;

    /**
     * The rows rejected because their frame interval cannot be a display's (docs/metrics.md, "What fpsctl refuses to
     * believe"), with the line of the first; they are also in the dump's {@code malformedRows}.
     */
    public RejectedRows rejected() {
        return rejected;
    }

    /** Reads the whole stream; the caller closes it. */
    public FramestatsDump parse(InputStream in) throws IOException {
        ByteLineReader r = new ByteLineReader(in);
        lines = r;
        dumpEndNs = -1;
        windowSinceNs = -1;
        inWindowSection = false;
        String window = UNNAMED;
        List<String> windows = new ArrayList<>();
        columns = null;
        boolean inBlock = false;
        boolean expectHeader = false;
        boolean headerless = false;
        boolean gfxText = false;
        int blocks = 0;
        int firstColumns = 0;
        long rows = 0;
        long malformed = 0;
        while (r.next()) {
            byte[] b = r.buffer();
            int s = r.start();
            int e = r.end();
            if (inBlock) {
                if (isMarker(b, s, e)) {
                    sink.blockEnd();
                    inBlock = false;
                    continue;
                }
                if (expectHeader) {
                    expectHeader = false;
                    columns = FramestatsColumns.parseHeader(r.line());
                    if (columns == null) {
                        columns = FramestatsColumns.forCount(countValues(b, s, e));
                        if (columns == null) {
                            malformed++;
                            continue;
                        }
                        sink.gpuColumn(columns.get(Field.GPU_COMPLETED) >= 0);
                        // a header-less block: this line is already a row
                    } else {
                        sink.gpuColumn(columns.get(Field.GPU_COMPLETED) >= 0);
                        if (firstColumns == 0) {
                            firstColumns = columns.count;
                        }
                        continue;
                    }
                }
                if (columns == null || e == s) {
                    malformed += e == s ? 0 : 1;
                    continue;
                }
                rows++;
                if (!emitRow(b, s, e, columns, window)) {
                    malformed++;
                }
                continue;
            }
            if (headerless) {
                int n = countValues(b, s, e);
                if (n > 0 && n == columns.count) {
                    rows++;
                    if (!emitRow(b, s, e, columns, window)) {
                        malformed++;
                    }
                    continue;
                }
                sink.blockEnd();
                headerless = false;
            }
            if (isMarker(b, s, e)) {
                inBlock = true;
                expectHeader = true;
                blocks++;
                windows.add(window);
                sink.blockStart(window);
                continue;
            }
            int n = countValues(b, s, e);
            if (n >= MIN_COLUMNS && (columns = FramestatsColumns.forCount(n)) != null) {
                // rows printed without header and markers (e.g. copied from documentation)
                headerless = true;
                blocks++;
                windows.add(window);
                if (firstColumns == 0) {
                    firstColumns = columns.count;
                }
                sink.blockStart(window);
                sink.gpuColumn(columns.get(Field.GPU_COMPLETED) >= 0);
                rows++;
                if (!emitRow(b, s, e, columns, window)) {
                    malformed++;
                }
                continue;
            }
            String line = r.line();
            String trimmed = line.strip();
            span(trimmed);
            if (trimmed.startsWith(WINDOW_PREFIX)) {
                window = DeviceNames.cut(trimmed.substring(WINDOW_PREFIX.length()).strip());
                gfxText = true;
            } else {
                int root = trimmed.indexOf(ROOT_MARKER);
                if (root > 0 && trimmed.endsWith(")") && trimmed.contains("(visibility=")) {
                    window = DeviceNames.cut(trimmed.substring(0, root));
                    gfxText = true;
                } else if (!gfxText && (trimmed.startsWith("** Graphics info for pid")
                        || trimmed.startsWith("Applications Graphics Acceleration Info")
                        || trimmed.startsWith("Stats since:") || trimmed.startsWith("Total frames rendered:"))) {
                    gfxText = true;
                }
            }
            text.accept(line);
        }
        if (inBlock || headerless) {
            sink.blockEnd(); // truncated dump: keep what was read
        }
        return new FramestatsDump(blocks, rows, malformed, List.copyOf(windows), firstColumns, gfxText);
    }

    /**
     * Keeps the dump's span from a text line: {@code Uptime: N Realtime: M} (ActivityManagerService
     * {@code dumpGraphicsHardwareUsage}: {@code SystemClock.uptimeMillis()}, CLOCK_MONOTONIC ms, printed before the
     * processes dump), a window's title line, and its {@code Stats since: Nns} (hwui {@code ProfileData::dump},
     * {@code statStartTime}, CLOCK_MONOTONIC). A process's own {@code Stats since} (its global data, which
     * GraphicsStatsService may restart while the window's ring keeps older frames) is not a window's.
     */
    private void span(String trimmed) {
        if (trimmed.startsWith("Uptime: ")) {
            long ms = leadingNumber(trimmed, 8);
            dumpEndNs = ms < 0 || ms > Long.MAX_VALUE / 1_000_000L - 1 ? -1 : (ms + 1) * 1_000_000L;
        } else if (trimmed.startsWith("** Graphics info for pid")) {
            inWindowSection = false;
            windowSinceNs = -1;
        } else if (trimmed.contains(ROOT_MARKER) && trimmed.contains("(visibility=")) {
            inWindowSection = true;
            windowSinceNs = -1;
        } else if (trimmed.startsWith("Stats since: ") && trimmed.endsWith("ns")) {
            windowSinceNs = inWindowSection ? leadingNumber(trimmed, 13) : -1;
        }
    }

    /** The decimal number at {@code from} in {@code text}, or -1. */
    private static long leadingNumber(String text, int from) {
        int i = from;
        long n = 0;
        while (i < text.length() && Character.isDigit(text.charAt(i)) && i - from < 18) {
            n = n * 10 + (text.charAt(i++) - '0');
        }
        return i == from ? -1 : n;
    }

    /**
     * Why a frame from IntendedVsync {@code iv} to FrameCompleted {@code fc} cannot be one of this dump's: it lasts
     * longer than the dump spans, from its window's {@code Stats since} to when the dump was taken (its
     * {@code Uptime:}, or the frame's own end when later: the app dumps after that line), plus
     * {@link #IN_FLIGHT_AT_RESET_NS}; null when it fits or the dump does not say its span (docs/metrics.md section
     * 12). A frame ending before it began is the engine's malformed-row rule.
     */
    String longerThanDump(long iv, long fc) {
        if (windowSinceNs < 0 || fc <= iv) {
            return null;
        }
        long end = Math.max(dumpEndNs, fc);
        long span = end - windowSinceNs;
        if (span < 0 || fc - iv <= span + IN_FLIGHT_AT_RESET_NS) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "a frame of %.2f ms (IntendedVsync %d to FrameCompleted %d) is "
                + "longer than the %.2f ms its dump spans (from its window's Stats since %dns to %s) and 1 s in flight",
                (fc - iv) / 1e6, iv, fc, Math.max(0, span) / 1e6, windowSinceNs,
                dumpEndNs >= 0 ? "its Uptime" : "the frame's end");
    }

    /** Whether {@code b[s..e)} is a {@code ---PROFILEDATA---} line (spaces and tabs around it allowed). */
    static boolean isMarker(byte[] b, int s, int e) {
        while (s < e && (b[s] == ' ' || b[s] == '\t')) {
            s++;
        }
        while (e > s && (b[e - 1] == ' ' || b[e - 1] == '\t')) {
            e--;
        }
        if (e - s != MARKER.length()) {
            return false;
        }
        for (int i = 0; i < MARKER.length(); i++) {
            if (b[s + i] != MARKER.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Counts the values of a line that consists only of comma-separated integers (a trailing comma allowed);
     * 0 when the line is anything else.
     */
    public static int countValues(byte[] b, int s, int e) {
        if (s >= e) {
            return 0;
        }
        int values = 0;
        boolean digits = false;
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digits = true;
            } else if (c == ',') {
                if (!digits) {
                    return 0;
                }
                values++;
                digits = false;
            } else if (c == '-' && (i == s || b[i - 1] == ',')) {
                continue;
            } else {
                return 0;
            }
        }
        return digits ? values + 1 : values;
    }

    private static final byte[] INT64_MAX = Long.toString(Long.MAX_VALUE).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** Whether the decimal digits {@code b[s..e)} are at most INT64_MAX (leading zeros allowed). */
    private static boolean fitsInt64(byte[] b, int s, int e) {
        while (e - s > 1 && b[s] == '0') {
            s++;
        }
        if (e - s != INT64_MAX.length) {
            return e - s < INT64_MAX.length;
        }
        for (int i = 0; i < INT64_MAX.length; i++) {
            if (b[s + i] != INT64_MAX[i]) {
                return b[s + i] < INT64_MAX[i];
            }
        }
        return true;
    }

    private static final long ZEROS = ByteLanes.every('0');
    /** Added to a byte minus {@code '0'}: sets its high bit when the byte was above {@code '9'}. */
    private static final long ABOVE_NINE = 0x7676767676767676L;
    private static final long[] POWERS_OF_TEN = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
            100_000_000L};

    /**
     * Parses the comma-separated integers of {@code b[s..e)} into {@code values} (a trailing comma allowed): the
     * count, or −1 when the line is not such a row (an empty cell, a byte that is not a digit, a sign other than one
     * leading {@code -}, a magnitude above INT64_MAX, more than {@code max} values).
     *
     * <p>Digits are read eight at a time: the eight bytes from a value's start are loaded as one little-endian long,
     * the first byte that is not a digit is found with a few bit operations, and the digits before it are combined
     * with three multiplications (the method of D. Lemire's "Fast parsing of 8 digits", 2022). Bytes after
     * {@code e} may be loaded but are never used. A framestats timestamp (13 digits) takes two such steps instead of
     * 13 byte steps.
     */
    static int parseValues(byte[] b, int s, int e, long[] values, int max) {
        int col = 0;
        int i = s;
        while (i < e) {
            if (col == max) {
                return -1; // more values than the header names
            }
            boolean neg = false;
            if (b[i] == '-') {
                neg = true;
                i++;
            }
            int digitsStart = i;
            long x = 0;
            while (true) {
                int n;
                if (i + 8 <= b.length) {
                    long t = ByteLanes.get(b, i) - ZEROS;
                    long notDigit = (t | (t + ABOVE_NINE)) & ByteLanes.HIGHS; // exact up to the first non-digit
                    n = notDigit == 0 ? 8 : ByteLanes.firstFlagged(notDigit);
                    if (n > e - i) {
                        n = e - i;
                    }
                    if (n > 0) {
                        // eight digits' value, the first in the lowest byte, shifted so the n read lead with zeros:
                        // pairs, then fours, then all eight, one multiplication each (written out here: C1 does
                        // not inline a method this long)
                        long v = t << ((8 - n) << 3);
                        v = v * 10 + (v >>> 8);
                        v = ((v & 0x000000FF000000FFL) * (100 + (1_000_000L << 32))
                                + ((v >>> 16) & 0x000000FF000000FFL) * (1 + (10_000L << 32))) >>> 32;
                        x = x * POWERS_OF_TEN[n] + v;
                    }
                } else { // the last bytes of the array: one at a time
                    n = 0;
                    while (n < 8 && i + n < e && b[i + n] >= '0' && b[i + n] <= '9') {
                        x = x * 10 + (b[i + n] - '0');
                        n++;
                    }
                }
                i += n;
                if (n < 8 || i >= e) {
                    break;
                }
            }
            int digits = i - digitsStart;
            if (digits == 0 || (i < e && b[i] != ',')) {
                return -1;
            }
            if (digits >= 19 && !fitsInt64(b, digitsStart, i)) {
                return -1; // more than int64 holds (19 digits fit only up to INT64_MAX)
            }
            values[col++] = neg ? -x : x;
            i++; // the comma
        }
        return col;
    }

    /** Parses one row into {@link #row} and hands it to the sink; false when it is malformed. */
    private boolean emitRow(byte[] b, int s, int e, FramestatsColumns c, String window) {
        int want = c.count;
        if (row.length < want) {
            row = new long[want];
        }
        long[] v = row;
        if (parseValues(b, s, e, v, want) != want) {
            return false;
        }
        long interval = c.resolveInterval(v);
        if (interval == FramestatsColumns.IMPOSSIBLE_INTERVAL) {
            rejected.reject("line " + lines.lineNumber(), c.whyImpossible(c.value(v, Field.FRAME_INTERVAL),
                    c.value(v, Field.FRAME_START_TIME)));
            return false;
        }
        String tooLong = longerThanDump(c.value(v, Field.INTENDED_VSYNC), c.value(v, Field.FRAME_COMPLETED));
        if (tooLong != null) {
            rejected.reject("line " + lines.lineNumber(), tooLong);
            return false;
        }
        sink.frame(new RenderedFrame(window,
                c.value(v, Field.FLAGS),
                c.value(v, Field.INTENDED_VSYNC),
                c.value(v, Field.VSYNC),
                c.value(v, Field.HANDLE_INPUT_START),
                c.value(v, Field.ANIMATION_START),
                c.value(v, Field.PERFORM_TRAVERSALS_START),
                c.value(v, Field.DRAW_START),
                c.value(v, Field.SYNC_QUEUED),
                c.value(v, Field.SYNC_START),
                c.value(v, Field.ISSUE_DRAW_COMMANDS_START),
                c.value(v, Field.SWAP_BUFFERS),
                c.value(v, Field.FRAME_COMPLETED),
                c.value(v, Field.GPU_COMPLETED),
                c.value(v, Field.FRAME_DEADLINE),
                interval,
                c.value(v, Field.FRAME_TIMELINE_VSYNC_ID)));
        return true;
    }
}
