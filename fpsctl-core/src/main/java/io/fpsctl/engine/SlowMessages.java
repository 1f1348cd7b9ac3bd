package io.fpsctl.engine;

import java.util.List;

/**
 * The slow main-thread messages of a run: how many, and the worst ones (longest first) with their stacks.
 *
 * @param count every slow message reported
 * @param worst at most {@link #KEEP} of them, longest first
 */
public record SlowMessages(long count, List<SlowMessage> worst) {
    /** How many of the worst messages a summary keeps. */
    public static final int KEEP = 5;

    /** No slow message. */
    public static final SlowMessages NONE = new SlowMessages(0, List.of());
}
