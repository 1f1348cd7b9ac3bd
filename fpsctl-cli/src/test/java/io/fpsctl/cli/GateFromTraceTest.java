package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.testing.SynthTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gate --from TRACE}: a Perfetto trace is analysed as {@code analyze} does (docs/metrics.md 15) and judged;
 * PACKAGE chooses its app. The trace is built here: com.example.app draws 4 frames whose expected SurfaceFrames last
 * 20 ms and whose actual ones last 10, 12, 14 and 24 ms; doFrame starts 1 ms after the expected start and DrawFrame
 * ends 6 ms after it. By hand (androidx's FrameData.get): CPU = 5 ms each; overrun = max(actual end, DrawFrame end)
 * − expected end = −10, −8, −6, +4 ms; p90 (androidx's getPercentile, index 0.9 · 3 = 2.7) = −6 + 0.7 · 10 = +1.0 ms.
 * com.android.systemui draws 6 frames without atrace slices (the package with most frames).
 */
@Tag("e2e")
class GateFromTraceTest {
    private static final String APP = "com.example.app";
    private static final int PID = 5000;
    private static final int RT = 5010;
    private static final long[] ACTUAL_MS = {10, 12, 14, 24};

    private static Path trace(Path dir) throws IOException {
        SynthTrace t = new SynthTrace().addProcess(PID, 1, APP).addProcess(900, 1, "com.android.systemui")
                .addThread(PID, PID, APP).addThread(RT, PID, "RenderThread");
        long cookie = 0;
        for (int i = 0; i < 4; i++) {
            long e = 1_000_000_000L + i * 16_666_667L;
            long token = 700 + i;
            t.addExpectedSurfaceFrameStartEvent(e, ++cookie, token, 1, PID, "TX - " + APP + "/.Main#0");
            t.addFrameEndEvent(e + 20_000_000L, cookie);
            t.addActualSurfaceFrameStartEvent(e, ++cookie, token, 1, PID, "TX - " + APP + "/.Main#0", 1, 1, 0, 1, 1,
                    null);
            t.addFrameEndEvent(e + ACTUAL_MS[i] * 1_000_000L, cookie);
            t.addFtracePacket(0);
            t.addFrame(token, e + 1_000_000L, e + 3_000_000L, PID, PID);
            t.addAtraceForThread(e + 3_000_000L, e + 6_000_000L, "DrawFrame " + token, RT, PID);
        }
        for (int i = 0; i < 6; i++) {
            long e = 2_000_000_000L + i * 16_666_667L;
            t.addActualSurfaceFrameStartEvent(e, ++cookie, 800 + i, 2, 900, "TX - StatusBar#0", 1, 1, 0, 1, 1, null);
            t.addFrameEndEvent(e + 8_000_000L, cookie);
        }
        return Files.write(dir.resolve("run.perfetto-trace"), t.bytes());
    }

    @Test
    void anOverrunOverTheThresholdFailsAndUnderPasses(@TempDir Path dir) throws IOException {
        Path trace = trace(dir);
        Cli fail = Cli.run("gate", APP, "--from", trace.toString(), "--max-frame-overrun-p90-ms", "0.5");
        assertEquals(1, fail.exit, fail.toString());
        assertTrue(fail.out.contains("frameOverrunP90Ms"), fail.out);
        Cli pass = Cli.run("gate", APP, "--from", trace.toString(), "--max-frame-overrun-p90-ms", "1.5",
                "--max-frame-cpu-p90-ms", "5");
        assertEquals(0, pass.exit, pass.toString());
        // a negative threshold from the command line (the option takes either sign): p90 +1.0 ms over -2 ms fails
        Cli negative = Cli.run("gate", APP, "--from", trace.toString(), "--max-frame-overrun-p90-ms", "-2");
        assertEquals(1, negative.exit, negative.toString());
        Cli cpu = Cli.run("gate", APP, "--from", trace.toString(), "--max-frame-cpu-p90-ms", "4.9");
        assertEquals(1, cpu.exit, cpu.toString());
    }

    @Test
    void withoutPackageTheAppWithMostFramesIsJudged(@TempDir Path dir) throws IOException {
        Path trace = trace(dir);
        // systemui (6 frames) has no doFrame/DrawFrame slices: the Macrobenchmark check cannot pass
        Cli r = Cli.run("gate", "--from", trace.toString(), "--max-frame-overrun-p90-ms", "100");
        assertEquals(1, r.exit, r.toString());
        Path out = dir.resolve("summary.json");
        Cli json = Cli.run("gate", "--from", trace.toString(), "--max-frame-overrun-p90-ms", "100", "--summary-out",
                out.toString());
        assertEquals(1, json.exit, json.toString());
        String written = Files.readString(out);
        assertTrue(written.matches("(?s).*\"package\" *: *\"com.android.systemui\".*"), written);
    }

    @Test
    void aBrokenTraceIsOneLineExit5AndPackageStaysRefusedWithASummary(@TempDir Path dir) throws IOException {
        // gzip's magic, then bytes that are no deflate stream: a trace by its first bytes, unreadable after them
        Path bad = Files.write(dir.resolve("bad.pftrace"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3,
            (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
        Cli r = Cli.run("gate", APP, "--from", bad.toString(), "--max-frame-overrun-p90-ms", "1");
        assertEquals(5, r.exit, r.toString());
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertTrue(r.err.contains("bad.pftrace"), r.err);
        Path missing = dir.resolve("missing.pftrace");
        Cli gone = Cli.run("gate", APP, "--from", missing.toString(), "--max-frame-overrun-p90-ms", "1");
        assertEquals(5, gone.exit, gone.toString());
        assertEquals("fpsctl: --from " + missing + ": cannot read the file", gone.err.strip());
        Path summary = Files.writeString(dir.resolve("s.json"), "{\"schemaVersion\":1}");
        Cli both = Cli.run("gate", APP, "--from", summary.toString(), "--min-fps", "1");
        assertEquals(2, both.exit, both.toString());
    }

    /** compressed_packets 1,500 deep (28 KB): Perfetto reads one level only; exit 5 in one line, no stack overflow. */
    @Test
    void nestedCompressedPacketsAreOneLineExit5(@TempDir Path dir) throws IOException {
        Path plain = trace(dir);
        Path nested = Files.write(dir.resolve("nested.pftrace"), SynthTrace.nestedDeflate(Files.readAllBytes(plain),
                1500));
        for (String[] args : new String[][] {{"gate", APP, "--from", nested.toString(), "--max-frame-overrun-p90-ms",
            "1"}, {"analyze", nested.toString()}}) {
            Cli r = Cli.run(args);
            assertEquals(5, r.exit, r.toString());
            assertEquals(1, r.err.strip().lines().count(), r.err);
            assertTrue(r.err.contains("nested.pftrace: packet 2 holds compressed packets inside compressed packets"),
                    r.err);
        }
    }
}
