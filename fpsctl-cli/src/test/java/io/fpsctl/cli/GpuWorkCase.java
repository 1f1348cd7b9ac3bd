package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.GpuProfile;
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

/**
 * The checks of the app's own GPU time (docs/metrics.md 14 rule 10) on one capture of a GPU-heavy app, shared by
 * {@link GpuWorkSteppedTest} (every case, stepped clock) and {@link GpuWorkEndToEndTest} (through adb in real time):
 * the run's {@code resources.gpu.appActiveMs} equals the simulator's truth (what each {@code dumpsys gpu --gpuwork}
 * printed for the app's uid, {@code t.load.jsonl} part {@code gpuWork}) through the reference calculation below, and
 * each window's {@code appGpuMs} is a part of it no longer than the window; without the tracepoint (closed profile)
 * and on Android 12 (no GpuWork) the figure is unavailable with its reason in summary.json and windows.csv, never 0.
 */
final class GpuWorkCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String PKG = "com.example.feed";

    private GpuWorkCase() {
    }

    /**
     * The checks of a capture of Android {@code android} with {@code gpu}: its outputs under {@code out}, the truth
     * files beside {@code dir}/truth.txt, {@code err} what it printed on standard error. {@code realTime}: the capture
     * polled in real time (through adb), where a read is placed on the frame timeline at the end of its poll, a poll
     * that beside six other test JVMs can take a good part of a second: the windows' figures against the truth's line
     * at their edges need each read placed where it was made, which only the stepped clock gives (there the
     * estimate lags the device by at most the newest frame's age), so they are checked there; what does not depend
     * on where the reads were placed is checked both ways.
     */
    static void check(int android, GpuProfile gpu, Path dir, Path out, String err, boolean realTime)
            throws Exception {
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        JsonNode g = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources").get("gpu");
        List<CSVRecord> windows = rows(cap.resolve("windows.csv"));
        List<CSVRecord> withResources = windows.stream().filter(w -> !w.get("mainCpuPercent").isEmpty()).toList();
        // every window between two of fpsctl's reads has its resources; which windows those are comes from the
        // truth's reads (ReadSpan): how many there are in 4 s depends on when the polls came, and beside six other
        // test JVMs a run had one where this test wanted two ("windows with resources: 1")
        int inside = ReadSpan.of(dir.resolve("truth.load.jsonl")).assertInsideHaveResources(windows);
        // how many there are depends, in real time, on when the polls came (the machine's load): counted stepped
        assertTrue(realTime || inside >= 1, "windows between two reads: " + inside + " of " + windows.size());
        List<Long> reads = gpuWork(dir.resolve("truth.load.jsonl"));
        if (android < 13 || gpu == GpuProfile.CLOSED) {
            String reason = android < 13
                    ? "the app's GPU time needs Android 13 (API 33: gpuservice's GpuWork, dumpsys gpu --gpuwork), "
                            + "the device is API " + AndroidVersion.of(android).sdk()
                    : "GPU work information is not available (gpuservice's GpuWork found no BPF map or no "
                            + "power/gpu_work_period tracepoint in the GPU driver)";
            assertTrue(g.get("appActiveMs").isNull(), g::toString);
            assertEquals(reason, g.get("appUnavailable").asText(), g::toString);
            assertTrue(reads.isEmpty(), "no GPU work table was printed: " + reads);
            for (CSVRecord w : withResources) {
                assertTrue(w.get("appGpuMs").isEmpty() && w.get("unavailable").contains("appGpu=" + reason),
                        w::toString);
            }
            assertTrue(err.contains("app gpu time: " + reason), err);
            return;
        }
        // reference: a counter summed over the intervals between successive reads = its last read minus its first
        // in real time as many as the polls that came (the machine's load), two at least: one interval
        assertTrue(reads.size() >= (realTime ? 2 : 3), "reads: " + reads);
        for (int i = 1; i < reads.size(); i++) {
            assertTrue(reads.get(i) >= reads.get(i - 1), "the simulator never clears the map: " + reads);
        }
        double truthMs = (reads.get(reads.size() - 1) - reads.get(0)) / 1e6;
        assertTrue(truthMs > 500, "a GPU-heavy app keeps the GPU busy: " + truthMs + " ms");
        assertEquals(truthMs, g.get("appActiveMs").asDouble(), 0.051, g::toString); // one decimal
        assertTrue(g.get("appUnavailable").isNull(), g::toString);
        double windowsMs = 0;
        int checked = 0;
        TruthCounter ref = TruthCounter.of(dir.resolve("truth.load.jsonl"), "gpuWork", "appGpuNs");
        for (CSVRecord w : withResources) {
            assertTrue(!w.get("appGpuMs").isEmpty(), w::toString);
            double ms = Double.parseDouble(w.get("appGpuMs"));
            long start = Long.parseLong(w.get("startNs"));
            long end = Long.parseLong(w.get("endNs"));
            double lengthMs = (end - start) / 1e6;
            // the counter is interpolated at the window's edges by where the reads sit on the frame timeline (the
            // host's poll times), not by the phone's uptime: a GPU busy all the time can show a few % over the
            // window's length
            assertTrue(ms >= 0, "never negative: " + w);
            windowsMs += ms;
            if (realTime) {
                continue;
            }
            assertTrue(ms <= lengthMs * 1.05, "within its window: " + w);
            if (ref.covers(start) && ref.covers(end)) {
                // the truth's reads on a straight line between them, at the window's edges (TruthCounter); the
                // placement of fpsctl's reads (tens of ms on this shared machine) moves a busy GPU's figure by as
                // much: within a fifth of the window, which a halved or doubled figure (~450 ms) is not
                assertEquals(ref.change(start, end) / 1e6, ms, lengthMs * 0.2, w::toString);
                checked++;
            }
        }
        // the windows lie within the reads' span (interpolated at their edges, wherever the reads were placed): a
        // counter that never goes back gives them together at most the run's figure, each rounded to 0.05 ms
        assertTrue(windowsMs <= truthMs + 0.05 * withResources.size(), windowsMs + " > " + truthMs);
        if (!realTime) {
            assertTrue(checked >= 1, "windows inside the reads' span: " + checked);
            assertTrue(windowsMs > truthMs / 3, "the windows hold most of it: " + windowsMs + " of " + truthMs);
        }
    }

    /** The app's GPU ns of each {@code gpuWork} truth line, in order. */
    private static List<Long> gpuWork(Path file) throws IOException {
        List<Long> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            if (n.get("part").asText().equals("gpuWork")) {
                out.add(n.get("appGpuNs").asLong());
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
