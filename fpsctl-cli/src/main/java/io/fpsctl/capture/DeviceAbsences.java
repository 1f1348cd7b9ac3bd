package io.fpsctl.capture;

/**
 * The device's absences during a run, as the coverage and the partial reason tell them: how often it went away,
 * how often it came back restarted (and the boot being read), the ring overflows its absence caused, whether it was
 * still away at the end (and since when), and the line for a device lost for good. Part of {@link CaptureSession}.
 */
final class DeviceAbsences {
    private long disconnects;
    private int restarts;
    /** Ring overflows found by the first poll after a reconnect: the device's absence, not a slow poll. */
    private long reconnectOverflows;
    /** The device was still away when the run's time was up: when it went away (host ns), else -1. */
    private long awayAtEndSinceNs = -1;
    private String lostMessage;
    /** The boot the capture is reading, or null when unknown. */
    private DeviceBoot.Reading boot;
    /** The device stopped answering a poll ({@link PollBound}): what went silent, and which device; null while it answers. */
    private String silentWhat;
    private String silentSerial;

    void disconnected() {
        disconnects++;
    }

    long disconnects() {
        return disconnects;
    }

    /** The device came back as {@code reading}, a new boot. */
    void restarted(DeviceBoot.Reading reading) {
        restarts++;
        boot = reading;
    }

    int restarts() {
        return restarts;
    }

    /** The boot being read (null: unknown). */
    DeviceBoot.Reading boot() {
        return boot;
    }

    void boot(DeviceBoot.Reading reading) {
        boot = reading;
    }

    void overflowsAfterReconnect(long n) {
        reconnectOverflows += n;
    }

    long reconnectOverflows() {
        return reconnectOverflows;
    }

    /** The device went away at {@code hostNs} (the last poll that succeeded) and the run ended before it was back. */
    void awayAtEnd(long hostNs) {
        awayAtEndSinceNs = hostNs;
    }

    /** The device went away and the run ended without it, with {@code message} for the user. */
    void lost(long hostNs, String message) {
        awayAtEndSinceNs = hostNs;
        lostMessage = message;
    }

    /**
     * The device {@code serial} did not answer a poll within its bound ({@link PollBound}): {@code what} went silent,
     * and the run ends without it from {@code hostNs} (the last poll it answered) on.
     */
    void silent(String serial, String what, long hostNs, String message) {
        silentSerial = serial;
        silentWhat = what;
        lost(hostNs, message);
    }

    /** What went silent ({@link #silent}), or null. */
    String silentWhat() {
        return silentWhat;
    }

    String silentSerial() {
        return silentSerial;
    }

    boolean awayAtEnd() {
        return awayAtEndSinceNs >= 0;
    }

    /** When the device went away for the rest of the run (host ns), or -1. */
    long awayAtEndSinceNs() {
        return awayAtEndSinceNs;
    }

    /** For a device lost for good or away at the end: one line saying so and what to do; else null. */
    String lostMessage() {
        return lostMessage;
    }
}
