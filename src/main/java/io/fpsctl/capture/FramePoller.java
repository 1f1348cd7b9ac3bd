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

    Source source();

    /** What is being measured, for the user: e.g. {@code gfxinfo} or {@code SurfaceFlinger layer 'X'}. */
    String describe();
}
