package io.fpsctl.sim;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The simulated devices of one {@code fpsctl sim} run: kept running until the JVM is asked to end (Ctrl-C, a
 * shutdown hook closes them) or for a fixed time, the first one optionally rebooted on a schedule.
 */
public final class SimulatorFleet {
    private final List<Simulator> sims;
    private final Consumer<String> say;
    private final Consumer<IOException> closeFailed;
    private final Consumer<IOException> restartFailed;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private ScheduledExecutorService reboots;
    private Thread hook;

    /**
     * @param sims        the running devices (a reboot replaces the first in place: the list must be writable)
     * @param say         one-line messages for the user (a device rebooting, back)
     * @param closeFailed   a device whose truth file could not be finished
     * @param restartFailed the rebooted device could not start again
     */
    public SimulatorFleet(List<Simulator> sims, Consumer<String> say, Consumer<IOException> closeFailed,
                          Consumer<IOException> restartFailed) {
        this.sims = sims;
        this.say = say;
        this.closeFailed = closeFailed;
        this.restartFailed = restartFailed;
    }

    /**
     * Closes the first device after {@code after} (its host connections drop), and {@code offline} later starts a
     * new one on the same port from {@code config} (a new boot id, a clock and an app that start again).
     */
    public void rebootFirst(Duration after, Duration offline, Simulator.Config config) {
        reboots = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fpsctl-sim-reboot");
            t.setDaemon(true);
            return t;
        });
        Simulator first = sims.get(0);
        int bootPort = first.port();
        reboots.schedule(() -> {
            close(first);
            say.accept("fpsctl sim: " + first.serial() + " is rebooting (back in " + offline.toSeconds() + " s)");
        }, after.toMillis(), TimeUnit.MILLISECONDS);
        reboots.schedule(() -> {
            try {
                Simulator fresh = Simulator.start(new Simulator.Config(config.scenario(), config.options(), bootPort,
                        null, config.authNever(), null, config.dumpsysDelayMs()), first.diagnostics());
                sims.set(0, fresh);
                say.accept("fpsctl sim: " + fresh.serial() + " is back after a reboot (boot id "
                        + fresh.android().bootId() + ")");
            } catch (IOException e) {
                restartFailed.accept(e);
            }
        }, after.plus(offline).toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Closes every device when the JVM ends (Ctrl-C); {@link #awaitEnd} returns then. */
    public void closeOnExit() {
        hook = new Thread(() -> {
            if (reboots != null) {
                reboots.shutdownNow();
            }
            sims.forEach(this::close);
            stopped.countDown();
        }, "fpsctl-sim-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Waits until the JVM is asked to end ({@link #closeOnExit}). */
    public void awaitEnd() throws InterruptedException {
        stopped.await();
    }

    /** Runs the devices for {@code d}, then closes them; false when a truth file could not be finished. */
    public boolean runFor(Duration d) throws InterruptedException {
        stopped.await(d.toMillis(), TimeUnit.MILLISECONDS);
        if (hook != null) {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        if (reboots != null) {
            reboots.shutdownNow();
            reboots.awaitTermination(10, TimeUnit.SECONDS);
        }
        boolean allClosed = true;
        for (Simulator sim : sims) {
            allClosed &= close(sim);
        }
        return allClosed;
    }

    /** Stops one device; false when its truth file could not be finished (told to {@code closeFailed}). */
    public boolean close(Simulator sim) {
        try {
            sim.close();
            return true;
        } catch (IOException e) {
            closeFailed.accept(e);
            return false;
        }
    }
}
