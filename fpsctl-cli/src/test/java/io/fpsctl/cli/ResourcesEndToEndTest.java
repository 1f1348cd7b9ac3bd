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
 * below what the app uses fails naming the metric. The throttling phone's 37 s run checks figures only: it runs on the
 * stepped clock in {@link ResourcesSteppedTest}.
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
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    seconds, "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
    }

    /** One batch of fpsctl's as the truth has it: what its /proc/uptime printed, then its threads' stat read. */
    record Read(double uptimeS, JsonNode threads) {
    }

    /**
     * The run's mean CPU of a thread from the truth: its exact CPU time from the first read to the last over the
     * uptime between them as the batches' /proc/uptime printed it, the clock fpsctl divides by (the reads fpsctl made
     * are the reads the truth has).
     */
    private static double truthMeanPercent(List<Read> reads, String name) {
        Read first = reads.get(0);
        Read last = reads.get(reads.size() - 1);
        double busy = busyNs(last.threads(), name) - busyNs(first.threads(), name);
        return 100.0 * busy / 1e9 / (last.uptimeS() - first.uptimeS());
    }

    /**
     * fpsctl's batches in the truth: each reads /proc/uptime first (a {@code t.load.jsonl} line of part
     * {@code uptime}), then the process's stat and its threads' (two {@code t.resources.jsonl} lines, one cat each:
     * the thread lines are the truth of the ticks fpsctl read). A batch is placed by its uptime read, not by a
     * threshold on how far apart its lines are: beside six other test JVMs the simulator can answer a batch's cats a
     * quarter of a second apart. The boot check's /proc/uptime read (before the first poll) has no stat reads after
     * it: no batch.
     */
    private static List<Read> batches(Path dir) throws IOException {
        List<Long> uptimes = jsonLines(dir.resolve("truth.load.jsonl")).stream()
                .filter(n -> n.get("part").asText().equals("uptime")).map(n -> n.get("uptimeNs").asLong()).toList();
        List<JsonNode> stats = jsonLines(dir.resolve("truth.resources.jsonl"));
        List<Read> reads = new java.util.ArrayList<>();
        for (int i = 0; i < uptimes.size(); i++) {
            long from = uptimes.get(i);
            long to = i + 1 < uptimes.size() ? uptimes.get(i + 1) : Long.MAX_VALUE;
            List<JsonNode> in = stats.stream().filter(n -> n.get("uptimeNs").asLong() >= from
                    && n.get("uptimeNs").asLong() < to).toList();
            if (in.isEmpty()) {
                continue;
            }
            assertEquals(2, in.size(), "a batch reads the process's stat, then its threads': " + in);
            // fs/proc/uptime.c uptime_proc_show: hundredths of a second, truncated
            reads.add(new Read(from / 10_000_000L / 100.0, in.get(1)));
        }
        return reads;
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
        cpuCase(dir, cap, true);
    }

    /**
     * The checks of a 5 s capture of the jank scenario (outputs in {@code cap}, truth files beside
     * {@code dir}/truth.txt): per-thread CPU within one tick of the truth, peaks, memory, windows. {@code realTime}:
     * the capture polled through adb in real time, where how many reads 5 s make depends on the machine's load
     * (beside other test JVMs on a loaded machine: 4 where an idle one makes 9); the counts are then checked on the
     * stepped clock ({@link ResourcesSteppedTest}), where they do not depend on it.
     */
    static void cpuCase(Path dir, Path cap, boolean realTime) throws Exception {
        List<Read> reads = batches(dir);
        // in real time two at least (one interval: what the mean needs)
        assertTrue(reads.size() >= (realTime ? 2 : 5), "reads: " + reads.size());
        double spanS = reads.get(reads.size() - 1).uptimeS() - reads.get(0).uptimeS();
        // the same clock on both sides (truthMeanPercent): they differ by the ticks' truncation only, under one tick
        // (10 ms of CPU) at each end of the span, in %
        double oneTick = 100.0 * 0.010 / spanS;
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
        for (Read r : reads) {
            rss = Math.max(rss, r.threads().get("rssKb").asLong());
            pss = Math.max(pss, r.threads().get("pssKb").asLong());
        }
        assertEquals(rss, res.get("rssPeakKb").asLong());
        assertTrue(res.get("pssPeakKb").asLong() <= pss && res.get("pssPeakKb").asLong() > 0,
                "PSS is read every 10 s, so at most the truth's peak: " + res.get("pssPeakKb") + " vs " + pss);
        // the windows CSV has the main thread's CPU of each closed window
        List<CSVRecord> windows = rows(cap.resolve("windows.csv"));
        assertTrue(windows.size() >= 4, "windows: " + windows.size());
        // every window between two reads has them: which ones those are comes from the truth's reads (ReadSpan), not
        // from "all but the first and the last" (beside six other test JVMs the first read came after the second
        // window had begun)
        ReadSpan span = ReadSpan.of(dir.resolve("truth.load.jsonl"));
        int inside = span.assertInsideHaveResources(windows);
        assertTrue(realTime || inside >= 1, "windows between two reads: " + inside);
        for (CSVRecord w : windows) {
            if (span.inside(Long.parseLong(w.get("startNs")), Long.parseLong(w.get("endNs")))) {
                assertTrue(!w.get("rssKb").isEmpty(), "window " + w);
            }
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

    private static JsonNode thread(JsonNode res, String name) {
        for (JsonNode t : res.get("threads")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no thread '" + name + "' in " + res);
    }

    static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> out = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
