package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's slow messages: the count, and the slowest kept longest first. */
class WorstMessagesTest {

    private static SlowMessage m(long start, long ms) {
        return new SlowMessage(start, ms, "t" + start, "");
    }

    @Test
    void keepsTheSlowestLongestFirstAndCountsEveryOne() {
        WorstMessages w = new WorstMessages();
        long[] durations = {50, 300, 120, 300, 80, 900, 60, 200};
        for (int i = 0; i < durations.length; i++) {
            w.add(m(i, durations[i]));
        }
        SlowMessages s = w.summary();
        assertEquals(8, s.count());
        assertEquals(SlowMessages.KEEP, s.worst().size());
        // 900, 300 (the first), 300 (the second: an equal one goes after), 200, 120
        assertEquals(List.of(5L, 1L, 3L, 7L, 2L), s.worst().stream().map(SlowMessage::startUptimeMs).toList());
    }

    @Test
    void noneIsAnEmptyList() {
        SlowMessages s = new WorstMessages().summary();
        assertEquals(0, s.count());
        assertEquals(List.of(), s.worst());
    }
}
