package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulated {@code flutter-texture} app (a FlutterTextureView embedding, docs/metrics.md 16.1) through Debian's
 * adb server: its frames are the activity window's (no SurfaceView layer), and a slow engine frame is a vsync the
 * window skips, not a long HWUI frame. So {@code --source auto} measures the window's SurfaceFlinger layer: every
 * frame it reports is a truth present of the window's layer, judged on the truth's present interval (the reference
 * calculation {@link FlutterTextureCase#truthJanky}: {@code round(gap / T) − 1 ≥ 1}, docs/metrics.md 3), and its jank
 * equals the truth's, which HWUI's frame durations would have put at 0 %; {@code --source flutter} measures the same layer and
 * every frames.csv row joined with a Flutter frame carries the build and raster of the truth engine frame that window
 * frame composited ({@code truth.flutter.tsv}, the reference of {@link FlutterCaptureFilesEndToEndTest});
 * {@code watch} and {@code gate} on auto measure the same presents, and gate's verdict follows the truth's jank
 * ({@link FlutterTextureCase#gateAgainstTruth}).
 *
 * <p>The eight cases (Android 9, 12, 14 and 16 at 60 and 120 Hz) run in four classes, one per version (this one:
 * Android 9; {@link FlutterTexture12EndToEndTest}, {@link FlutterTexture14EndToEndTest},
 * {@link FlutterTexture16EndToEndTest}), so that the e2e set's JVMs run them side by side: a case is about 11 s of
 * captures in real time, eight in one class made it the suite's longest (~95 s at seven JVMs). They stay through
 * adb and in real time: the notes are the command line's ({@code FlutterRun}), the split needs the Dart VM service
 * reached through adb's forward while the app draws, and gate's verdict is on a stretch of real time after watch.
 */
@Tag("adb")
@Tag("e2e")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FlutterTextureEndToEndTest {

    @ParameterizedTest(name = "Android {0} at {1} Hz")
    @CsvSource({"9, 60", "9, 120"})
    void autoMeasuresTheWindowAndFlutterGivesTheEnginesSplit(int android, int hz, @TempDir Path dir)
            throws Exception {
        FlutterTextureCase.run(android, hz, dir);
    }
}
