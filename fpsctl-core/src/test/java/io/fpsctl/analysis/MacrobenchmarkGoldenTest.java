package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameTiming;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import io.fpsctl.testing.SynthTrace;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

/**
 * androidx's published golden values for Macrobenchmark's frame metrics (FrameTimingQueryTest.kt, androidx
 * {@code benchmark/benchmark-macro/src/androidTest/.../perfetto/FrameTimingQueryTest.kt}: the first four frames of
 * {@code api31_scroll.perfetto-trace}, package {@code androidx.benchmark.integration.macrobenchmark.target}) on a
 * trace built here with slice timings that give those values: FrameDurationCpuNs [6881407, 5648542, 3830261,
 * 4343438], FrameDurationUiNs [2965052, 3246407, 1562188, 1945469], FrameDurationFullNs [15292863, 8800138, 6474705,
 * 8199845], FrameOverrunNs [-5207137, -11699862, -14025295, -12300155]. So expected − full = 20.5 ms for each: the
 * expected SurfaceFrame lasts 20.5 ms; the actual one starts at the expected start and ends at start + full; the UI
 * thread's doFrame starts 1 ms after it and lasts UI; RenderThread's DrawFrame runs from the end of doFrame to
 * doFrame's start + CPU. The real trace is not reachable here (AOSP prebuilts).
 */
class MacrobenchmarkGoldenTest {
    private static final String PKG = "androidx.benchmark.integration.macrobenchmark.target";
    private static final long[] CPU = {6881407, 5648542, 3830261, 4343438};
    private static final long[] UI = {2965052, 3246407, 1562188, 1945469};
    private static final long[] FULL = {15292863, 8800138, 6474705, 8199845};
    private static final long[] OVERRUN = {-5207137, -11699862, -14025295, -12300155};
    private static final int PID = 4000;
    private static final int RT = 4010;

    static byte[] trace() {
        SynthTrace t = new SynthTrace().addProcess(PID, 1, PKG).addThread(PID, PID, PKG.substring(PKG.length() - 15))
                .addThread(RT, PID, "RenderThread");
        for (int i = 0; i < 4; i++) {
            long e = 1_000_000_000L + i * 16_666_667L;   // expected start (one vsync apart)
            long token = 500 + i;
            long expectedDur = FULL[i] - OVERRUN[i];      // 20.5 ms
            t.addExpectedSurfaceFrameStartEvent(e, 2 * i + 1, token, 900 + i, PID, "TX - " + PKG + "/.Main#0");
            t.addFrameEndEvent(e + expectedDur, 2 * i + 1);
            t.addActualSurfaceFrameStartEvent(e, 2 * i + 2, token, 900 + i, PID, "TX - " + PKG + "/.Main#0", 1, 1, 0,
                    1, 1, null);
            t.addFrameEndEvent(e + FULL[i], 2 * i + 2);
            long u = e + 1_000_000L;
            t.addFtracePacket(0);
            t.addFrame(token, u, u + UI[i], PID, PID);
            t.addAtraceForThread(u + UI[i], u + CPU[i], "DrawFrame " + token, RT, PID);
        }
        return t.bytes();
    }

    @Test
    void theFirstFourFramesOfApi31ScrollGiveAndroidxsValues() throws Exception {
        TraceContents c = PerfettoTraceReader.read(new ByteArrayInputStream(trace()), "api31_scroll-like");
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(c, PKG, true);
        assertNotNull(s);
        double[] cpu = new double[4];
        double[] overrun = new double[4];
        for (int i = 0; i < 4; i++) {
            cpu[i] = CPU[i] / 1e6;
            overrun[i] = OVERRUN[i] / 1e6;
        }
        assertArrayEquals(cpu, s.cpuMs(), 1e-9);
        assertArrayEquals(overrun, s.overrunMs(), 1e-9);

        FrameTiming t = TraceAnalysis.analyze(c, EngineConfig.defaults(), PKG, null).summary().frameTiming();
        assertEquals(4, t.frameCount());
        // androidx MetricResult.getPercentile by hand: sorted CPU 3.830261 4.343438 5.648542 6.881407,
        // p50 = index 1.5 -> (4.343438 + 5.648542) / 2 = 4.99599; p90 = index 2.7 -> 5.648542 + 0.7 * 1.232865
        assertEquals(4.99599, t.cpu(50), 1e-9);
        assertEquals(5.648542 + 0.7 * (6.881407 - 5.648542), t.cpu(90), 1e-9);
        // sorted overrun -14.025295 -12.300155 -11.699862 -5.207137: p50 = (-12.300155 + -11.699862) / 2
        assertEquals((-12.300155 - 11.699862) / 2, t.overrun(50), 1e-9);
    }
}
