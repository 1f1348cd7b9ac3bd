package io.fpsctl.text;

/**
 * Rows of a dump that parsed but cannot be true (docs/metrics.md, "What fpsctl refuses to believe"): how many, and
 * where the first one is and what is wrong with it, for the one warning that reports them all.
 */
public final class RejectedRows {
    private long count;
    private String first;

    /**
     * Counts one rejected row.
     *
     * @param where  where it is, e.g. "line 75" (the line number when known)
     * @param reason what is impossible about it, e.g. "FrameInterval 1 ns (…)"
     */
    public void reject(String where, String reason) {
        if (count++ == 0) {
            first = where + ": " + reason;
        }
    }

    /** Counts one rejected row at line {@code line} (1-based). */
    public void reject(long line, String reason) {
        reject("line " + line, reason);
    }

    /** Adds the rows another part of the input rejected (the first of this object's stays first). */
    public void add(RejectedRows other) {
        if (other.count > 0) {
            if (count == 0) {
                first = other.first;
            }
            count += other.count;
        }
    }

    public long count() {
        return count;
    }

    /** "line 75: FrameInterval 1 ns (…)" of the first rejected row; null when none was rejected. */
    public String first() {
        return first;
    }
}
