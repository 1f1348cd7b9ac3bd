package io.fpsctl.engine.compare;

/** What a comparison says about one metric (docs/metrics.md section 8). */
public enum Verdict {
    REGRESSED("regressed"), IMPROVED("improved"), UNCHANGED("unchanged");

    private final String key;

    Verdict(String key) {
        this.key = key;
    }

    /** As printed and written to JSON. */
    public String key() {
        return key;
    }
}
