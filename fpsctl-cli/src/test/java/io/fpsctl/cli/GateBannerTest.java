package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** gate --iterations prints the measuring banner once, and one short line per later iteration. */
@Tag("e2e")
class GateBannerTest {
    @Test
    void laterIterationsGetOneShortLine() {
        Cli r = Cli.run("gate", "com.example.feed", "--simulate=smooth", "--source", "gfxinfo", "--duration", "1s",
                "--iterations", "3", "--min-fps", "1");
        assertEquals(0, r.exit, r.toString());
        assertEquals(1, r.err.lines().filter(l -> l.contains("measuring com.example.feed on ")).count(), r.err);
        assertEquals(java.util.List.of("fpsctl: iteration 2/3: measuring for 1 s (gfxinfo framestats, as before)",
                "fpsctl: iteration 3/3: measuring for 1 s (gfxinfo framestats, as before)"),
                r.err.lines().filter(l -> l.endsWith("as before)")).toList(), r.err);
    }
}
