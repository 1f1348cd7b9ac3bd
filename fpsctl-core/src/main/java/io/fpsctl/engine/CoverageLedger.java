package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The coverage gaps of one engine (docs/metrics.md 11): the intervals of the device timeline where frames may be
 * missing that the capture reported (device away, restarted, source unreadable), the one left open until the next
 * counted frame (a restart), and one warning per gap with its length, ring overflows' included (those are counted
 * by their track's stats, not here). Part of {@link FrameEngine}, whose coverage methods delegate here.
 */
final class CoverageLedger {
    private final List<String> warnings = new ArrayList<>();
    private int gaps;
    private double gapNs;
    /** A gap whose end is the next counted frame; null reason when none is open. */
    private long openFromNs;
    private String openReason;

    /** A gap from {@code fromNs} to {@code toNs} (device timeline) for {@code reason}: counted, with its warning. */
    void gap(long fromNs, long toNs, String reason) {
        gaps++;
        gapNs += Math.max(0, toNs - fromNs);
        warnings.add(warning(fromNs, toNs, reason));
    }

    /** The warning of a ring overflow's gap (the gap itself is counted by the track's stats). */
    void overflowWarning(long fromNs, long toNs, String reason) {
        warnings.add(warning(fromNs, toNs, reason));
    }

    /** Opens a gap at {@code fromNs} until the next counted frame; one already open is kept (start and reason). */
    void open(long fromNs, String reason) {
        if (openReason == null) {
            openFromNs = fromNs;
            openReason = reason;
        }
    }

    boolean isOpen() {
        return openReason != null;
    }

    /** Ends the open gap at {@code atNs} (never before its start) and counts it; nothing when none is open. */
    void close(long atNs) {
        if (openReason != null) {
            gap(openFromNs, Math.max(openFromNs, atNs), openReason);
            openReason = null;
        }
    }

    /** Gaps reported (not ring overflows). */
    int gaps() {
        return gaps;
    }

    /** Their total length, ns. */
    double gapNs() {
        return gapNs;
    }

    /** One warning per gap, ring overflows' included, in the order they came. */
    List<String> warnings() {
        return warnings;
    }

    private static String warning(long fromNs, long toNs, String reason) {
        return String.format(Locale.ROOT, "coverage gap of %.1f ms: %s", Math.max(0, toNs - fromNs) / 1e6, reason);
    }
}
