package io.fpsctl.capture;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole device matrix of {@link DeviceMatrixTest} (the 40 rows of its covering array, the other HWUI scenarios,
 * {@code --source auto} on games and Flutter apps, a game that starts late) with the same checks — every truth frame
 * of the span captured, none extra, the summary equal to {@link ReferenceSummary} — on a {@link SteppedClock}: the
 * simulator's shell in this process, the clock moving only when the capture loop sleeps. A 5 s capture then costs
 * the CPU of its polls and nothing else, and does not depend on the machine's load; the transport and real time
 * are what {@link DeviceMatrixTest}'s adb rows keep. Untagged: it runs with the CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DeviceMatrixSteppedTest {

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @MethodSource("io.fpsctl.capture.DeviceMatrixTest#matrix")
    void captureHoldsEveryTruthFrameAndTheReferenceSummary(int android, int hz, String scenario) throws Exception {
        DeviceMatrixTest.matrixCase(android, hz, scenario, false);
    }

    @ParameterizedTest(name = "Android 14 at 120 Hz, {0}")
    @ValueSource(strings = {"smooth", "freeze", "idle-bursts"})
    void otherScenariosToo(String scenario) throws Exception {
        DeviceMatrixTest.otherScenario(scenario, false);
    }

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {7, 14})
    void autoMeasuresTheGame(int android) throws Exception {
        DeviceMatrixTest.autoGame(android, false);
    }

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @CsvSource({"9, 60, flutter", "12, 120, flutter", "14, 60, flutter-release", "16, 120, flutter"})
    void autoMeasuresFlutterAppsOnTheirSurfaceView(int android, int hz, String scenario) throws Exception {
        DeviceMatrixTest.flutter(android, hz, scenario, false);
    }

    @Test
    void autoFollowsAGameThatStartsLate() throws Exception {
        DeviceMatrixTest.gameLate(false);
    }
}
