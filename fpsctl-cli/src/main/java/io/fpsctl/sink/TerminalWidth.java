package io.fpsctl.sink;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * The width of the terminal in columns, read again on every call so the live view follows a resize: {@code stty
 * size} on the controlling terminal, else the {@code COLUMNS} environment variable, else 80.
 */
public final class TerminalWidth implements IntSupplier {
    /** The width assumed when the terminal does not say. */
    public static final int DEFAULT = 80;
    private static final File TTY = new File("/dev/tty");

    @Override
    public int getAsInt() {
        int stty = stty();
        if (stty > 0) {
            return stty;
        }
        return parse(System.getenv("COLUMNS"));
    }

    /** A {@code COLUMNS} value; {@link #DEFAULT} when absent or not a positive number. */
    static int parse(String columns) {
        if (columns == null) {
            return DEFAULT;
        }
        try {
            int n = Integer.parseInt(columns.strip());
            return n > 0 ? n : DEFAULT;
        } catch (NumberFormatException e) {
            return DEFAULT;
        }
    }

    /** {@code stty size} answers "rows columns"; 0 when there is no terminal or stty. */
    private static int stty() {
        if (!TTY.canRead()) {
            return 0;
        }
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(TTY)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readNBytes(64);
            if (!p.waitFor(1, TimeUnit.SECONDS)) {
                p.destroy();
                return 0;
            }
            String[] parts = new String(out, StandardCharsets.US_ASCII).strip().split("\\s+");
            return parts.length == 2 ? Math.max(0, Integer.parseInt(parts[1])) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }
}
