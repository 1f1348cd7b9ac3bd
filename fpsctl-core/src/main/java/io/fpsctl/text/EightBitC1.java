package io.fpsctl.text;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.BitSet;

/**
 * The terminal rule on a standard output whose encoding is a single-byte ISO/Unix one in which bytes 0x80–0x9F are
 * C1 controls to the terminal that decodes it: ISO-8859-x, KOI8-x and windows-125x. A terminal running such a locale
 * (xterm and the Linux console outside UTF-8 mode) reads a byte 0x9B as CSI (ECMA-48 8.3.16) and 0x85 as NEL, so a
 * printable character written as such a byte (KOI8-R puts box drawing there, windows-1252 puts U+203A at 0x9B and
 * U+2026 at 0x85) is shown as &#92;uNNNN, like a C1 control itself ({@link TerminalText}). In ISO-8859-x only the C1
 * controls themselves encode there, and TerminalText already shows those.
 *
 * <p>Every other charset gets no guard, because there 0x80–0x9F are not C1 controls to whoever decodes them:
 * UTF-8 (those bytes only continue a sequence), the multi-byte ones (Shift_JIS/MS932, EUC, GBK, Big5: lead or trail
 * bytes of a two-byte character; most Japanese text has one), the IBM/OEM code pages of the Windows console
 * (437, 850, …: é, ü, ä, Ö live there, and the console decodes every byte through the code page, never as C1), the
 * Mac ones (accented letters) and EBCDIC. Escaping there would only turn ordinary text, and the paths a user typed,
 * into &#92;uNNNN.
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

    /** The guard for {@code charset}, or null when it needs none (see the class comment for which ones). */
    static EightBitC1 forCharset(Charset charset) {
        return charset != null && c1Terminal(charset) ? new EightBitC1(charset) : null;
    }

    /**
     * Whether {@code charset} is a single-byte one a terminal decodes with 0x80–0x9F as C1 controls: by its
     * canonical name (the JDK's: {@code ISO-8859-1}, {@code KOI8-R}, {@code windows-1251}, …) and one byte per
     * character, so no multi-byte or OEM charset can slip in under a look-alike alias.
     */
    static boolean c1Terminal(Charset charset) {
        String n = charset.name().toUpperCase(java.util.Locale.ROOT);
        boolean family = n.startsWith("ISO-8859-") || n.startsWith("KOI8-") || n.startsWith("WINDOWS-125");
        return family && charset.canEncode() && charset.newEncoder().maxBytesPerChar() == 1.0f;
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
