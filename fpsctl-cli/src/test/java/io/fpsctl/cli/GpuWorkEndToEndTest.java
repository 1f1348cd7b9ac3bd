package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The app's own GPU time end to end (docs/metrics.md 14 rule 10): {@code capture} of a GPU-heavy app on a simulated
 * phone through Debian's adb server, checked by {@link GpuWorkCase} (the run's {@code resources.gpu.appActiveMs}
 * equals the simulator's truth, each window's {@code appGpuMs} a part of it no longer than the window).
 *
 * <p>Every case (Android 14 and 16 with a driver that reports {@code gpu_work_period}, the closed profile without
 * it, Android 12 without GpuWork) runs in {@link GpuWorkSteppedTest} with the same checks on a stepped clock.
 * Through adb in real time only Android 14 with Adreno: {@code dumpsys gpu --gpuwork} in every poll's batch through
 * the transport, the run's figure exact, and the windows between two reads carrying a part of it wherever the polls
 * really came. How close each window's figure is to the truth's line at its edges depends on where the reads were
 * placed, at the end of polls that beside six other test JVMs run late: that is checked on the stepped clock, where a
 * read is placed where it was made ({@link GpuWorkCase#check}). The unavailable cases' reasons and Android 16's
 * table are the simulator's text whichever way it is read: stepped only. Was the 4 cases through adb: 25 s.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class GpuWorkEndToEndTest {

    @ParameterizedTest(name = "Android {0}, {1}")
    @CsvSource({"14, ADRENO"})
    void theAppsGpuTimeEqualsTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        Cli r;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(Scenarios.GPU_HEAVY),
                new SimOptions(AndroidVersion.of(android), 60, 11, GpuWorkCase.PKG).withGpu(gpu), 0, truth, false,
                null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            r = Cli.run("capture", GpuWorkCase.PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(),
                    "--duration", "4s", "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
        }
        GpuWorkCase.check(android, gpu, dir, out, r.err, true);
    }
}
