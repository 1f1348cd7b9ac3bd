package io.fpsctl.engine;

import java.util.Locale;

/**
 * How much of the time asked for a run measured (docs/metrics.md "Coverage", docs/metrics.md section 11), and whether
 * the run is partial and why. A typed field of the summary: reports and the gate read it, never a warning's text.
 *
 * @param askedMs       the time asked for ({@code --duration}; for a driven run, how long the driver ran), ms;
 *                      null when unknown (a summary of an older fpsctl, a run stopped before it started)
 * @param measuredMs    the part of it that was measured: the run's length minus its coverage gaps, ms; null when
 *                      unknown
 * @param partialReason why the run is partial ("the device went away …", "stopped by SIGINT …"); null when the run
 *                      is complete
 */
public record RunCoverage(Double askedMs, Double measuredMs, String partialReason) {

    /**
     * The share of the asked time a run must measure to be complete: a run that measured less is partial
     * (docs/metrics.md "Coverage" rule 3).
     */
    public static final double MIN_MEASURED_SHARE = 0.90;

    /** A complete run of {@code askedMs} that measured {@code measuredMs}. */
    public static RunCoverage complete(double askedMs, double measuredMs) {
        return new RunCoverage(askedMs, measuredMs, null);
    }

    /** A partial run whose times are not known (e.g. a summary that only says {@code "partial": true}). */
    public static RunCoverage partial(String reason) {
        return new RunCoverage(null, null, reason);
    }

    public RunCoverage {
        if (partialReason != null && partialReason.isBlank()) {
            throw new IllegalArgumentException("a partial run needs a reason");
        }
    }

    /** True when the run is partial. */
    public boolean partial() {
        return partialReason != null;
    }

    /** The measured share of the asked time in percent (one decimal when printed), or null when unknown. */
    public Double measuredPercent() {
        if (askedMs == null || measuredMs == null || askedMs <= 0) {
            return null;
        }
        return measuredMs * 100.0 / askedMs;
    }

    /** "8.2 s measured of the 10.0 s asked for (82 %)", or null when the times are unknown. */
    public String describe() {
        Double p = measuredPercent();
        if (p == null) {
            return null;
        }
        return String.format(Locale.ROOT, "%.1f s measured of the %.1f s asked for (%.0f %%)", measuredMs / 1e3,
                askedMs / 1e3, Math.floor(p));
    }

    /** This coverage marked partial for {@code reason} (a reason already given is kept first). */
    public RunCoverage asPartial(String reason) {
        return new RunCoverage(askedMs, measuredMs, partialReason != null ? partialReason : reason);
    }
}
