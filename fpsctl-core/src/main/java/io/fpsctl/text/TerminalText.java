package io.fpsctl.text;

import java.security.SecureRandom;

/**
 * The terminal's escaping rule (docs/outputs-and-signals.md, "Text from a device on the terminal"): everything that
 * reaches standard output or standard error goes through {@link TerminalWriter}, which shows every control character
 * visibly ({@code \e}, {@code \x07}, {@code &#92;u202e}, …) and lets only fpsctl's own control characters through
 * raw. fpsctl's own are built here ({@link #ESC}, {@link #CR}) as a private-use mark followed by a random per-run
 * key, so no text from a device, a file or an argument can pass for them: a device does not know the key.
 *
 * <p>Passed raw: line feed and tab (a device's line structure is fpsctl's: every parser splits at line ends, so a
 * device string never holds a line feed; a tab moves nothing back). Shown escaped: ESC as {@code \e}; every other C0
 * control as {@code \xNN}; DEL (which JSON does not escape, so it must read as JSON's own escape), C1 controls, the
 * bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), the line
 * and paragraph separators (U+2028, U+2029), an unpaired surrogate and the mark itself as {@code &#92;uNNNN} (inside a
 * JSON string these are JSON's own escapes of the same character, so JSON on standard output stays valid and means
 * the same).
 */
public final class TerminalText {
    /** Starts each of fpsctl's own control characters; a private-use character no font draws. */
    static final char MARK = '\uE01B';
    /** Characters of the key after {@link #MARK}; 8 characters of 256 values: 2^64 to guess. */
    static final int KEY_LENGTH = 8;
    /** The key: private-use characters U+E100–U+E1FF (not letters, so styled-length counting skips them). */
    static final String KEY = key();
    /** fpsctl's own ESC, raw on the terminal. */
    public static final String ESC = MARK + KEY + '\u001b';
    /** fpsctl's own carriage return (an in-place redraw), raw on the terminal. */
    public static final String CR = MARK + KEY + '\r';

    private TerminalText() {
    }

    /**
     * 8 random bytes, one key character each. The key never leaves the process (fpsctl's own controls are rendered
     * without it), so all it needs is to be unknowable to whoever writes the text it guards: the kernel's random
     * bytes do that. Read straight from {@code /dev/urandom} rather than through {@link SecureRandom}, whose first use
     * loads and seeds its providers on every run, {@code --version} included (both measured in
     * docs/performance.md, the paragraph on the terminal rule's key); {@link SecureRandom} where there is no such file.
     */
    private static String key() {
        byte[] bytes = new byte[KEY_LENGTH];
        if (!urandom(bytes)) {
            new SecureRandom().nextBytes(bytes);
        }
        StringBuilder b = new StringBuilder(KEY_LENGTH);
        for (byte x : bytes) {
            b.append((char) (0xE100 + (x & 0xff)));
        }
        return b.toString();
    }

    private static boolean urandom(byte[] into) {
        try (java.io.InputStream in = new java.io.FileInputStream("/dev/urandom")) {
            return in.readNBytes(into, 0, into.length) == into.length;
        } catch (java.io.IOException | SecurityException e) {
            return false;
        }
    }

    /** {@code s} as the terminal shows it: fpsctl's own control characters raw, everything else by the rule. */
    public static String render(CharSequence s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        int i = 0;
        while (i < s.length()) {
            i = renderAt(s, i, s.length(), b);
        }
        return b.toString();
    }

    /**
     * {@code s} with every control character shown visibly, fpsctl's own included: for one line of device text
     * where no terminal writer comes after (a warning handed to a caller's own stream).
     */
    public static String escape(CharSequence s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            escapeChar(s, i, b);
        }
        return b.toString();
    }

    /**
     * Renders the character (or own control) at {@code i} of {@code s} into {@code b}; returns the index after it.
     * A mark whose key is cut off by {@code end} is escaped: callers that stream keep the tail back
     * ({@link #pendingFrom}).
     */
    static int renderAt(CharSequence s, int i, int end, StringBuilder b) {
        char c = s.charAt(i);
        if (c == MARK && i + KEY_LENGTH + 1 < end && ownAt(s, i)) {
            b.append(s.charAt(i + KEY_LENGTH + 1));
            return i + KEY_LENGTH + 2;
        }
        escapeChar(s, i, b);
        return i + 1;
    }

    /** Whether {@code s} holds one of fpsctl's own controls at {@code i} (the caller checked its length). */
    private static boolean ownAt(CharSequence s, int i) {
        for (int k = 0; k < KEY_LENGTH; k++) {
            if (s.charAt(i + 1 + k) != KEY.charAt(k)) {
                return false;
            }
        }
        char c = s.charAt(i + KEY_LENGTH + 1);
        return c == '\u001b' || c == '\r';
    }

    /**
     * Where in {@code s[from, end)} a possible start of an own control begins that is cut off by {@code end}
     * ({@code end} when none), or a high surrogate whose pair may follow: a streaming writer holds that tail back
     * until more text arrives.
     */
    static int pendingFrom(CharSequence s, int from, int end) {
        for (int i = Math.max(from, end - KEY_LENGTH - 1); i < end; i++) {
            if (s.charAt(i) == MARK) {
                int k = 1;
                while (i + k < end && k <= KEY_LENGTH && s.charAt(i + k) == KEY.charAt(k - 1)) {
                    k++;
                }
                if (i + k == end) {
                    return i;
                }
            }
        }
        return end > from && Character.isHighSurrogate(s.charAt(end - 1)) ? end - 1 : end;
    }

    private static void escapeChar(CharSequence s, int i, StringBuilder b) {
        char c = s.charAt(i);
        if (c == '\n' || c == '\t') {
            b.append(c);
        } else if (c == '\u001b') {
            b.append("\\e");
        } else if (c < 0x20) {
            b.append("\\x").append(hex(c, 2));
        } else if (c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029' || (c >= '\u202a' && c <= '\u202e')
                || (c >= '\u2066' && c <= '\u2069') || c == MARK || (Character.isSurrogate(c) && !paired(s, i))) {
            b.append("\\u").append(hex(c, 4));
        } else {
            b.append(c);
        }
    }

    private static String hex(char c, int digits) {
        String h = Integer.toHexString(c);
        return "0".repeat(Math.max(0, digits - h.length())) + h;
    }

    private static boolean paired(CharSequence s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
