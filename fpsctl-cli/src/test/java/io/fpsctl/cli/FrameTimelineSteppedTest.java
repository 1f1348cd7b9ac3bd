package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every check of {@link FrameTimelineEndToEndTest} but the gate's exit codes (the command line's own), with the same
 * assertion code, on a stepped clock: {@link SteppedCapture} runs what {@code fpsctl capture} runs against the
 * simulator's shell in this process, the clock moving only when the poll loop sleeps. The 8 scenario/version cases
 * (the FrameTimeline dump of Android 12 to 16, jank, system jank and freezes with expired predictions), the game's
 * SurfaceView layer, the default {@code --source auto} and Android 11's null: about 40 s of captures in a few CPU
 * seconds, whatever the machine's load. Untagged: it runs with the CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FrameTimelineSteppedTest {

    @ParameterizedTest(name = "{0} on Android {1}")
    @MethodSource("io.fpsctl.cli.FrameTimelineEndToEndTest#summaryCases")
    void summaryCountsEqualTheTruth(String scenario, int android, @TempDir Path dir) throws Exception {
        FrameTimelineEndToEndTest.summaryCase(scenario, android, dir, false);
    }

    @Test
    void gameLayerIsAttributedThroughItsSurfaceFrames(@TempDir Path dir) throws Exception {
        FrameTimelineEndToEndTest.gameCase(dir);
    }

    @Test
    void autoSourceJoins(@TempDir Path dir) throws Exception {
        FrameTimelineEndToEndTest.autoSourceJoins(dir);
    }

    @Test
    void android11IsNullWithOneWarning(@TempDir Path dir) throws Exception {
        FrameTimelineEndToEndTest.android11IsNullWithOneWarning(dir);
    }
}
