package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.device.DeviceException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * fpsctl's heartbeat loop, on a driven clock: a failed broadcast is retried next period, and a silence longer than
 * the agent waits (3 periods) becomes one warning.
 */
class AgentHeartbeatRetryTest {
    /** A clock that advances only when the loop pauses; the loop runs {@code periods} periods, then stops. */
    private static final class Driven {
        long now = 0;
        long end;
        final List<Long> sentAt = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();

        AgentHeartbeat heartbeat(int runPeriods, LongPredicate failsAt) {
            end = runPeriods * 2_000L;
            return new AgentHeartbeat(() -> {
                if (failsAt.test(now)) {
                    throw new DeviceException("device offline");
                }
                sentAt.add(now);
            }, 2_000, 3, () -> now, ms -> now += ms, () -> now <= end, warnings::add);
        }
    }

    @Test
    void aFailedBroadcastIsRetriedNextPeriod() {
        Driven d = new Driven();
        // periods end at 2, 4, 6, 8, 10 s; the broadcast at 4 s fails, the later ones go through
        AgentHeartbeat h = d.heartbeat(5, t -> t == 4_000);
        h.run();
        assertEquals(List.of(2_000L, 6_000L, 8_000L, 10_000L), d.sentAt);
        assertEquals(List.of(), d.warnings, "4 s of silence is under the agent's 6 s");
        assertFalse(h.lapsed(), "the agent is still attached");
    }

    @Test
    void silenceLongerThanTheAgentWaitsIsWarnedOnce() {
        Driven d = new Driven();
        // sent at 2 s; 4, 6, 8, 10 s fail: at 8 s the silence is 6 s (not over 3 × 2 s), at 10 s 8 s > 6 s: warned;
        // 12 s goes through; 14..20 s fail again: 8 s after 12 s is 20 s, warned a second time
        AgentHeartbeat h = d.heartbeat(10, t -> (t >= 4_000 && t <= 10_000) || t >= 14_000);
        h.run();
        assertTrue(h.lapsed(), "8 s of silence: the agent has detached, and stays so after a later success");
        assertEquals(List.of(2_000L, 12_000L), d.sentAt);
        assertEquals(2, d.warnings.size(), d.warnings.toString());
        assertTrue(d.warnings.get(0).contains("for 8000 ms (device offline)"), d.warnings.get(0));
        assertTrue(d.warnings.get(0).contains("after 6000 ms"), d.warnings.get(0));
    }
}
