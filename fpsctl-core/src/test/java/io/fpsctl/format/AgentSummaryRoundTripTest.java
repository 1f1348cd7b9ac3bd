package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** The agent's new summary keys and CSV columns survive writing and reading back. */
class AgentSummaryRoundTripTest {
    private static final String W = "com.example/com.example.Main";

    private static void feed(FrameEngine e) {
        for (int i = 0; i < 20; i++) {
            long start = 1_000_000_000L + i * 20_000_000L;
            long d = i == 7 ? 45_000_000L : 6_000_000L;
            long interaction = i < 10 ? Interaction.SCROLLING | Interaction.FINGER : i < 15 ? Interaction.SCROLLING : 0;
            long[] stages = {100_000, 50_000, 1_000_000, 2_000_000, 500_000, 200_000, 300_000, 400_000, 1_500_000};
            e.frame(new AgentFrame(W, start, start + d, 16_666_667L, 0, interaction, stages, 0,
                    new long[] {50_000, 1_000_000, i == 7 ? 40_000_000L : 2_500_000L}));
        }
        e.slowMessage(new SlowMessage(1000, 180, "Handler (a.B) {1} c: 0", "x.Y.z(Y.java:3) <- a.B.c(B.java:9)"));
        e.slowMessage(new SlowMessage(2000, 120, "Handler (a.B) {1} d: 0", "q.R.s(R.java:1)"));
    }

    @Test
    void jsonWritesAndReadsTheNewKeys() throws IOException {
        FrameEngine e = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        feed(e);
        Summary s = e.summary("com.example");
        StringWriter json = new StringWriter();
        SummaryJson.write(s, json, false);
        String text = json.toString();
        for (String key : new String[] {"\"scrollFps\":", "\"fingerScrollFps\":", "\"choreographerMs\":{\"input\":0.05,"
                + "\"animation\":1.00,\"traversal\":4.38}", "\"slowMessageCount\":2", "\"slowMessages\":[{\"durationMs\":180,"
                + "\"target\":\"Handler (a.B) {1} c: 0\",\"stack\":\"x.Y.z(Y.java:3) <- a.B.c(B.java:9)\"}"}) {
            assertTrue(text.contains(key), key + " in " + text);
        }
        Summary back = SummaryJsonReader.read(new StringReader(text));
        assertEquals(Decimals.round(s.scrollFps(), 1).doubleValue(), back.scrollFps());
        assertEquals(Decimals.round(s.fingerScrollFps(), 1).doubleValue(), back.fingerScrollFps());
        assertEquals(4.38, back.choreographerMs(Interaction.CH_TRAVERSAL));
        assertEquals(2, back.slowMessages().count());
        assertEquals(s.slowMessages().worst().get(0).stack(), back.slowMessages().worst().get(0).stack());
        assertEquals(120, back.slowMessages().worst().get(1).durationMs());
        assertEquals(Decimals.round(s.scrollFps(), 1).doubleValue(), back.windows().get(0).scrollFps());
    }

    @Test
    void otherSourcesWriteNullsAndReadBackAbsent() throws IOException {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        StringWriter json = new StringWriter();
        SummaryJson.write(e.summary("p"), json, false);
        assertTrue(json.toString().contains("\"scrollFps\":null,\"fingerScrollFps\":null,\"choreographerMs\":null,"
                + "\"slowMessageCount\":null,\"slowMessages\":null"), json.toString());
        Summary back = SummaryJsonReader.read(new StringReader(json.toString()));
        assertNull(back.scrollFps());
        assertNull(back.choreographerMs());
        assertNull(back.slowMessages());
    }

    @Test
    void frameCsvCarriesInteractionAndChoreographerColumns() throws Exception {
        StringWriter csv = new StringWriter();
        FrameCsv out = new FrameCsv(csv, false);
        FrameEngine e = new FrameEngine(Source.AGENT, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                try {
                    out.write("dev", "com.example", r);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            }
        });
        feed(e);
        out.flush();
        String[] lines = csv.toString().split("\n");
        assertTrue(lines[0].endsWith(",mainCause,jank,bigJank,interaction,chInputMs,chAnimationMs,chTraversalMs,"
                + "uiMs,rasterMs,flutterBottleneck,"
                + "appCpuPercent,mainCpuPercent,renderThreadCpuPercent,hwuiTaskCpuPercent,gpuCompletionCpuPercent,"
                + "deviceCpuPercent,throttled,rssKb,pssKb,thermalStatus,gpuPercent,gpuMhz,powerMw,jankTypes,presentState"),
                lines[0]);
        // agent frames: no Flutter cells, no resources read (a saved run) and no FrameTimeline cells
        assertTrue(lines[1].endsWith(",3,0.05,1.00,2.50," + ",".repeat(3 + 13) + ","), lines[1]);

        FrameEngine again = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        FrameCsvReader.Result r = new FrameCsvReader(again).read(utf8(csv.toString()));
        assertEquals(Source.AGENT, r.source());
        Summary a = e.summary("com.example");
        Summary b = again.summary("com.example");
        assertEquals(a.fps(), b.fps());
        assertEquals(a.scrollFps(), b.scrollFps());
        assertEquals(a.fingerScrollFps(), b.fingerScrollFps());
        assertEquals(a.choreographerMs(Interaction.CH_TRAVERSAL), b.choreographerMs(Interaction.CH_TRAVERSAL));
        assertEquals(a.jankyFrames(), b.jankyFrames());
    }

    /** The text as the bytes of a file (the reader reads files). */
    private static java.io.InputStream utf8(String text) {
        return new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
