package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * frames.csv's {@code jankTypes} and {@code presentState} end to end: {@code capture} from a simulated device through
 * Debian's adb server, then {@code analyze frames.csv}. Every row's two cells must equal what the simulator's truth
 * files say about that frame (IntendedVsync → FrameTimelineVsyncId from its framestats truth, token → SurfaceFrame
 * from its FrameTimeline truth, the printed jank strings mapped to keys here by hand; empty for a frame no dump of
 * the simulator showed with its present processed, per its truth of the dumps), and re-analysing the CSV
 * must give the capture's {@code frameTimeline} object.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class FrameTimelineCsvEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /**
     * The app janks (the {@code jank} scenario's slow frames) and the system does too: the simulator's system faults
     * (late SurfaceFlinger, Display HAL, prediction errors, stuffed and dropped buffers) belong to the scenario
     * named {@code system-jank}, so the jank scenario's window runs under that name.
     */
    private static Scenario appAndSystemJank() {
        Scenario jank = Scenarios.byName("jank");
        return new Scenario("system-jank", jank.refreshHz(), jank.refreshChanges(), jank.windows(), null);
    }

    /** Captures {@code seconds} through a private adb server; returns the capture folder. */
    private static Path capture(Path home, Simulator sim, Path out, String seconds) throws Exception {
        try (AdbFarm farm = new AdbFarm(home, 1)) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    seconds, "--out", out.toString(), "--source", "gfxinfo");
            assertEquals(0, r.exit, r::toString);
        }
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow()
                    .getParent();
        }
    }

    @Test
    void everyRowCarriesItsTruthAndReAnalysisGivesTheCapturesFrameTimeline(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truth = dir.resolve("truth.txt");
        Path capDir;
        try (Simulator sim = Simulator.start(new Simulator.Config(appAndSystemJank(),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0))) {
            capDir = capture(dir, sim, dir.resolve("out"), "4s");
        } // closed: the truth files hold every frame up to now

        Map<Long, Long> tokenByVsync = FrameTimelineTruth.tokens(truth);
        Map<Long, String[]> surfaceFrames = FrameTimelineTruth.surfaceFrames(dir.resolve("truth.frametimeline.tsv"));
        // a frame whose verdict no poll showed (its display frame still pending at the last poll, or gone from the
        // ring between two) has empty cells: fpsctl cannot know what SurfaceFlinger had not said
        Set<Long> readable = FrameTimelineTruth.shownFinal(dir.resolve("truth.frametimeline-dumps.tsv"));
        List<CSVRecord> rows = rows(capDir.resolve("frames.csv"));
        assertTrue(rows.size() > 100, "rows: " + rows.size());
        int app = 0;
        int system = 0;
        int dropped = 0;
        int unattributed = 0;
        for (CSVRecord row : rows) {
            long vsync = Long.parseLong(row.get("intendedVsyncNs"));
            Long token = tokenByVsync.get(vsync);
            String[] sf = token == null || !readable.contains(token) ? null : surfaceFrames.get(token);
            String types = sf == null ? "" : String.join("|", FrameTimelineTruth.keys(sf[0], sf[1]));
            String state = sf == null ? "" : sf[0];
            String where = "frame at IntendedVsync " + vsync + " (token " + token + ")";
            assertEquals(types, row.get("jankTypes"), where);
            assertEquals(state, row.get("presentState"), where);
            app += types.contains("appDeadlineMissed") ? 1 : 0;
            system += types.matches(".*(surfaceFlinger|displayHal|predictionError).*") ? 1 : 0;
            dropped += state.equals("Dropped") ? 1 : 0;
            unattributed += sf == null ? 1 : 0;
        }
        // the run has what the test is about: app and system jank, dropped buffers, (nearly) every frame joined
        assertTrue(app > 0 && system > 0 && dropped > 0, "app " + app + ", system " + system + ", dropped " + dropped);
        assertTrue(unattributed < rows.size() / 10, unattributed + " unattributed of " + rows.size());

        JsonNode captured = JSON.readTree(capDir.resolve("summary.json").toFile()).get("frameTimeline");
        assertTrue(captured.isObject(), captured::toString);
        Cli a = Cli.run("analyze", capDir.resolve("frames.csv").toString(), "--format", "json");
        assertEquals(0, a.exit, a::toString);
        assertEquals(captured, JSON.readTree(a.out).get("frameTimeline"));
    }

    @Test
    void onAndroid11TheCellsAreEmptyAndReAnalysisHasNoFrameTimeline(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path capDir;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(11), 60, 11, PKG), 0, null, false, null, 0))) {
            capDir = capture(dir, sim, dir.resolve("out"), "2s");
        }
        List<CSVRecord> rows = rows(capDir.resolve("frames.csv"));
        assertTrue(rows.size() > 60, "rows: " + rows.size());
        for (CSVRecord row : rows) {
            assertEquals("", row.get("jankTypes"), row::toString);
            assertEquals("", row.get("presentState"), row::toString);
        }
        Cli a = Cli.run("analyze", capDir.resolve("frames.csv").toString(), "--format", "json");
        assertEquals(0, a.exit, a::toString);
        JsonNode root = JSON.readTree(a.out);
        assertTrue(root.has("frameTimeline") && root.get("frameTimeline").isNull(), a.out);
        assertEquals(rows.size(), root.get("frames").asLong());
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
