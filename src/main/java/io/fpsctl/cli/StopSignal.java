package io.fpsctl.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C for long-running commands: the JVM's shutdown hook asks the command to stop and then waits (bounded)
 * until the command has finished its files and printed its summary, so nothing already captured is lost.
 */
final class StopSignal implements AutoCloseable {
    private final Runnable onStop;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean requested;

    StopSignal(Runnable onStop) {
        this.onStop = onStop;
        this.hook = new Thread(this::interrupted, "fpsctl-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private void interrupted() {
        requested = true;
        onStop.run();
        try {
            finished.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean requested() {
        return requested;
    }

    /** The command finished its output: the JVM may exit. */
    @Override
    public void close() {
        finished.countDown();
        if (!requested) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down
            }
        }
    }
}
