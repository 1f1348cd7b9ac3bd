package io.fpsctl.device;

/**
 * An adb or device problem, reported to the user as one line saying what happened and what to do. {@link #blame()}
 * says whose problem it is, which the command line maps to its exit code.
 */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Whose problem it is. */
    public enum Blame {
        /** adb or the device: no server, no device, offline, unauthorized, gone. */
        DEVICE,
        /** The app on the device: not installed, refused an install. */
        APP,
        /** A local file: unreadable, unwritable. */
        LOCAL_IO
    }

    private final Blame blame;

    public DeviceException(String message) {
        this(Blame.DEVICE, message, null);
    }

    public DeviceException(String message, Throwable cause) {
        this(Blame.DEVICE, message, cause);
    }

    public DeviceException(Blame blame, String message, Throwable cause) {
        super(message, cause);
        this.blame = blame;
    }

    /** Whose problem it is. */
    public Blame blame() {
        return blame;
    }
}
