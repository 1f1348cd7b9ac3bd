package io.fpsctl.android;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A saved dump's bytes as UTF-8, whatever Unicode encoding it was saved in. Windows PowerShell 5.1 writes
 * {@code adb shell dumpsys … > dump.txt} as UTF-16LE with a byte order mark ({@code FF FE}), and
 * {@code Out-File -Encoding utf8} puts a UTF-8 byte order mark ({@code EF BB BF}) in front; fpsctl's parsers read
 * UTF-8 (ASCII, as dumpsys prints it). The encoding is decided from the first bytes: a byte order mark (UTF-8,
 * UTF-16LE, UTF-16BE), else a UTF-16 file without one, recognised by NUL bytes in every other position (ASCII text
 * in UTF-16 has a 0 byte beside every character; UTF-8 text has none). Anything else is passed on as it is.
 */
public final class Utf8Input {
    /** Bytes looked at to recognise UTF-16 without a byte order mark. */
    private static final int SNIFF_BYTES = 4096;

    private Utf8Input() {
    }

    /** {@code in} as UTF-8 bytes, without a byte order mark; the result closes {@code in}. */
    public static InputStream of(InputStream in) throws IOException {
        BufferedInputStream b = in instanceof BufferedInputStream bis ? bis : new BufferedInputStream(in, 1 << 16);
        b.mark(SNIFF_BYTES);
        byte[] head = b.readNBytes(SNIFF_BYTES);
        b.reset();
        Charset utf16 = null;
        int skip = 0;
        if (startsWith(head, 0xEF, 0xBB, 0xBF)) {
            skip = 3;
        } else if (startsWith(head, 0xFF, 0xFE)) {
            utf16 = StandardCharsets.UTF_16LE;
            skip = 2;
        } else if (startsWith(head, 0xFE, 0xFF)) {
            utf16 = StandardCharsets.UTF_16BE;
            skip = 2;
        } else {
            utf16 = withoutMark(head);
        }
        b.skipNBytes(skip);
        return utf16 == null ? b : new Transcoded(new InputStreamReader(b, utf16));
    }

    /** UTF-16LE or BE when (nearly) every other byte of {@code head} is 0 and the others are not; else null. */
    static Charset withoutMark(byte[] head) {
        int pairs = head.length / 2;
        if (pairs < 2) {
            return null;
        }
        int evenZeros = 0;
        int oddZeros = 0;
        for (int i = 0; i + 1 < head.length; i += 2) {
            evenZeros += head[i] == 0 ? 1 : 0;
            oddZeros += head[i + 1] == 0 ? 1 : 0;
        }
        // text in UTF-16 is almost all ASCII here: allow a few non-ASCII characters, and a few NULs in the other lane
        if (oddZeros * 10 >= pairs * 9 && evenZeros * 10 <= pairs) {
            return StandardCharsets.UTF_16LE;
        }
        if (evenZeros * 10 >= pairs * 9 && oddZeros * 10 <= pairs) {
            return StandardCharsets.UTF_16BE;
        }
        return null;
    }

    private static boolean startsWith(byte[] head, int... prefix) {
        if (head.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((head[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Characters decoded from UTF-16, handed on as UTF-8 bytes, a buffer at a time (bounded memory). */
    private static final class Transcoded extends InputStream {
        private final Reader in;
        private final char[] chars = new char[8192];
        /** A high surrogate read last, whose low half comes with the next read. */
        private int carried;
        private byte[] bytes = new byte[0];
        private int pos;
        private boolean eof;

        Transcoded(Reader in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (pos == bytes.length) {
                if (eof || !fill()) {
                    return -1;
                }
            }
            int n = Math.min(len, bytes.length - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }

        private boolean fill() throws IOException {
            int start = carried;
            int n = in.read(chars, start, chars.length - start);
            if (n < 0) {
                eof = true;
                if (carried == 0) {
                    return false;
                }
                n = 0; // a lone high surrogate at the end: encoded as '?'
            }
            int end = start + n;
            carried = 0;
            if (!eof && end > 0 && Character.isHighSurrogate(chars[end - 1])) {
                carried = 1;
                end--;
            }
            bytes = new String(chars, 0, end).getBytes(StandardCharsets.UTF_8);
            pos = 0;
            if (carried == 1) {
                chars[0] = chars[end];
            }
            return true;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
