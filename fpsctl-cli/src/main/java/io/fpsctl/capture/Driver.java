package io.fpsctl.capture;

import io.fpsctl.device.Device;

/**
 * What makes the app do something while a gate iteration measures it: a host command ({@code --run}) or the
 * built-in scroll ({@code --scroll}). The iteration's measurement ends when {@link #drive} returns.
 */
public interface Driver {

    /**
     * Drives the app once; returns when done.
     *
     * @throws DriverFailedException when the driver failed (the measurement is then no verdict)
     * @throws InterruptedException  when {@link #cancel} or an interrupt ended it early
     */
    void drive(Device device) throws InterruptedException;

    /** Ends a drive in progress (a signal, the device went away); safe to call at any time. */
    void cancel();

    /** What drives the app, for the user. */
    String describe();
}
