package io.fpsctl.device;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link Device} whose next few shell commands can be run ahead, together, in the device's
 * {@link ShellSession} (one stream per list, or one shell kept running for all of them): the poll loop
 * {@link #prefetch}es what the coming poll will ask, then the pollers call {@link #shell} as usual and get those
 * answers without another round trip. An answer is handed out once, and only until the next prefetch; any other
 * command goes to the device as it comes. Safe for concurrent use (another thread's commands pass straight
 * through); {@link #close()} ends the session, not the device.
 */
public final class PrefetchingDevice implements Device {

    private final Device device;
    private final Map<String, ShellResult> ready = new HashMap<>();
    /** Volatile: {@link #interrupt()} comes from another thread. */
    private volatile ShellSession session;
    /** {@link #interrupt()} was called: no list runs any more. */
    private volatile boolean interrupted;

    public PrefetchingDevice(Device device) {
        this.device = Objects.requireNonNull(device, "device");
    }

    /**
     * Runs {@code commands} now, together, and keeps their answers for the next {@link #shell} of each; answers of
     * an earlier prefetch that nobody asked for are dropped. Called by one thread (the poll loop).
     *
     * @throws DeviceGoneException when the device went away (as the commands themselves would have)
     */
    public void prefetch(List<String> commands) {
        prefetch(commands, DEFAULT_SHELL_TIMEOUT);
    }

    /**
     * {@link #prefetch(List)} within {@code timeout}: a device that does not answer the list within it throws
     * {@link ShellTimeoutException} (a poll loop bounds it by the end of its run).
     *
     * @throws DeviceException when {@link #interrupt()} ended it, or for any other adb problem
     */
    public void prefetch(List<String> commands, Duration timeout) {
        if (interrupted) {
            throw new DeviceException("stopped: no more commands are sent to " + serial());
        }
        synchronized (ready) {
            ready.clear();
        }
        List<String> distinct = commands.stream().distinct().toList();
        if (distinct.isEmpty()) {
            return;
        }
        if (session == null) {
            session = device.openSession();
            // session is written before interrupted is read, interrupt() writes interrupted before it reads session
            // (both volatile): a stop that came while the session opened sees it, or is seen here
            if (interrupted) {
                session.close();
                throw new DeviceException("stopped: no more commands are sent to " + serial());
            }
        }
        List<ShellResult> results;
        try {
            results = session.run(distinct, timeout);
        } catch (RuntimeException e) {
            if (interrupted) {
                // whatever the connection closed under the list threw (dadb's reader: okio's "closed"), it was a stop
                throw new DeviceException("stopped: no more commands are sent to " + serial(), e);
            }
            throw e;
        }
        synchronized (ready) {
            for (int i = 0; i < results.size(); i++) {
                ready.put(distinct.get(i), results.get(i));
            }
        }
    }

    @Override
    public String serial() {
        return device.serial();
    }

    @Override
    public ShellResult shell(String command, Duration timeout) {
        ShellResult r;
        synchronized (ready) {
            r = ready.remove(command);
        }
        if (r != null) {
            return r;
        }
        // after a stop a command still asked (the FrameTimeline poller's last look) may not hold the exit up: a
        // working device answers it well within the bound, a silent one costs no more than that
        return device.shell(command, interrupted && timeout.compareTo(AFTER_STOP) > 0 ? AFTER_STOP : timeout);
    }

    @Override
    public ShellStream openShell(String command) {
        return device.openShell(command);
    }

    @Override
    public void install(Path apk) {
        device.install(apk);
    }

    @Override
    public void push(Path local, String remotePath) {
        device.push(local, remotePath);
    }

    @Override
    public Device separateConnection() {
        Device other = device.separateConnection();
        return other == device ? this : other;
    }

    /** Whether {@link #interrupt()} was called: a list it ended read nothing. */
    public boolean interrupted() {
        return interrupted;
    }

    /** How long a command asked through {@link #shell} after {@link #interrupt()} may take. */
    static final Duration AFTER_STOP = Duration.ofSeconds(1);

    /**
     * From another thread (a stop): ends the list that waits for the device now (a shell kept running through the
     * adb server is closed; a direct connection is dropped, {@link Device#abortCalls()}), and every later
     * {@link #prefetch} at once. Commands asked through {@link #shell} still go to the device, within
     * {@link #AFTER_STOP}.
     */
    public void interrupt() {
        interrupted = true;
        ShellSession s = session;
        if (s != null) {
            s.close();
            device.abortCalls(); // a list in a stream of its own on a shared connection
        }
    }

    /**
     * Drops unread answers and ends the session (a shell kept running on the device); the device itself belongs to
     * whoever made it and stays open. A later {@link #prefetch} starts a new session.
     */
    @Override
    public void close() {
        synchronized (ready) {
            ready.clear();
        }
        ShellSession s = session;
        session = null;
        if (s != null) {
            s.close();
        }
    }

    @Override
    public PortForward forwardTcp(int devicePort) {
        return device.forwardTcp(devicePort);
    }
}
