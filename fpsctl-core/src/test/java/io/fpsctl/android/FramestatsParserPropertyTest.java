package io.fpsctl.android;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assertions;

/** Random and mutated framestats dumps through parser and engine: nothing escapes, everything terminates. */
class FramestatsParserPropertyTest {

    private static Summary run(byte[] bytes) throws IOException {
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        FramestatsDump d = new FramestatsParser(engine, new GfxinfoSummaryReader()::line)
                .parse(new ByteArrayInputStream(bytes));
        Assertions.assertTrue(d.malformedRows() >= 0 && d.rows() >= 0);
        return engine.summary("p");
    }

    @Property(tries = 300)
    void randomBytesNeverThrow(@ForAll byte[] bytes) throws IOException {
        run(bytes);
    }

    @Property(tries = 300)
    void mutatedDumpsNeverThrow(@ForAll("mutatedDumps") String dump) throws IOException {
        Summary s = run(dump.getBytes(StandardCharsets.UTF_8));
        Assertions.assertTrue(s.frames() >= 0 && s.timedFrames() <= s.frames());
    }

    @Provide
    Arbitrary<String> mutatedDumps() {
        Arbitrary<Integer> layout = Arbitraries.of(14, 16, 17, 22, 23, 24, 26);
        Arbitrary<Integer> cut = Arbitraries.integers().between(0, 100_000);
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 100_000);
        Arbitrary<String> junk = Arbitraries.of("", ",", "-", "9223372036854775807", "99999999999999999999",
                "---PROFILEDATA---\n", "\n", "Window: x\n", "\r\n", "0,0,0,", "-1,", "x");
        return Combinators.combine(layout, cut, at, junk).as((cols, c, a, j) -> {
            String base = SyntheticFramestats.dump("com.example", SyntheticFramestats.window(cols,
                    "com.example/com.example.A", SyntheticFramestats.rows(1_000_000_000_000L, 30, 8_333_333L,
                            4_000_000, 40_000_000, 400_000_000)));
            int pos = a % (base.length() + 1);
            String mutated = base.substring(0, pos) + j + base.substring(pos);
            return mutated.substring(0, Math.min(mutated.length(), c % (mutated.length() + 1) + mutated.length() / 2));
        });
    }

    @Property(tries = 50)
    void largeRowCountsAreStreamed(@ForAll("rowCounts") int n) throws IOException {
        String text = SyntheticFramestats.dump("com.example", SyntheticFramestats.window(23, "w",
                SyntheticFramestats.rows(1_000_000_000_000L, n, 8_333_333L, 4_000_000)));
        Assertions.assertEquals(n, run(text.getBytes(StandardCharsets.UTF_8)).frames());
    }

    @Provide
    Arbitrary<Integer> rowCounts() {
        return Arbitraries.integers().between(0, 5000);
    }

}
