package io.fpsctl.device;

/**
 * The device's transport died under a command: the socket closed, the device went offline or the adb server
 * no longer lists it. The device may come back; a poller can wait for it with
 * {@link Devices#awaitOnline(String, java.time.Duration)} and carry on.
 */
public class DeviceGoneException extends DeviceException {
    private static final long serialVersionUID = 1L;

    private final String serial;

    public DeviceGoneException(String serial, String message, Throwable cause) {
        super(message, cause);
        this.serial = serial;
    }

    /** The serial of the device that went away. */
    public String serial() {
        return serial;
    }
}
