package io.fpsctl.engine;

/**
 * The identities of the rows read most recently for one window (docs/metrics.md 1: at least the last
 * {@code keep} distinct identities added, at most twice as many (two generations; the older one is dropped as a
 * whole when the newer one is full), so memory stays bounded however long the capture.
 *
 * <p>Why a bounded memory is exact for gfxinfo: the ring (hwui {@code JankTracker::mFrames}, 120 slots) is filled
 * in the order frames start, so while a row r is in the ring, every row read after it is one of the 119 rows that
 * started before r or the 119 that started after it (rows become complete once, and only complete rows are
 * remembered): at most 238 identities come after r's. With {@code keep} ≥ 2 × 120, r is still remembered.
 */
final class RecentIdentities {
    private final int keep;
    private IdentitySet newer = new IdentitySet();
    private IdentitySet older = new IdentitySet();

    RecentIdentities(int keep) {
        this.keep = keep;
    }

    /** True when no remembered row has this identity; the identity is then remembered. */
    boolean addIfNew(long first, long second) {
        if (older.contains(first, second) || !newer.add(first, second)) {
            return false;
        }
        if (newer.size() >= keep) {
            IdentitySet t = older;
            older = newer;
            newer = t;
            newer.clear();
        }
        return true;
    }

    void clear() {
        newer.clear();
        older.clear();
    }
}
