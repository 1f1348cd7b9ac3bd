package io.fpsctl.cli;

import io.fpsctl.text.TerminalWriter;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/** Entry point: runs the picocli command tree and turns every failure into one line and an exit code. */
public final class Main {
    private Main() {
    }

    /** Standard output when running as the process (null in tests). */
    private static volatile StandardOutput stdout;

    /**
     * Stops the running command when standard output is a pipe nobody reads any more (see
     * {@link StandardOutput#checkReader}); nothing when not running as the process (tests).
     */
    static void checkStdoutReader() {
        StandardOutput so = stdout;
        if (so != null) {
            so.checkReader();
        }
    }

    public static void main(String[] args) {
        stdout = StandardOutput.open();
        PrintWriter rawErr = new PrintWriter(System.err, true);
        // the JVM's own handler prints "Exception in thread <name>" raw, and fpsctl names threads after devices
        Thread.setDefaultUncaughtExceptionHandler(uncaught(terminal(rawErr, true,
                StandardOutput.charset(System.err, "stderr")), Arrays.asList(args).contains("--debug")));
        System.exit(run(args, stdout.writer(), rawErr));
    }

    /**
     * One line on {@code err} (which applies the terminal rule) for an exception no thread caught: the thread's name
     * (e.g. {@code fpsctl-farm-<device>}, device text) and the exception's kind, never the JVM's raw
     * {@code Exception in thread …}; with {@code --debug} its stack trace first.
     */
    static Thread.UncaughtExceptionHandler uncaught(PrintWriter err, boolean debug) {
        return (t, e) -> {
            if (debug) {
                e.printStackTrace(err);
            }
            ErrorLine.print(err, e instanceof OutOfMemoryError ? "out of memory in thread '" + t.getName()
                    + "'; please report this with the input that caused it" : "internal error in thread '"
                    + t.getName() + "' (" + e.getClass().getSimpleName().replace("Exception", "").replace("Error", "")
                    + "): run with --debug for details and please report it");
        };
    }

    /** Runs fpsctl with the given streams; returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, true);
    }

    /**
     * @param direct whether the commands whose start-up matters ({@code --version}, {@code --help},
     *               {@code analyze FILE... [--format F]}) may run without building picocli's command tree (tests
     *               compare both ways)
     */
    static int run(String[] args, PrintWriter rawOut, PrintWriter rawErr, boolean direct) {
        // every character any command prints passes the terminal rule here, once (docs/outputs-and-signals.md,
        // "Text from a device on the terminal"); finish() still asks the raw writers whether a write failed
        PrintWriter out = terminal(rawOut, true, StandardOutput.charset(System.out, "stdout"));
        PrintWriter err = terminal(rawErr, true, StandardOutput.charset(System.err, "stderr"));
        try {
            return run(args, out, err, rawOut, direct);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** {@code w} behind the terminal rule ({@link TerminalWriter}). */
    static PrintWriter terminal(PrintWriter w, boolean autoFlush) {
        return terminal(w, autoFlush, null);
    }

    /** {@code w} behind the terminal rule, for a stream that encodes with {@code charset} (8-bit: C1 bytes too). */
    static PrintWriter terminal(PrintWriter w, boolean autoFlush, java.nio.charset.Charset charset) {
        return new PrintWriter(new TerminalWriter(w, charset), autoFlush);
    }

    private static int run(String[] args, PrintWriter out, PrintWriter err, PrintWriter rawOut, boolean direct) {
        if (direct) {
            Integer code = runDirect(args, out, err, rawOut);
            if (code != null) {
                return code;
            }
        }
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = FpsctlCommand.commandLine(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // picocli's own colours would be shown as \e[1m…: its help holds no device text, but it is printed
        // through the same terminal writer as everything else
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cl.setParameterExceptionHandler((ex, a) -> {
            if (debug) {
                ex.printStackTrace(err);
            }
            ErrorLine.print(err, (ex.getCause() instanceof ScenarioConverter.OptionLikeValue o
                    ? "unknown option '" + o.value + "'" : ex.getMessage()) + didYouMean(ex));
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (debug) {
                ex.printStackTrace(err); // --debug: the user asked for the trace
            }
            return report(ex, err);
        });
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            code = report(e, err); // one line, never the JVM's stack trace
        }
        out.flush();
        return finish(code, rawOut, err);
    }

    /** " (did you mean watch?)" for a mistyped command or option picocli can match; "" otherwise. */
    static String didYouMean(CommandLine.ParameterException ex) {
        if (ex.getCause() instanceof ScenarioConverter.OptionLikeValue o) {
            ex = new CommandLine.UnmatchedArgumentException(ex.getCommandLine(), List.of(o.value));
        }
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            List<String> s = u.getSuggestions();
            return " (did you mean " + String.join(" or ", s.subList(0, Math.min(3, s.size()))) + "?)";
        }
        return "";
    }

    private static int finish(int code, PrintWriter out, PrintWriter err) {
        StandardOutput so = stdout;
        if (out.checkError() && so != null && so.readerGone()) {
            err.flush();
            return ExitCode.READER_GONE; // `| head` had enough: quiet, like a tool killed by SIGPIPE
        }
        if (out.checkError() && code <= ExitCode.GATE_FAILED) {
            // PrintWriter swallows write errors: a full disk or a closed pipe on stdout must not look like success
            ErrorLine.print(err, "cannot write to standard output (disk full, or the reader went away?)");
            code = ExitCode.IO;
        }
        err.flush();
        return code;
    }

    /** The start-up-critical commands without picocli; null when {@code args} are anything else. */
    private static Integer runDirect(String[] args, PrintWriter out, PrintWriter err, PrintWriter rawOut) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            VersionProvider.lines().forEach(out::println);
            out.flush();
            return finish(ExitCode.OK, rawOut, err);
        }
        if (args.length == 0 || (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h")))) {
            TopLevelHelp.print(out);
            out.flush();
            return finish(ExitCode.OK, rawOut, err);
        }
        if (args[0].equals("analyze")) {
            AnalyzeCommand analyze = AnalyzeCommand.direct(args, 1);
            if (analyze != null) {
                int code;
                try {
                    code = analyze.run(out, err);
                } catch (Exception | OutOfMemoryError e) {
                    code = report(e, err);
                }
                out.flush();
                return finish(code, rawOut, err);
            }
        }
        return null;
    }

    /** One line for an exception that escaped a command, and its exit code. */
    static int report(Throwable t, PrintWriter err) {
        if (t instanceof CliException c) {
            ErrorLine.print(err, c.getMessage());
            return c.exitCode();
        }
        if (t instanceof io.fpsctl.device.DeviceException d) {
            ErrorLine.print(err, d.getMessage());
            return ExitCode.of(d);
        }
        if (t instanceof io.fpsctl.sink.OutputClaim.Refused r) {
            ErrorLine.print(err, r.getMessage()); // names the path and what to do
            return ExitCode.IO;
        }
        if (t instanceof java.io.UncheckedIOException u) {
            ErrorLine.print(err, "cannot read or write " + ErrorLine.describe(u.getCause()));
            return ExitCode.IO;
        }
        if (t instanceof java.io.IOException e) {
            ErrorLine.print(err, "cannot read or write " + ErrorLine.describe(e));
            return ExitCode.IO;
        }
        if (t instanceof OutOfMemoryError) {
            ErrorLine.print(err, "out of memory; please report this with the input that caused it");
            return ExitCode.IO;
        }
        ErrorLine.print(err, "internal error (" + t.getClass().getSimpleName().replace("Exception", "")
                .replace("Error", "") + "): run with --debug for details and please report it");
        return ExitCode.IO;
    }
}
