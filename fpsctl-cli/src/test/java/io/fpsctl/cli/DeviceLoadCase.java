package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.params.provider.Arguments;

/**
 * One phone of the GPU, power and network checks (docs/metrics.md section 14), shared by {@link DeviceLoadSteppedTest}
 * (every phone, stepped clock) and {@link DeviceLoadEndToEndTest} (the phones whose transport or real time add
 * something, through adb): the phones, the simulated phone each runs, and the checks of a capture's outputs against
 * the simulator's truth ({@code t.load.jsonl}: what each read printed) through the reference calculation below.
 */
final class DeviceLoadCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String PKG = "com.example.feed";

    private DeviceLoadCase() {
    }

    /**
     * Every version the issue names (8, 10, 12, 14, 16) × every GPU profile (Adreno, Mali, closed): the simulated GPU
     * and fuel-gauge files depend on the profile, the network files on the version (xt_qtaguid up to 9, eBPF after,
     * netd's map from 13: DeviceLoadFiles), and the GPU-heavy scenario runs on 10 and 14. Stepped (no waiting) in
     * DeviceLoadSteppedTest; through an adb server in real time only what the transport or real time add
     * (DeviceLoadEndToEndTest's class comment).
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
     * (Android 13+: netd's map in a service's dump) parts, and the {@code /proc/uptime} read that came last before its
     * GPU read (the batch's own: fpsctl's batch reads /proc/uptime first, docs/metrics.md 13.8; nothing else reads it
     * while a capture polls but the boot check before the first poll and after a reconnect, which come between
     * batches).
     */
    record Batch(JsonNode gpu, JsonNode power, JsonNode appNet, JsonNode deviceNet, JsonNode appUidStats,
                 JsonNode uptime) {
        /**
         * The batch's date as fpsctl has it: what its {@code /proc/uptime} printed (fs/proc/uptime.c
         * uptime_proc_show: seconds with two decimals, truncated), not when its GPU read came. Through adb in real
         * time the simulator answers a batch's reads one after another, and beside six other test JVMs the GPU read
         * came up to a quarter of a second after the uptime read; dated by the GPU read, the reference's intervals
         * then differed from fpsctl's by that much (the energy 2.5 % apart once). Dated as fpsctl dates them, the
         * reference and fpsctl weigh every interval alike, whatever the load.
         */
        double seconds() {
            return uptime.get("uptimeNs").asLong() / 10_000_000L / 100.0;
        }
    }

    static List<Batch> batches(Path file) throws IOException {
        List<Batch> out = new ArrayList<>();
        JsonNode[] cur = null;
        JsonNode lastUptime = null;
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            String part = n.get("part").asText();
            if (part.equals("gpuWork")) {
                continue; // the app's GPU time (Android 13+): GpuWorkEndToEndTest
            }
            if (part.equals("uptime")) {
                lastUptime = n;
                continue;
            }
            if (part.equals("gpu")) {
                if (cur != null) {
                    out.add(new Batch(cur[0], cur[1], cur[2], cur[3], cur[4], cur[5]));
                }
                assertNotNull(lastUptime, "a /proc/uptime read before the GPU read: " + line);
                cur = new JsonNode[6];
                cur[0] = n;
                cur[5] = lastUptime;
            } else if (cur != null) {
                cur[switch (part) {
                    case "power" -> 1;
                    case "appNet" -> 2;
                    case "appUidStats" -> 4;
                    case "deviceNet" -> 3;
                    default -> throw new AssertionError("a part this test does not know: " + line);
                }] = n;
            }
        }
        if (cur != null && cur[3] != null) {
            out.add(new Batch(cur[0], cur[1], cur[2], cur[3], cur[4], cur[5]));
        }
        return out;
    }

    /** GPU-bound frames on 10 and 14, a download while scrolling on the others (Android 8: the app's own bytes). */
    static String scenario(int android) {
        return android == 10 || android == 14 ? Scenarios.GPU_HEAVY : "download";
    }

    /** The simulated phone of {@code android} with {@code gpu}: 60 Hz, seed 11, {@link #PKG}. */
    static SimOptions options(int android, GpuProfile gpu) {
        return new SimOptions(AndroidVersion.of(android), 60, 11, PKG).withGpu(gpu);
    }

    /**
     * The checks of one phone's capture: its outputs under {@code out}, the truth files beside {@code dir}/truth.txt,
     * {@code err} what the capture printed on standard error. {@code realTime}: the capture polled through adb in
     * real time, where how many reads a 4 s run makes depends on the machine's load (beside other test JVMs on a
     * loaded machine: 4 where an idle one makes 8); the windows that must carry figures then come from the truth's
     * reads ({@link ReadSpan}), and how many there are is checked on the stepped clock, where it does not depend on
     * the load.
     */
    static void check(int android, GpuProfile gpu, Path dir, Path out, String err, boolean realTime)
            throws Exception {
        String scenario = scenario(android);
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        List<Batch> reads = batches(dir.resolve("truth.load.jsonl"));
        // on the stepped clock a 4 s run reads 8 times (every half second); in real time as many as the polls that
        // came, two at least (one interval: what the reference needs)
        assertTrue(reads.size() >= (realTime ? 2 : 8), "reads: " + reads.size());
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
        // the highest share of the device's received bytes the app's took between two successive reads (the app's
        // counter read from xt_qtaguid up to 9, netd's map from 13; none between: no app bytes to compare)
        double appShare = 0;
        for (int i = 1; i < reads.size(); i++) {
            JsonNode a0 = appCounter(reads.get(i - 1));
            JsonNode a1 = appCounter(reads.get(i));
            if (a0 != null && a1 != null) {
                long app = a1.get("appRxBytes").asLong() - a0.get("appRxBytes").asLong();
                long dev = reads.get(i).deviceNet().get("deviceRxBytes").asLong()
                        - reads.get(i - 1).deviceNet().get("deviceRxBytes").asLong();
                appShare = Math.max(appShare, dev > 0 ? (double) app / dev : Double.POSITIVE_INFINITY);
            }
        }
        // bytes are counters: exact
        long devRx = last.deviceNet().get("deviceRxBytes").asLong() - first.deviceNet().get("deviceRxBytes").asLong();
        long devTx = last.deviceNet().get("deviceTxBytes").asLong() - first.deviceNet().get("deviceTxBytes").asLong();
        assertEquals(devRx, n.get("deviceRxBytes").asLong(), n::toString);
        assertEquals(devTx, n.get("deviceTxBytes").asLong(), n::toString);
        if (android <= 9) {
            long appRx = last.appNet().get("appRxBytes").asLong() - first.appNet().get("appRxBytes").asLong();
            assertEquals(appRx, n.get("appRxBytes").asLong(), n::toString);
            assertTrue(appRx > 1_000_000, "the download scenario receives 500 000 B/s: " + appRx);
            // the app is part of the device, but its counter is read before the device's in each batch (xt_qtaguid,
            // then /proc/net/dev): when the first batch's device read lagged its app read by more than the last
            // batch's did (a cold first batch beside other JVMs: up to a quarter of a second), the app's span is that
            // much longer than the device's, and the app (DeviceLoadFiles: 500 000 B/s, linear) receives up to
            // 500 000 B/s × that difference more; each printed counter is truncated to the byte (2 B)
            double lagFirst = (first.deviceNet().get("uptimeNs").asLong() - first.appNet().get("uptimeNs").asLong())
                    / 1e9;
            double lagLast = (last.deviceNet().get("uptimeNs").asLong() - last.appNet().get("uptimeNs").asLong())
                    / 1e9;
            assertTrue(n.get("appRxBytes").asLong() <= n.get("deviceRxBytes").asLong()
                    + 500_000 * Math.max(0, lagFirst - lagLast) + 2,
                    "the app is part of the device: " + n + ", the device's reads lagged the app's by " + lagFirst
                            + " s first, " + lagLast + " s last");
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
        // the reference dates every read as fpsctl does (Batch.seconds), so the figures differ only by summary.json's
        // rounding: the load to two decimals, the energy to three (half up), plus a double's sum of a few terms
        assertEquals(gpuSum / seconds, g.get("meanPercent").asDouble(), 0.0051, "GPU mean vs truth " + g);
        assertEquals(gpuPeak, g.get("peakPercent").asDouble(), 0.0051, g::toString); // two decimals, half up
        assertEquals(energyMwh, p.get("energyMwh").asDouble(), 0.00051, p::toString);
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
                // part of it: a window's bytes are both counters interpolated at the same edges between the same
                // reads, so its app/device ratio lies within the ratios of the intervals between successive reads
                // (the app's read a moment before the device's in each batch moves those: from the truth); each
                // figure is rounded to the byte
                assertTrue(Long.parseLong(w.get("appRxBytes"))
                        <= Long.parseLong(w.get("deviceRxBytes")) * appShare + 2, w + " vs share " + appShare);
            }
        }
        ReadSpan span = ReadSpan.of(dir.resolve("truth.load.jsonl"));
        for (CSVRecord w : windows) {
            if (span.inside(Long.parseLong(w.get("startNs")), Long.parseLong(w.get("endNs")))) {
                assertTrue(!w.get("gpuPercent").isEmpty(), "a window between two reads: " + w);
            }
        }
        assertTrue(realTime || withGpu >= 2, "windows with a GPU figure: " + withGpu);
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

    /** The batch's read of the app's bytes: xt_qtaguid (appNet) or netd's map (appUidStats); null when none. */
    private static JsonNode appCounter(Batch b) {
        if (b.appUidStats() != null && b.appUidStats().hasNonNull("appRxBytes")) {
            return b.appUidStats();
        }
        return b.appNet() != null && b.appNet().hasNonNull("appRxBytes") ? b.appNet() : null;
    }

    static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
