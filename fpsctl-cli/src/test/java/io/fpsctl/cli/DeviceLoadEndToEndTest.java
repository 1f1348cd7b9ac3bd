package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * GPU, power and network end to end (docs/metrics.md section 14): {@code capture} from a simulated phone through
 * Debian's adb server in real time. The run's figures must equal the simulator's truth ({@code t.load.jsonl}: what
 * each read printed) through {@link DeviceLoadCase}'s reference calculation; a closed node is "unavailable" with its
 * reason in every output.
 *
 * <p>Every phone of {@link DeviceLoadCase#phones()} (Android 8, 10, 12, 14, 16 × Adreno, Mali, closed) runs in
 * {@link DeviceLoadSteppedTest} (untagged, the CPU set) with the same checks on a stepped clock, the simulator's
 * shell in-process ({@link SteppedCapture}). Through {@code fpsctl} and adb in real time (this class) only the
 * phones where the transport, the command line or real time add something:
 * <ul>
 *   <li>Android 8 with Adreno: the app's xt_qtaguid bytes and the device's read through adbd while a download runs,
 *       the reads dated by /proc/uptime when the polls really came (the reference dates them the same way:
 *       {@link DeviceLoadCase.Batch#seconds()}), and the app's read a moment before the device's in each batch
 *       (bounded from the truth's own dates);</li>
 *   <li>Android 14 with Adreno: GPU-bound frames labelled by GPU reads that come in real time, and the two dumpsys
 *       of an eBPF phone's batch (netd's map, gpuservice) through the transport.</li>
 * </ul>
 * The other 13 phones differ only in the files the simulator prints (the GPU files follow the profile, the network
 * files the version: DeviceLoadFiles), which is the same text whichever way it is read, and the closed GPU's
 * "Permission denied" through adb is in {@link DeviceLoadGateEndToEndTest}: stepped only. The gates (the command
 * line's exit codes and words) are in {@link DeviceLoadGateEndToEndTest}. Was all 15 phones and the gates in one
 * class: 78 s through adb.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class DeviceLoadEndToEndTest {

    @ParameterizedTest(name = "Android {0}, {1}")
    @CsvSource({"8, ADRENO", "14, ADRENO"})
    void gpuPowerAndNetworkEqualTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        String err;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(DeviceLoadCase.scenario(android)),
                DeviceLoadCase.options(android, gpu), 0, truth, false, null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("capture", DeviceLoadCase.PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(),
                    "--duration", "4s", "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
            err = r.err;
        }
        DeviceLoadCase.check(android, gpu, dir, out, err, true);
    }
}
