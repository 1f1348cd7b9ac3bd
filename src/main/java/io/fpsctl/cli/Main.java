package io.fpsctl.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;

/** Entry point: runs the picocli command tree and turns every failure into one line and an exit code. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs fpsctl with the given streams; returns the exit code (used by tests). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            VersionProvider.lines().forEach(out::println); // start-up: no command tree for the version
            out.flush();
            return ExitCode.OK;
        }
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = FpsctlCommand.commandLine(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("fpsctl: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            Throwable t = ex;
            if (debug) {
                ex.printStackTrace(err); // --debug: the user asked for the trace
            }
            if (t instanceof CliException c) {
                err.println("fpsctl: " + c.getMessage());
                return c.exitCode();
            }
            if (t instanceof io.fpsctl.device.DeviceException d) {
                err.println("fpsctl: " + d.getMessage());
                return ExitCode.of(d);
            }
            if (t instanceof java.io.UncheckedIOException u) {
                err.println("fpsctl: cannot read or write: " + u.getCause().getMessage());
                return ExitCode.IO;
            }
            if (t instanceof OutOfMemoryError) {
                err.println("fpsctl: out of memory; please report this with the input that caused it");
                return ExitCode.IO;
            }
            err.println("fpsctl: internal error: " + t + " (run with --debug for details and please report it)");
            return ExitCode.IO;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
