package io.fpsctl.cli;

import io.fpsctl.capture.SourceRequest;
import io.fpsctl.sim.device.GpuProfile;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every phone of {@link DeviceLoadCase#phones()} (Android 8, 10, 12, 14, 16 × Adreno, Mali and closed GPU nodes)
 * with {@link DeviceLoadCase#check}'s checks against the simulator's {@code t.load.jsonl} truth, on a stepped clock:
 * {@link SteppedCapture} runs what {@code fpsctl capture} runs against the simulator's shell in this process, the
 * clock moving only when the poll loop sleeps, so each read is dated exactly when it was polled and the result does
 * not depend on the machine's load. The 13 phones that {@link DeviceLoadEndToEndTest} does not run through adb are
 * checked here only (its class comment says why); the gates and the transport stay in the end-to-end classes.
 * Untagged: it runs with the CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DeviceLoadSteppedTest {

    @ParameterizedTest(name = "Android {0}, {1}")
    @MethodSource("io.fpsctl.cli.DeviceLoadCase#phones")
    void gpuPowerAndNetworkEqualTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String err = SteppedCapture.run(DeviceLoadCase.scenario(android), DeviceLoadCase.options(android, gpu),
                SourceRequest.Kind.GFXINFO, 4, out, dir.resolve("truth.txt")).err();
        DeviceLoadCase.check(android, gpu, dir, out, err, false);
    }
}
