package io.fpsctl.capture;

import io.fpsctl.engine.Source;
import java.time.Duration;

/**
 * A live source: each {@link #poll()} runs one dump on the device and feeds what is new to the engine. Frames
 * already in the device's buffers at the first poll are history and are not counted.
 */
public interface FramePoller {

    /** What one poll saw. */
    record Poll(long newFrames, boolean appRunning, boolean overflow, Duration nextDelay) {
    }

    Poll poll();

    /**
     * The shell commands the next {@link #poll} will run first, as far as known now (the loop runs them ahead in one
     * stream, {@link io.fpsctl.device.PrefetchingDevice}); empty when there is nothing to gain.
     */
    default java.util.List<String> nextCommands() {
        return java.util.List.of();
    }

    Source source();

    /**
     * Why the last {@link #poll} could not read its source although the device answered (e.g. a {@code --latency}
     * dump whose refresh period no display has), in one line naming the device and what was read; null when it
     * read. The poll loop says so once and counts the time until the source reads again as missing when its
     * buffers no longer hold it (docs/metrics.md section 11).
     */
    default String unreadable() {
        return null;
    }

    /** What is being measured, for the user: e.g. {@code gfxinfo} or {@code SurfaceFlinger layer 'X'}. */
    String describe();
}
