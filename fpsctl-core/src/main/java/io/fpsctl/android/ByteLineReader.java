package io.fpsctl.android;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads an input stream line by line without making a String per line: after {@link #next()} the line is
 * {@code buffer()[start() .. end())}, without its {@code \n} or {@code \r\n}. Memory stays bounded by the
 * longest line (a multi-gigabyte dump is read with a 1 MiB buffer).
 */
public final class ByteLineReader {
    private static final int DEFAULT_BUFFER = 1 << 20;
    /** Longer lines are cut here (the rest of the line is dropped), so a file without newlines cannot exhaust memory. */
    static final int MAX_LINE = 16 << 20;

    private final InputStream in;
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private int lineStart;
    private int lineEnd;
    private long lineNumber;

    /** The buffer fits what the stream says it holds (a poll's few kilobytes), up to 1 MiB; it grows for longer lines. */
    public ByteLineReader(InputStream in) {
        this(in, bufferFor(in));
    }

    private static int bufferFor(InputStream in) {
        try {
            int available = in.available();
            return available > 0 && available < DEFAULT_BUFFER ? Math.max(available + 1, 1 << 12) : DEFAULT_BUFFER;
        } catch (IOException e) {
            return DEFAULT_BUFFER; // the read will report it
        }
    }

    ByteLineReader(InputStream in, int bufferSize) {
        this.in = in;
        this.buf = new byte[bufferSize];
    }

    /** Advances to the next line; false at the end of input. */
    public boolean next() throws IOException {
        while (true) {
            int i = indexOfNewline(buf, pos, limit);
            if (i >= 0) {
                setLine(pos, i);
                pos = i + 1;
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    setLine(pos, limit);
                    pos = limit;
                    return true;
                }
                return false;
            }
            fill();
        }
    }

    private static final long NEWLINES = ByteLanes.every('\n');

    /** First {@code \n} in {@code b[from..to)}, eight bytes at a time; −1 if none. */
    static int indexOfNewline(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long found = ByteLanes.zeroLanes(ByteLanes.get(b, i) ^ NEWLINES);
            if (found != 0) {
                return i + ByteLanes.firstFlagged(found);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void setLine(int start, int end) {
        if (end > start && buf[end - 1] == '\r') {
            end--;
        }
        lineStart = start;
        lineEnd = end;
        lineNumber++;
    }

    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            if (buf.length >= MAX_LINE) {
                // an absurdly long line: keep its head, drop the rest up to the next newline
                limit = buf.length / 2;
            } else {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    public byte[] buffer() {
        return buf;
    }

    public int start() {
        return lineStart;
    }

    public int end() {
        return lineEnd;
    }

    public long lineNumber() {
        return lineNumber;
    }

    /** The current line decoded as UTF-8. */
    public String line() {
        return new String(buf, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
    }
}
