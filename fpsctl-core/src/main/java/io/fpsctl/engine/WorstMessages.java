package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The agent's slow main-thread messages: how many, and the {@link SlowMessages#KEEP} slowest, slowest first (a
 * message as slow as one kept goes after it). Part of {@link FrameEngine}.
 */
final class WorstMessages {
    private long count;
    private final List<SlowMessage> worst = new ArrayList<>();

    void add(SlowMessage m) {
        count++;
        int at = 0;
        while (at < worst.size() && worst.get(at).durationMs() >= m.durationMs()) {
            at++;
        }
        if (at < SlowMessages.KEEP) {
            worst.add(at, m);
            if (worst.size() > SlowMessages.KEEP) {
                worst.remove(worst.size() - 1);
            }
        }
    }

    SlowMessages summary() {
        return new SlowMessages(count, List.copyOf(worst));
    }
}
