package io.fpsctl.capture;

/**
 * When the poll loop's two pollers are next due (host ns): the main poller and the companion riding the loop
 * (the FrameTimeline poller). A poll of either that falls due within a quarter of its interval of the other's is
 * taken early with it, so the two share one shell stream and one wake-up; the main poller alone is never taken
 * early. Part of {@link CaptureSession}'s loop, kept apart so its timing rule can be tested on its own.
 */
final class PollSchedule {
    private final boolean withCompanion;
    private long mainDue;
    /** How early the main poll may be taken (to ride with the companion's). */
    private long mainEarly;
    private long companionDue;
    private long companionEarly;

    /** Both pollers due at {@code now}. */
    PollSchedule(boolean withCompanion, long now) {
        this.withCompanion = withCompanion;
        this.mainDue = now;
        this.companionDue = now;
    }

    /** Whether the main poller is due at {@code now} (early by at most a quarter of its interval with a companion). */
    boolean mainDue(long now) {
        return now >= mainDue - mainEarly;
    }

    /** Whether the companion (if any) is due at {@code now} (early by at most a quarter of its interval). */
    boolean companionDue(long now) {
        return withCompanion && now >= companionDue - companionEarly;
    }

    /** The main poll that started at {@code start} asked for its next one {@code nextNs} later. */
    void mainPolled(long start, long nextNs) {
        mainDue = start + nextNs;
        mainEarly = withCompanion ? nextNs / 4 : 0;
    }

    /** The companion's poll that started at {@code start} asked for its next one {@code nextNs} later. */
    void companionPolled(long start, long nextNs) {
        companionDue = start + nextNs;
        companionEarly = nextNs / 4;
    }

    /** Both are due now (a device that came back: its rings are read back at once). */
    void bothDue(long now) {
        mainDue = now;
        companionDue = now;
    }

    /** How long to sleep from {@code now} until the next poll that falls due, never past {@code deadline}. */
    long sleepNs(long now, long deadline) {
        long next = withCompanion ? Math.min(mainDue, companionDue) : mainDue;
        return Math.min(next - now, deadline - now);
    }
}
