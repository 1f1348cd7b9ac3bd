package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Follows the app in front of one device ({@code watch} without a package, {@code exporter --foreground}): looks
 * at it every {@code every}; when another app comes to the front it says so, stops the measurement of the app that
 * left and starts one of the new app on its own thread. One loop for watch and the farm; what "measuring an app"
 * means is theirs ({@link App}). A device that goes away is waited for; the loop ends when it does not come back
 * while nothing is measured (a measurement in progress waits for it itself).
 */
public final class ForegroundLoop {

    /** Measuring one app while it is in front. */
    public interface App {
        /**
         * Measures until {@link #stop} or until {@code left} has passed (null: until stopped), on the loop's thread
         * for this app.
         *
         * @return true when done with this app until another one comes to the front; false to be started again at
         *     the next look when it is still in front (e.g. the device went away while it was prepared)
         */
        boolean run(Duration left) throws InterruptedException;

        /** Ends {@link #run} (any thread). */
        void stop();
    }

    /** How the loop ended. */
    public enum End { DURATION, STOPPED, DEVICE_LOST }

    private final Device device;
    private final CaptureSession.Reconnector reconnector;
    private final Duration reconnectTimeout;
    private final Duration every;
    private final Function<String, App> apps;
    private final Consumer<String> notes;
    private final String threadName;
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile Running current;

    /** An app measured on its thread, and how its run ended. */
    private static final class Running {
        final App app;
        final Thread thread;
        volatile boolean again;
        volatile RuntimeException failure;

        Running(App app, String name, Duration left) {
            this.app = app;
            this.thread = new Thread(() -> {
                try {
                    again = !app.run(left);
                } catch (InterruptedException e) {
                    // stopped
                } catch (RuntimeException e) {
                    failure = e;
                }
            }, name);
            thread.setDaemon(true);
        }

        boolean ended() {
            return !thread.isAlive();
        }
    }

    /**
     * @param reconnector waits for the device when it went away
     * @param every       how often to look at the app in front
     * @param apps        the measurement of an app that came to the front, or null when it is not measured here
     * @param notes       one line per switch (and per problem reading the app in front)
     * @param threadName  the name of the measuring threads (the package is appended)
     */
    public ForegroundLoop(Device device, CaptureSession.Reconnector reconnector, Duration reconnectTimeout,
                          Duration every, Function<String, App> apps, Consumer<String> notes, String threadName) {
        this.device = device;
        this.reconnector = reconnector;
        this.reconnectTimeout = reconnectTimeout;
        this.every = every;
        this.apps = apps;
        this.notes = notes;
        this.threadName = threadName;
    }

    /**
     * Follows the app in front for {@code duration} (null: until {@link #stop}). Returns once the last measurement
     * ended: at the end of the duration the measurement in progress ends by itself (it was given the time left).
     *
     * @throws RuntimeException what a measurement threw (e.g. a device problem of watch's), after the loop stopped
     */
    public End run(Duration duration) throws InterruptedException {
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        String measuring = null;
        String lastProblem = null;
        End end = End.DURATION;
        try {
            while (stop.getCount() > 0 && System.nanoTime() < deadline) {
                Running running = current;
                if (running != null && running.failure != null) {
                    throw running.failure;
                }
                Optional<String> front;
                try {
                    front = ForegroundApp.read(device);
                    lastProblem = null;
                } catch (DeviceGoneException e) {
                    boolean measuringNow = running != null && !running.ended();
                    if (!reconnector.awaitOnline(reconnectTimeout) && !measuringNow) {
                        end = End.DEVICE_LOST;
                        return end;
                    }
                    continue;
                } catch (DeviceException e) {
                    if (!e.getMessage().equals(lastProblem)) {
                        notes.accept("cannot read the app in front: " + e.getMessage() + " (retrying)");
                        lastProblem = e.getMessage();
                    }
                    front = Optional.empty();
                }
                if (front.isPresent() && !front.get().equals(measuring)) {
                    stopCurrent();
                    notes.accept("foreground app is now " + front.get() + (measuring == null ? ""
                            : " (was " + measuring + ")"));
                    measuring = front.get();
                    start(measuring, deadline);
                } else if (front.isPresent() && running != null && running.ended() && running.again) {
                    start(measuring, deadline); // it could not be prepared (the device was away): once more
                }
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    stop.await(Math.min(every.toNanos(), left), TimeUnit.NANOSECONDS);
                }
            }
            end = stop.getCount() == 0 ? End.STOPPED : End.DURATION;
            return end;
        } finally {
            if (end == End.DURATION && stop.getCount() > 0) {
                join(current); // given the time left, it ends by itself
            } else {
                stopCurrent();
            }
            Running last = current;
            if (last != null && last.failure != null && end != End.DEVICE_LOST) {
                throw last.failure;
            }
        }
    }

    private void start(String pkg, long deadline) {
        App app = apps.apply(pkg);
        if (app == null) {
            current = null;
            return;
        }
        Duration left = deadline == Long.MAX_VALUE ? null
                : Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
        Running r = new Running(app, threadName + "-" + pkg, left);
        current = r;
        r.thread.start();
    }

    private void stopCurrent() {
        Running r = current;
        if (r != null) {
            r.app.stop();
            join(r);
        }
    }

    private static void join(Running r) {
        if (r == null) {
            return;
        }
        try {
            r.thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the loop and the measurement in progress (any thread, e.g. a signal's). */
    public void stop() {
        stop.countDown();
        Running r = current;
        if (r != null) {
            r.app.stop();
        }
    }
}
