package io.fpsctl.device;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * A {@link ShellSession} that keeps one {@code sh} running on the device and sends each
 * command list to its standard input as one line: {@code c1 ; echo <mark>0 $? ; … ; echo <mark>e >&2}. The answer
 * ends where the last command's mark line and the standard-error mark have both arrived; {@link ShellBatch} cuts it
 * into one result per command. A live capture reads the device several times a second, and on the host each new
 * stream costs a TCP connection to the server and two request round trips before any output: here only the first
 * list pays that.
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

    PersistentShell(DadbDevice device) {
        this.device = device;
    }

    @Override
    public synchronized List<ShellResult> run(List<String> commands, Duration timeout) {
        if (commands.isEmpty()) {
            return List.of();
        }
        if (failures >= MAX_FAILURES || commands.stream().anyMatch(c -> c.indexOf('\n') >= 0)) {
            return ShellBatch.run(device, commands, timeout); // a newline would end the line early
        }
        String line = ShellBatch.commandLine(commands) + " ; echo " + ShellBatch.lastMark() + " >&2\n";
        RunningShell sh = shell;
        try {
            if (sh == null) {
                sh = device.startShell(SHELL);
                shell = sh;
                shellsStarted++;
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
            if (timedOut) {
                throw new ShellTimeoutException(device.serial(), ShellBatch.commandLine(commands), timeout);
            }
            List<ShellResult> alone = ShellBatch.run(device, commands, timeout); // throws when the device is gone
            failures++; // the device answers, its shell stream did not
            return alone;
        }
    }

    /** Shells started so far (tests: one for many lists). */
    synchronized long shellsStarted() {
        return shellsStarted;
    }

    /** Ends the shell; not synchronized, so that it also ends one a list is waiting on (through the server). */
    @Override
    public void close() {
        RunningShell s = shell;
        shell = null;
        if (s != null) {
            s.close();
        }
    }
}
