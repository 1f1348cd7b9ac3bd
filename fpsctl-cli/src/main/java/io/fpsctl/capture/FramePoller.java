package io.fpsctl.capture;

import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
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

    /** The source measured now ({@code --source auto}: the main one; it may change during the run). */
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

    /**
     * The summary of what it fed into its engine so far ({@code --source auto}: of the main source, the other one
     * noted beside it).
     */
    Summary summary(String pkg);

    /**
     * Whether its frames lack an interval of their own, so the display's refresh period is to be watched for them
     * ({@link RefreshWatch}): gfxinfo before Android 12.
     */
    default boolean needsDisplayPeriod() {
        return false;
    }

    /**
     * The layer whose SurfaceFrames are the app's frames in FrameTimeline (the SurfaceFlinger source: a game's
     * buffers), or null when frames are joined on their vsync id instead.
     */
    default String gameLayer() {
        return null;
    }

    /** Ends what the poller started on the device (the agent); nothing for a dump poller. */
    default void close() {
    }
}
