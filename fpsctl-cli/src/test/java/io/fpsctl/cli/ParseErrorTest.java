package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Parse errors name what is wrong: a mistyped option or command gets a suggestion, a unitless duration its unit. */
@Tag("e2e")
class ParseErrorTest {

    private static String firstLine(Cli r) {
        return r.err.lines().findFirst().orElse("");
    }

    @Test
    void aMistypedOptionAfterABareSimulateIsAnUnknownOptionNotAScenario() {
        Cli r = Cli.run("watch", "com.example.feed", "--simulate", "--durration", "20s");
        assertEquals(ExitCode.USAGE, r.exit, r.toString());
        assertEquals("fpsctl: unknown option '--durration' (did you mean --duration?)", firstLine(r));
        assertFalse(r.err.contains("scenario"), r.err);
    }

    @Test
    void aMistypedCommandGetsDidYouMean() {
        Cli r = Cli.run("wach", "com.example.feed");
        assertEquals(ExitCode.USAGE, r.exit, r.toString());
        assertTrue(firstLine(r).endsWith("(did you mean watch?)"), r.err);
    }

    @Test
    void aDurationWithoutAUnitIsRefusedNamingTheUnits() {
        // seconds here, milliseconds in flashlight: fpsctl does not guess
        Cli r = Cli.run("watch", "com.example.feed", "--simulate", "--duration", "20");
        assertEquals(ExitCode.USAGE, r.exit, r.toString());
        assertEquals("fpsctl: Invalid value for option '--duration': '20' has no unit: write 20s for seconds "
                + "(or 20ms, 20m)", firstLine(r));
    }

    @Test
    void aScenarioNameStillWorksAfterSimulate() {
        Cli r = Cli.run("gate", "com.example.feed", "--simulate", "smooth", "--duration", "1s", "--min-fps", "1");
        assertEquals(0, r.exit, r.toString());
    }
}
