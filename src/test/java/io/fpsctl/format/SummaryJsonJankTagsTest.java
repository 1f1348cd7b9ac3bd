package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.Summary;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md 10 rev 4: {@code frameTimeline} gains {@code bufferStuffing}, {@code surfaceFlingerStuffing} and
 * {@code nonPerceivable}, written and read back; a summary written before rev 4 (without them) reads them as null.
 */
class SummaryJsonJankTagsTest {

    @Test
    void theRev4CountsAreWrittenAndReadBack() throws Exception {
        Summary s = EngineRun.fps599().withFrameTimeline(new FrameTimelineSummary(20, 1, 5, 3, 2, 15.0, 10.0, 1,
                4L, 2L, 1L, Map.of("appDeadlineMissed", 3L, "bufferStuffing", 4L), List.of()));
        StringWriter out = new StringWriter();
        SummaryJson.write(s, out, false);
        JsonNode ft = new ObjectMapper().readTree(out.toString()).path("frameTimeline");
        assertEquals(4, ft.path("bufferStuffing").asLong());
        assertEquals(2, ft.path("surfaceFlingerStuffing").asLong());
        assertEquals(1, ft.path("nonPerceivable").asLong());
        FrameTimelineSummary back = SummaryJsonReader.read(new StringReader(out.toString())).frameTimeline();
        assertEquals(4L, back.bufferStuffing());
        assertEquals(2L, back.surfaceFlingerStuffing());
        assertEquals(1L, back.nonPerceivable());
        assertEquals(1, back.droppedBuffers());
    }

    @Test
    void aSummaryWrittenBeforeRev4ReadsThemAsNull() throws Exception {
        Summary s = EngineRun.fps599().withFrameTimeline(new FrameTimelineSummary(20, 1, 5, 3, 2, 15.0, 10.0, 1,
                4L, 2L, 1L, Map.of("appDeadlineMissed", 3L), List.of()));
        StringWriter out = new StringWriter();
        SummaryJson.write(s, out, false);
        String old = out.toString().replace("\"bufferStuffing\":4,", "").replace("\"surfaceFlingerStuffing\":2,", "")
                .replace("\"nonPerceivable\":1,", "");
        assertTrue(!old.contains("nonPerceivable"), old);
        FrameTimelineSummary back = SummaryJsonReader.read(new StringReader(old)).frameTimeline();
        assertNull(back.bufferStuffing());
        assertNull(back.nonPerceivable());
        assertEquals(3, back.appJank());
    }
}
