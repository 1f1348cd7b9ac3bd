package io.fpsctl.capture;

import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run came to, for its summary (docs/metrics.md "Coverage"): the time asked for, when it started, the last
 * main poll that succeeded, how long it ran and how it ended; from those, with the loop's stop, the device's
 * absences and an unreadable source, its {@link RunCoverage} and whether (and why) it is partial. Part of
 * {@link CaptureSession}, whose {@code partial} and {@code markPartial} delegate here.
 */
final class RunOutcome {
    private final LoopControl control;
    private final DeviceAbsences absences;
    private final UnreadableSource unreadable;
    private final Duration reconnectTimeout;
    private CaptureSession.End end;
    /** The time asked for; null: until stopped or, driven, until the driver ended. */
    private Duration asked;
    /** Host time the loop started, and the start of the last main poll that succeeded. */
    private long startedNs;
    private long lastPollNs;
    private long ranNs;

    RunOutcome(LoopControl control, DeviceAbsences absences, UnreadableSource unreadable, Duration reconnectTimeout) {
        this.control = control;
        this.absences = absences;
        this.unreadable = unreadable;
        this.reconnectTimeout = reconnectTimeout;
    }

    /** The loop starts at {@code ns} for {@code duration} (null: no duration). */
    void started(long ns, Duration duration) {
        startedNs = ns;
        lastPollNs = ns;
        asked = duration;
    }

    /** A main poll that started at {@code ns} succeeded. */
    void polled(long ns) {
        lastPollNs = ns;
    }

    long startedNs() {
        return startedNs;
    }

    long lastPollNs() {
        return lastPollNs;
    }

    /** The loop ended {@code ranNs} after it started, as {@code how}. */
    void ended(CaptureSession.End how, long ran) {
        this.end = how;
        this.ranNs = ran;
    }

    /** How the run ended; null while it runs. */
    CaptureSession.End end() {
        return end;
    }

    /** See {@link CaptureSession#partial()}. */
    boolean partial() {
        return end == CaptureSession.End.DEVICE_LOST || absences.awayAtEnd()
                || (end == CaptureSession.End.STOPPED && (asked != null || control.isDriven()));
    }

    /** See {@link CaptureSession#markPartial}. */
    Summary markPartial(Summary s) {
        if (end == null) {
            return s;
        }
        double ranMs = ranNs / 1e6;
        Double askedMs = null; // a run without a duration or a driver (watch until stopped) asked for no length
        if (asked != null) {
            askedMs = asked.toNanos() / 1e6;
        } else if (control.isDriven()) {
            askedMs = ranMs;
        }
        double measuredMs = Math.max(0, Math.min(ranMs, askedMs != null ? askedMs : ranMs) - s.coverageGapMs());
        RunCoverage coverage = new RunCoverage(askedMs, measuredMs, null);
        Summary covered = s.withCoverage(coverage);
        String why = partialReason(coverage, s);
        return why == null ? covered : covered.asPartial(why);
    }

    /** Why the run is partial, or null when it is complete. */
    private String partialReason(RunCoverage c, Summary s) {
        String measured = c.describe();
        String into = seconds(lastPollNs - startedNs) + " s into the run";
        if (end == CaptureSession.End.DEVICE_LOST) {
            return "the device was lost " + into + " and did not come back within " + reconnectTimeout.toSeconds()
                    + " s" + (measured != null ? "; " + measured : "");
        }
        if (absences.silentWhat() != null) {
            return PollBound.gapReason(absences.silentSerial(), absences.silentWhat(), into)
                    + (measured != null ? "; " + measured : "");
        }
        if (absences.awayAtEnd()) {
            return "the device went away " + into + " and was not back before the end"
                    + (measured != null ? "; " + measured : "");
        }
        if (end == CaptureSession.End.STOPPED && asked != null) {
            return String.format(Locale.ROOT, "stopped by %s after %.1f s of the %.1f s asked for",
                    control.stopReason(), ranNs / 1e9, asked.toNanos() / 1e9);
        }
        if (end == CaptureSession.End.STOPPED && control.isDriven()) {
            return String.format(Locale.ROOT, "stopped by %s after %.1f s, before what drove the app ended",
                    control.stopReason(), ranNs / 1e9);
        }
        if (c.askedMs() == null || c.askedMs() <= 0
                || c.measuredMs() >= RunCoverage.MIN_MEASURED_SHARE * c.askedMs()) {
            return null;
        }
        return String.format(Locale.ROOT, "%s, less than %.0f %%: %d coverage gap%s, %.1f ms in all (%s)", measured,
                RunCoverage.MIN_MEASURED_SHARE * 100, s.coverageGaps(), s.coverageGaps() == 1 ? "" : "s",
                s.coverageGapMs(), causes(s));
    }

    /** What the coverage gaps of the run came from, in words (each gap is also a warning with its length). */
    private String causes(Summary s) {
        List<String> c = new ArrayList<>();
        if (absences.restarts() > 0) {
            c.add("the device restarted");
        }
        if (absences.disconnects() > absences.restarts()) {
            c.add("the device was away");
        }
        if (unreadable.why() != null) {
            c.add("the source could not be read");
        }
        if (s.overflows() > absences.reconnectOverflows()) {
            c.add("ring overflows");
        }
        if (c.isEmpty()) {
            c.add("the app restarted");
        }
        return String.join(", ", c);
    }

    static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e9);
    }
}
