package io.fpsctl.verdict;

import java.util.List;

/**
 * The checks of one {@link Gate} evaluation, in the order they were evaluated.
 *
 * @param partial the summary judged was of a partial run (the headline says so)
 */
public record GateResult(List<GateCheck> checks, boolean partial) {

    public GateResult {
        checks = List.copyOf(checks);
    }

    /** The result of a complete run. */
    public GateResult(List<GateCheck> checks) {
        this(checks, false);
    }

    /** True when no check failed (checks that do not apply do not fail the gate). */
    public boolean passed() {
        return count(GateCheck.Verdict.FAIL) == 0;
    }

    /** How many checks have {@code verdict}. */
    public int count(GateCheck.Verdict verdict) {
        int n = 0;
        for (GateCheck c : checks) {
            if (c.verdict() == verdict) {
                n++;
            }
        }
        return n;
    }

    /**
     * One line such as {@code gate PASSED: 5 checks, 0 failed, 1 n/a}; rows shown for information are not checks
     * ({@code , 1 for information} is added when there are any).
     */
    public String headline() {
        int info = count(GateCheck.Verdict.INFO);
        int n = checks.size() - info;
        return "gate " + (passed() ? "PASSED" : "FAILED") + (partial ? " (partial run)" : "") + ": " + n
                + (n == 1 ? " check, " : " checks, ") + count(GateCheck.Verdict.FAIL) + " failed, "
                + count(GateCheck.Verdict.NA) + " n/a" + (info > 0 ? ", " + info + " for information" : "");
    }
}
