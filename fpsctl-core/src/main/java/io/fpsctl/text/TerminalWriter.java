package io.fpsctl.text;

import java.io.IOException;
import java.io.Writer;

/**
 * A writer to a terminal (standard output or standard error) that applies {@link TerminalText}'s rule to everything
 * written: fpsctl's own control characters pass raw, every other control character is shown visibly. One wrapper
 * per stream, where the stream is opened ({@code cli/Main}), so no printer has to remember to escape: text from a
 * device cannot reach the terminal raw whichever command prints it. Holds back at most the few characters of an own
 * control or a surrogate pair cut between two writes; {@link #flush()} and {@link #close()} write them out.
 */
public final class TerminalWriter extends Writer {
    private final Writer out;
    private final StringBuilder pending = new StringBuilder();
    private final StringBuilder rendered = new StringBuilder();
    /** On a legacy 8-bit encoding, what would be written as a C1 byte is escaped too ({@link EightBitC1}); or null. */
    private final EightBitC1 eightBit;

    public TerminalWriter(Writer out) {
        this(out, null);
    }

    /** @param charset how {@code out} encodes what it is given (null: UTF-8 or unknown) */
    public TerminalWriter(Writer out, java.nio.charset.Charset charset) {
        super(out);
        this.out = out;
        this.eightBit = EightBitC1.forCharset(charset);
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        synchronized (lock) {
            if (pending.length() == 0 && plain(java.nio.CharBuffer.wrap(cbuf), off, off + len)) {
                out.write(cbuf, off, len);
                return;
            }
            pending.append(cbuf, off, len);
            drain(false);
        }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        synchronized (lock) {
            if (pending.length() == 0 && plain(str, off, off + len)) {
                out.write(str, off, len);
                return;
            }
            pending.append(str, off, off + len);
            drain(false);
        }
    }

    @Override
    public void write(int c) throws IOException {
        synchronized (lock) {
            if (pending.length() == 0 && plain((char) c)) {
                out.write(c);
                return;
            }
            pending.append((char) c);
            drain(false);
        }
    }

    /**
     * Whether the rule leaves every character of {@code s[from, to)} as it is and none may start an own control:
     * printable ASCII, line feed and tab ({@link TerminalText}). Such text, with nothing held back, is written
     * straight through: CSV and JSON of a long trace are tens of MB of it, which the character-by-character rendering
     * (and a String per {@code PrintWriter.append(char)}) made seconds of CPU.
     */
    private static boolean plain(CharSequence s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!plain(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean plain(char c) {
        return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t';
    }

    private void drain(boolean all) throws IOException {
        int end = all ? pending.length() : TerminalText.pendingFrom(pending, 0, pending.length());
        int i = 0;
        rendered.setLength(0);
        while (i < end) {
            i = TerminalText.renderAt(pending, i, end, rendered);
        }
        pending.delete(0, i);
        if (eightBit != null) {
            eightBit.apply(rendered, 0);
        }
        if (rendered.length() > 0) {
            out.write(rendered.toString());
        }
        if (rendered.capacity() > 1 << 16) {
            rendered.setLength(0);
            rendered.trimToSize();
        }
    }

    @Override
    public void flush() throws IOException {
        synchronized (lock) {
            drain(true); // nothing is held back past a flush: the JVM exits without closing standard output
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (lock) {
            drain(true);
            out.close();
        }
    }
}
