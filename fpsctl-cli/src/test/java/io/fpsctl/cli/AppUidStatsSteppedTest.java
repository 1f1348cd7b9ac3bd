package io.fpsctl.cli;

import io.fpsctl.capture.SourceRequest;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.SimOptions;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every case of the app's bytes on an eBPF phone (docs/metrics.md 14 rule 11) with {@link AppUidStatsCase}'s checks,
 * on a stepped clock: {@link SteppedCapture} runs what {@code fpsctl capture} runs against the simulator's shell in
 * this process, the clock moving only when the poll loop sleeps, so each read is placed where it was made and each
 * window's bytes can be held to the truth's line at its edges whatever the machine's load. Android 13, 14, 16 and
 * 12 (unavailable); {@link AppUidStatsEndToEndTest} keeps Android 14 through adb. Untagged: it runs with the
 * CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class AppUidStatsSteppedTest {

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {13, 14, 16, 12})
    void theAppsBytesEqualTheTruth(int android, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        SteppedCapture.run("download",
                new SimOptions(AndroidVersion.of(android), 60, 11, AppUidStatsCase.PKG).withGpu(GpuProfile.ADRENO),
                SourceRequest.Kind.GFXINFO, 4, out, dir.resolve("truth.txt"));
        AppUidStatsCase.check(android, dir, out, false);
    }
}
