package io.fpsctl.format;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.sink.CsvRecorder;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.android.DumpFormatException;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A capture whose gfxinfo rows came out of IntendedVsync order (docs/metrics.md 1 writes its frames to
 * frames.csv in the order they were counted; re-analysing that CSV must count every one of them again (a
 * watermark on IntendedVsync would drop the late row) and give the same spanFps (segments in IntendedVsync order).
 */
class FrameCsvOutOfOrderRoundTripTest {

    @Test
    void aLateRowWithAnOlderVsyncSurvivesTheCsv() throws IOException, FrameCsvFormatException {
        long t = EngineRun.HZ60;
        long t0 = EngineRun.T0;
        // ring order: vsyncs 0, 2, 3, then vsync 1 (a 40 ms frame listed after later ones)
        List<RenderedFrame> rows = List.of(EngineRun.frame(t0, 8 * EngineRun.MS),
                EngineRun.frame(t0 + 2 * t, 8 * EngineRun.MS), EngineRun.frame(t0 + 3 * t, 8 * EngineRun.MS),
                EngineRun.frame(t0 + t, 40 * EngineRun.MS));
        StringBuilder text = new StringBuilder();
        CsvRecorder recorder = new CsvRecorder(new FrameCsv(text, true), null, "dev", "com.example", null, null);
        FrameEngine live = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                recorder.frame(r);
            }
        });
        live.blockStart(EngineRun.WINDOW);
        rows.forEach(live::frame);
        live.blockEnd();
        live.finish();
        recorder.close();
        Summary captured = live.summary("com.example");

        FrameEngine again = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        again.savedDump(true);
        new FrameCsvReader(again).read(utf8(text.toString()));
        Summary reread = again.summary("com.example");

        // 4 frames; vsyncs 0, 1, 2, 3 in order: one segment, 3 gaps over 3 T → 1 / T = 60.0 (capped at 60 Hz)
        assertEquals(4, captured.frames());
        assertEquals(4, reread.frames());
        assertEquals(captured.spanFps(), reread.spanFps());
        assertEquals(1e9 / t, captured.spanFps(), 1e-9);
        assertEquals(captured.fps(), reread.fps());
        assertEquals(captured.jankyFrames(), reread.jankyFrames());
        assertEquals(1, reread.jankyFrames()); // 40 ms > T
    }

    /** The text as the bytes of a file (the reader reads files). */
    private static java.io.InputStream utf8(String text) {
        return new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
