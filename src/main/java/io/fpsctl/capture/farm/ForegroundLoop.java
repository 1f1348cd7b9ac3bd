package io.fpsctl.capture.farm;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.ForegroundApp;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Measures whatever app is in front of one device ({@code exporter --foreground}): an {@link AppLoop} for the
 * foreground app, replaced when another app comes to the front (said in a note). Apps measured anyway (the
 * exporter's PACKAGE list) are left to their own loops.
 */
final class ForegroundLoop implements Runnable {
    private static final long CHECK_MS = 2_000;

    private final FarmDevice farmDevice;
    private final Device device;
    private final CaptureSession.Reconnector reconnector;
    private final Set<String> measuredAnyway;
    private final BiFunction<String, Consumer<String>, AppLoop> loops;
    private final Consumer<String> notes;
    private final java.time.Duration reconnectTimeout;
    private volatile boolean stopped;
    private volatile AppLoop current;

    ForegroundLoop(FarmDevice farmDevice, Device device, CaptureSession.Reconnector reconnector,
                   Set<String> measuredAnyway, BiFunction<String, Consumer<String>, AppLoop> loops,
                   Consumer<String> notes, java.time.Duration reconnectTimeout) {
        this.reconnectTimeout = reconnectTimeout;
        this.farmDevice = farmDevice;
        this.device = device;
        this.reconnector = reconnector;
        this.measuredAnyway = Set.copyOf(measuredAnyway);
        this.loops = loops;
        this.notes = notes;
    }

    @Override
    public void run() {
        String measuring = null;
        Thread thread = null;
        try {
            while (!stopped) {
                Optional<String> front;
                try {
                    front = ForegroundApp.read(device);
                } catch (DeviceGoneException e) {
                    if (!reconnector.awaitOnline(reconnectTimeout)) {
                        return;
                    }
                    continue;
                } catch (DeviceException e) {
                    front = Optional.empty();
                }
                String pkg = front.filter(p -> !measuredAnyway.contains(p)).orElse(null);
                boolean switched = front.isPresent() && !front.get().equals(measuring);
                if (switched) {
                    stopCurrent(thread);
                    thread = null;
                    notes.accept(farmDevice.name() + ": foreground app is now " + front.get()
                            + (measuring == null ? "" : " (was " + measuring + ")"));
                    measuring = front.get();
                    if (pkg != null) {
                        AppLoop loop = loops.apply(pkg, notes);
                        current = loop;
                        thread = new Thread(loop, "fpsctl-farm-fg-" + farmDevice.name());
                        thread.setDaemon(true);
                        thread.start();
                    }
                }
                Thread.sleep(CHECK_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stopCurrent(thread);
        }
    }

    private void stopCurrent(Thread thread) {
        AppLoop loop = current;
        current = null;
        if (loop != null) {
            loop.stop();
        }
        if (thread != null) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void stop() {
        stopped = true;
        AppLoop loop = current;
        if (loop != null) {
            loop.stop();
        }
    }
}
