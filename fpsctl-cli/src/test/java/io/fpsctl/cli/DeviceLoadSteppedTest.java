package io.fpsctl.cli;

import io.fpsctl.sim.device.GpuProfile;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every phone of {@link DeviceLoadEndToEndTest} (Android 8 to 16, Adreno, Mali and closed GPU nodes) with the same
 * checks against the simulator's {@code t.load.jsonl} truth, on a stepped clock: {@link SteppedCapture} runs what
 * {@code fpsctl capture} runs against the simulator's shell in this process, the clock moving only when the poll
 * loop sleeps, so each read is dated exactly when it was polled and the result does not depend on the machine's
 * load. The gates and the transport stay in the end-to-end class. Untagged: it runs with the CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DeviceLoadSteppedTest {

    @ParameterizedTest(name = "Android {0}, {1}")
    @MethodSource("io.fpsctl.cli.DeviceLoadEndToEndTest#phones")
    void gpuPowerAndNetworkEqualTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        DeviceLoadEndToEndTest.phoneCase(android, gpu, dir, false);
    }
}
