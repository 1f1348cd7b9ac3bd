package io.fpsctl.format;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * RFC 4180 records read straight from bytes, each field handed to a {@link Fields} callback as a range of a buffer,
 * for the one big file users have: the frames CSV of a long capture (a million rows for 10 hours at 30 fps).
 *
 * <p>Why by hand: on a 1 M-row frames CSV (237 MB) with the launcher's C1-only JVM, parsing alone took Commons CSV
 * 5.2 s, Jackson's CSV module 1.3 s and FastCSV 1.05 s (0.73 s through its callback interface), against 0.14 s for
 * counting the newlines: each decodes every byte to a char first, and builds the fields from chars. This reader
 * looks at each byte once and never decodes a number cell (scripts/bench-analyze measures it).
 *
 * <p>What it reads as Commons CSV's {@code DEFAULT} format did: fields end at {@code ,}, records at {@code \n},
 * {@code \r\n} or {@code \r}; a field that starts with {@code "} is quoted (it may hold {@code ,}, line breaks, each
 * read as {@code \n}, and {@code ""} for a quote); empty lines are skipped. Bytes after a closing quote, which
 * Commons CSV refused the whole file for, are kept in the field: the row is then judged by its cells.
 *
 * <p>Bounded: a record longer than {@code maxRecordBytes} is not kept; the reader skips to the end of its line and
 * reports it as {@link #tooLong()} with no fields, so memory stays at the buffer's size whatever the input.
 */
final class CsvRecordReader {

    /** Receives the fields of one record, in order. */
    interface Fields {
        /** Field {@code index} (0-based) is {@code buf[off, off + len)}, without quotes; valid only during the call. */
        void field(int index, byte[] buf, int off, int len);
    }

    private static final int QUOTED = 1;
    /** A quoted field with {@code ""}, a line break, or bytes after its closing quote: it is copied to be read. */
    private static final int COPY = 2;

    private final InputStream in;
    private final int maxRecordBytes;
    private final byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    /** The last record or empty line ended at a {@code \r}: a {@code \n} that follows belongs to it. */
    private boolean afterCarriageReturn;
    /** The line the next record starts on, 1-based. */
    private long line = 1;
    private long recordLine;
    private boolean tooLong;
    /** Per field of the record being read: its first byte, the end of its content, the end of the field, flags. */
    private int[] bounds = new int[4 * 64];
    private int fields;
    private byte[] scratch = new byte[256];

    CsvRecordReader(InputStream in, int maxRecordBytes) {
        this(in, maxRecordBytes, 1 << 20);
    }

    /** With a buffer of about {@code bufferBytes} (at least two records' room): tests cross its end often. */
    CsvRecordReader(InputStream in, int maxRecordBytes, int bufferBytes) {
        this.in = in;
        this.maxRecordBytes = maxRecordBytes;
        this.buf = new byte[Math.max(bufferBytes, 2 * maxRecordBytes + 2)];
    }

    /** The line the record last read starts on (1-based). */
    long line() {
        return recordLine;
    }

    /** Whether the record last read was longer than the bound: its fields were not handed over. */
    boolean tooLong() {
        return tooLong;
    }

    /** Reads the next record, handing its fields over; false at the end of the input. Empty lines are skipped. */
    boolean next(Fields sink) throws IOException {
        if (!skipEmptyLines()) {
            return false;
        }
        recordLine = line;
        int end;
        while ((end = scan()) == NEED_MORE) {
            if (eof) {
                end = TOO_LONG; // a quote opened and never closed before the input's end: the record never ends
                break;
            }
            more();
        }
        if (end == TOO_LONG) {
            tooLong = true;
            skipLine();
            return true;
        }
        tooLong = false;
        for (int f = 0; f < fields; f++) {
            int at = 4 * f;
            int start = bounds[at];
            int contentEnd = bounds[at + 1];
            int flags = bounds[at + 3];
            if ((flags & COPY) != 0) {
                int n = copyQuoted(start, bounds[at + 2]);
                sink.field(f, scratch, 0, n);
            } else {
                sink.field(f, buf, start, contentEnd - start);
            }
        }
        pos = end;
        endRecord();
        return true;
    }

    private static final int NEED_MORE = -1;
    private static final int TOO_LONG = -2;

    /**
     * Finds the fields of the record that starts at {@code pos}: the index of its line end (or of the input's end),
     * {@link #NEED_MORE} when the buffer ends first, {@link #TOO_LONG} past the bound.
     */
    private int scan() {
        byte[] b = buf;
        // a record of maxRecordBytes is read whole: its line end may be the byte after it
        boolean capped = limit - pos > maxRecordBytes;
        int cap = capped ? pos + maxRecordBytes + 1 : limit;
        int i = pos;
        fields = 0;
        while (true) {
            int start = i;
            int contentEnd;
            int flags = 0;
            if (i < cap && b[i] == '"') {
                flags = QUOTED;
                i++;
                while (true) {
                    if (i >= cap) {
                        return runOut(capped, i);
                    }
                    byte c = b[i];
                    if (c == '"') {
                        if (i + 1 >= cap) {
                            if (!eof || capped || i + 1 < limit) {
                                return runOut(capped, i + 1);
                            }
                            i++; // the closing quote is the input's last byte
                            break;
                        }
                        if (b[i + 1] == '"') {
                            flags |= COPY;
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    if (c == '\n' || c == '\r') {
                        flags |= COPY;
                    }
                    i++;
                }
                contentEnd = i - 1;
                start++;
                int afterQuote = i;
                while (i < cap && b[i] != ',' && b[i] != '\n' && b[i] != '\r') {
                    i++;
                }
                if (i > afterQuote) {
                    flags |= COPY;
                }
            } else {
                while (i < cap) {
                    byte c = b[i];
                    if (c == ',' || c == '\n' || c == '\r') {
                        break;
                    }
                    i++;
                }
                contentEnd = i;
            }
            if (i >= cap && (!eof || capped || i < limit)) {
                return runOut(capped, i);
            }
            add(start, contentEnd, i, flags);
            if (i >= limit || b[i] != ',') {
                return i; // a line end, or the end of the input
            }
            i++;
            if (i >= limit && eof) {
                add(i, i, i, 0); // "a," at the very end: an empty last field
                return i;
            }
        }
    }

    private int runOut(boolean capped, int i) {
        return capped && i > pos + maxRecordBytes ? TOO_LONG : NEED_MORE;
    }

    private void add(int start, int contentEnd, int end, int flags) {
        if (4 * fields + 4 > bounds.length) {
            bounds = Arrays.copyOf(bounds, 2 * bounds.length);
        }
        int at = 4 * fields++;
        bounds[at] = start;
        bounds[at + 1] = contentEnd;
        bounds[at + 2] = end;
        bounds[at + 3] = flags;
    }

    /**
     * A quoted field from its first content byte to the end of the field, as Commons CSV read it: {@code ""} is one
     * quote, a line break ({@code \r\n}, {@code \r} or {@code \n}) is {@code \n}, bytes after the closing quote are
     * kept; counts the line breaks. Returns the length in {@link #scratch}.
     */
    private int copyQuoted(int start, int end) {
        if (scratch.length < end - start) {
            scratch = new byte[end - start];
        }
        int n = 0;
        boolean inQuotes = true;
        for (int i = start; i < end; i++) {
            byte c = buf[i];
            if (inQuotes && c == '"') {
                if (i + 1 < end && buf[i + 1] == '"') {
                    scratch[n++] = '"';
                    i++;
                } else {
                    inQuotes = false;
                }
                continue;
            }
            if (c == '\r' || c == '\n') {
                line++;
                if (c == '\r' && i + 1 < end && buf[i + 1] == '\n') {
                    i++;
                }
                c = '\n';
            }
            scratch[n++] = c;
        }
        return n;
    }

    /** Steps over the line end at {@code pos}, if any. */
    private void endRecord() {
        if (pos < limit) {
            byte c = buf[pos++];
            line++;
            afterCarriageReturn = c == '\r';
        }
    }

    /** Skips {@code \n} of a {@code \r\n} and empty lines; false at the end of the input. */
    private boolean skipEmptyLines() throws IOException {
        while (true) {
            if (pos >= limit) {
                more();
                if (pos >= limit) {
                    return false;
                }
            }
            byte c = buf[pos];
            if (c == '\n') {
                if (!afterCarriageReturn) {
                    line++;
                }
            } else if (c == '\r') {
                line++;
            } else {
                afterCarriageReturn = false;
                return true;
            }
            afterCarriageReturn = c == '\r';
            pos++;
        }
    }

    /** Skips the rest of a line over the bound, keeping nothing, and its line end. */
    private void skipLine() throws IOException {
        while (true) {
            while (pos < limit) {
                byte c = buf[pos];
                if (c == '\n' || c == '\r') {
                    endRecord();
                    return;
                }
                pos++;
            }
            more();
            if (pos >= limit) {
                return;
            }
        }
    }

    /** Moves the unread bytes to the buffer's start and reads more after them; sets {@link #eof} at the end. */
    private void more() throws IOException {
        if (eof) {
            return;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        int n = in.readNBytes(buf, limit, buf.length - limit);
        if (n <= 0) {
            eof = true;
        }
        limit += Math.max(n, 0);
    }
}
