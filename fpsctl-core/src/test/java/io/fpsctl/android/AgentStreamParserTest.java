package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.SlowMessage;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentStreamParserTest {
    private static final String F = "F|com.example/com.example.Main|1000000000|1000500000|1012000000|16666667|0|3"
            + "|500000|100000|2000000|3000000|1000000|400000|800000|1200000|2500000|1016666667|100000|2000000|4000000";

    @Test
    void decodesEveryRecordType() throws AgentProtocolException {
        AgentStreamParser p = new AgentStreamParser();
        List<AgentRecord> records = p.decode(Map.of("v", "1", "fpsctl",
                "H|34|com.example|4242|choreographer,looper,framemetrics\n" + F + "\n"
                        + "M|123456|240|Handler (x) {1} null: 0|a.B.c(B.java:1) <- d.E.f(E.java:2)\n"
                        + "E|choreographer-queues: NoSuchFieldException mCallbackQueues\n"));
        assertEquals(4, records.size());
        assertEquals(new AgentRecord.Hello(34, "com.example", 4242, Set.of("choreographer", "looper", "framemetrics")),
                records.get(0));
        AgentFrame f = ((AgentRecord.Frame) records.get(1)).frame();
        assertEquals("com.example/com.example.Main", f.window());
        assertEquals(1_000_000_000L, f.intendedVsync());
        assertEquals(1_012_000_000L, f.end());
        assertEquals(16_666_667L, f.interval());
        assertEquals(3, f.interaction());
        assertArrayEquals(new long[] {500000, 100000, 2000000, 3000000, 1000000, 400000, 800000, 1200000, 2500000},
                f.stageNs());
        assertEquals(1_016_666_667L, f.deadline());
        assertArrayEquals(new long[] {100000, 2000000, 4000000}, f.choreographerNs());
        assertEquals(new AgentRecord.Slow(new SlowMessage(123456, 240, "Handler (x) {1} null: 0",
                "a.B.c(B.java:1) <- d.E.f(E.java:2)")), records.get(2));
        assertEquals(new AgentRecord.Problem("choreographer-queues: NoSuchFieldException mCallbackQueues"),
                records.get(3));
        assertEquals(0, p.malformed());
    }

    @Test
    void malformedRecordsAreSkippedAndCounted() throws AgentProtocolException {
        AgentStreamParser p = new AgentStreamParser();
        List<AgentRecord> records = p.decode(Map.of("v", "1", "fpsctl", String.join("\n",
                F,
                "F|w|1|2|3",                                 // too few fields
                F.replace("|16666667|", "|sixteen|"),        // not a number
                F.replace("|1012000000|", "|999|"),          // ends before it starts
                "M|1|x|t|s",                                 // duration not a number
                "X|what",                                    // unknown type
                "H|34|pkg",                                  // short hello
                "",
                F)));
        assertEquals(2, records.size());
        assertEquals(6, p.malformed());
        assertEquals(8, p.records()); // the blank line is not a record
    }

    @Test
    void anUnknownVersionIsAClearError() {
        AgentProtocolException e = assertThrows(AgentProtocolException.class,
                () -> new AgentStreamParser().decode(Map.of("v", "2", "fpsctl", F)));
        assertTrue(e.getMessage().contains("protocol version 2"), e.getMessage());
        assertTrue(e.getMessage().contains("fpsctl agent install"), e.getMessage());
        assertThrows(AgentProtocolException.class, () -> new AgentStreamParser().decode(Map.of("fpsctl", F)));
        assertTrue(AgentStreamParser.isAgentBundle(Map.of("fpsctl", "")));
        assertTrue(!AgentStreamParser.isAgentBundle(Map.of("Error", "x", "id", "ActivityManagerService")));
    }

    @Test
    void version11CapabilityAndGapRecords() throws AgentProtocolException {
        AgentStreamParser p = new AgentStreamParser();
        List<AgentRecord> records = p.decode(Map.of("v", "1.1", "fpsctl", String.join("\n",
                "C|choreographer-queues|off|Choreographer.mLock|NoSuchFieldException No field mLock in class "
                        + "Landroid/view/Choreographer;; stage times come from FrameMetrics",
                "C|looper|on|-|fpsctl chained to the app's Printer",
                "G|1000000000|1100000000|5|5 FrameMetrics report(s) of Main dropped by the platform",
                "G|2|1|1|ends before it starts",          // malformed
                "C|looper|maybe|-|x")));                   // malformed state
        assertEquals(List.of(
                new AgentRecord.CapabilityChange("choreographer-queues", false, "Choreographer.mLock",
                        "NoSuchFieldException No field mLock in class Landroid/view/Choreographer;; stage times come "
                                + "from FrameMetrics"),
                new AgentRecord.CapabilityChange("looper", true, "-", "fpsctl chained to the app's Printer"),
                new AgentRecord.Gap(1_000_000_000L, 1_100_000_000L, 5,
                        "5 FrameMetrics report(s) of Main dropped by the platform")), records);
        assertEquals(2, p.malformed());
    }

    @Test
    void aNewerMinorVersionIsReadSkippingWhatThisParserDoesNotKnow() throws AgentProtocolException {
        AgentStreamParser p = new AgentStreamParser();
        // 1.7 (invented): a new record type Z, a 22nd field on F and flag bit 8 on it
        String f22 = F.replace("|0|3|", "|8|3|") + "|42";
        List<AgentRecord> records = p.decode(Map.of("v", "1.7", "fpsctl", "Z|new|thing\n" + f22 + "\nH|35|p|1|looper"));
        assertEquals(2, records.size());
        assertEquals(1_000_000_000L, ((AgentRecord.Frame) records.get(0)).frame().intendedVsync());
        // flag bit 8 is unknown to 1.1: cleared, so the frame stays timed (and is not taken for gfxinfo's SKIPPED)
        assertEquals(0, ((AgentRecord.Frame) records.get(0)).frame().flags());
        assertEquals(1, p.unknownRecords());
        assertEquals(0, p.malformed());
        assertEquals(7, p.newestMinorSeen());
        // the same extra field from an agent of a version this parser knows is malformed
        AgentStreamParser strict = new AgentStreamParser();
        assertEquals(List.of(), strict.decode(Map.of("v", "1.1", "fpsctl", f22 + "\nZ|x")));
        assertEquals(2, strict.malformed());
        // "1" is 1.0; "1.x" with a non-number minor is not a version
        assertEquals(1, new AgentStreamParser().decode(Map.of("v", "1", "fpsctl", F)).size());
        assertThrows(AgentProtocolException.class, () -> new AgentStreamParser().decode(Map.of("v", "1.b", "fpsctl", F)));
    }

    @Test
    void anApproximatelyDatedFrameIsMarked() throws AgentProtocolException {
        List<AgentRecord> records = new AgentStreamParser().decode(Map.of("v", "1.1", "fpsctl",
                F.replace("|0|3|", "|2|3|")));
        assertTrue(((AgentRecord.Frame) records.get(0)).approximateTime());
    }

    @Test
    void unknownFlagBitsAreClearedAndKnownOnesKept() throws AgentProtocolException {
        // 1.9 (invented): bits 4, 8, 16 and 1024 are new; 1 (first draw) and 2 (approximate) are kept: 1051 -> 3
        List<AgentRecord> records = new AgentStreamParser().decode(Map.of("v", "1.9", "fpsctl",
                F.replace("|0|3|", "|1051|3|") + "\n" + F.replace("|0|3|", "|1048|3|")));
        AgentRecord.Frame both = (AgentRecord.Frame) records.get(0);
        assertEquals(3, both.frame().flags());
        assertTrue(both.approximateTime());
        AgentRecord.Frame none = (AgentRecord.Frame) records.get(1); // 1048 = 1024 + 16 + 8: nothing known
        assertEquals(0, none.frame().flags());
        assertFalse(none.approximateTime());
    }
}
