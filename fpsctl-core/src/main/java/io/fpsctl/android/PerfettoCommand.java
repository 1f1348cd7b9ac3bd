package io.fpsctl.android;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * The device's {@code perfetto} command line client, as fpsctl drives it for {@code --source perfetto} (the steps
 * of Perfetto's own host script {@code tools/record_android_trace}, {@code start_trace()}, google/perfetto v58.2):
 * <ol>
 *   <li>{@link #start(String, String, long)}: {@code echo CONFIG | perfetto --background --txt -c - -o FILE}. The
 *       text config goes on standard input ({@code -c -}: "On non-rooted devices before Android 12, SELinux rules
 *       prevent the perfetto process from reading config files from world-writable locations",
 *       {@code docs/learning-more/android.md}); {@code --txt} exists from Android 10. {@code --background} makes the
 *       parent print the daemon's pid ({@code printf("%d\n", pid)} in {@code PerfettoCmd::ParseCmdlineAndMaybeDaemonize},
 *       {@code src/perfetto_cmd/perfetto_cmd.cc}) and exit 0; {@code --background-wait} would report a failed
 *       start but is missing from the perfetto of Android 12 (it is absent at google/perfetto v20.0 and present at
 *       v25.0), so a daemon that could not reach {@code traced} is seen by {@link #alive(int)} and by an empty
 *       trace instead.</li>
 *   <li>{@link #alive(int)}: {@code kill -0 PID} (exit 0 while the daemon runs; the script polls
 *       {@code [ -d /proc/$pid ]}).</li>
 *   <li>{@link #stop(int)}: {@code kill -TERM PID}: "SIGINT/SIGTERM received: disabling tracing", the buffers are
 *       read back and written into the file ({@code PerfettoCmd::SignalCtrlC}, {@code OnTracingDisabled}).</li>
 *   <li>{@link #read(String)}: {@code cat FILE}, the bytes as they are over the shell protocol's stdout (Perfetto's
 *       {@code docs/learning-more/android.md} gives {@code adb shell cat /data/misc/perfetto-traces/trace} as the way
 *       to copy a trace where {@code adb pull} cannot).</li>
 *   <li>{@link #remove(String)}: {@code rm -f FILE}.</li>
 * </ol>
 * Files are kept under {@link #TRACE_DIR}, where {@code perfetto} may write on every release that has the
 * FrameTimeline data source ({@code perfetto.rc}: {@code mkdir /data/misc/perfetto-traces 0773 root shell}).
 */
public final class PerfettoCommand {

    /** The only directory the {@code perfetto} SELinux domain writes traces to on user builds. */
    public static final String TRACE_DIR = "/data/misc/perfetto-traces/";
    /** FrameTimeline's data source: SurfaceFlinger registers it from Android 12 (API 31). */
    public static final String FRAME_TIMELINE = "android.surfaceflinger.frametimeline";
    /** The first API level with {@link #FRAME_TIMELINE} ({@code services/surfaceflinger/FrameTimeline/} is new in 12). */
    public static final int MIN_SDK = 31;
    /** How long traced keeps the session at most, beyond the capture, should fpsctl never stop it. */
    public static final long GUARD_MS = 60_000L;

    private PerfettoCommand() {
    }

    /**
     * The text config for {@code pkg} (fields of google/perfetto {@code protos/perfetto/config/trace_config.proto},
     * {@code data_source_config.proto}, {@code process_stats_config.proto}, {@code ftrace_config.proto}, v58.2):
     * buffer 0 for FrameTimeline and atrace, buffer 1 for the process records (pid → package) with the threads' names
     * ({@code record_thread_names}: without it traced's {@code process_stats_data_source.cc} writes no thread name, and
     * Macrobenchmark's frame metrics need the thread named {@code RenderThread});
     * {@code write_into_file} with {@code file_write_period_ms} so that traced drains its buffers into the file as it
     * goes and a long capture loses nothing to a ring wrapping (the buffer then needs to hold only one period);
     * {@code duration_ms} = the capture plus {@link #GUARD_MS}, so a trace fpsctl fails to stop still ends.
     * One line: it is echoed through the device's shell.
     */
    public static String config(String pkg, long durationMs) {
        return "buffers { size_kb: 16384 fill_policy: RING_BUFFER } "
                + "buffers { size_kb: 2048 fill_policy: DISCARD } "
                + "data_sources { config { name: \"" + FRAME_TIMELINE + "\" target_buffer: 0 } } "
                + "data_sources { config { name: \"linux.process_stats\" target_buffer: 1 "
                + "process_stats_config { scan_all_processes_on_start: true record_thread_names: true } } } "
                + "data_sources { config { name: \"linux.ftrace\" target_buffer: 0 ftrace_config { "
                + "atrace_categories: \"gfx\" atrace_categories: \"view\" atrace_apps: \"" + pkg + "\" } } } "
                + "write_into_file: true file_write_period_ms: 2000 "
                + "duration_ms: " + (durationMs + GUARD_MS);
    }

    /** The device file for a capture named {@code name} (letters, digits, {@code ._-}). */
    public static String traceFile(String name) {
        return TRACE_DIR + name.replaceAll("[^A-Za-z0-9._-]", "_") + ".perfetto-trace";
    }

    /** Starts tracing in the background (see the class comment). */
    public static String start(String pkg, String file, long durationMs) {
        return "echo " + ShellQuote.quote(config(pkg, durationMs)) + " | perfetto --background --txt -c - -o "
                + ShellQuote.quote(file);
    }

    /**
     * The daemon's pid from {@link #start}'s standard output: its one line {@code "%d\n"}; empty when the output is
     * anything else (perfetto refused: its reason is on standard error).
     */
    public static OptionalInt parsePid(String stdout) {
        String t = stdout == null ? "" : stdout.strip();
        if (!t.matches("[0-9]{1,9}")) {
            return OptionalInt.empty();
        }
        int pid = Integer.parseInt(t);
        return pid > 0 ? OptionalInt.of(pid) : OptionalInt.empty();
    }

    /** Exit 0 while {@code pid} runs. */
    public static String alive(int pid) {
        return String.format(Locale.ROOT, "kill -0 %d", pid);
    }

    /** Ends the session; the daemon writes the rest of the trace and exits. */
    public static String stop(int pid) {
        return String.format(Locale.ROOT, "kill -TERM %d", pid);
    }

    /** The trace's bytes on standard output. */
    public static String read(String file) {
        return ShellQuote.command("cat", file);
    }

    /** Deletes the trace on the device. */
    public static String remove(String file) {
        return ShellQuote.command("rm", "-f", file);
    }

    /**
     * The first line of what {@code perfetto} printed on standard error, without the {@code "[sss.mmm] file:line "}
     * prefix of {@code PERFETTO_ELOG} ({@code src/base/logging.cc LogMessage}, v58.2), for a one-line error; null
     * when there is none.
     */
    public static String firstError(String stderr) {
        if (stderr == null) {
            return null;
        }
        for (String line : stderr.split("\n")) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            return l.replaceFirst("^\\[\\d{3}\\.\\d{3}\\]\\s+\\S+:\\d+\\s+", "");
        }
        return null;
    }
}
