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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The app's bytes on an eBPF phone end to end (docs/metrics.md 14 rule 11): {@code capture} of an app that downloads
 * while it scrolls, through Debian's adb server, checked by {@link AppUidStatsCase} against the simulator's truth.
 *
 * <p>Every case (Android 13's {@code dumpsys connectivity trafficcontroller}, 14's and 16's {@code dumpsys netstats},
 * 12 where no service the shell may dump prints the map) runs in {@link AppUidStatsSteppedTest} with the same checks
 * on a stepped clock. Through adb in real time only Android 14: netd's map in {@code dumpsys netstats} in every poll's
 * batch through the transport, the run's bytes exact and each window's share of the device's bytes wherever the polls
 * really came. How close each window's bytes are to the truth's line at its edges depends on where the reads were
 * placed, at the end of polls that beside six other test JVMs run late: that is checked on the stepped clock. The
 * other versions' dumps and Android 12's reason are the simulator's text whichever way it is read: stepped only.
 * Was the 4 cases through adb: 17 s.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class AppUidStatsEndToEndTest {

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {14})
    void theAppsBytesEqualTheTruth(int android, @TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("download"),
                new SimOptions(AndroidVersion.of(android), 60, 11, AppUidStatsCase.PKG).withGpu(GpuProfile.ADRENO), 0,
                truth, false, null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("capture", AppUidStatsCase.PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(),
                    "--duration", "4s", "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
        }
        AppUidStatsCase.check(android, dir, out, true);
    }
}
