package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One engine's side of the FrameTimeline join: verdicts queued and delivered in order, recorded ones counted. */
class FrameTimelineJoinTest {
    private final List<String> delivered = new ArrayList<>();
    private final FrameTimelineJoin join = new FrameTimelineJoin(new FrameEngine.Listener() {
        @Override
        public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
            delivered.add(sequence + ":" + verdict.attributed());
        }
    });
    private static final FrameTimelineVerdict APP = new FrameTimelineVerdict(true,
            Set.of(FrameTimelineJankType.APP_DEADLINE_MISSED), "Presented");

    @Test
    void settledVerdictsWaitForTheDeliveryInTheOrderTheyCame() {
        join.settled(7, APP);
        join.settled(3, FrameTimelineVerdict.UNATTRIBUTED);
        assertEquals(List.of(), delivered, "not before the block or poll that settled them ends");
        join.deliver();
        assertEquals(List.of("7:true", "3:false"), delivered);
        join.deliver();
        assertEquals(2, delivered.size(), "delivered once");
    }

    @Test
    void withoutAnAttributionOrARecordedVerdictThereIsNoSummary() {
        assertFalse(join.attached());
        join.recorded(0, null);
        assertNull(join.summary(new ArrayList<>()));
        assertEquals(List.of(), delivered);
    }

    @Test
    void recordedVerdictsAreCountedAndGivenAtOnceRowsWithoutOneAsUnattributed() {
        join.recorded(0, APP);
        join.recorded(1, null);
        assertEquals(List.of("0:true"), delivered);
        FrameTimelineSummary s = join.summary(new ArrayList<>());
        assertEquals(1, s.frames(), "frames joined (docs/metrics.md 10)");
        assertEquals(1, s.unattributed());
        assertEquals(1, s.appJank());
    }

    @Test
    void anAttachedAttributionGivesTheSummaryAndItsWarnings() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        join.attach(a);
        assertTrue(join.attached());
        join.appPid(null);
        assertNull(join.appPid());
        List<String> warnings = new ArrayList<>();
        FrameTimelineSummary s = join.summary(warnings);
        assertEquals(a.summary().frames(), s.frames());
        assertEquals(s.warnings(), warnings);
        join.attach(null);
        assertFalse(join.attached());
    }
}
