package io.fpsctl.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT (Ctrl-C), SIGTERM (CI timeouts, {@code kill}) and SIGHUP (the terminal closed, an ssh session dropped) for
 * long-running commands: while installed, each signal asks the command to stop (with the signal's name) instead of
 * ending the JVM, so the command can finish its files, print its summary, write its reports and exit with
 * {@link #exitCode} (130 / 143 / 129, as a shell reports a process killed by the signal). A second signal, or a
 * command that has not finished 10 s after the first, ends the JVM at once with that code. {@link #close()} puts
 * the previous handlers back.
 *
 * <p>A reader of standard output that went away ({@code | head}) stops the command the same way
 * ({@link #readerGone()}, called on the first failed write): its name is {@code SIGPIPE}, its exit code 141 and it
 * prints no message, as a tool ended by SIGPIPE.
 */
public final class StopSignal implements AutoCloseable {
    /** How long a command may take to finish its output after a signal. */
    private static final long GRACE_MS = 10_000;

    /** The handlers installed now (a reader gone stops each). */
    private static final List<StopSignal> INSTALLED = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The name a reader gone stops a command with. */
    public static final String READER_GONE = "SIGPIPE";
    /** Exit codes as a shell reports a process killed by the signal: 128 + the signal's number. */
    public static final int SIGHUP_EXIT = 128 + 1;
    public static final int SIGINT_EXIT = 128 + 2;
    public static final int READER_GONE_EXIT = 128 + 13;
    public static final int SIGTERM_EXIT = 128 + 15;

    private final Consumer<String> onStop;
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();
    private volatile String received;
    private volatile boolean closed;

    /** Installs the handlers; {@code onStop} receives {@code "SIGINT"}, {@code "SIGTERM"}, {@code "SIGHUP"} or
     *  {@code "SIGPIPE"} (the reader of standard output went away). */
    public StopSignal(Consumer<String> onStop) {
        this.onStop = onStop;
        INSTALLED.add(this);
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            try {
                Signal s = new Signal(name);
                previous.add(Signal.handle(s, this::handle));
                signals.add(s);
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the platform has no such signal, or the JVM reserves it (-Xrs): the JVM's default applies
            }
        }
    }

    /** Standard output's reader went away: every installed command stops as after a signal, quietly. */
    public static void readerGone() {
        for (StopSignal s : INSTALLED) {
            if (s.received == null) {
                s.stop(READER_GONE);
            }
        }
    }

    private void handle(Signal s) {
        stop("SIG" + s.getName());
    }

    private synchronized void stop(String name) {
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
    public boolean requested() {
        return received != null;
    }

    /** {@code "SIGINT"}, {@code "SIGTERM"}, {@code "SIGHUP"} or {@code "SIGPIPE"}, or null when none arrived. */
    public String signal() {
        return received;
    }

    /**
     * 130 after SIGINT, 143 after SIGTERM, 129 after SIGHUP, 141 when the reader went away (128 + the signal number);
     * {@code otherwise} when no signal arrived.
     */
    public int exitCode(int otherwise) {
        return received == null ? otherwise : codeOf(received);
    }

    /** One line for stderr saying which signal stopped the command. */
    private String message() {
        return "stopped by " + received + ": the summary and files hold what was captured until then";
    }

    /** Prints {@code message()} when a signal stopped the command; nothing when none did or the reader went away. */
    public void printMessage(java.io.PrintWriter err) {
        if (received != null && !received.equals(READER_GONE)) {
            err.println("fpsctl: " + message());
        }
    }

    private static int codeOf(String signal) {
        return switch (signal) {
            case "SIGTERM" -> SIGTERM_EXIT;
            case "SIGHUP" -> SIGHUP_EXIT;
            case READER_GONE -> READER_GONE_EXIT;
            default -> SIGINT_EXIT;
        };
    }

    /** The command finished its output: the previous handlers are back. */
    @Override
    public void close() {
        closed = true;
        INSTALLED.remove(this);
        for (int i = 0; i < signals.size(); i++) {
            try {
                Signal.handle(signals.get(i), previous.get(i));
            } catch (IllegalArgumentException e) {
                // cannot happen for a signal we installed a handler for
            }
        }
    }
}
