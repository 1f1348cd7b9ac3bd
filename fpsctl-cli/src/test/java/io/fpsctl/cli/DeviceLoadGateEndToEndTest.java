package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * GPU, power and network through the command line (docs/metrics.md section 14), from a simulated phone through
 * Debian's adb server: a gate threshold on a figure the phone does not give fails (exit 1) with the reason, a
 * closed GPU node's "Permission denied" among them, and an Android 9 phone that counts traffic with eBPF gives no
 * app bytes and says why. What the command line's exit codes and words add to {@link DeviceLoadEndToEndTest}'s
 * figures (split from it so that neither class is long).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class DeviceLoadGateEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = DeviceLoadCase.PKG;

    @Test
    void aGateOnAClosedGpuFailsWithTheReason(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        // Android 12: an eBPF phone whose app bytes the shell cannot read (13+ prints them: docs/metrics.md 14 rule 11)
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(12), 60, 11, PKG).withGpu(GpuProfile.CLOSED), 0, null, false, null,
                0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("gate", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "3s", "--source", "gfxinfo", "--max-gpu-percent", "80", "--max-power-mw", "5000",
                    "--max-app-network-kb", "100000");
            assertEquals(1, r.exit, r::toString);
            String all = r.out + r.err;
            assertTrue(all.contains("gpuPercent") && all.contains("/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied"),
                    r::toString);
            assertTrue(all.contains("powerMw") && all.contains("charging"), r::toString);
            assertTrue(all.contains("appNetworkKb") && all.contains("xt_qtaguid"), r::toString);
        }
    }

    /**
     * An Android 9 phone that launched with 9 on kernel 4.9 counts traffic with eBPF: netd's rule, read from the
     * phone's ro.product.first_api_level (28) and uname -r (4.9.124-sim), says so (docs/metrics.md 14 rule 1). The
     * app's bytes are unavailable with that reason in summary.json and windows.csv, never 0; a gate on them fails
     * giving it; the device's bytes are still read.
     */
    @Test
    void anEbpfEraAndroid9GivesNoAppBytesAndSaysWhy(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path out = dir.resolve("out");
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("download"),
                new SimOptions(AndroidVersion.of(9), 60, 11, PKG), 0, null, false, null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            Cli c = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "3s", "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, c.exit, c::toString);
            Cli g = Cli.run("gate", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "3s", "--source", "gfxinfo", "--max-app-network-kb", "100000");
            assertEquals(1, g.exit, g::toString);
            assertTrue((g.out + g.err).contains("counts them with eBPF maps"), g::toString);
        }
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        JsonNode n = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources").get("network");
        assertTrue(n.get("appRxBytes").isNull() && n.get("appTxBytes").isNull(), n::toString);
        assertEquals(EBPF_9, n.get("appUnavailable").asText(), n::toString);
        assertTrue(n.get("deviceRxBytes").asLong() > 0, n::toString);
        List<CSVRecord> windows = DeviceLoadCase.rows(cap.resolve("windows.csv"));
        assertTrue(windows.stream().anyMatch(w -> !w.get("mainCpuPercent").isEmpty()), "windows with resources");
        windows.stream().filter(w -> !w.get("mainCpuPercent").isEmpty()).forEach(w -> assertTrue(
                w.get("appRxBytes").isEmpty() && w.get("unavailable").contains("appNet=" + EBPF_9),
                w::toString));
    }

    /** Written by hand from the simulated Android 9 phone's answers (AndroidVersion) and ResourceProbe's words. */
    private static final String EBPF_9 = "per-app bytes need xt_qtaguid; this phone counts them with eBPF maps the "
            + "shell cannot read (netd getBpfSupportLevel: first API level 28, kernel 4.9.124-sim)";
}
