package io.fpsctl.cli;

import io.fpsctl.capture.SourceRequest;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every case of the app's own GPU time (docs/metrics.md 14 rule 10) with {@link GpuWorkCase}'s checks, on a stepped
 * clock: {@link SteppedCapture} runs what {@code fpsctl capture} runs against the simulator's shell in this process,
 * the clock moving only when the poll loop sleeps, so each read is placed where it was made and the result does not
 * depend on the machine's load. Android 14 with Adreno and 16 with Mali (a driver that reports
 * {@code gpu_work_period}), 14 with the closed profile (no tracepoint) and 12 (no GpuWork): the figure or its reason
 * is the simulator's text read and worked out, the same whichever way it is read; {@link GpuWorkEndToEndTest} keeps
 * Android 14 with Adreno through adb for the transport and the real-time placement. Untagged: it runs with the
 * CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class GpuWorkSteppedTest {

    @ParameterizedTest(name = "Android {0}, {1}")
    @CsvSource({"14, ADRENO", "16, MALI", "14, CLOSED", "12, ADRENO"})
    void theAppsGpuTimeEqualsTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String err = SteppedCapture.run(Scenarios.GPU_HEAVY,
                new SimOptions(AndroidVersion.of(android), 60, 11, GpuWorkCase.PKG).withGpu(gpu),
                SourceRequest.Kind.GFXINFO, 4, out, dir.resolve("truth.txt")).err();
        GpuWorkCase.check(android, gpu, dir, out, err, false);
    }
}
