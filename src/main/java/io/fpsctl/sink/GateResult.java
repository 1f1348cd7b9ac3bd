package io.fpsctl.sink;

import java.util.List;

/** The checks of one {@link Gate} evaluation, in the order they were evaluated. */
public record GateResult(List<GateCheck> checks) {

    public GateResult {
        checks = List.copyOf(checks);
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

    /** One line such as {@code gate PASSED: 5 checks, 0 failed, 1 n/a}. */
    public String headline() {
        return "gate " + (passed() ? "PASSED" : "FAILED") + ": " + checks.size()
                + (checks.size() == 1 ? " check, " : " checks, ") + count(GateCheck.Verdict.FAIL) + " failed, " + count(GateCheck.Verdict.NA) + " n/a";
    }
}
