package io.fpsctl.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;

/**
 * The terminal rule on a standard output whose encoding is a legacy 8-bit one (windows-1252, KOI8-R, …): there a
 * printable character may be written as a byte in 0x80–0x9F, which a terminal that reads 8-bit C1 controls takes for
 * one (0x9B is CSI, ECMA-48 8.3.16; in windows-1252 U+203A becomes 0x9B and U+2026 0x85, NEL). Such a character is
 * shown as &#92;uNNNN, like a C1 control itself ({@link TerminalText}). UTF-8 and US-ASCII never write a byte in
 * that range for a printable character (UTF-8's 0x80–0x9F bytes only continue a sequence), so they need nothing.
 */
final class EightBitC1 {
    private final CharsetEncoder encoder;
    /** Characters looked up so far, and which of them encode to a byte in 0x80–0x9F. */
    private final BitSet known = new BitSet(1 << 16);
    private final BitSet risky = new BitSet(1 << 16);

    private EightBitC1(Charset charset) {
        this.encoder = charset.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    /** The guard for {@code charset}, or null when it needs none. */
    static EightBitC1 forCharset(Charset charset) {
        if (charset == null || charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)
                || charset.name().startsWith("UTF-")) {
            return null;
        }
        return new EightBitC1(charset);
    }

    /** {@code b} from {@code from} on, every character whose encoding holds a C1 byte shown as &#92;uNNNN. */
    void apply(StringBuilder b, int from) {
        for (int i = from; i < b.length(); i++) {
            char c = b.charAt(i);
            if (c >= 0xa0 && !Character.isSurrogate(c) && encodesToC1(c)) {
                String e = "\\u" + Integer.toHexString(0x10000 | c).substring(1);
                b.replace(i, i + 1, e);
                i += e.length() - 1;
            }
        }
    }

    private synchronized boolean encodesToC1(char c) {
        if (!known.get(c)) {
            known.set(c);
            try {
                ByteBuffer bytes = encoder.reset().encode(CharBuffer.wrap(new char[] {c}));
                while (bytes.hasRemaining()) {
                    int v = bytes.get() & 0xff;
                    if (v >= 0x80 && v < 0xa0) {
                        risky.set(c);
                    }
                }
            } catch (CharacterCodingException e) {
                // replaced, never thrown (REPLACE above): the replacement is not a C1 byte
            }
        }
        return risky.get(c);
    }
}
