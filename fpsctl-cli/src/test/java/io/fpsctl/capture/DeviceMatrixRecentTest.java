package io.fpsctl.capture;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The device matrix rows through Debian's adb server in (scaled) real time for Android 13 … 16, and Android 6 at 144 Hz
 * (the slowest transport beside the ring that fills fastest), with {@link DeviceMatrixTest}'s checks: every truth
 * frame of the span captured, none missing, duplicated or extra, the summary equal to {@link ReferenceSummary}.
 * Split from {@link DeviceMatrixTest} (its own adb server, so the two run beside each other) so that no class runs
 * long; every row also runs stepped in {@link DeviceMatrixSteppedTest}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("adb")
@Tag("e2e")
class DeviceMatrixRecentTest {
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

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @MethodSource("io.fpsctl.capture.DeviceMatrixTest#adbRowsFrom13")
    void captureHoldsEveryTruthFrameAndTheReferenceSummary(int android, int hz, String scenario) throws Exception {
        DeviceMatrixTest.matrixCase(android, hz, scenario, adbPort);
    }
}
