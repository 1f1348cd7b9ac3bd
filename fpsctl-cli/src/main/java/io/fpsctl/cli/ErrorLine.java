package io.fpsctl.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.regex.Pattern;

/**
 * Makes an error message fit fpsctl's rule for stderr: one line, no exception class names, control characters
 * escaped (a file name or input bytes cannot move the cursor, ring the bell or start a new line), at most
 * {@link #MAX} characters including the {@code fpsctl: } prefix (the middle is cut, so the file name at the
 * start and the advice at the end survive).
 */
final class ErrorLine {
    /** The longest line printed, prefix included. */
    static final int MAX = 300;
    private static final String PREFIX = "fpsctl: ";
    /** {@code java.io.FooException: } or a bare {@code FooException: }. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "\\b(?:[a-z_][a-z0-9_]*\\.)*[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\b:?\\s*");

    private ErrorLine() {
    }

    /** The line to print for {@code message} (without the prefix; see {@link #print}). */
    static String of(String message) {
        String m = message == null ? "" : message;
        if (m.length() > 2000) { // bound the work: only a head and a tail can be printed
            m = m.substring(0, 1000) + "…" + m.substring(m.length() - 500);
        }
        m = CLASS_NAME.matcher(m).replaceAll("").strip();
        if (m.isEmpty()) {
            m = "unexpected error (run with --debug for details and please report it)";
        }
        String escaped = escape(m);
        int room = MAX - PREFIX.length();
        if (escaped.length() <= room) {
            return escaped;
        }
        String tail = escape(m.substring(Math.max(0, m.length() - 100)));
        tail = tail.substring(Math.max(0, tail.length() - 100));
        return escaped.substring(0, room - 1 - tail.length()) + "…" + tail;
    }

    private static String escape(String m) {
        StringBuilder b = new StringBuilder(m.length() + 16);
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029'
                    || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069')
                    || (Character.isSurrogate(c) && !validPair(m, i))) {
                b.append(String.format("\\x%02x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean validPair(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /** Prints {@code fpsctl: <message>} as one line. */
    static void print(java.io.PrintWriter err, String message) {
        err.println(PREFIX + of(message));
        err.flush();
    }

    /** What went wrong with a file, in words: {@code FILE: no such file} rather than the exception's name. */
    static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) {
            return f.getFile() + ": no such file (check the path)";
        }
        if (e instanceof AccessDeniedException f) {
            return f.getFile() + ": permission denied (check the file's permissions)";
        }
        if (e instanceof NotDirectoryException f) {
            return f.getFile() + ": not a folder";
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : "cannot read or write");
        }
        if (e instanceof CharacterCodingException) {
            return "the input is not valid UTF-8 text";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? "input/output error" : m;
    }
}
