package io.fpsctl.device;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Several shell commands in one adb stream: {@code c1 ; echo <mark>0 $? ; c2 ; echo <mark>1 $? …}, split back
 * into one result per command at the marks. Every command costs the host a connection and a few wake-ups, which
 * a live capture pays several times a second; one stream per poll halves that. The mark is random per process, so
 * no dump contains it.
 *
 * <p>Each result has its command's standard output and exit status; standard error is one stream for the whole
 * list, so every result carries all of it. A command whose mark did not arrive (the shell died in between) has no
 * result: the list returned is shorter than the one given, and the caller runs the rest on its own.
 */
public final class ShellBatch {

    private static final String MARK = "fpsctl-end-"
            + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & 0xffff_ffff_ffffL) + "-";
    /**
     * Ends every mark word: letters that dumps hardly ever print, so that the search ({@link #indexOf}) steps far
     * past the digits and lower-case letters a dump is full of.
     */
    private static final String TAIL = "-" + rareLetters(8);

    private ShellBatch() {
    }

    /** The command line that runs {@code commands} one after the other, each followed by its mark. */
    static String commandLine(List<String> commands) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < commands.size(); i++) {
            if (i > 0) {
                line.append(" ; ");
            }
            line.append(commands.get(i)).append(" ; echo ").append(markWord(i)).append(" $?");
        }
        return line.toString();
    }

    /**
     * Runs {@code commands} in one stream.
     *
     * @return one result per command, in order, for the commands whose mark arrived (a prefix of the list)
     * @throws DeviceGoneException, ShellTimeoutException, DeviceException as {@link Device#shell(String, Duration)}
     */
    public static List<ShellResult> run(Device device, List<String> commands, Duration timeout) {
        return run(commands, c -> device.shell(c, timeout));
    }

    /** As {@link #run(Device, List, Duration)}, each command line run by {@code shell}. */
    static List<ShellResult> run(List<String> commands, java.util.function.Function<String, ShellResult> shell) {
        if (commands.isEmpty()) {
            return List.of();
        }
        if (commands.size() == 1) {
            return List.of(shell.apply(commands.get(0)));
        }
        ShellResult all = shell.apply(commandLine(commands));
        return split(all.stdoutBytes(), all.stderrBytes(), commands.size());
    }

    private static String rareLetters(int n) {
        StringBuilder b = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            b.append("QXZ".charAt(java.util.concurrent.ThreadLocalRandom.current().nextInt(3)));
        }
        return b.toString();
    }

    private static String markWord(int i) {
        return MARK + i + TAIL;
    }

    /** How command {@code i}'s mark line starts: the mark, then the exit status and a newline follow. */
    static byte[] markOf(int i) {
        return (markWord(i) + " ").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * {@code command}, then an {@code echo} of a mark and the command's exit status: how {@link LegacyShellStream}
     * learns the status from a device whose adbd has no shell protocol v2 to carry it. The mark is none of a
     * list's, so a whole list ({@link #commandLine}) can be wrapped too.
     */
    static String withExitMark(String command) {
        return command + " ; echo " + MARK + "x" + TAIL + " $?";
    }

    /** How the line {@link #withExitMark} adds starts: the mark, then the exit status and a newline follow. */
    static byte[] exitMark() {
        return (MARK + "x" + TAIL + " ").getBytes(StandardCharsets.US_ASCII);
    }

    /** A mark line that is none of the commands' ({@link PersistentShell} ends standard error with it). */
    static String lastMark() {
        return MARK + "e" + TAIL;
    }

    /** Cuts {@code out} at the marks {@code 0 … n-1}. */
    static List<ShellResult> split(byte[] out, byte[] err, int n) {
        return split(out, out.length, err, n);
    }

    /** Cuts {@code out[0..length)} at the marks {@code 0 … n-1}; each result gets a copy of its part. */
    static List<ShellResult> split(byte[] out, int length, byte[] err, int n) {
        List<ShellResult> results = new ArrayList<>(n);
        int from = 0;
        for (int i = 0; i < n; i++) {
            byte[] mark = markOf(i);
            int at = indexOf(out, length, mark, from);
            if (at < 0) {
                break;
            }
            int p = at + mark.length;
            int status = 0;
            int digits = 0;
            while (p < length && out[p] >= '0' && out[p] <= '9' && digits < 3) {
                status = status * 10 + (out[p] - '0');
                p++;
                digits++;
            }
            if (digits == 0 || p >= length || out[p] != '\n') {
                break; // a mark cut short: the rest is not trusted
            }
            results.add(ShellResult.ofBytes(Arrays.copyOfRange(out, from, at), err, status & 0xff));
            from = p + 1;
        }
        return results;
    }

    /**
     * The first {@code what} in {@code b[from..)}, −1 if none. Horspool's search: the byte under the mark's last
     * position says how far the mark can move, so most of a 100 KB dump is stepped over ~30 bytes at a time.
     */
    static int indexOf(byte[] b, byte[] what, int from) {
        return indexOf(b, b.length, what, from);
    }

    /** {@link #indexOf(byte[], byte[], int)} in {@code b[0..length)}. */
    static int indexOf(byte[] b, int length, byte[] what, int from) {
        int m = what.length;
        int[] shift = new int[256];
        Arrays.fill(shift, m);
        for (int k = 0; k < m - 1; k++) {
            shift[what[k] & 0xff] = m - 1 - k;
        }
        int i = Math.max(0, from);
        while (i <= length - m) {
            int k = m - 1;
            while (k >= 0 && b[i + k] == what[k]) {
                k--;
            }
            if (k < 0) {
                return i;
            }
            i += shift[b[i + m - 1] & 0xff];
        }
        return -1;
    }
}
