package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Summary;
import io.fpsctl.testing.SynthTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coverage gap at the end of a {@code --source perfetto} run (docs/perfetto-capture.md "Coverage"), worked by hand
 * on a trace of ten 50 Hz frames (vsync 20 ms) whose last display frame presented at P = 1.205 s: the gap is the time
 * from P to the stop, capped at {@link PerfettoSummary#PENDING_VSYNCS} = 3 vsyncs = 60 ms; no gap when the stop is
 * not after P.
 */
class PerfettoSummaryGapTest {

    private static final String PKG = "com.example.feed";
    private static final long VSYNC = 20_000_000L;
    private static final long T0 = 1_000_000_000L;
    /** The last display frame's present: frame 9's expected start + one vsync + 5 ms. */
    private static final long LAST_PRESENT = T0 + 9 * VSYNC + VSYNC + 5_000_000L;

    /** Ten on-time frames: SurfaceFrame k expected and actual [T0 + k·20 ms, +20 ms], its display frame ending 5 ms later. */
    private static Path trace(Path dir) throws Exception {
        SynthTrace t = new SynthTrace().addProcess(1000, 1, PKG);
        long cookie = 1;
        for (int k = 0; k < 10; k++) {
            long s = T0 + k * VSYNC;
            long token = 100 + k;
            long display = 500 + k;
            t.addActualDisplayFrameStartEvent(s + 5_000_000L, cookie, display, 99, 1, 1, 0, 1, 1);
            t.addFrameEndEvent(s + VSYNC + 5_000_000L, cookie++);
            t.addExpectedSurfaceFrameStartEvent(s, cookie, token, display, 1000, "TX - " + PKG + "/.Main#0");
            t.addFrameEndEvent(s + VSYNC, cookie++);
            t.addActualSurfaceFrameStartEvent(s, cookie, token, display, 1000, "TX - " + PKG + "/.Main#0", 1, 1, 0, 1,
                    1, null);
            t.addFrameEndEvent(s + VSYNC, cookie++);
        }
        Path file = dir.resolve("t.perfetto-trace");
        Files.write(file, t.bytes());
        return file;
    }

    private static Summary summary(Path trace, long stopBootNs) throws Exception {
        PerfettoCapture.Result run = new PerfettoCapture.Result(trace, Files.size(trace), Duration.ofSeconds(2),
                stopBootNs, null);
        return PerfettoSummary.of(run, PKG, EngineConfig.defaults(), Duration.ofSeconds(2), null);
    }

    @Test
    void aStopSoonAfterTheLastPresentIsAGapOfThatLength(@TempDir Path dir) throws Exception {
        Summary s = summary(trace(dir), LAST_PRESENT + 12_500_000L);
        assertEquals(50.0, s.refreshHz(), 1e-9);
        assertEquals(1, s.coverageGaps());
        assertEquals(12.5, s.coverageGapMs(), 1e-9);
        assertEquals(2000 - 12.5, s.coverage().measuredMs(), 1e-9);
        assertTrue(s.warnings().contains("coverage gap of 12.5 ms: the frames SurfaceFlinger had not written into the "
                + "trace when it stopped (still waiting for their present)"), s.warnings()::toString);
    }

    @Test
    void aLateStopIsCappedAtThreeVsyncs(@TempDir Path dir) throws Exception {
        Summary s = summary(trace(dir), LAST_PRESENT + 500_000_000L);
        assertEquals(1, s.coverageGaps());
        assertEquals(60.0, s.coverageGapMs(), 1e-9);
        assertEquals(1940.0, s.coverage().measuredMs(), 1e-9);
        assertTrue(s.warnings().stream().anyMatch(w -> w.startsWith("coverage gap of 60.0 ms")), s.warnings()::toString);
    }

    @Test
    void noGapWhenTheStopIsNotAfterTheLastPresent(@TempDir Path dir) throws Exception {
        Summary s = summary(trace(dir), LAST_PRESENT);
        assertEquals(0, s.coverageGaps());
        assertEquals(0.0, s.coverageGapMs());
        assertEquals(2000.0, s.coverage().measuredMs(), 1e-9);
        Summary unknown = summary(trace(dir), -1); // /proc/uptime unreadable: no gap is claimed
        assertEquals(0, unknown.coverageGaps());
    }
}
