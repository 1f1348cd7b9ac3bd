package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/metrics.md section 2 through {@code analyze}'s path: saved dumps that state no interval per frame. */
class SavedDumpRefreshTest {
    /** The Android 9 header (17 columns, no FrameInterval), as docs/formats.md 5.1 prints it. */
    private static final String HEADER = "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,"
            + "AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
            + "FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,";

    @Test
    void android9DumpDrawnAt90HzInfersTheRefreshRateWithTheWarning(@TempDir Path dir) throws Exception {
        long t = 11_111_111L;                      // 90 Hz: 1e9 / 11 111 111 = 90.0000009 → "90.0"
        long t0 = 50_000_000_000L;
        StringBuilder b = new StringBuilder("Window: com.example/com.example.Main\n---PROFILEDATA---\n")
                .append(HEADER).append('\n');
        for (int i = 0; i < 20; i++) {
            long v = t0 + i * t;                   // one frame per vsync: 19 differences of exactly T
            long[] ts = {v + 1_000_000, v + 2_000_000, v + 3_000_000, v + 4_000_000, v + 5_000_000, v + 5_000_000,
                v + 6_000_000, v + 7_000_000, v + 8_000_000};
            b.append("0,").append(v).append(',').append(v).append(",0,0");
            for (long x : ts) {
                b.append(',').append(x);
            }
            b.append(",100,200,").append(v + 7_500_000).append(",\n");  // FrameCompleted = IV + 8 ms
        }
        b.append("---PROFILEDATA---\n");
        Path file = dir.resolve("gfxinfo-android9.txt");
        Files.writeString(file, b);
        Summary s = SavedDump.analyze(file, EngineConfig.defaults(), null, null).summary();
        assertEquals(20, s.frames());
        assertEquals("90.0", String.format(java.util.Locale.ROOT, "%.1f", s.refreshHz()));
        assertTrue(s.warnings().contains(
                "refresh rate inferred from the vsync grid: 90.0 Hz; pass --refresh-rate to override"),
                s.warnings().toString());
        // 8 ms < T: no frame drops a vsync; fps = 1e9 · 20 / (20 · T) = 90.0000009
        assertEquals(0, s.droppedFrames());
        assertEquals(1e9 / t, s.fps(), 1e-9);
    }

    @Test
    void latencyDumpWithoutFramesReportsRefreshFromLineOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency-idle.txt");
        Files.writeString(file, "8333333\n0\t0\t0\n0\t0\t0\n\n");  // 120 Hz, no frame: 1e9 / 8 333 333 = 120.0000048
        Summary s = SavedDump.analyze(file, EngineConfig.defaults(), null, null).summary();
        assertEquals(0, s.frames());
        assertEquals(120.0, s.refreshHz(), 0.05);
        assertNull(s.fps());
    }
}
