package io.fpsctl.android;

/**
 * The one place a value becomes part of a command line for the device's {@code /system/bin/sh} (mksh,
 * external/mksh, on current releases; ash on the earliest): both follow POSIX quoting (XCU 2.2.2: inside single
 * quotes every character is literal; adbd hands the line to the shell with {@code -c}). Every package name, layer name, component or other value fpsctl sends goes through {@link #quote} or
 * {@link #command}; the command's fixed words are written in the code.
 */
public final class ShellQuote {
    private ShellQuote() {
    }

    /**
     * {@code arg} as one word for {@code sh}: unchanged when it holds only characters no shell treats specially
     * ({@code A-Z a-z 0-9 _ . , : / = @ % + -}, as Python's {@code shlex.quote}), else in single quotes with each
     * {@code '} written as {@code '\''}. Layer names hold spaces, {@code [}, {@code (}, {@code #}; a typed value
     * may hold {@code ;}, {@code $(…)} or backticks: none of it is run.
     */
    public static String quote(String arg) {
        if (!arg.isEmpty() && isPlain(arg)) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    /** {@code fixed} (the command and its options, as written in the code) followed by each value quoted. */
    public static String command(String fixed, String... values) {
        StringBuilder b = new StringBuilder(fixed);
        for (String v : values) {
            b.append(' ').append(quote(v));
        }
        return b.toString();
    }

    private static boolean isPlain(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "_.,:/=@%+-".indexOf(c) >= 0;
            if (!plain) {
                return false;
            }
        }
        return true;
    }
}
