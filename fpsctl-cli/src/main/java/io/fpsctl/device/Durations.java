package io.fpsctl.device;

import java.time.Duration;

/** Short human text for durations in messages: "30s", "1.5s", "250ms". */
final class Durations {
    private Durations() {
    }

    static String text(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms % 1000 == 0) {
            return (ms / 1000) + "s";
        }
        return String.format(java.util.Locale.ROOT, "%.1fs", ms / 1000.0);
    }
}
