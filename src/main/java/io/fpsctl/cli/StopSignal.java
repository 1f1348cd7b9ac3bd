package io.fpsctl.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT (Ctrl-C) and SIGTERM (CI timeouts, {@code kill}) for long-running commands: while installed, either
 * signal asks the command to stop (with the signal's name) instead of ending the JVM, so the command can finish
 * its files, print its summary, write its reports and exit with {@link #exitCode()} (130 / 143, as a shell
 * reports a process killed by the signal). A second signal, or a command that has not finished 10 s after the
 * first, ends the JVM at once with that code. {@link #close()} puts the previous handlers back.
 */
final class StopSignal implements AutoCloseable {
    /** How long a command may take to finish its output after a signal. */
    private static final long GRACE_MS = 10_000;

    private final Consumer<String> onStop;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile String received;
    private volatile boolean closed;

    /** Installs the handlers; {@code onStop} receives {@code "SIGINT"} or {@code "SIGTERM"}. */
    StopSignal(Consumer<String> onStop) {
        this.onStop = onStop;
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal s = new Signal(name);
                previous.add(Signal.handle(s, this::handle));
                signals.add(s);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the platform has no such signal, or the JVM reserves it (-Xrs): the JVM's default applies
            }
        }
    }

    private void handle(Signal s) {
        String name = "SIG" + s.getName();
        int code = codeOf(name);
        if (received != null) {
            Runtime.getRuntime().halt(code); // a second signal: the user insists
        }
        received = name;
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(GRACE_MS);
            } catch (InterruptedException e) {
                return;
            }
            if (!closed) {
                Runtime.getRuntime().halt(code);
            }
        }, "fpsctl-stop-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        onStop.accept(name);
    }

    /** True once a signal asked the command to stop. */
    boolean requested() {
        return received != null;
    }

    /** {@code "SIGINT"} or {@code "SIGTERM"}, or null when no signal arrived. */
    String signal() {
        return received;
    }

    /** 130 after SIGINT, 143 after SIGTERM (128 + the signal number); {@code otherwise} when no signal arrived. */
    int exitCode(int otherwise) {
        return received == null ? otherwise : codeOf(received);
    }

    /** One line for stderr saying which signal stopped the command. */
    String message() {
        return "stopped by " + received + ": the summary and files hold what was captured until then";
    }

    static int codeOf(String signal) {
        return "SIGTERM".equals(signal) ? ExitCode.SIGTERM : ExitCode.SIGINT;
    }

    /** The command finished its output: the previous handlers are back. */
    @Override
    public void close() {
        closed = true;
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), previous.get(i));
            } catch (IllegalArgumentException e) {
                // cannot happen for a signal we installed a handler for
            }
        }
    }
}
