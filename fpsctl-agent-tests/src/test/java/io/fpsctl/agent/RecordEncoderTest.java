package io.fpsctl.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.report.RecordEncoder;

import org.junit.Test;

/** Protocol 1.1 encoding, byte for byte (plain JUnit 4: the encoder needs no Android classes). */
public class RecordEncoderTest {

    @Test
    public void frameRecordMatchesProtocolFieldOrder() {
        FrameRecord f = new FrameRecord();
        f.window = ".feed.FeedActivity";
        f.intendedVsyncNs = 1000000000L;
        f.vsyncNs = 1000200000L;
        f.endNs = 1018000000L;
        f.intervalNs = 16666667L;
        f.flags = 1;
        f.interaction = 7;
        f.delayNs = 100;
        f.inputNs = 200;
        f.animationNs = 300;
        f.layoutNs = 400;
        f.drawNs = 500;
        f.syncNs = 600;
        f.commandNs = 700;
        f.swapNs = 800;
        f.gpuNs = -1;
        f.deadlineNs = 1016666667L;
        f.chInputNs = 1000000;
        f.chAnimationNs = 2000000;
        f.chTraversalNs = 50000000;
        StringBuilder sb = new StringBuilder();
        RecordEncoder.frame(sb, f);
        assertEquals("F|.feed.FeedActivity|1000000000|1000200000|1018000000|16666667|1|7|100|200|300|400|500|600|700|800"
                + "|-1|1016666667|1000000|2000000|50000000", sb.toString());
        assertEquals(21, sb.toString().split("\\|", -1).length);
    }

    @Test
    public void slowMessageJoinsStackInnermostFirstAndStripsSeparators() {
        StackTraceElement[] stack = {
                new StackTraceElement("java.lang.Thread", "sleep", null, -2),
                new StackTraceElement("com.example.Feed", "bind", "Feed.java", 42),
        };
        StringBuilder sb = new StringBuilder();
        RecordEncoder.slowMessage(sb, 123456, 120, "Handler (android.os.Handler) {1a2b} a|b\nc: 0", stack);
        assertEquals("M|123456|120|Handler (android.os.Handler) {1a2b} a b c: 0|"
                + "java.lang.Thread.sleep(Native Method) <- com.example.Feed.bind(Feed.java:42)", sb.toString());
    }

    @Test
    public void helloAndErrorRecords() {
        StringBuilder sb = new StringBuilder();
        RecordEncoder.hello(sb, 35, "com.example.feed", 4242, "choreographer,looper");
        assertEquals("H|35|com.example.feed|4242|choreographer,looper", sb.toString());
        sb.setLength(0);
        RecordEncoder.error(sb, "choreographer-queues: NoSuchFieldException mCallbackQueues");
        assertEquals("E|choreographer-queues: NoSuchFieldException mCallbackQueues", sb.toString());
    }

    @Test
    public void batchSeparatesRecordsWithNewlineAndDrainsOnce() {
        RecordBatch batch = new RecordBatch();
        assertNull(batch.drain());
        batch.hello(34, "p", 1, "looper");
        batch.error("x|y");
        assertEquals("H|34|p|1|looper\nE|x y", batch.drain());
        assertNull(batch.drain());
    }

    @Test
    public void capabilityAndGapRecords() {
        StringBuilder sb = new StringBuilder();
        RecordEncoder.capability(sb, "choreographer-queues", "off", "Choreographer.mLock", "No field mLock|x");
        assertEquals("C|choreographer-queues|off|Choreographer.mLock|No field mLock x", sb.toString());
        sb.setLength(0);
        RecordEncoder.gap(sb, 1000, 2000, 5, "5 dropped");
        assertEquals("G|1000|2000|5|5 dropped", sb.toString());
    }

    @Test
    public void aFullBatchDropsFramesAndReportsThemAsOneGap() {
        RecordBatch batch = new RecordBatch(10); // full after the first record
        batch.hello(35, "p", 1, "looper");      // "H|35|p|1|looper": 15 chars, over the bound already
        FrameRecord f = new FrameRecord();
        f.window = "w";
        for (int i = 0; i < 3; i++) {            // frames at 1.000, 1.016, 1.032 s, each ending 10 ms later
            f.intendedVsyncNs = 1_000_000_000L + i * 16_000_000L;
            f.endNs = f.intendedVsyncNs + 10_000_000L;
            batch.frame(f);
        }
        batch.slowMessage(1, 200, "t", null);
        batch.capability("looper", "off", "-", "kept"); // capability records are always kept
        // the gap spans the first dropped frame's start to the last one's end: 1.000 s .. 1.042 s
        assertEquals("H|35|p|1|looper\nC|looper|off|-|kept\nG|1000000000|1042000000|3|frame records dropped: "
                + "the agent's batch was full\nE|1 slow-message records dropped: the agent's batch was full",
                batch.drain());
        assertNull(batch.drain());
    }

    /**
     * One batch is one synchronous binder call ({@code IInstrumentationWatcher.instrumentationStatus}); its payload
     * travels as UTF-16 (Parcel.writeString, 2 bytes a char) through a binder buffer of 1 MiB - 8 KiB that the
     * whole process shares. Budget asserted here: the payload of a full default batch, in bytes, stays under a
     * quarter of that buffer (262,144 bytes), leaving room for the bundle's keys and other calls in flight.
     * Frames of 150-char window names are added until the batch drops some; the drained payload must hold the
     * kept frames within the budget and end with the G record counting the rest.
     */
    @Test
    public void aFullDefaultBatchFitsTheBinderBudgetAndCountsTheRest() {
        RecordBatch batch = new RecordBatch();
        FrameRecord f = new FrameRecord();
        f.window = "w".repeat(150);
        int added = 0;
        // 2,000 frames of > 200 chars each are > 400,000 chars: more than any budget allowed here
        for (; added < 2_000; added++) {
            f.intendedVsyncNs = 1_000_000_000L + added * 16_666_667L;
            f.endNs = f.intendedVsyncNs + 10_000_000L;
            batch.frame(f);
        }
        String payload = batch.drain();
        long utf16Bytes = 2L * payload.length();
        assertTrue("payload " + utf16Bytes + " bytes as UTF-16 must stay under 262144", utf16Bytes <= 262_144);
        String[] records = payload.split("\n");
        String gap = records[records.length - 1];
        assertTrue(gap, gap.startsWith("G|"));
        long kept = records.length - 1;
        long dropped = Long.parseLong(gap.split("\\|")[3]);
        assertEquals("every frame is either kept or counted", added, kept + dropped);
        assertTrue("some frames were dropped", dropped > 0);
    }

    /** A record that would pass the bound is taken out whole: the payload never ends in half a record. */
    @Test
    public void aRecordThatWouldPassTheBoundIsNotCutInHalf() {
        FrameRecord f = new FrameRecord();
        f.window = "w";
        f.intendedVsyncNs = 1_000_000_000L;
        f.endNs = 1_010_000_000L;
        StringBuilder one = new StringBuilder();
        RecordEncoder.frame(one, f);
        // room for one record and half of the next ('\n' + record): the second frame is dropped, not cut
        RecordBatch batch = new RecordBatch(one.length() + one.length() / 2);
        batch.frame(f);
        f.intendedVsyncNs = 1_016_000_000L;
        f.endNs = 1_026_000_000L;
        batch.frame(f);
        assertEquals(one + "\nG|1016000000|1026000000|1|frame records dropped: the agent's batch was full",
                batch.drain());
    }
}
