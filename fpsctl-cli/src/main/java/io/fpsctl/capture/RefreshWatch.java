package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.android.RefreshRate;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Keeps the engine's display period current during a live capture (docs/metrics.md section 2, rev 2; TEAM contract 3):
 * reads it with {@link DisplayProbe} before the first poll, again at least every {@link #EVERY}, after a
 * reconnect, and before every poll while the frames carry no interval of their own (gfxinfo on Android ≤ 11),
 * so a mid-run switch reaches them within one poll: the frames read after a reading take its period (frames drawn
 * shortly before a switch but read after it take the new one; Android ≤ 11 does not say when it switched). User
 * documentation: docs/metrics.md, "The vsync interval T"; what is read per version: docs/formats.md.
 */
final class RefreshWatch {
    /** The longest time between two readings. */
    static final Duration EVERY = Duration.ofSeconds(5);

    private final Device device;
    private final java.util.List<FrameEngine> engines;
    private final BooleanSupplier everyPoll;
    private final LongSupplier hostNanos;
    private final Consumer<String> notes;
    private long lastReadHostNs;
    private long periodNs;
    private boolean due = true;

    /**
     * @param everyPoll whether the period must be read before every poll (the frames have no own interval)
     * @param hostNanos the host's monotonic clock (System::nanoTime, or a test's clock)
     * @param notes     one-line notes for the user (a refresh change)
     */
    RefreshWatch(Device device, java.util.List<FrameEngine> engines, BooleanSupplier everyPoll, LongSupplier hostNanos,
                 Consumer<String> notes) {
        this.device = device;
        this.engines = java.util.List.copyOf(engines);
        this.everyPoll = everyPoll;
        this.hostNanos = hostNanos;
        this.notes = notes;
    }

    /** The device came back: read the period before the next poll. */
    void reconnected() {
        due = true;
    }

    /** The last period read, or 0. */
    long periodNs() {
        return periodNs;
    }

    /** The command {@link #beforePoll} will run first when the period is due now, else nothing. */
    java.util.List<String> nextCommands() {
        return isDue(hostNanos.getAsLong()) ? java.util.List.of(DisplayProbe.FIRST_COMMAND) : java.util.List.of();
    }

    private boolean isDue(long now) {
        return due || everyPoll.getAsBoolean() || now - lastReadHostNs >= EVERY.toNanos();
    }

    /** Reads the period when it is due; call before each poll. */
    void beforePoll() {
        long now = hostNanos.getAsLong();
        if (!isDue(now)) {
            return;
        }
        Optional<RefreshRate> rate = DisplayProbe.read(device);
        due = false;
        lastReadHostNs = now;
        if (rate.isPresent()) {
            long p = rate.get().periodNs();
            engines.forEach(e -> e.displayPeriodNs(p)); // contract 3: frames read from now on take it
            if (periodNs != 0 && p != periodNs) {
                notes.accept(String.format(java.util.Locale.ROOT, "display refresh rate changed: %.1f Hz -> %.1f Hz",
                        1e9 / periodNs, 1e9 / p));
            }
            periodNs = p;
        }
    }
}
