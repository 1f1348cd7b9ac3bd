package io.fpsctl.android;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * The device's {@code perfetto} command line client, as fpsctl drives it for {@code --source perfetto} (the steps
 * of Perfetto's own host script {@code tools/record_android_trace}, {@code start_trace()}, google/perfetto v58.2):
 * <ol>
 *   <li>{@link #startWaiting(String, String, long)}: {@code echo CONFIG | perfetto --background-wait --txt -c - -o
 *       FILE}. The text config goes on standard input ({@code -c -}: "On non-rooted devices before Android 12, SELinux
 *       rules prevent the perfetto process from reading config files from world-writable locations",
 *       {@code docs/learning-more/android.md}); {@code --txt} exists from Android 10. {@code --background-wait}
 *       ({@code -D}; google/perfetto commit 240e9a163e "Implement --background-wait in perfetto cmd", first tagged
 *       v22.0, 2021-12-03; absent at v21.0) forks like {@code --background}, the parent prints the daemon's pid
 *       ({@code printf("%d\n", pid)} in {@code base::Daemonize}'s callback, {@code PerfettoCmd::ParseCmdlineAndMaybeDaemonize},
 *       {@code src/perfetto_cmd/perfetto_cmd.cc}) and then waits ({@code WaitOnBgProcessPipe}) until the daemon reports
 *       that all data sources started ({@code OnObservableEvents} on {@code TYPE_ALL_DATA_SOURCES_STARTED} →
 *       {@code NotifyBgProcessPipe(kWaitOk)}): exit 0. A daemon that failed (no {@code traced}) makes it print
 *       "Background process failed, WaitStatus=1" ("BgProcessStatus=1" before v53.0) and exit 1; after 30 s without
 *       word, "Timeout waiting for all data sources to start", exit 2.</li>
 *   <li>{@link #start(String, String, long)}: the same with {@code --background}, for a {@code perfetto} that refuses
 *       {@code --background-wait} ({@link #refusedBackgroundWait(String)}): the parent prints the pid and exits 0
 *       at once, before the daemon has even connected to {@code traced} ("Continues in
 *       ConnectToServiceRunAndMaybeNotify() below"), so nothing then tells when tracing started.</li>
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

    /** Starts tracing in the background, returning at once (see the class comment). */
    public static String start(String pkg, String file, long durationMs) {
        return start(pkg, file, durationMs, "--background");
    }

    /** Starts tracing in the background, returning once every data source started (see the class comment). */
    public static String startWaiting(String pkg, String file, long durationMs) {
        return start(pkg, file, durationMs, "--background-wait");
    }

    private static String start(String pkg, String file, long durationMs, String mode) {
        return "echo " + ShellQuote.quote(config(pkg, durationMs)) + " | perfetto " + mode + " --txt -c - -o "
                + ShellQuote.quote(file);
    }

    /**
     * Whether {@code perfetto} refused {@code --background-wait} as an option it does not know (a release before
     * v22.0): {@code getopt_long} prints bionic's {@code "%s: unknown option -- %s"} ({@code illoptstring} of
     * {@code upstream-openbsd/lib/libc/stdlib/getopt_long.c}, by {@code warnx} with the program's name), then
     * {@code PrintUsage}, exit 1; glibc's wording ("unrecognized option '--background-wait'") is accepted too.
     */
    public static boolean refusedBackgroundWait(String stderr) {
        return stderr != null && (stderr.contains("unknown option -- background-wait")
                || stderr.contains("unrecognized option '--background-wait'"));
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
