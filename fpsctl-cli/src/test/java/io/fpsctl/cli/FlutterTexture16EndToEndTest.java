package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FlutterTextureEndToEndTest}'s checks of the simulated {@code flutter-texture} app through Debian's adb server
 * (auto measures the window's layer, every row and the jank against the truth's presents; {@code --source flutter}'s
 * joined rows carry the truth engine frame's build and raster; watch and gate on the same presents, gate's verdict
 * following the truth's jank, app jank blind with its reason where FrameTimeline runs), on Android 16 at 60 and
 * 120 Hz: one of the four classes the eight cases are split into so that they run side by side.
 */
@Tag("adb")
@Tag("e2e")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FlutterTexture16EndToEndTest {

    @ParameterizedTest(name = "Android {0} at {1} Hz")
    @CsvSource({"16, 60", "16, 120"})
    void autoMeasuresTheWindowAndFlutterGivesTheEnginesSplit(int android, int hz, @TempDir Path dir)
            throws Exception {
        FlutterTextureCase.run(android, hz, dir);
    }
}
