package io.fpsctl.capture;

/**
 * Whether the main poller's source could be read ({@link FramePoller#unreadable}), as the coverage needs it: since
 * when it could not (the start of the last poll that read), why (said once per run), and whether it ever read. From
 * the last poll that read, the time is missing until it reads again; then the engine's overflow rule counts what the
 * device's buffers no longer hold. Part of {@link CaptureSession}, which turns these answers into coverage gaps.
 */
final class UnreadableSource {
    private long lastReadNs;
    /** Host time from which the source could not be read, or -1 while it reads. */
    private long sinceNs = -1;
    private String why;
    private boolean everRead;

    /** The run starts at {@code ns}. */
    void startAt(long ns) {
        lastReadNs = ns;
    }

    /**
     * The poll that started at {@code pollStart} read the source. Returns the host time from which the start of the
     * run is missing (it could not be read before this, its first read: a history read, whose frames are not
     * counted), else -1.
     */
    long read(long pollStart) {
        long missingFrom = sinceNs >= 0 && !everRead ? sinceNs : -1;
        everRead = true;
        sinceNs = -1;
        lastReadNs = pollStart;
        return missingFrom;
    }

    /**
     * A poll could not read the source, for {@code reason}. Returns the line to say (stderr and the summary's
     * warnings) the first time in the run, else null.
     */
    String unreadable(String reason) {
        if (sinceNs < 0) {
            sinceNs = lastReadNs;
        }
        if (why != null) {
            return null;
        }
        why = reason;
        return reason + ": frames that cannot be read back later count as a coverage gap";
    }

    /** Host time from which the source has not been readable, or -1 while it reads. */
    long sinceNs() {
        return sinceNs;
    }

    /** Why it could not be read (the first reason of the run), or null when it always could. */
    String why() {
        return why;
    }
}
