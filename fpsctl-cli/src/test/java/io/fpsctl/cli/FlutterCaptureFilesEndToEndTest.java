package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code capture} of a simulated Flutter app through Debian's adb server (docs/metrics.md 16 rules 4 and 9): every
 * frames.csv row the simulator's truth says was a Flutter frame's buffer carries that frame's build and raster time
 * and the longer thread, by a reference calculation from the truth file ({@code truth.flutter.tsv}: the
 * engine's phases in device ns and the buffer's present time), not by fpsctl's code; summary.json holds the
 * {@code flutter} block with the budget of the display's rate. A release build has no cells and a null block with
 * the reason among the warnings. The reference is {@link FlutterCaptureFilesCase}'s; the {@code flutter-short-latch}
 * cases (buffers presented less than a period after their raster finished) run in
 * {@link FlutterShortLatchCaptureFilesEndToEndTest}, beside this class, so that neither takes five 4 s captures in a
 * row.
 */
@Tag("adb")
@Tag("e2e")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FlutterCaptureFilesEndToEndTest {

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @CsvSource({"12, 120, flutter", "14, 60, flutter", "9, 60, flutter-release"})
    void theFilesHoldTheSplitOfTheFramesTheUserSaw(int android, int hz, String scenario, @TempDir Path dir)
            throws Exception {
        FlutterCaptureFilesCase.run(android, hz, scenario, dir);
    }
}
