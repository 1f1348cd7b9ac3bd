package io.fpsctl.text;

import java.io.IOException;
import java.io.Reader;

/**
 * A {@link Reader} that passes text on line by line and replaces every line longer than a cap by a marker line
 * that no parser accepts, so a CSV parser downstream never holds more than one capped line (bounded memory) and
 * never parses a giant cell (linear time): an over-long row becomes a malformed row. Lines end at {@code \n},
 * {@code \r} or {@code \r\n} and are passed on ending in {@code \n}.
 */
public final class BoundedLines extends Reader {
    /** What an over-long line becomes: a row whose first cell is no known value. */
    static final String OVERLONG = "\u0001overlong line\n";

    private final LineReader lines;
    private String current = "";
    private int pos;
    private long overlong;

    public BoundedLines(Reader in, int maxLineChars) {
        this.lines = new LineReader(in, maxLineChars);
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (pos == current.length()) {
            String line = lines.readLine();
            if (line == null) {
                return -1;
            }
            if (lines.truncated()) {
                overlong++;
                current = OVERLONG;
            } else {
                current = line + "\n";
            }
            pos = 0;
        }
        int n = Math.min(len, current.length() - pos);
        current.getChars(pos, pos + n, buf, off);
        pos += n;
        return n;
    }

    /** How many lines were over the cap. */
    long overlong() {
        return overlong;
    }

    @Override
    public void close() throws IOException {
        // the caller owns the underlying reader
    }
}
