package io.fpsctl.source;

/** Quotes an argument for the device's {@code sh}: layer names hold spaces, {@code /}, {@code [}, {@code (}, {@code #}. */
public final class ShellQuote {
    private ShellQuote() {
    }

    public static String quote(String arg) {
        return "'" + arg.replace("'", "'\\''") + "'";
    }
}
