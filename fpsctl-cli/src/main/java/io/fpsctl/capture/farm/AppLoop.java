package io.fpsctl.capture.farm;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.Measurement;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.EngineConfig;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Measures one app on one device until stopped: re-prepares the measurement when the app is not running yet
 * (every few seconds, saying so once), waits for the device when it goes away, and ends when the device is
 * lost for good (the farm starts a new loop when the adb server lists it again).
 */
final class AppLoop implements Runnable {
    private static final long RETRY_MS = 3_000;

    private final FarmDevice farmDevice;
    private final Device device;
    private final CaptureSession.Reconnector reconnector;
    private final String pkg;
    private final Settings settings;
    private final AppSink sink;
    private final Consumer<String> notes;
    private volatile boolean stopped;
    private volatile Measurement measurement;

    /** What every loop shares. */
    record Settings(SourceRequest request, EngineConfig config, Duration reconnectTimeout) {
    }

    AppLoop(FarmDevice farmDevice, Device device, CaptureSession.Reconnector reconnector, String pkg,
            Settings settings, AppSink sink, Consumer<String> notes) {
        this.farmDevice = farmDevice;
        this.device = device;
        this.reconnector = reconnector;
        this.pkg = pkg;
        this.settings = settings;
        this.sink = sink;
        this.notes = notes;
    }

    @Override
    public void run() {
        String who = farmDevice.name() + " " + pkg + ": ";
        String lastProblem = null;
        CaptureSession.Reconnector noting = timeout -> {
            // only the running measurement's poll loop calls it (after measurement = m below), on this thread, which
            // alone drives that measurement's engines: reading how far they had seen needs no lock
            Measurement current = measurement;
            sink.disconnected(current == null ? Long.MIN_VALUE : current.session().newestFrameNs());
            return reconnector.awaitOnline(timeout);
        };
        while (!stopped) {
            try {
                Measurement m = Measurement.prepare(device, noting, pkg, settings.request(), settings.config(),
                        sink.frames(), note -> notes.accept(who + note), settings.reconnectTimeout());
                measurement = m;
                if (stopped) {
                    return;
                }
                notes.accept(who + "measuring " + m.describe() + " (" + m.sourceReason() + ")");
                lastProblem = null;
                if (m.run(null) == CaptureSession.End.DEVICE_LOST) {
                    notes.accept(who + "device lost: waiting for the adb server to list it again");
                    return;
                }
            } catch (DeviceGoneException e) {
                sink.disconnected(Long.MIN_VALUE); // thrown by prepare: no engine of this measurement looked yet
                if (!reconnector.awaitOnline(settings.reconnectTimeout())) {
                    notes.accept(who + "device lost: waiting for the adb server to list it again");
                    return;
                }
            } catch (DeviceException e) {
                if (!e.getMessage().equals(lastProblem)) {
                    notes.accept(who + e.getMessage() + " (retrying every " + RETRY_MS / 1000 + " s)");
                    lastProblem = e.getMessage();
                }
                pause();
            } catch (RuntimeException e) {
                notes.accept(who + "measurement failed (" + e + "): retrying");
                pause();
            }
        }
    }

    void stop() {
        stopped = true;
        Measurement m = measurement;
        if (m != null) {
            m.session().stop();
        }
    }

    private void pause() {
        long until = System.currentTimeMillis() + RETRY_MS;
        while (!stopped && System.currentTimeMillis() < until) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            }
        }
    }
}
