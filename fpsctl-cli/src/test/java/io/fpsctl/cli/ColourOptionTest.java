package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** --no-color and https://no-color.org: NO_COLOR set and not empty turns colours off. */
@Tag("e2e")
class ColourOptionTest {
    @Test
    void noColorOptionAndEnvironment() {
        assertTrue(ColourOption.allowed(false, Map.of("TERM", "xterm-256color")));
        assertFalse(ColourOption.allowed(true, Map.of("TERM", "xterm-256color")), "--no-color");
        assertFalse(ColourOption.allowed(false, Map.of("NO_COLOR", "1")), "NO_COLOR=1");
        assertFalse(ColourOption.allowed(false, Map.of("NO_COLOR", "0")), "any non-empty value, even 0");
        assertTrue(ColourOption.allowed(false, Map.of("NO_COLOR", "")), "an empty NO_COLOR does not count");
        assertFalse(ColourOption.allowed(false, Map.of("TERM", "dumb")), "a dumb terminal has no colours");
    }

    @Test
    void watchAndGateAcceptNoColor() {
        Cli r = Cli.run("gate", "com.example.feed", "--simulate=smooth", "--duration", "1s", "--min-fps", "1",
                "--no-color");
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exit, r.toString());
        assertFalse(r.out.contains("\u001b["), r.out);
    }
}
