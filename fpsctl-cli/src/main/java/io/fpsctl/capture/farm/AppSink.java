package io.fpsctl.capture.farm;

import io.fpsctl.engine.FrameEngine;

/** Where the frames of one app on one device go, and who hears that the device went away. */
public interface AppSink {

    /** Receives the engine's results; kept across reconnects and restarts of the app's measurement. */
    FrameEngine.Listener frames();

    /**
     * The device went away (frames between now and its return may be missing). Called on the app's loop thread: from
     * the poll loop (its reconnector) or when preparing the measurement found the device gone.
     *
     * @param coveredUntilNs how far the device was covered: the newest frame time (device clock, ns) the engine had
     *     read, history of its first look included ({@code FrameEngine.newestFrameNs()}), or Long.MIN_VALUE when
     *     no engine had looked yet
     */
    void disconnected(long coveredUntilNs);

    /** Opens the sink of {@code pkg} on {@code device}. */
    @FunctionalInterface
    interface Factory {
        AppSink open(FarmDevice device, String pkg);
    }
}
