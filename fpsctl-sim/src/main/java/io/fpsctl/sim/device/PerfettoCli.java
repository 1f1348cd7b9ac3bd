package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The device's {@code perfetto} command line client with {@code traced} behind it, and the shell commands that go
 * with a background trace: {@code kill} and {@code rm}. What each answer reproduces (google/perfetto
 * {@code src/perfetto_cmd/perfetto_cmd.cc}, v58.2, unless said otherwise):
 * <ul>
 *   <li>{@code perfetto [--background|-d] [--txt] -c FILE|- -o PATH}: the config is read whole from standard input
 *       for {@code -c -} ({@code ParseCmdlineAndMaybeDaemonize}); with {@code --txt} it is text format
 *       ({@link PerfettoConfigText}), else binary: a binary config is not decoded here, so a config that is not
 *       text is refused like one that fails to parse, and a text config sent without {@code --txt} gets the three
 *       lines {@code PERFETTO_ELOG} prints ("The trace config is invalid, bailing out." / "Looks like you are
 *       passing a textual config …" / "Try adding --txt to the cmdline."), exit 1. The output file is opened
 *       ({@code OpenOutputFile}, {@link PerfettoTraceFiles}) before {@code base::Daemonize}, whose parent prints
 *       {@code printf("%d\n", pid)} and exits 0; the daemon's own output goes to {@code /dev/null}
 *       ({@code src/base/utils.cc Daemonize}), so nothing else is printed.</li>
 *   <li>{@code --background-wait} ({@code -D}): new in google/perfetto v22.0 (commit 240e9a163e, 2021-11-02; absent
 *       at v21.0). The simulated Android 13+ has it, 12 has not (inferred from the dates: Android 12's release branch
 *       was cut before the commit, 13's after; no AOSP {@code external/perfetto} tree of either release was at hand
 *       to confirm). With it the parent prints the pid and waits for the daemon's word
 *       ({@code WaitOnBgProcessPipe}): exit 0 once all data sources started, which in the simulator is at once
 *       (the session records from the command's time); a daemon that cannot reach {@code traced} reports failure:
 *       "Background process failed, BgProcessStatus=1" on standard error, exit 1 (the wording of v22.0 … v52; v53.0
 *       renamed it {@code WaitStatus}). Without it {@code getopt_long} refuses the option: bionic's
 *       {@code warnx("unknown option -- %s")} ({@code upstream-openbsd/lib/libc/stdlib/getopt_long.c}
 *       {@code illoptstring}, {@code illoptchar} for {@code -D}) then {@code PrintUsage} to standard error, exit 1;
 *       the usage text after its first line is not reproduced.</li>
 *   <li>Logged lines ({@code PERFETTO_ELOG}) go to standard error as {@code "[%03u.%03u] %s:%s %s\n"} (wall-clock
 *       seconds mod 1000 and ms, the source file and line right-aligned in 24 characters, the message;
 *       {@code src/base/logging.cc LogMessage}); the simulator prints the fixed stamp {@code [000.000]} and
 *       {@code perfetto_cmd.cc:}{@code <line>} with the line of v58.2 (of the macro's name where the call spans
 *       lines: clang's {@code __LINE__} of a macro expansion; inferred).</li>
 *   <li>Without {@code --background} the real client stays attached until the trace ends; the simulated shell
 *       runs each command to its end under the device lock, so the foreground mode is not simulated: it is refused
 *       with a line saying so (fpsctl and Perfetto's {@code tools/record_android_trace} both use
 *       {@code --background}).</li>
 *   <li>{@code traced} not running (the fault {@link #setTracedRunning(boolean)}): the daemon logs "Could not
 *       connect to the traced socket …" ({@code PerfettoCmd::OnDisconnect}) into {@code /dev/null} and exits; the
 *       parent has already printed the pid and exited 0, the output file stays empty.</li>
 *   <li>A data source no producer registered is skipped without a word: {@code TracingServiceImpl::StartTracing}
 *       sets up only {@code data_sources_.equal_range(name)} ({@code src/tracing/service/tracing_service_impl.cc},
 *       v58.2; {@code src/tracing/core/tracing_service_impl.cc} at v11.0, the Android 11 era, alike). Below
 *       Android 12 SurfaceFlinger registers no {@code android.surfaceflinger.frametimeline}
 *       ({@code FrameTimeline::registerDataSource} is new in Android 12), so the trace has no FrameTimeline
 *       packets there. {@code traced} runs by default from Android 11 (Perfetto's
 *       {@code docs/learning-more/android.md}: "enabled by default on Android 11 (R) and newer"); on 9 and 10
 *       the simulated device has it off ({@code persist.traced.enable} unset: a non-Pixel phone). Before
 *       Android 9 there is no {@code perfetto} binary.</li>
 *   <li>{@code kill [-TERM|-15|-s TERM|-INT|-2|-KILL|-9] PID}: SIGTERM and SIGINT end the session the way
 *       {@code PerfettoCmd::SignalCtrlC} does ("disabling tracing", then the trace is read back and written into
 *       the output file); SIGKILL ends it without writing; {@code -0} only asks whether it runs. {@code kill} is the
 *       shell's builtin (mksh {@code funcs.c c_kill}): a pid that is not running gets
 *       {@code bi_errorf(Tf_sD_s, p, cstrerror(errno))}, "/system/bin/sh: kill: N: No such process", exit 1.</li>
 *   <li>{@code rm [-f] PATH…} of a trace file; a missing file without {@code -f}: "rm: PATH: No such file or
 *       directory", exit 1 (toybox {@code toys/posix/rm.c} {@code perror_msg}; inferred for the wording).</li>
 *   <li>{@code duration_ms} in the config ends the session by itself when it runs out, as traced does.</li>
 * </ul>
 * The trace file's bytes are built by {@link PerfettoTraceEncoder} when the session ends.
 */
final class PerfettoCli {

    static final String FRAME_TIMELINE = "android.surfaceflinger.frametimeline";
    static final String PROCESS_STATS = "linux.process_stats";
    /** The first pid handed to a {@code perfetto} daemon (inferred: above the simulated system processes). */
    private static final int FIRST_PID = 21_000;

    private final AndroidVersion version;
    private final TimeSource time;
    private final PerfettoTraceFiles files = new PerfettoTraceFiles();
    private final Map<Integer, PerfettoSession> sessions = new LinkedHashMap<>();
    private final PerfettoTraceEncoder encoder;
    private boolean tracedRunning;
    private int nextPid = FIRST_PID;

    /**
     * @param encoder builds a session's trace bytes (processes, clocks and FrameTimeline packets)
     */
    PerfettoCli(AndroidVersion version, TimeSource time, PerfettoTraceEncoder encoder) {
        this.version = version;
        this.time = time;
        this.encoder = encoder;
        this.tracedRunning = version.major() >= 11;
    }

    /** Fault: {@code traced} stopped ({@code setprop persist.traced.enable 0}) or started again. */
    void setTracedRunning(boolean running) {
        this.tracedRunning = running;
    }

    PerfettoTraceFiles files() {
        return files;
    }

    /** Whether any session is running (the device then feeds it display frames). */
    boolean tracing() {
        return !sessions.isEmpty();
    }

    /** SurfaceFlinger traced a display frame at {@code writtenAt}: every running session gets it. */
    void displayFrame(TimelineDisplayFrame d, long writtenAt) {
        for (PerfettoSession s : sessions.values()) {
            s.displayFrame(d, writtenAt);
        }
    }

    /** Ends the sessions whose {@code duration_ms} ran out by {@code now} (called after the frames up to now). */
    void advanceTo(long now) {
        for (PerfettoSession s : List.copyOf(sessions.values())) {
            if (s.expired(now)) {
                stop(s, true);
            }
        }
    }

    // ---- perfetto -----------------------------------------------------------------------------------------

    /** {@code perfetto …}. */
    StreamCommand perfetto() {
        return new StreamCommand() {
            @Override
            public Reply run(List<String> args, byte[] stdin) {
                return Reply.of(perfetto(args, stdin));
            }

            @Override
            public boolean readsStdin(List<String> args) {
                int c = Math.max(args.indexOf("-c"), args.indexOf("--config"));
                return c >= 0 && c + 1 < args.size() && args.get(c + 1).equals("-");
            }
        };
    }

    private ShellReply perfetto(List<String> args, byte[] stdin) {
        if (version.major() < 9) {
            return new ShellReply("", "/system/bin/sh: perfetto: inaccessible or not found\n", 127);
        }
        boolean background = false;
        boolean backgroundWait = false;
        boolean txt = false;
        String config = null;
        String out = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-d", "--background" -> background = true;
                case "-D", "--background-wait" -> {
                    if (version.major() < 13) {
                        return new ShellReply("", "perfetto: unknown option -- "
                                + (a.equals("-D") ? "D" : "background-wait") + "\n\nUsage: perfetto\n", 1);
                    }
                    background = true;
                    backgroundWait = true;
                }
                case "--txt" -> txt = true;
                case "-c", "--config", "-o", "--out" -> {
                    if (i + 1 >= args.size()) {
                        // getopt_long's message for a missing argument (bionic getopt_long.c; inferred wording)
                        return new ShellReply("", "perfetto: option requires an argument -- " + a + "\n", 1);
                    }
                    String value = args.get(++i);
                    if (a.startsWith("-c") || a.equals("--config")) {
                        config = value;
                    } else {
                        out = value;
                    }
                }
                default -> {
                    return new ShellReply("", "perfetto: unrecognized option '" + a + "' (simulator: only -c, -o, "
                            + "--txt and --background are simulated)\n", 1);
                }
            }
        }
        if (!background) {
            return new ShellReply("", "perfetto: the simulator runs perfetto only with --background\n", 1);
        }
        if (config == null) {
            return elog(680, "The TraceConfig is empty");
        }
        if (!config.equals("-")) {
            // a config file: the simulated device has none (nothing can put one there over the simulated adb);
            // PERFETTO_PLOG of an Android build (perfetto_cmd.cc:362, v58.2), errno 2 = ENOENT
            return elog(362, "Could not open " + config + ". If this is a permission denied error, try placing the "
                    + "config in /data/misc/perfetto-configs: Perfetto should always be able to access this "
                    + "directory. (errno: 2, No such file or directory)");
        }
        if (stdin.length == 0) { // trace_config_raw.empty()
            return elog(680, "The TraceConfig is empty");
        }
        String text = new String(stdin, StandardCharsets.UTF_8);
        Optional<PerfettoConfigText> parsed = Optional.empty();
        String[] error = new String[1];
        if (txt) {
            parsed = PerfettoConfigText.parse(text, error);
        }
        if (parsed.isEmpty()) {
            StringBuilder err = new StringBuilder();
            if (txt) {
                // ParseTraceConfigPbtxt prints the parser's status with fprintf(stderr, "%s\n") (perfetto_cmd.cc:110);
                // its wording (pbtxt_to_pb.cc) is not reproduced: inferred
                err.append("<stdin>: ").append(error[0]).append('\n');
            }
            err.append(line(704, "The trace config is invalid, bailing out."));
            if (!txt && text.chars().allMatch(c -> (c >= 32 && c <= 126) || (c >= 9 && c <= 13))) {
                err.append(line(706, "Looks like you are passing a textual config but I'm expecting a "
                        + "proto-encoded binary config."));
                err.append(line(709, "Try adding --txt to the cmdline."));
            }
            return new ShellReply("", err.toString(), 1);
        }
        if (out == null) {
            return elog(870, "Either --out or --upload is required");
        }
        if (!PerfettoTraceFiles.inDirectory(out)) {
            // the perfetto domain may create files only in /data/misc/perfetto-traces (inferred: SELinux, errno 13
            // = EACCES); PERFETTO_PLOG in OpenOutputFile (perfetto_cmd.cc:1352, v58.2)
            return elog(1352, "Failed to open " + out + ". If you get permission denied in "
                    + "/data/misc/perfetto-traces, the file might have been created by another user, try deleting it "
                    + "first. (errno: 13, Permission denied)");
        }
        files.create(out);
        int pid = nextPid++;
        if (tracedRunning) {
            PerfettoConfigText c = parsed.get();
            List<String> sources = c.dataSourceNames();
            boolean frameTimeline = sources.contains(FRAME_TIMELINE) && version.major() >= 12;
            sessions.put(pid, new PerfettoSession(pid, out, time.nanoTime(), c.durationMs(), frameTimeline,
                    sources.contains(PROCESS_STATS)));
        } else if (backgroundWait) {
            // the daemon's ConnectToServiceAndRun fails (OnDisconnect), it writes kWaitOtherError into the pipe
            return new ShellReply(pid + "\n", "Background process failed, BgProcessStatus=1\n", 1);
        }
        return ShellReply.ok(pid + "\n");
    }

    private static ShellReply elog(int line, String message) {
        return new ShellReply("", line(line, message), 1);
    }

    /** One {@code PERFETTO_ELOG} line of {@code perfetto_cmd.cc:<line>} with the simulator's fixed time stamp. */
    static String line(int line, String message) {
        String fileAndLine = "perfetto_cmd.cc:" + line;
        return "[000.000] " + " ".repeat(Math.max(0, 23 - fileAndLine.length())) + fileAndLine + " " + message + "\n";
    }

    private void stop(PerfettoSession s, boolean write) {
        sessions.remove(s.pid());
        if (write && files.exists(s.outPath())) {
            files.write(s.outPath(), encoder.encode(s));
        }
    }

    // ---- kill, rm ----------------------------------------------------------------------------------------

    /** {@code kill [-SIG] PID…}. */
    ShellCommand kill() {
        return args -> {
            String signal = "TERM";
            List<String> pids = new ArrayList<>();
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("-s") && i + 1 < args.size()) {
                    signal = args.get(++i);
                } else if (a.startsWith("-") && a.length() > 1) {
                    signal = a.substring(1);
                } else {
                    pids.add(a);
                }
            }
            signal = switch (signal) {
                case "15", "SIGTERM" -> "TERM";
                case "2", "SIGINT" -> "INT";
                case "9", "SIGKILL" -> "KILL";
                default -> signal;
            };
            StringBuilder err = new StringBuilder();
            for (String p : pids) {
                PerfettoSession s = null;
                try {
                    s = sessions.get(Integer.parseInt(p));
                } catch (NumberFormatException e) {
                    err.append("/system/bin/sh: kill: ").append(p).append(": arguments must be jobs or process IDs\n");
                    continue;
                }
                if (s == null) {
                    err.append("/system/bin/sh: kill: ").append(p).append(": No such process\n");
                } else if (signal.equals("TERM") || signal.equals("INT") || signal.equals("KILL")) {
                    stop(s, !signal.equals("KILL"));
                }
            }
            return new ShellReply("", err.toString(), err.length() == 0 ? 0 : 1);
        };
    }

    /** {@code rm [-f] PATH…}. */
    ShellCommand rm() {
        return args -> {
            boolean force = false;
            StringBuilder err = new StringBuilder();
            for (String a : args) {
                if (a.startsWith("-") && a.length() > 1) {
                    force |= a.contains("f");
                    continue;
                }
                if (!files.remove(a) && !force) {
                    err.append("rm: ").append(a).append(": No such file or directory\n");
                }
            }
            return new ShellReply("", err.toString(), err.length() == 0 ? 0 : 1);
        };
    }
}
