package io.fpsctl.cli;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GPU, power and network end to end (docs/metrics.md section 14): {@code capture} from a simulated phone through
 * Debian's adb server, Android 8, 10, 12, 14, 16 with Adreno, Mali and closed GPU nodes ({@link #phones()}). The
 * run's figures must equal the simulator's truth ({@code t.load.jsonl}: what each read printed) through the
 * reference calculation below; a closed node is "unavailable" with its reason in every output, and a gate threshold
 * on it fails with that reason.
 *
 * <p>Every phone of {@link #phones()} runs in {@link DeviceLoadSteppedTest} (untagged, the CPU set) with the same
 * checks on a stepped clock, the simulator's shell in-process ({@link SteppedCapture}): each read is dated by the
 * device's uptime exactly when fpsctl polls, so the energy reference and fpsctl's weighting agree whatever the load.
 * Through {@code fpsctl} and adb in real time (this class, in the serial timing set) only what the transport, the
 * command line or real time add: Android 8 with Adreno (the app's xt_qtaguid bytes and the device's read through
 * adbd while a download runs, the energy weighted by when the polls really came: the 2 % tolerance below is for
 * that) and Android 14 with Adreno (GPU-bound frames labelled by GPU reads that come in real time), plus the gates
 * (the command line's exit codes and words). The closed GPU's reasons and the other versions' files are the
 * simulator's text whichever way it is read: stepped only. Was 6 phones in ~34-47 s through adb.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
// its energy reference weighs each read by the device's uptime at its GPU read, fpsctl by when its poll ran: beside
// other end-to-end classes a late read moved them 2.5 % apart (the tolerance is 2 %), so it runs alone
@Tag("timing")
class DeviceLoadEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /**
     * Every version the issue names (8, 10, 12, 14, 16) × every GPU profile (Adreno, Mali, closed): the simulated GPU
     * and fuel-gauge files depend on the profile, the network files on the version (xt_qtaguid up to 9, eBPF after,
     * netd's map from 13: DeviceLoadFiles), and the GPU-heavy scenario runs on 10 and 14. Stepped (no waiting) in
     * DeviceLoadSteppedTest, and through Debian's adb in real time below: the product is what is promised.
     */
    static Stream<Arguments> phones() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (int android : new int[] {8, 10, 12, 14, 16}) {
            for (GpuProfile gpu : new GpuProfile[] {GpuProfile.ADRENO, GpuProfile.MALI, GpuProfile.CLOSED}) {
                b.add(Arguments.of(android, gpu));
            }
        }
        return b.build();
    }

    /**
     * One fpsctl read as the truth has it: the lines of its gpu, power, appNet (Android 9-), deviceNet and appUidStats
     * (Android 13+: netd's map in a service's dump) parts.
     */
    private record Batch(JsonNode gpu, JsonNode power, JsonNode appNet, JsonNode deviceNet, JsonNode appUidStats) {
        double seconds() {
            return gpu.get("uptimeNs").asLong() / 1e9;
        }
    }

    private static List<Batch> batches(Path file) throws IOException {
        List<Batch> out = new ArrayList<>();
        JsonNode[] cur = null;
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            String part = n.get("part").asText();
            if (part.equals("gpuWork")) {
                continue; // the app's GPU time (Android 13+): GpuWorkEndToEndTest
            }
            if (part.equals("gpu")) {
                if (cur != null) {
                    out.add(new Batch(cur[0], cur[1], cur[2], cur[3], cur[4]));
                }
                cur = new JsonNode[5];
                cur[0] = n;
            } else if (cur != null) {
                cur[switch (part) {
                    case "power" -> 1;
                    case "appNet" -> 2;
                    case "appUidStats" -> 4;
                    default -> 3;
                }] = n;
            }
        }
        if (cur != null && cur[3] != null) {
            out.add(new Batch(cur[0], cur[1], cur[2], cur[3], cur[4]));
        }
        return out;
    }

    /**
     * Every phone of {@link #phones()} also goes through Debian's adb server in real time: what the run reads through
     * the transport, polled at real times, must equal the truth for each version and GPU profile.
     */
    static Stream<Arguments> adbPhones() {
        return phones();
    }

    @ParameterizedTest(name = "Android {0}, {1}")
    @MethodSource("adbPhones")
    void gpuPowerAndNetworkEqualTheTruth(int android, GpuProfile gpu, @TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        phoneCase(android, gpu, dir, true);
    }

    /**
     * One phone and its checks: through {@code fpsctl capture} and an adb server ({@code viaAdb}) or
     * {@link SteppedCapture}.
     */
    static void phoneCase(int android, GpuProfile gpu, Path dir, boolean viaAdb) throws Exception {
        // GPU-bound frames on 10 and 14, a download while scrolling on the others (Android 8: the app's own bytes)
        String scenario = android == 10 || android == 14 ? Scenarios.GPU_HEAVY : "download";
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        SimOptions options = new SimOptions(AndroidVersion.of(android), 60, 11, PKG).withGpu(gpu);
        String err;
        if (!viaAdb) {
            err = SteppedCapture.run(scenario, options, io.fpsctl.capture.SourceRequest.Kind.GFXINFO, 4, out, truth)
                    .err();
        } else try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                options, 0, truth, false, null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            // the truth writer starts its JSON mapper at the first read of the app's stat files (a quarter of a
            // second on a busy machine): one read before the capture, so that no batch's GPU and power reads lag
            // its /proc/uptime read by that much (the reference dates each read by its GPU read)
            Process warm = new ProcessBuilder("adb", "-P", Integer.toString(farm.port(0)), "-s", sim.serial(),
                    "shell", "cat", "/proc/" + sim.android().pid().orElseThrow() + "/stat")
                    .redirectErrorStream(true).start();
            warm.getInputStream().readAllBytes();
            assertEquals(0, warm.waitFor());
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "4s", "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
            err = r.err;
        }
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        List<Batch> reads = batches(dir.resolve("truth.load.jsonl"));
        assertTrue(reads.size() >= 3, "reads: " + reads.size());
        JsonNode res = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources");
        JsonNode g = res.get("gpu");
        JsonNode p = res.get("power");
        JsonNode n = res.get("network");
        List<CSVRecord> windows = rows(cap.resolve("windows.csv"));

        // reference: each interval between successive reads takes the later read's figure, weighted by its length
        double seconds = 0;
        double gpuSum = 0;
        double gpuPeak = 0;
        double energyMwh = 0;
        double gpuMin = Double.MAX_VALUE;
        double gpuMax = 0;
        for (int i = 1; i < reads.size(); i++) {
            Batch b = reads.get(i);
            double dt = b.seconds() - reads.get(i - 1).seconds();
            seconds += dt;
            if (gpu != GpuProfile.CLOSED) {
                double v = b.gpu().get("gpuPercent").asDouble();
                gpuSum += v * dt;
                gpuPeak = Math.max(gpuPeak, v);
                gpuMin = Math.min(gpuMin, v);
                gpuMax = Math.max(gpuMax, v);
                energyMwh += b.power().get("drainMw").asDouble() * dt / 3600;
            }
        }
        Batch first = reads.get(0);
        Batch last = reads.get(reads.size() - 1);
        // bytes are counters: exact
        long devRx = last.deviceNet().get("deviceRxBytes").asLong() - first.deviceNet().get("deviceRxBytes").asLong();
        long devTx = last.deviceNet().get("deviceTxBytes").asLong() - first.deviceNet().get("deviceTxBytes").asLong();
        assertEquals(devRx, n.get("deviceRxBytes").asLong(), n::toString);
        assertEquals(devTx, n.get("deviceTxBytes").asLong(), n::toString);
        if (android <= 9) {
            long appRx = last.appNet().get("appRxBytes").asLong() - first.appNet().get("appRxBytes").asLong();
            assertEquals(appRx, n.get("appRxBytes").asLong(), n::toString);
            assertTrue(appRx > 1_000_000, "the download scenario receives 500 000 B/s: " + appRx);
            // the app's counters and the device's are read a few ms apart, so at 500 000 B/s the app's span can hold
            // a little more than the device's: part of it within 2 %
            assertTrue(n.get("appRxBytes").asLong() < n.get("deviceRxBytes").asLong() * 1.02,
                    "the app is part of the device: " + n);
        } else if (android >= 13) {
            // docs/metrics.md 14 rule 11: netd's app_uid_stats_map, a counter too (per window: AppUidStatsEndToEndTest)
            List<JsonNode> maps = reads.stream().map(Batch::appUidStats).filter(java.util.Objects::nonNull).toList();
            assertEquals(reads.size(), maps.size(), "every batch printed the map");
            long appRx = maps.get(maps.size() - 1).get("appRxBytes").asLong() - maps.get(0).get("appRxBytes").asLong();
            long appTx = maps.get(maps.size() - 1).get("appTxBytes").asLong() - maps.get(0).get("appTxBytes").asLong();
            assertEquals(appRx, n.get("appRxBytes").asLong(), n::toString);
            assertEquals(appTx, n.get("appTxBytes").asLong(), n::toString);
            assertTrue(appRx > 0 && n.get("appUnavailable").isNull(), n::toString);
        } else {
            assertTrue(n.get("appRxBytes").isNull(), n::toString);
            assertTrue(n.get("appUnavailable").asText().contains("xt_qtaguid"), n::toString);
            // every window with resources (not the first: before the second read) says why it has no app bytes
            windows.stream().filter(w -> !w.get("mainCpuPercent").isEmpty()).forEach(w -> assertTrue(
                    w.get("appRxBytes").isEmpty()
                    && w.get("unavailable").contains("appNet=per-app bytes need xt_qtaguid"), w::toString));
        }
        if (gpu == GpuProfile.CLOSED) {
            String denied = "/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied";
            assertTrue(g.get("meanPercent").isNull() && g.get("unavailable").asText().equals(denied), g::toString);
            assertTrue(p.get("energyMwh").isNull() && p.get("unavailable").asText().equals("charging the whole run"),
                    p::toString);
            assertTrue(p.get("chargingSeconds").asDouble() > 1, p::toString);
            assertTrue(err.contains("cannot read") && err.contains("gpu: " + denied), err);
            for (CSVRecord w : windows) {
                assertTrue(w.get("gpuPercent").isEmpty() && w.get("powerMw").isEmpty(), w::toString);
                assertTrue(w.get("mainCpuPercent").isEmpty() || w.get("unavailable").contains("gpu=" + denied),
                        w::toString);
            }
            assertTrue(windows.stream().anyMatch(w -> w.get("unavailable").contains("gpu=" + denied)
                    && w.get("unavailable").contains("power=charging") && w.get("charging").equals("true")));
            return;
        }
        assertEquals(gpuSum / seconds, g.get("meanPercent").asDouble(), 1.0, "GPU mean vs truth " + g);
        assertEquals(gpuPeak, g.get("peakPercent").asDouble(), 0.0051, g::toString); // two decimals, half up
        assertEquals(energyMwh, p.get("energyMwh").asDouble(), energyMwh * 0.02 + 0.001, p::toString);
        assertEquals(gpu == GpuProfile.ADRENO ? "positive" : "negative", p.get("dischargeCurrentSign").asText());
        assertTrue(p.get("meanMw").asDouble() >= 700, "never a negative drain: " + p);
        int withGpu = 0;
        for (CSVRecord w : windows) {
            if (!w.get("gpuPercent").isEmpty()) {
                withGpu++;
                double v = Double.parseDouble(w.get("gpuPercent"));
                // a window's load is the mean of some reads': within the truth's range
                assertTrue(v >= gpuMin - 0.05 && v <= gpuMax + 0.05, w + " vs " + gpuMin + ".." + gpuMax);
                assertTrue(!w.get("gpuMhz").isEmpty() && !w.get("powerMw").isEmpty(), w::toString);
            }
            if (!w.get("appRxBytes").isEmpty()) {
                assertTrue(Long.parseLong(w.get("appRxBytes")) <= Long.parseLong(w.get("deviceRxBytes")) * 1.05,
                        w::toString); // part of it (read a few ms apart)
            }
        }
        assertTrue(withGpu >= 2, "windows with a GPU figure: " + withGpu);
        if (scenario.equals(Scenarios.GPU_HEAVY)) {
            // the driver shows the last whole second: the first reads show the app's start
            assertTrue(g.get("meanPercent").asDouble() > 60 && g.get("peakPercent").asDouble() > 90, g::toString);
            long busy = res.get("slowFramesGpuBusy").asLong();
            assertTrue(busy > 0, "GPU-bound slow frames: " + res);
            long labelled = rows(cap.resolve("frames.csv")).stream()
                    .filter(f -> f.get("mainCause").equals("gpuBusy")).count();
            assertEquals(busy, labelled, "frames.csv labels the slow frames the summary counts");
        }
        assertNotNull(io.fpsctl.format.SummaryJsonReader.read(cap.resolve("summary.json")).resources().load());
    }

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
        List<CSVRecord> windows = rows(cap.resolve("windows.csv"));
        assertTrue(windows.stream().anyMatch(w -> !w.get("mainCpuPercent").isEmpty()), "windows with resources");
        windows.stream().filter(w -> !w.get("mainCpuPercent").isEmpty()).forEach(w -> assertTrue(
                w.get("appRxBytes").isEmpty() && w.get("unavailable").contains("appNet=" + EBPF_9),
                w::toString));
    }

    /** Written by hand from the simulated Android 9 phone's answers (AndroidVersion) and ResourceProbe's words. */
    private static final String EBPF_9 = "per-app bytes need xt_qtaguid; this phone counts them with eBPF maps the "
            + "shell cannot read (netd getBpfSupportLevel: first API level 28, kernel 4.9.124-sim)";

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
