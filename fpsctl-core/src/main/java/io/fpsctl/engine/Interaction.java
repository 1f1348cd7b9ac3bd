package io.fpsctl.engine;

/**
 * The agent's per-frame interaction bits (agent protocol v1, {@code F} record field {@code interaction}) and the
 * Choreographer callback queues whose time the agent measures per frame.
 */
public final class Interaction {
    /** A view was scrolling in this frame. */
    public static final long SCROLLING = 1;
    /** A finger was down and had moved past touch slop. */
    public static final long FINGER = 2;
    /** The main thread was idle before this frame. */
    public static final long IDLE_BEFORE = 4;
    /** Value of an unknown interaction field (sources other than the agent). */
    public static final long UNKNOWN = -1;

    /** Choreographer queue indexes into the per-frame choreographer spans. */
    public static final int CH_INPUT = 0;
    public static final int CH_ANIMATION = 1;
    public static final int CH_TRAVERSAL = 2;
    /** Number of Choreographer queues measured. */
    public static final int CH_QUEUES = 3;
    /** Keys of the queues, indexed like the spans: {@code input}, {@code animation}, {@code traversal}. */
    public static final String[] CH_KEYS = {"input", "animation", "traversal"};

    private Interaction() {
    }

    /** True when {@code bits} is known and has {@code bit} set. */
    public static boolean has(long bits, long bit) {
        return bits >= 0 && (bits & bit) != 0;
    }
}
