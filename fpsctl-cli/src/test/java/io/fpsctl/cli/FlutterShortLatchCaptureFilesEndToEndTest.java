package io.fpsctl.cli;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FlutterCaptureFilesEndToEndTest}'s check on the {@code flutter-short-latch} scenario (SurfaceFlinger latching
 * 0.3 of a period before the present: buffers presented less than a period after their raster finished, which the
 * join must not pair with the next present, docs/metrics.md 16 rule 9): every joined frames.csv row carries the truth
 * frame's build, raster and longer thread. Its own class so that the five captures run side by side. In the
 * simulator such buffers come only in the app's first second, before its first slow frame stuffs the layer's queue
 * (see {@link FlutterCaptureFilesCase}): the capture, which starts later, checks the scenario's joins after that.
 */
@Tag("adb")
@Tag("e2e")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FlutterShortLatchCaptureFilesEndToEndTest {

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @CsvSource({"14, 60, flutter-short-latch", "12, 60, flutter-short-latch"})
    void theFilesHoldTheSplitOfTheFramesTheUserSaw(int android, int hz, String scenario, @TempDir Path dir)
            throws Exception {
        FlutterCaptureFilesCase.run(android, hz, scenario, dir);
    }
}
