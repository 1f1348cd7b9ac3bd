package io.fpsctl.capture.farm;

import io.fpsctl.engine.FrameEngine;

/** Where the frames of one app on one device go, and who hears that the device went away. */
public interface AppSink {

    /** Receives the engine's results; kept across reconnects and restarts of the app's measurement. */
    FrameEngine.Listener frames();

    /** The device went away (frames between now and its return may be missing). */
    void disconnected();

    /** Opens the sink of {@code pkg} on {@code device}. */
    @FunctionalInterface
    interface Factory {
        AppSink open(FarmDevice device, String pkg);
    }
}
