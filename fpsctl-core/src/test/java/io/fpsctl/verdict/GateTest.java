package io.fpsctl.verdict;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import static io.fpsctl.engine.EngineRun.HZ60;
import static io.fpsctl.engine.EngineRun.MS;
import static io.fpsctl.engine.EngineRun.T0;
import static io.fpsctl.engine.EngineRun.WINDOW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Summary;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class GateTest {

    private static GateCheck only(Gate gate, Summary s) {
        GateResult r = gate.evaluate(s);
        assertEquals(1, r.checks().size(), r.checks().toString());
        return r.checks().get(0);
    }

    private static GateCheck check(GateResult r, String metric) {
        return r.checks().stream().filter(c -> c.metric().equals(metric)).findFirst().orElseThrow();
    }

    private static Summary baseline(String json) throws IOException {
        return SummaryJsonReader.read(new StringReader("{\"schemaVersion\":1,\"source\":\"gfxinfo\",\"package\":\"p\","
                + json + "}"));
    }

    // ---- absolute thresholds ----

    @Test
    void minFpsIsInclusiveOnThePrintedValue() {
        Summary smooth = EngineRun.smooth60();
        assertTrue(smooth.fps() < 60.0, "the engine's fps is 59.9999988 at a 16 666 667 ns vsync");
        GateCheck pass = only(Gate.builder().minFps(60.0).build(), smooth);
        assertEquals(new GateCheck("fps", ">= 60.0", "60.0", Verdict.PASS, "fps 60.0 is >= 60.0"), pass);

        GateCheck fail = only(Gate.builder().minFps(60.0).build(), EngineRun.fps599());
        assertEquals(new GateCheck("fps", ">= 60.0", "59.9", Verdict.FAIL, "fps 59.9 is not >= 60.0"), fail);
    }

    @Test
    void aThresholdKeepsItsOwnPrecision() {
        GateCheck c = only(Gate.builder().minFps(59.95).build(), EngineRun.smooth60());
        assertEquals(">= 59.95", c.threshold());
        assertEquals(Verdict.PASS, c.verdict());
        assertEquals(Verdict.FAIL, only(Gate.builder().minFps(59.95).build(), EngineRun.fps599()).verdict());
    }

    @Test
    void maxJankPercentIsInclusiveAtTwoDecimals() {
        Summary s = EngineRun.fps599(); // 1 janky of 600: 0.1666… %
        GateCheck pass = only(Gate.builder().maxJankPercent(0.17).build(), s);
        assertEquals(Verdict.PASS, pass.verdict());
        assertEquals("0.17", pass.measured());
        assertEquals("<= 0.17", pass.threshold());
        GateCheck fail = only(Gate.builder().maxJankPercent(0.16).build(), s);
        assertEquals(Verdict.FAIL, fail.verdict());
        assertEquals("jankPercent 0.17 is not <= 0.16", fail.message());
    }

    @Test
    void frameTimePercentiles() {
        Summary s = EngineRun.threeWindows().engine.summary("com.example"); // p90 20 ms, p99 = max = 51 ms
        assertEquals(Verdict.PASS, only(Gate.builder().maxP90Ms(20.0).build(), s).verdict());
        assertEquals("20.00", only(Gate.builder().maxP90Ms(20.0).build(), s).measured());
        assertEquals(Verdict.FAIL, only(Gate.builder().maxP90Ms(19.99).build(), s).verdict());
        assertEquals(Verdict.PASS, only(Gate.builder().maxP99Ms(51.0).build(), s).verdict());
        GateCheck p99 = only(Gate.builder().maxP99Ms(50.99).build(), s);
        assertEquals(new GateCheck("p99Ms", "<= 50.99", "51.00", Verdict.FAIL, "p99Ms 51.00 is not <= 50.99"), p99);
    }

    @Test
    void maxFrozenCountsTheFrozenDropLevel() {
        List<RenderedFrame> frames = EngineRun.frames(T0, 30, 8 * MS, 1);
        frames.add(EngineRun.frame(T0 + 30 * HZ60, 710 * MS)); // 42 missed vsyncs: frozen
        Summary s = EngineRun.gfxinfo().block(WINDOW, frames).finish("com.example");
        assertEquals(new GateCheck("frozenFrames", "<= 0", "1", Verdict.FAIL, "frozenFrames 1 is not <= 0"),
                only(Gate.builder().maxFrozen(0L).build(), s));
        assertEquals(Verdict.PASS, only(Gate.builder().maxFrozen(1L).build(), s).verdict());
    }

    @Test
    void nothingMeasuredFailsEveryThreshold() {
        Gate gate = Gate.builder().minFps(30.0).maxJankPercent(100.0).maxP90Ms(1000.0).maxP99Ms(1000.0)
                .maxFrozen(10L).build();
        GateResult r = gate.evaluate(EngineRun.empty());
        assertEquals(List.of("fps", "jankPercent", "p90Ms", "p99Ms", "frozenFrames"),
                r.checks().stream().map(GateCheck::metric).toList());
        for (GateCheck c : r.checks()) {
            assertEquals(Verdict.FAIL, c.verdict(), c.metric());
            assertEquals(Gate.NO_FRAMES, c.measured());
            assertTrue(c.message().contains("no frames measured"), c.message());
        }
        assertEquals("fps: no frames measured (threshold >= 30.0)", r.checks().get(0).message());
        assertFalse(r.passed());
    }

    // ---- source-specific thresholds ----

    @Test
    void bigJankIsNotApplicableToGfxinfoAndDoesNotFail() {
        GateResult r = Gate.builder().minFps(60.0).maxBigJank(0L).build().evaluate(EngineRun.smooth60());
        GateCheck big = check(r, "bigJank");
        assertEquals(Verdict.NA, big.verdict());
        assertTrue(big.measured().startsWith("n/a"), big.measured());
        assertTrue(r.passed());
        assertEquals(1, r.count(Verdict.NA));
        assertEquals("gate PASSED: 2 checks, 0 failed, 1 n/a", r.headline());
    }

    @Test
    void bigJankGatesSurfaceFlinger() {
        Summary s = EngineRun.surfaceFlingerWithBigJank();
        assertEquals(new GateCheck("bigJank", "<= 0", "1", Verdict.FAIL, "bigJank 1 is not <= 0"),
                only(Gate.builder().maxBigJank(0L).build(), s));
        assertEquals(Verdict.PASS, only(Gate.builder().maxBigJank(1L).build(), s).verdict());
    }

    @Test
    void scrollFpsIsAHookThatIsNotApplicableUntilMeasured() {
        Gate gate = Gate.builder().minScrollFps(55.0).build();
        GateCheck absent = only(gate, EngineRun.smooth60());
        assertEquals(Verdict.NA, absent.verdict());
        assertEquals(">= 55.0", absent.threshold());
        assertEquals(Verdict.PASS, gate.evaluate(EngineRun.smooth60(), 55.0).checks().get(0).verdict());
        assertEquals(Verdict.FAIL, gate.evaluate(EngineRun.smooth60(), 54.9).checks().get(0).verdict());
    }

    // ---- baseline regression ----

    @Test
    void regressionAgainstAWrittenBaseline() throws IOException {
        Summary base = SummaryJsonReader.read(new StringReader(json(EngineRun.smooth60())));
        Summary now = EngineRun.fps599(); // fps 59.9, spanFps 60.0, jank 0.17 %, p90 8.00, p99 8.00, 1 dropped
        GateResult r = Gate.builder().baseline(base, 10).build().evaluate(now);
        assertEquals(List.of("fps vs baseline", "spanFps vs baseline", "jankPercent vs baseline", "p90Ms vs baseline",
                "p99Ms vs baseline", "droppedFrames vs baseline"), r.checks().stream().map(GateCheck::metric).toList());
        // baseline 0 % jank and 0 dropped (docs/metrics.md section 8: PCT does not apply, any printed value
        // above 0 regresses — 0.17 % and 1 dropped frame fail even at 10 %
        assertFalse(r.passed(), r.checks().toString());
        assertEquals(new GateCheck("fps vs baseline", ">= 54.0 (baseline 60.0 - 10%)", "59.9 (-0.2% vs 60.0)",
                Verdict.PASS, "fps vs baseline 59.9 (-0.2% vs 60.0) is >= 54.0 (baseline 60.0 - 10%)"),
                check(r, "fps vs baseline"));
        assertEquals("<= 8.80 (baseline 8.00 + 10%)", check(r, "p90Ms vs baseline").threshold());
        assertEquals("8.00 (+0.0% vs 8.00)", check(r, "p90Ms vs baseline").measured());
        assertEquals(new GateCheck("jankPercent vs baseline", "<= 0.00 (baseline 0: no worse)",
                "0.17 (from 0.00 to 0.17)", Verdict.FAIL,
                "jankPercent vs baseline 0.17 (from 0.00 to 0.17) is not <= 0.00 (baseline 0: no worse)"),
                check(r, "jankPercent vs baseline"));
        assertEquals("<= 0 (baseline 0: no worse)", check(r, "droppedFrames vs baseline").threshold());
        assertEquals(Verdict.FAIL, check(r, "droppedFrames vs baseline").verdict());
        assertEquals(List.of("jankPercent vs baseline", "droppedFrames vs baseline"), r.checks().stream()
                .filter(c -> c.verdict() == Verdict.FAIL).map(GateCheck::metric).toList());
        // the same run as its own baseline: from 0 to 0 is no regression
        GateResult same = Gate.builder().baseline(base, 10).build().evaluate(EngineRun.smooth60());
        assertEquals("0.00 (from 0.00 to 0.00)", check(same, "jankPercent vs baseline").measured());
        assertTrue(same.passed(), same.checks().toString());

        GateResult strict = Gate.builder().baseline(base, 0.1).build().evaluate(now);
        assertEquals(Verdict.FAIL, check(strict, "fps vs baseline").verdict());
        assertEquals(">= 59.94 (baseline 60.0 - 0.1%)", check(strict, "fps vs baseline").threshold());
        assertEquals(Verdict.PASS, check(strict, "spanFps vs baseline").verdict());
        assertEquals(Verdict.FAIL, check(strict, "jankPercent vs baseline").verdict());
        assertEquals(Verdict.FAIL, check(strict, "droppedFrames vs baseline").verdict());
        assertEquals(Verdict.PASS, check(strict, "p90Ms vs baseline").verdict());
    }

    @Test
    void regressionBoundsAreInclusiveAndExact() throws IOException {
        Summary now = EngineRun.smooth60(); // fps 60.0, p90 8.00
        // 75.0 × (1 − 20 %) = 60.0 exactly (as a double 75 * 0.8 is 60.00000000000001)
        Summary fast = baseline("\"frames\":60,\"timedFrames\":60,\"fps\":75.0");
        assertEquals(Verdict.PASS, check(Gate.builder().baseline(fast, 20).build().evaluate(now),
                "fps vs baseline").verdict());
        assertEquals(Verdict.FAIL, check(Gate.builder().baseline(fast, 19.9).build().evaluate(now),
                "fps vs baseline").verdict());
        // 6.40 × (1 + 25 %) = 8.00
        Summary quick = baseline("\"frames\":60,\"timedFrames\":60,\"frameTimeMs\":{\"p50\":6.4,\"p90\":6.40,\"p95\":6.4,"
                + "\"p99\":6.4,\"max\":6.4,\"mean\":6.4}");
        GateResult r = Gate.builder().baseline(quick, 25).build().evaluate(now);
        assertEquals(Verdict.PASS, check(r, "p90Ms vs baseline").verdict());
        assertEquals("8.00 (+25.0% vs 6.40)", check(r, "p90Ms vs baseline").measured());
        assertEquals(Verdict.FAIL, check(Gate.builder().baseline(quick, 24.9).build().evaluate(now),
                "p90Ms vs baseline").verdict());
    }

    @Test
    void aMetricTheBaselineLacksIsNotApplicableOneTheRunLacksFails() throws IOException {
        Summary base = baseline("\"frames\":1,\"timedFrames\":1,\"fps\":60.0,\"spanFps\":null");
        GateResult r = Gate.builder().baseline(base, 10).build().evaluate(EngineRun.empty());
        assertEquals(Verdict.FAIL, check(r, "fps vs baseline").verdict());
        assertEquals(Gate.NO_FRAMES, check(r, "fps vs baseline").measured());
        assertEquals(Verdict.NA, check(r, "spanFps vs baseline").verdict());
        assertEquals(Verdict.NA, check(r, "p90Ms vs baseline").verdict());
        assertEquals(Verdict.FAIL, check(r, "droppedFrames vs baseline").verdict(), "baseline had timed frames");
    }

    // ---- the gate as a whole ----

    @Test
    void checksComeInAFixedOrderAndOnlyForThresholdsThatAreSet() throws IOException {
        Gate gate = Gate.builder().maxBigJank(0L).minFps(1.0).maxP99Ms(100.0).minScrollFps(null).build();
        assertEquals(List.of("fps", "p99Ms", "bigJank"),
                gate.evaluate(EngineRun.smooth60()).checks().stream().map(GateCheck::metric).toList());
        assertTrue(Gate.builder().minFps(null).baseline(null, 5).build().isEmpty());
        assertTrue(Gate.builder().build().evaluate(EngineRun.smooth60()).passed(), "no checks: nothing failed");
        assertFalse(Gate.builder().maxFrozen(0L).build().isEmpty());
    }

    @Test
    void rejectsNegativeOrNonFiniteThresholds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Gate.builder().minFps(-1.0));
        assertEquals("--min-fps must be a number >= 0, got -1.0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Gate.builder().maxP90Ms(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Gate.builder().maxFrozen(-1L));
        assertThrows(IllegalArgumentException.class, () -> Gate.builder().baseline(EngineRun.smooth60(), -5));
    }

    private static String json(Summary s) throws IOException {
        java.io.StringWriter w = new java.io.StringWriter();
        SummaryJson.write(s, w, false);
        return w.toString();
    }
}
