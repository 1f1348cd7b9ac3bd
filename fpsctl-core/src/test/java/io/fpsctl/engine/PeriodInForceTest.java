package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The period in force (docs/metrics.md 2): the order of the sources worked by hand. */
class PeriodInForceTest {
    private final List<String> warnings = new ArrayList<>();

    private PeriodInForce period(double userHz) {
        EngineConfig c = EngineConfig.defaults();
        if (userHz > 0) {
            c = c.withUserRefreshPeriodNs(Math.round(1e9 / userHz));
        }
        return new PeriodInForce(c, warnings::add);
    }

    @Test
    void aFramesOwnValidPeriodWins() {
        PeriodInForce p = period(0);
        p.display(Frames.HZ90);
        assertEquals(Frames.HZ120, p.interval(Frames.HZ120));
        assertEquals(Frames.HZ90, p.interval(0), "no period of its own: the display's");
        assertEquals(Frames.HZ90, p.interval(2_000_000_000L), "over a second is not a period");
    }

    @Test
    void theDisplayThenTheUsersThenTheGridsThenSixtyHertzSaidOnce() {
        PeriodInForce p = period(0);
        assertTrue(p.awaitsGrid(), "nothing known: a saved dump's frames wait for the grid");
        assertEquals(EngineConfig.FALLBACK_PERIOD_NS, p.interval(0));
        assertEquals(EngineConfig.FALLBACK_PERIOD_NS, p.interval(-1));
        assertEquals(List.of("refresh rate unknown: assuming 60 Hz (pass --refresh-rate)"), warnings);
        p.grid(Frames.HZ120);
        assertFalse(p.awaitsGrid());
        assertEquals(Frames.HZ120, p.interval(0));
        p.display(0); // ignored: not a period
        p.display(-5);
        assertEquals(0, p.displayNs());
        p.display(Frames.HZ90);
        assertEquals(Frames.HZ90, p.interval(0), "the display's before the grid's");
    }

    @Test
    void theUsersRefreshRateComesBeforeTheGrid() {
        PeriodInForce p = period(90);
        assertFalse(p.awaitsGrid());
        p.grid(Frames.HZ120);
        assertEquals(1e9 / 90, p.interval(0), 1);
        p.display(Frames.HZ60);
        assertEquals(Frames.HZ60, p.interval(0), "the display's before --refresh-rate");
        assertTrue(warnings.isEmpty());
    }
}
