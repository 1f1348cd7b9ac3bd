package io.fpsctl.verdict;

import java.util.Objects;

/**
 * One threshold of {@code fpsctl gate} and how the measurement fared against it.
 *
 * @param metric    what was checked, e.g. {@code fps} or {@code p90Ms vs baseline}; unique within a result
 * @param threshold the threshold as text, e.g. {@code >= 60.0}
 * @param measured  the measured value as printed, e.g. {@code 59.9}, or why there is none
 * @param verdict   pass, fail or not applicable
 * @param message   one readable sentence for reports (the JUnit failure message)
 */
public record GateCheck(String metric, String threshold, String measured, Verdict verdict, String message) {

    /** The outcome of one check. */
    public enum Verdict {
        /** The measurement meets the threshold. */
        PASS,
        /** The measurement misses the threshold, or there was nothing to measure. */
        FAIL,
        /** The threshold does not apply to this source or measurement; it neither passes nor fails the gate. */
        NA,
        /** No threshold: a measured value shown beside the checks for information; never passes or fails. */
        INFO
    }

    public GateCheck {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(threshold, "threshold");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(message, "message");
    }
}
