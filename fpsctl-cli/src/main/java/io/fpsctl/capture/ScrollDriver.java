package io.fpsctl.capture;

import io.fpsctl.android.WmSize;
import io.fpsctl.android.Input;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import java.time.Duration;

/**
 * {@code --scroll DUR}: swipes the screen up and down with {@code input swipe} for DUR. Each swipe runs along the
 * vertical centre line from 75 % to 25 % of the height (content scrolls down) and back, taking
 * {@value #SWIPE_MS} ms; the screen size comes from {@code wm size} (an {@code Override size} wins over the
 * {@code Physical size}).
 */
public final class ScrollDriver implements Driver {
    /** How long one swipe takes, in ms: a brisk fling-free drag. */
    static final long SWIPE_MS = 300;

    private final Duration duration;
    private final HostClock clock;
    private volatile boolean cancelled;

    public ScrollDriver(Duration duration, HostClock clock) {
        this.duration = duration;
        this.clock = clock;
    }

    @Override
    public void drive(Device device) throws InterruptedException {
        ShellResult wm = device.shell(WmSize.COMMAND);
        int[] size = WmSize.parse(wm.stdout());
        if (size == null) {
            throw new DriverFailedException("--scroll: 'adb shell wm size' on " + device.serial()
                    + " gave no screen size (" + wm.stdout().strip() + "): drive the app with --run instead");
        }
        int x = size[0] / 2;
        int low = size[1] * 3 / 4;
        int high = size[1] / 4;
        long end = clock.nanoTime() + duration.toNanos();
        boolean up = true;
        while (!cancelled) {
            long left = end - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            // rounded up, so the last swipe covers what is left rather than leaving a sub-millisecond rest
            long ms = Math.min(SWIPE_MS, (left + 999_999) / 1_000_000);
            long started = clock.nanoTime();
            ShellResult r = device.shell(Input.swipe(x, up ? low : high, x, up ? high : low, ms));
            if (!r.succeeded()) {
                throw new DriverFailedException("--scroll: 'input swipe' failed on " + device.serial() + ": "
                        + (r.stdout() + r.stderr()).strip());
            }
            up = !up;
            // a phone returns when the swipe is done; an emulator or the simulator may return at once
            long rest = ms * 1_000_000L - (clock.nanoTime() - started);
            if (rest > 0) {
                clock.sleepNanos(rest);
            }
        }
        throw new InterruptedException("the scroll was stopped");
    }

    @Override
    public void cancel() {
        cancelled = true;
    }

    @Override
    public String describe() {
        return "while swiping up and down for " + duration.toMillis() / 1000.0 + " s";
    }
}
