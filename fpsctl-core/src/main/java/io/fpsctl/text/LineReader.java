package io.fpsctl.text;

import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines from a {@link Reader} one at a time, like {@link java.io.BufferedReader#readLine()} (a line
 * ends at {@code \n}, {@code \r} or {@code \r\n}), but never holds more than {@code maxChars} characters of
 * one line: a longer line is returned cut to that length and {@link #truncated()} reports it. This keeps
 * memory bounded on input that has no line breaks at all.
 */
public final class LineReader {

    private final Reader in;
    private final int maxChars;
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private boolean skipLineFeed;
    private boolean truncated;

    public LineReader(Reader in, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be positive: " + maxChars);
        }
        this.in = in;
        this.maxChars = maxChars;
    }

    /** The next line without its terminator, or {@code null} at the end of the input. */
    public String readLine() throws IOException {
        StringBuilder line = null;
        truncated = false;
        while (true) {
            if (position == limit && !fill()) {
                return line == null ? null : line.toString();
            }
            char c = buffer[position++];
            if (skipLineFeed) {
                skipLineFeed = false;
                if (c == '\n') {
                    continue;
                }
            }
            if (line == null) {
                line = new StringBuilder(Math.min(maxChars, 128));
            }
            if (c == '\n') {
                return line.toString();
            }
            if (c == '\r') {
                skipLineFeed = true;
                return line.toString();
            }
            if (line.length() < maxChars) {
                line.append(c);
            } else {
                truncated = true;
            }
        }
    }

    /** Whether the line last returned by {@link #readLine()} was longer than {@code maxChars} and was cut. */
    public boolean truncated() {
        return truncated;
    }

    private boolean fill() throws IOException {
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }
}
