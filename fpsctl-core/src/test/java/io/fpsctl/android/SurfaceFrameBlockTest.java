package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One SurfaceFrame block of a FrameTimeline dump, from its Layer line to its record. */
class SurfaceFrameBlockTest {

    @Test
    void aBlockBecomesTheRecordOfItsKeys() {
        SurfaceFrameBlock b = new SurfaceFrameBlock();
        assertFalse(b.open());
        b.begin("TX - com.example.feed/com.example.feed.MainActivity#0");
        assertTrue(b.open());
        b.token(4242);
        b.pid(1234);
        b.layerId(17);
        b.buffer(true);
        b.presentState("Late Present");
        b.jankTypes(List.of("App Deadline Missed"));
        b.predictionState("Valid Prediction");
        b.finishMetadata("Late Finish");
        assertEquals(new SurfaceFrameRecord(4242, "TX - com.example.feed/com.example.feed.MainActivity#0", 1234, 17,
                true, "Late Present", List.of("App Deadline Missed"), "Valid Prediction", "Late Finish"), b.close());
        assertFalse(b.open());
        assertEquals(4242, b.token());
    }

    @Test
    void keysNotPrintedReadAsUnsetAndABlockWithoutTokenHasNoRecord() {
        SurfaceFrameBlock b = new SurfaceFrameBlock();
        b.begin("a");
        b.token(1);
        b.pid(9);
        b.close();
        b.begin("b"); // a new block forgets the last one's keys
        assertNull(b.close(), "no Token: it cannot be joined");
        b.begin("c");
        b.token(2);
        assertEquals(new SurfaceFrameRecord(2, "c", -1, -1, false, "", List.of(), "", ""), b.close());
    }
}
