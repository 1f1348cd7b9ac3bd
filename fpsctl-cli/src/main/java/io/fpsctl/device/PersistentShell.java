package io.fpsctl.device;

import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link ShellSession} that keeps one {@code sh} running on the device and sends each
 * command list to its standard input as one line: {@code c1 ; echo <mark>0 $? ; … ; echo <mark>e >&2}. The answer
 * ends where the last command's mark line and the standard-error mark have both arrived; {@link ShellBatch} cuts it
 * into one result per command. A live capture reads the device several times a second, and on the host each new
 * stream costs a TCP connection to the server and two request round trips before any output: here only the first
 * list pays that.
 *
 * <p>A shell that takes a list and then sends nothing (nor ends) until the list's time is up, and a request to start
 * one that is never answered, are a device that stopped answering ({@link DeviceSilentException}): the list is not
 * run again elsewhere (it would wait as long again), the caller decides. {@link #close()} from another thread ends a
 * list that waits at once (a stop), with a {@link DeviceException}, and nothing is run again either.
 *
 * <p>The running shell is only an optimisation. A list that runs out of time throws
 * {@link ShellTimeoutException} as a stream of its own would, and the shell is ended (it may still be busy). Any
 * other failure of the shell's stream (the shell exited, the server dropped the connection) ends the shell too,
 * and the list is run again in a stream of its own, which reports a device that went away as usual (a list may
 * then have run twice on the device: the poll loop's lists only read, {@code dumpsys} and the like). After
 * {@link #MAX_FAILURES} such failures in a row the session stops starting shells. The next list after a failure
 * starts a new shell.
 */
final class PersistentShell implements ShellSession {

    /** Failures in a row after which every list gets its own stream. */
    static final int MAX_FAILURES = 3;
    /** {@code sh} reading commands from its standard input, which is this stream's (no terminal: {@code raw}). */
    static final String SHELL = "sh";
    private static final byte[] LAST_MARK = ShellBatch.lastMark().getBytes(StandardCharsets.US_ASCII);

    private final DadbDevice device;
    /** Volatile: {@link #close()} may come from another thread while a list waits (it is not synchronized). */
    private volatile RunningShell shell;
    private int failures;
    private long shellsStarted;
    /** {@link #close()} calls so far: a list whose shell was closed under it was stopped, it did not fail. */
    private final AtomicInteger closes = new AtomicInteger();
    /**
     * {@link #close()} was called (a stop): no list runs any more, and a shell whose start was under way when it came
     * is ended as soon as the start returns (close() found no shell to end then).
     */
    private volatile boolean closed;
    /**
     * The socket of a shell whose start is under way (its request sent, the answer awaited), or of a list run in a
     * stream of its own, or null: {@link #close()} closes it, so a stop ends a start that a silent device or server
     * would hold for the 10 s answer bound, and a list alone that it would hold for the list's time.
     */
    private volatile java.io.Closeable starting;

    PersistentShell(DadbDevice device) {
        this.device = device;
    }

    @Override
    public synchronized List<ShellResult> run(List<String> commands, Duration timeout) {
        if (commands.isEmpty()) {
            return List.of();
        }
        if (closed) { // a stop before this list: nothing is sent (a new shell would wait for the whole bound)
            throw new DeviceException("the shell on " + device.serial() + " was closed");
        }
        if (failures >= MAX_FAILURES || commands.stream().anyMatch(c -> c.indexOf('\n') >= 0)) {
            return alone(commands, timeout); // a newline would end the line early
        }
        String line = ShellBatch.commandLine(commands) + " ; echo " + ShellBatch.lastMark() + " >&2\n";
        RunningShell sh = shell;
        int closesBefore = closes.get();
        try {
            if (sh == null) {
                try {
                    sh = device.startShell(SHELL, this::handOver);
                } finally {
                    starting = null;
                }
                shell = sh;
                shellsStarted++;
                // shell is written before closed is read, and close() writes closed before it reads shell (both
                // volatile): one of the two sees the other, so a stop during the start never misses this shell
                if (closed) {
                    throw new DeviceException("the shell on " + device.serial() + " was closed");
                }
            }
            sh.deadline(Math.max(1, timeout.toNanos()));
            sh.stream().writeStdin(line.getBytes(StandardCharsets.UTF_8));
            ShellV2Stream.Received all = sh.stream().readUntil(ShellBatch.markOf(commands.size() - 1), LAST_MARK);
            if (all == null) { // closed on our side: by the deadline, or by close()
                throw new DeviceException("the shell on " + device.serial() + " was closed");
            }
            sh.deadline(0);
            failures = 0;
            return ShellBatch.split(all.out(), all.outLength(), all.err(), commands.size());
        } catch (DeviceException e) {
            boolean timedOut = sh != null && sh.timedOut();
            if (sh != null) {
                sh.close();
                shell = null;
            }
            if (e instanceof OutputBoundException) { // printed without end: a stream of its own would do so again
                throw e;
            }
            if (closed || closes.get() != closesBefore) { // closed by close() from another thread (a stop): no list again
                throw new DeviceException("the shell on " + device.serial() + " was closed", e);
            }
            if (timedOut) {
                // the shell took the list and neither answered nor ended: a device that stopped answering
                throw new DeviceSilentException(device.serial(), "the shell fpsctl keeps running on it ('" + SHELL
                        + "') sent nothing for " + Durations.text(timeout), timeout);
            }
            if (sh == null && e.getCause() instanceof SocketTimeoutException) {
                // the request to start the shell was never answered (adbd answers an OPEN at once: adb.cpp
                // handle_packet, A_OPEN): a list in a stream of its own would wait as long again
                throw new DeviceSilentException(device.serial(), "it did not answer the request to start a shell ('"
                        + SHELL + "')", timeout);
            }
            List<ShellResult> alone = alone(commands, timeout); // throws when the device is gone
            failures++; // the device answers, its shell stream did not
            return alone;
        }
    }

    /**
     * The list in a stream of its own ({@link ShellBatch}), its socket handed to {@link #close()} as a start's is: a stop
     * ends it at once, rather than after the list's time (a device silent at the stream's open or after it).
     */
    private List<ShellResult> alone(List<String> commands, Duration timeout) {
        try {
            return ShellBatch.run(commands, c -> device.shellViaServer(c, timeout, this::handOver));
        } catch (DeviceException e) {
            if (closed) { // its socket closed by a stop: not a device that went away
                throw new DeviceException("the shell on " + device.serial() + " was closed", e);
            }
            throw e;
        } finally {
            starting = null;
        }
    }

    /** Keeps the socket of a stream being opened for {@link #close()}; closes it when the stop came first. */
    private void handOver(java.io.Closeable c) {
        // starting is written before closed is read here, and close() writes closed before it reads starting (both
        // volatile): a stop during the open closes the socket, or this sees the stop
        starting = c;
        if (closed) {
            closeQuietly(c);
        }
    }

    /** Shells started so far (tests: one for many lists). */
    synchronized long shellsStarted() {
        return shellsStarted;
    }

    /**
     * Ends the shell, and every later list (a stop; {@link PrefetchingDevice} opens a new session after its own
     * close). Not synchronized, so that it also ends one a list is waiting on (through the server).
     */
    @Override
    public void close() {
        closed = true;
        closes.incrementAndGet();
        java.io.Closeable start = starting;
        if (start != null) {
            closeQuietly(start);
        }
        RunningShell s = shell;
        shell = null;
        if (s != null) {
            s.close();
        }
    }

    private static void closeQuietly(java.io.Closeable c) {
        try {
            c.close();
        } catch (java.io.IOException e) {
            // a socket that cannot close is closed enough: the start fails either way
        }
    }
}
