package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.Source;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code --source auto} cases of the device matrix through Debian's adb server in (scaled) real time, with the
 * checks of {@link DeviceMatrixTest#runCase} (every truth frame of the span captured, none extra, the summary equal
 * to {@link ReferenceSummary}): the games on Android 7 (untitled SurfaceView) and 14 (BLAST), one Flutter app, the
 * game that starts late and the FlutterSurfaceView created after the probe. Split from {@link DeviceMatrixTest} (its
 * own adb server, so the two run beside each other) so that no class runs long; every case also runs stepped in
 * {@link DeviceMatrixSteppedTest}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("adb")
@Tag("e2e")
class DeviceMatrixAutoTest {
    private static int adbPort;
    @TempDir
    static Path adbHome;

    @BeforeAll
    static void startAdbServer() throws Exception {
        adbPort = DeviceMatrixTest.startAdbServer(adbHome); // Debian's adb
    }

    @AfterAll
    static void stopAdbServer() throws Exception {
        DeviceMatrixTest.stopAdbServer(adbPort);
    }

    /** {@link DeviceMatrixTest#autoGame}: the main figures are the SurfaceView's, the HWUI overlay beside them. */
    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {7, 14})
    void autoMeasuresTheGame(int android) throws Exception {
        DeviceMatrixTest.autoGame(android, adbPort);
    }

    /** {@link DeviceMatrixTest#flutter}: through adb once (the layer's name quoted through adbd's shell). */
    @Test
    void autoMeasuresAFlutterAppOnItsSurfaceView() throws Exception {
        DeviceMatrixTest.flutter(16, 120, "flutter", adbPort);
    }

    /** {@link DeviceMatrixTest#gameLate}: a game that starts 5 s after its menu. */
    @Test
    void autoFollowsAGameThatStartsLate() throws Exception {
        DeviceMatrixTest.gameLate(adbPort);
    }

    /**
     * A FlutterSurfaceView app probed before its SurfaceView layer exists (a fresh start, {@code --restart-app}:
     * the engine and {@code 1.raster} run from {@code FlutterActivity.onCreate}, the layer comes later;
     * {@code flutter-late-surface}): auto starts on the window's layer, as for a texture app, then follows the
     * SurfaceView layer when it appears, as it follows a late game, and measures exactly its truth frames.
     */
    @Test
    void autoFollowsAFlutterSurfaceViewCreatedAfterTheProbe() throws Exception {
        DeviceMatrixTest.Run run = DeviceMatrixTest.runCase(14, 60, "flutter-late-surface", SourceRequest.Kind.AUTO, 8,
                adbPort);
        assertTrue(run.layerAfterProbe(), "the layer was created after auto's probe and first listing");
        assertTrue(run.initialDescribe().contains("MainActivity") && !run.initialDescribe().contains("SurfaceView"),
                "the probe (1 s) came before the layer (" + Scenarios.LATE_SURFACE_MS + " ms): "
                + run.initialDescribe());
        assertEquals(Source.SURFACEFLINGER, run.summary().source(), run.notes().toString());
        assertTrue(run.describe().contains("SurfaceView["), run.describe());
        int i = 0;
        while (i < run.notes().size() && !run.notes().get(i).contains("now measuring SurfaceFlinger layer 'SurfaceView[")) {
            i++;
        }
        assertTrue(i < run.notes().size(), "a switch note: " + run.notes());
        // the layer list is read once a poll (at most 500 ms apart, more on a loaded machine): within a few polls
        long late = run.noteTimes().get(i) - run.firstGameFrame();
        assertTrue(late > 0 && late < 2_500_000_000L, "switched " + late / 1e6 + " ms after the first engine frame: "
                + run.notes());
    }
}
