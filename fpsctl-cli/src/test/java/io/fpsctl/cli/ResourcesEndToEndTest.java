package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resources end to end (docs/metrics.md section 13): {@code capture} and {@code gate} from a simulated device through
 * Debian's adb server. The per-thread CPU fpsctl reports must equal the simulator's truth ({@code
 * truth.resources.jsonl}: every thread's exact CPU time at each read) within one tick; a gate with a CPU threshold
 * below what the app uses fails naming the metric.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class ResourcesEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    private static Path capture(Path home, Simulator sim, Path out, String seconds) throws Exception {
        try (AdbFarm farm = new AdbFarm(home, 1)) {
            farm.connect(0, sim.serial());
            // the simulator's truth writer starts its JSON mapper at the first read of the app's stat files (a
            // quarter of a second): one read before the capture, so the capture's own reads are not held up by it
            Process warm = new ProcessBuilder("adb", "-P", Integer.toString(farm.port(0)), "-s", sim.serial(),
                    "shell", "cat", "/proc/" + sim.android().pid().orElseThrow() + "/stat")
                    .redirectErrorStream(true).start();
            warm.getInputStream().readAllBytes();
            assertEquals(0, warm.waitFor());
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    seconds, "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
    }

    /**
     * The run's mean CPU of a thread from the truth: its exact CPU time from the first read to the last over the
     * exact uptime between them (the reads fpsctl made are the reads the truth has, one line each).
     */
    private static double truthMeanPercent(List<JsonNode> reads, String name) {
        JsonNode first = reads.get(0);
        JsonNode last = reads.get(reads.size() - 1);
        double busy = busyNs(last, name) - busyNs(first, name);
        return 100.0 * busy / (last.get("uptimeNs").asLong() - first.get("uptimeNs").asLong());
    }

    private static long busyNs(JsonNode read, String name) {
        int pid = read.get("pid").asInt();
        long sum = 0;
        for (JsonNode t : read.get("threads")) {
            boolean main = t.get("tid").asInt() == pid;
            if (name.equals("main") ? main : !main && t.get("name").asText().equals(name)) {
                sum += t.get("busyNs").asLong();
            }
        }
        return sum;
    }

    @Test
    void perThreadCpuEqualsTheSimulatorsTruthWithinOneTick(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path cap;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0))) {
            cap = capture(dir, sim, dir.resolve("out"), "5s");
        }
        List<JsonNode> all = jsonLines(dir.resolve("truth.resources.jsonl"));
        // line 0: the warm-up read; then each read of fpsctl is two lines a moment apart: the process's stat, then
        // its threads' (one cat): the thread lines are the truth of the ticks fpsctl read
        List<JsonNode> reads = new java.util.ArrayList<>();
        for (int i = 2; i < all.size(); i += 2) {
            long apart = all.get(i).get("uptimeNs").asLong() - all.get(i - 1).get("uptimeNs").asLong();
            assertTrue(apart >= 0 && apart < 50_000_000L, "read " + i + " is not a pair: " + apart + " ns apart");
            reads.add(all.get(i));
        }
        assertTrue(reads.size() >= 5, "reads: " + reads.size());
        double spanS = (reads.get(reads.size() - 1).get("uptimeNs").asLong() - reads.get(0).get("uptimeNs").asLong())
                / 1e9;
        // one tick (10 ms of CPU) over the span, plus one 10 ms step of /proc/uptime at full load, in %
        double oneTick = 100.0 * 0.010 / spanS * 2;
        JsonNode res = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources");
        assertTrue(res != null && res.isObject(), "summary.json has resources: " + res);
        for (String name : List.of("main", "RenderThread")) {
            JsonNode t = thread(res, name);
            double expected = truthMeanPercent(reads, name);
            assertTrue(expected > 1, name + " does some work in the jank scenario: " + expected);
            assertEquals(expected, t.get("meanCpuPercent").asDouble(), oneTick + 0.005,
                    name + ": truth " + expected + " %, reported " + t);
        }
        // docs/metrics.md 13 rule 11: a peak is the highest of the intervals its mean averages, never below it
        // (a 3 s jank gate once reported app mean 79.51 % with a peak of 60.73 %); and the file reads back
        List<JsonNode> figures = new java.util.ArrayList<>(List.of(res.get("app"), res.get("device")));
        res.get("threads").forEach(figures::add);
        for (JsonNode f : figures) {
            assertTrue(f.get("meanCpuPercent").asDouble() <= f.get("peakCpuPercent").asDouble(), "mean ≤ peak: " + f);
        }
        assertEquals(res.get("app").get("peakCpuPercent").asDouble(), io.fpsctl.format.SummaryJsonReader.read(
                cap.resolve("summary.json")).resources().app().peakPercent(),
                1e-9);
        // memory: the peak RSS and PSS fpsctl reports are the highest the truth holds
        long rss = 0;
        long pss = 0;
        for (JsonNode r : reads) {
            rss = Math.max(rss, r.get("rssKb").asLong());
            pss = Math.max(pss, r.get("pssKb").asLong());
        }
        assertEquals(rss, res.get("rssPeakKb").asLong());
        assertTrue(res.get("pssPeakKb").asLong() <= pss && res.get("pssPeakKb").asLong() > 0,
                "PSS is read every 10 s, so at most the truth's peak: " + res.get("pssPeakKb") + " vs " + pss);
        // the windows CSV has the main thread's CPU of each closed window
        List<CSVRecord> windows = rows(cap.resolve("windows.csv"));
        assertTrue(windows.size() >= 4, "windows: " + windows.size());
        // every window but the first (before the second read) and the last (after the last read) has them
        for (CSVRecord w : windows.subList(1, windows.size() - 1)) {
            assertTrue(!w.get("mainCpuPercent").isEmpty() && !w.get("rssKb").isEmpty(), "window " + w);
        }
    }

    @Test
    void theGateFailsOnMaxCpuPercentNamingTheMetric(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, null, false, null, 0));
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("gate", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "3s", "--source", "gfxinfo", "--max-cpu-percent", "0.5");
            assertEquals(1, r.exit, r::toString);
            assertTrue((r.out + r.err).contains("cpuPercent"), r::toString);
        }
    }

    /**
     * The simulator's {@code throttle} scenario: the thermal status rises every 10 s and is SEVERE from 30 s on, and
     * the frames take longer as it does. The summary shows the worst status, a share of the time throttled, and slow
     * frames labelled {@code cpuThrottled} (docs/metrics.md 13 rules 5 and 10); frames.csv carries the label.
     */
    @Test
    void aThrottlingPhoneShowsInTheSummary(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path cap;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("throttle"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0))) {
            cap = capture(dir, sim, dir.resolve("out"), "37s");
        }
        List<JsonNode> all = jsonLines(dir.resolve("truth.resources.jsonl"));
        int truthWorst = all.stream().mapToInt(r -> r.get("thermalStatus").asInt()).max().orElse(-1);
        assertTrue(truthWorst >= 3, "the scenario reached SEVERE: " + truthWorst);
        JsonNode res = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources");
        assertEquals(truthWorst, res.get("worstThermalStatus").asInt(), res::toString);
        double share = res.get("throttledShare").asDouble();
        assertTrue(share > 0 && share < 0.5, "throttled from about 30 s of 37 s on: " + res);
        long slow = res.get("slowFramesThrottled").asLong() + res.get("slowFramesMainThreadBusy").asLong();
        assertTrue(res.get("slowFramesThrottled").asLong() > 0, "slow frames while SEVERE: " + res);
        long labelled = rows(cap.resolve("frames.csv")).stream()
                .filter(r -> r.get("mainCause").equals("cpuThrottled") || r.get("mainCause").equals("mainThreadBusy"))
                .count();
        assertEquals(slow, labelled, "frames.csv labels the same slow frames the summary counts");
        assertTrue(rows(cap.resolve("windows.csv")).stream().anyMatch(w -> w.get("throttled").equals("true")));
    }

    private static JsonNode thread(JsonNode res, String name) {
        for (JsonNode t : res.get("threads")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no thread '" + name + "' in " + res);
    }

    private static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
