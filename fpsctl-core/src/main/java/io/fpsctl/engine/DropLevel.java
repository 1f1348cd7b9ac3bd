package io.fpsctl.engine;

/**
 * How many vsyncs a frame missed, in the buckets of Tencent Matrix's FrameTracer (docs/metrics.md section 3).
 * The boundaries are configurable ({@code --drop-levels 3,9,24,42}).
 */
public enum DropLevel {
    BEST("best"),
    NORMAL("normal"),
    MIDDLE("middle"),
    HIGH("high"),
    FROZEN("frozen");

    /** Lower bounds of normal, middle, high and frozen: the docs/metrics.md defaults. */
    public static final int[] DEFAULT_BOUNDS = {3, 9, 24, 42};

    private static final DropLevel[] ALL = values();

    private final String key;

    DropLevel(String key) {
        this.key = key;
    }

    /** Stable name for JSON keys, CSV values and the terminal. */
    public String key() {
        return key;
    }

    /**
     * The level of a frame that missed {@code dropped} vsyncs.
     *
     * @param bounds ascending lower bounds of normal, middle, high, frozen
     */
    public static DropLevel of(long dropped, int[] bounds) {
        int level = 0;
        while (level < bounds.length && dropped >= bounds[level]) {
            level++;
        }
        return ALL[level];
    }

    public static DropLevel[] all() {
        return ALL;
    }

}
