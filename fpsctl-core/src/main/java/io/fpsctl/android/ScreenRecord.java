package io.fpsctl.android;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Android's {@code screenrecord} (AOSP {@code frameworks/av cmds/screenrecord/screenrecord.cpp}; docs/report.md "Screen recordings"
 * lists the tags read): its command line, how it is stopped, and the per-frame times it writes into the MP4.
 *
 * <ul>
 *   <li>Options ({@code main}): {@code --time-limit N}, default {@code kMaxTimeLimitSec} = 180 (3 minutes); up to
 *       android 13 {@code atoi} in 1..180 ("Time limit %ds outside acceptable range [1,%d]", exit 2); from android 14
 *       {@code strtol} in 0..UINT32_MAX, 0 meaning no limit. fpsctl asks 1..{@value #MAX_TIME_LIMIT_SEC}, valid on
 *       every release, and never 0 (docs/report.md "Screen recordings": a lost device would keep no video). {@code --bit-rate} in bits or "4M" (default 20 Mbps, 0.1..200 Mbps). fpsctl asks
 *       {@value #BIT_RATE} so a 3-minute file stays near 22 MB whatever the display.</li>
 *   <li>Stopping ({@code signalCatcher}, {@code configureSignals}): SIGINT and SIGHUP set {@code gStopRequested};
 *       {@code runEncoder} returns, {@code recordScreen} stops the muxer ({@code AMediaMuxer_stop}, which writes
 *       the moov) and the Winscope block is written first: only then is the file complete. SIGTERM and SIGKILL
 *       are not caught: the file keeps its {@code mdat} without {@code moov} and does not play. fpsctl sends
 *       SIGINT with toybox {@code pkill -l INT -f '^screenrecord .* FILE$'} ({@link #stopCommand}): the file name
 *       is unique to the recording and the pattern anchored, so no other process is touched.</li>
 *   <li>Times: each sample's time is the encoder's {@code ptsUsec}, the virtual display buffer's CLOCK_MONOTONIC
 *       time ({@code systemTime(SYSTEM_TIME_MONOTONIC)} when the display gives none); MediaMuxer makes the track's
 *       times relative to the first sample, so the MP4 alone does not say when it started. The Winscope block
 *       ({@code writeWinscopeMetadata}) does: version 2 ({@code #VV1NSC0PET1ME2#}, uint32 2, int64
 *       realtime-to-elapsed ns, uint32 count, count x uint64 CLOCK_BOOTTIME ns, little-endian) and the legacy
 *       block ({@code #VV1NSC0PET1ME!#}, uint32 count, count x uint64 CLOCK_BOOTTIME us): the legacy one alone on
 *       android 11, 12 and 13 before QPR2 (up to android-13.0.0_r30 and the security-13 line), the legacy one then
 *       version 2 from android 13 QPR2 (android-13.0.0_r35), none before 11; the first valid one is read. Both are the monotonic time plus
 *       {@code elapsedRealtimeNano() - systemTime(SYSTEM_TIME_MONOTONIC)} read when the recording stops.</li>
 * </ul>
 */
public final class ScreenRecord {
    public static final int MAX_TIME_LIMIT_SEC = 180;
    public static final String BIT_RATE = "1M";
    private static final byte[] MAGIC_V2 = "#VV1NSC0PET1ME2#".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MAGIC_V1 = "#VV1NSC0PET1ME!#".getBytes(StandardCharsets.US_ASCII);
    /** A block of a 180 s file never holds more frames than 2000 fps would give; anything larger is not a Winscope block. */
    private static final int MAX_FRAMES = 180_000 * 2;
    private static final Pattern UPTIME = Pattern.compile("^Uptime: ([0-9]{1,15}) Realtime: ([0-9]{1,15})\\s*$",
            Pattern.MULTILINE);

    private ScreenRecord() {
    }

    /** Records to {@code remoteFile} for at most {@code limitSec} seconds. */
    public static String command(String remoteFile, int limitSec) {
        if (limitSec < 1 || limitSec > MAX_TIME_LIMIT_SEC) {
            throw new IllegalArgumentException("time limit " + limitSec + " outside [1," + MAX_TIME_LIMIT_SEC + "]");
        }
        return ShellQuote.command("screenrecord --time-limit " + limitSec + " --bit-rate " + BIT_RATE, remoteFile);
    }

    /**
     * SIGINT to the screenrecord writing {@code remoteFile}: it finishes the file and exits 0. toybox {@code pkill -f}
     * matches an extended regular expression anywhere in each process's command line ({@code toys/posix/ps.c
     * match_pgrep}: {@code regexec} on the cmdline, only its own pid skipped), so the pattern is anchored to a
     * command line that starts with {@code screenrecord} and ends with the file, the file's characters taken
     * literally: the {@code sh -c} that runs screenrecord (when mksh does not exec it) and the shell running this
     * pkill both start with the shell's name and are never signalled, whatever quoting the line needs. The signal is
     * given as {@code -l INT}, the one form every release takes: android 6's toybox (LineageOS cm-13.0
     * toys/posix/ps.c, option string {@code "Vu*U*t*s*P*g*G*fnovxl:[-no]"}) refuses {@code -INT} as "Unknown option
     * INT"; {@code -SIGNAL} came with toybox commit 148a0c37 (0.7.1, android 7), and {@code pkill_main} still
     * honours {@code -l} there and at toybox HEAD. Android 6's toolbox has no pkill (system/core cm-13.0
     * toolbox/Android.mk), so /system/bin/pkill is toybox's.
     */
    public static String stopCommand(String remoteFile) {
        return ShellQuote.command("pkill -l INT -f", "^screenrecord .* " + ereLiteral(remoteFile) + "$");
    }

    /** {@code s} as a POSIX extended regular expression matching exactly {@code s}. */
    static String ereLiteral(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if ("\\.[](){}*+?|^$".indexOf(c) >= 0) {
                b.append('\\');
            }
            b.append(c);
        }
        return b.toString();
    }

    /** The file's bytes on standard output (binary-safe over the shell protocol v2, as {@code adb exec-out}). */
    public static String pullCommand(String remoteFile) {
        return ShellQuote.command("cat", remoteFile);
    }

    public static String deleteCommand(String remoteFile) {
        return ShellQuote.command("rm -f", remoteFile);
    }

    /**
     * Why screenrecord could not record, from its exit status and standard error, or null when it recorded: exit
     * 127 is the shell's "not found"; any other non-zero exit names the first line screenrecord printed (e.g.
     * "Failed to get ID for internal display"); exit 0 with an {@code ERROR:} line is a failure too.
     */
    public static String failure(int exit, String stderr) {
        if (exit == 0) {
            // screenrecord's main returns (int) err, and UNKNOWN_ERROR is INT32_MIN (utils/Errors.h): the shell sees
            // exit 0 after "ERROR: unable to create video/avc codec instance", with an empty file left behind
            String error = stderr == null ? null
                    : stderr.lines().filter(l -> l.startsWith("ERROR:")).findFirst().orElse(null);
            return error == null ? null : "screenrecord failed (exit 0): " + printable(error.strip());
        }
        if (exit == 127) {
            return "this device has no screenrecord";
        }
        String first = stderr == null ? "" : stderr.strip().lines().findFirst().orElse("");
        return "screenrecord exited " + exit + (first.isEmpty() ? "" : ": " + printable(first));
    }

    /**
     * The gap between CLOCK_BOOTTIME and CLOCK_MONOTONIC (the time spent suspended since boot) in ns, from the
     * {@code Uptime: <ms> Realtime: <ms>} line ActivityManagerService prints at the top of {@code dumpsys gfxinfo}
     * ({@code dumpGraphicsHardwareUsage}: {@code SystemClock.uptimeMillis()}, CLOCK_MONOTONIC, and
     * {@code SystemClock.elapsedRealtime()}, CLOCK_BOOTTIME, read one after the other); -1 when absent. Both are
     * whole milliseconds, so the gap is within 1 ms of the true one.
     */
    public static long suspendedNs(String gfxinfo) {
        Matcher m = UPTIME.matcher(gfxinfo);
        if (!m.find()) {
            return -1;
        }
        long up = Long.parseLong(m.group(1));
        long real = Long.parseLong(m.group(2));
        return real < up ? -1 : (real - up) * 1_000_000L;
    }

    /**
     * The Winscope block's per-frame CLOCK_BOOTTIME times in ns, in file order, or null when the file holds none
     * (killed before the stop, android 11 and older, or not a screenrecord file). The file is scanned in bounded
     * chunks; a count that does not fit the file is rejected.
     */
    public static long[] winscopeBoottimesNs(Path mp4) throws IOException {
        try (FileChannel ch = FileChannel.open(mp4, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
            long base = 0;
            while (base < size) {
                chunk.clear();
                int n = ch.read(chunk, base);
                if (n <= 0) {
                    break;
                }
                byte[] a = Arrays.copyOf(chunk.array(), n);
                for (int i = 0; i + MAGIC_V2.length <= n; i++) {
                    boolean v2 = matches(a, i, MAGIC_V2);
                    if (v2 || matches(a, i, MAGIC_V1)) {
                        long[] times = block(ch, base + i + MAGIC_V2.length, v2, size);
                        if (times != null) {
                            return times;
                        }
                    }
                }
                if (base + n >= size) {
                    break;
                }
                base += n - MAGIC_V2.length + 1; // overlap so a magic across two chunks is found
            }
        }
        return null;
    }

    private static long[] block(FileChannel ch, long at, boolean v2, long size) throws IOException {
        int header = v2 ? 4 + 8 + 4 : 4;
        if (at + header > size) {
            return null;
        }
        ByteBuffer h = ByteBuffer.allocate(header).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(h, at);
        h.flip();
        if (v2 && h.getInt() != 2) {
            return null;
        }
        if (v2) {
            h.getLong(); // realtime-to-elapsed: wall clock, not needed
        }
        long count = Integer.toUnsignedLong(h.getInt());
        if (count == 0 || count > MAX_FRAMES || at + header + 8 * count > size) {
            return null;
        }
        ByteBuffer t = ByteBuffer.allocate((int) (8 * count)).order(ByteOrder.LITTLE_ENDIAN);
        ch.read(t, at + header);
        t.flip();
        long[] out = new long[(int) count];
        for (int i = 0; i < count; i++) {
            long v = t.getLong();
            out[i] = v2 ? v : v * 1000L;
            if (out[i] <= 0 || (i > 0 && out[i] < out[i - 1])) {
                return null;
            }
        }
        return out;
    }

    /**
     * Device text quoted in a message: at most 200 characters, control characters, C1, bidi controls and line
     * separators shown as the terminal rule shows them ({@code \e}, {@code \xNN}, {@code &#92;uNNNN}:
     * docs/outputs-and-signals.md, "Text from a device on the terminal"), so the message reads the same in every sink
     * (the terminal, summary.json, the report) rather than with its own {@code ?}.
     */
    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints().limit(200).forEach(b::appendCodePoint);
        return io.fpsctl.text.TerminalText.escape(b);
    }

    private static boolean matches(byte[] a, int at, byte[] magic) {
        for (int j = 0; j < magic.length; j++) {
            if (a[at + j] != magic[j]) {
                return false;
            }
        }
        return true;
    }
}
