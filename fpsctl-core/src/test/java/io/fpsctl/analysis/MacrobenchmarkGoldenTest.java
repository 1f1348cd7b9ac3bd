package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static final long MS = 1_000_000L;
    private static final long B = 2_000_000_000L;

    /** One SurfaceFrame of {@code layer}: expected [es, ee], actual [as, ae] (ms after {@link #B}), token {@code id}. */
    private static void surfaceFrame(SynthTrace t, long[] cookie, int id, double es, double ee, double as, double ae,
                                     String layer, boolean withExpected) {
        if (withExpected) {
            t.addExpectedSurfaceFrameStartEvent(at(es), ++cookie[0], id, 900, PID, layer);
            t.addFrameEndEvent(at(ee), cookie[0]);
        }
        t.addActualSurfaceFrameStartEvent(at(as), ++cookie[0], id, 900, PID, layer, 1, 1, 0, 1, 1, null);
        t.addFrameEndEvent(at(ae), cookie[0]);
    }

    private static long at(double ms) {
        return B + Math.round(ms * MS);
    }

    /** doFrame {@code id} on the UI thread over [us, ue] and DrawFrame {@code id} on RenderThread over [rs, re] (ms). */
    private static void slices(SynthTrace t, int id, double us, double ue, double rs, double re) {
        t.addFtracePacket(0);
        t.addFrame(id, at(us), at(ue), PID, PID);
        t.addAtraceForThread(at(rs), at(re), "DrawFrame " + id, RT, PID);
    }

    /**
     * androidx's matching rules (FrameTimingQuery.kt {@code getFrameData}, room3 32acf57b; see {@link FrameTimingQuery})
     * on a trace built by hand, every value worked from those rules (times in ms after a base; L = the app's layer):
     * <ol>
     *   <li>A: expected 10 [0, 16], actual 10 [0, 12], doFrame 10 [1, 5], DrawFrame 10 [5, 20]: RenderThread ends
     *       after the actual (b/279088460): CPU 20 − 1 = 19, overrun max(12, 20) − 16 = +4 (actual.end − expected.end
     *       would say −4);</li>
     *   <li>B: doFrame/DrawFrame id 20 but SurfaceFrame id 27 (ids out of step, as api33_motionlayout's 1370869 /
     *       1370876): actual 27 [40.03, 52] starts 30 µs after doFrame [40, 43] (under the 50 µs slop) and holds its
     *       middle 41.5; expected by the actual's id, 27 [40, 56.5]; DrawFrame [43, 47]: CPU 7, overrun 52 − 56.5 =
     *       −4.5;</li>
     *   <li>C: actual 30 [80.06, 92] starts 60 µs after doFrame 30 [80, 83]: no actual, frame dropped;</li>
     *   <li>D: actuals 39 [118, 129] (expected [118, 134.5]) and 40 [119, 131] both hold doFrame 40 [120, 124]'s
     *       middle 122: the last one (40) is taken (the first would give −5.5); expected 40 [119, 135.5], DrawFrame
     *       [124, 127]: CPU 7, overrun 131 − 135.5 = −4.5;</li>
     *   <li>E: doFrame 41 [136, 140], actual 41 [136, 148], expected 41 [136, 152.5], DrawFrame [140, 142.5]: CPU 6.5,
     *       overrun −4.5;</li>
     *   <li>F: doFrame 42 [141, 143]: its middle 142 lies only in actual 41, already taken from the pool: dropped;</li>
     *   <li>H: two layers' actual 50 [160, 172] with the same token and times (one row after the query's UNION),
     *       expected 50 [160, 176.5], doFrame [161, 165], DrawFrame [165, 170]: CPU 9, overrun −4.5; then doFrame 51
     *       [166, 168] (middle 167, inside actual 50, whose one copy was taken): dropped.</li>
     * </ol>
     * Five frames: CPU [19, 7, 7, 6.5, 9], overrun [4, −4.5, −4.5, −4.5, −4.5].
     */
    @Test
    void androidxsMatchingRulesOnAHandBuiltTrace() throws Exception {
        String l = "TX - " + PKG + "/.Main#0";
        SynthTrace t = new SynthTrace().addProcess(PID, 1, PKG).addThread(PID, PID, PKG.substring(PKG.length() - 15))
                .addThread(RT, PID, "RenderThread");
        long[] cookie = {0};
        surfaceFrame(t, cookie, 10, 0, 16, 0, 12, l, true);
        slices(t, 10, 1, 5, 5, 20);
        surfaceFrame(t, cookie, 27, 40, 56.5, 40.03, 52, l, true);
        slices(t, 20, 40, 43, 43, 47);
        surfaceFrame(t, cookie, 30, 80, 96.5, 80.06, 92, l, true);
        slices(t, 30, 80, 83, 83, 86);
        surfaceFrame(t, cookie, 39, 118, 134.5, 118, 129, l, true);
        surfaceFrame(t, cookie, 40, 119, 135.5, 119, 131, l, true);
        slices(t, 40, 120, 124, 124, 127);
        surfaceFrame(t, cookie, 41, 136, 152.5, 136, 148, l, true);
        slices(t, 41, 136, 140, 140, 142.5);
        slices(t, 42, 141, 143, 143, 146);
        surfaceFrame(t, cookie, 50, 160, 176.5, 160, 172, l, true);
        surfaceFrame(t, cookie, 50, 160, 176.5, 160, 172, "TX - " + PKG + "/.Other#1", false);
        slices(t, 50, 161, 165, 165, 170);
        slices(t, 51, 166, 168, 170.5, 171);
        TraceContents c = PerfettoTraceReader.read(new ByteArrayInputStream(t.bytes()), "matching");
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(c, PKG, true);
        assertNotNull(s);
        assertArrayEquals(new double[] {19, 7, 7, 6.5, 9}, s.cpuMs(), 1e-9);
        assertArrayEquals(new double[] {4, -4.5, -4.5, -4.5, -4.5}, s.overrunMs(), 1e-9);
        assertEquals(5, FrameTimingQuery.of(c, PKG, true).frameCount());
    }

    /** processNameLikePkg: exact, {@code pkg:…}, the last 15 characters of a longer package, ASCII case ignored. */
    @Test
    void processNamesMatchAsAndroidxsLikeDoes() {
        assertTrue(FrameTimingQuery.ofPackage(PKG, PKG));
        assertTrue(FrameTimingQuery.ofPackage(PKG + ":remote", PKG));
        assertTrue(FrameTimingQuery.ofPackage(PKG.substring(PKG.length() - 15), PKG));
        assertTrue(FrameTimingQuery.ofPackage(PKG.toUpperCase(java.util.Locale.ROOT), PKG));
        assertFalse(FrameTimingQuery.ofPackage(PKG.substring(PKG.length() - 14), PKG));
        assertFalse(FrameTimingQuery.ofPackage(PKG + "x", PKG));
        assertFalse(FrameTimingQuery.ofPackage("com.example", "com.example.feed"));
        // LIKE's '_' is any one character, as in androidx's query; '.' is a plain character
        assertTrue(FrameTimingQuery.ofPackage("com.myXapp", "com.my_app"));
        assertTrue(FrameTimingQuery.ofPackage("com.myXapp:sync", "com.my_app"));
        assertFalse(FrameTimingQuery.ofPackage("com.myapp", "com.my_app"));
        assertFalse(FrameTimingQuery.ofPackage("comXmyapp", "com.myapp"));
        // only ASCII case is folded (sqlite3UpperToLower): 'É' is not 'é', while 'E' is 'e'
        assertTrue(FrameTimingQuery.ofPackage("com.CAFE", "com.cafe"));
        assertFalse(FrameTimingQuery.ofPackage("com.cafÉ", "com.café"));
    }

    /** SQLite's LIKE worked by hand: '%' any run (also none), '_' exactly one code point, ASCII case only. */
    @Test
    void likeIsSqlitesLike() {
        assertTrue(FrameTimingQuery.like("abc", "a%"));
        assertTrue(FrameTimingQuery.like("a", "a%"));
        assertTrue(FrameTimingQuery.like("abc", "%c"));
        assertTrue(FrameTimingQuery.like("abcbc", "%b_"));
        assertTrue(FrameTimingQuery.like("a\uD83D\uDE00c", "a_c"));   // one code point, two UTF-16 units
        assertFalse(FrameTimingQuery.like("abc", "a_"));
        assertFalse(FrameTimingQuery.like("ab", "a_c%"));
        assertTrue(FrameTimingQuery.like("x:y:z", "x:%:z"));
        assertFalse(FrameTimingQuery.like("x:y:zz", "x:%:z"));
        assertTrue(FrameTimingQuery.like("", "%"));
        assertFalse(FrameTimingQuery.like("", "_"));
    }
}
