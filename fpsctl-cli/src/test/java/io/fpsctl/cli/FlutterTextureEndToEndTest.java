package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulated {@code flutter-texture} app (a FlutterTextureView embedding, docs/metrics.md 16.1) through Debian's
 * adb server: its frames are the activity window's (no SurfaceView layer), so {@code --source auto} measures HWUI
 * and every frame it reports is a truth window frame with the truth's duration (the reference calculation of the
 * Android 6 test: {@code FrameCompleted − IntendedVsync} of the truth framestats); {@code --source flutter} measures
 * the window's layer and every frames.csv row joined with a Flutter frame carries the build and raster of the truth
 * engine frame that window frame composited ({@code truth.flutter.tsv}, the reference of
 * {@link FlutterCaptureFilesEndToEndTest}); {@code watch} and {@code gate} on auto measure the same window frames.
 */
@Tag("adb")
@Tag("e2e")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class FlutterTextureEndToEndTest {
    private static final String PKG = "com.example.feed";

    @ParameterizedTest(name = "Android {0} at {1} Hz")
    @CsvSource({"9, 60", "9, 120", "12, 60", "12, 120", "14, 60", "14, 120", "16, 60", "16, 120"})
    void autoMeasuresTheWindowAndFlutterGivesTheEnginesSplit(int android, int hz, @TempDir Path dir)
            throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truthFile = dir.resolve("truth.txt");
        Path auto = dir.resolve("auto");
        Path flutter = dir.resolve("flutter");
        Path watchCsv = dir.resolve("watch.csv");
        Cli capture;
        Cli split;
        Cli watch;
        Cli gate;
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("flutter-texture"),
                     new SimOptions(AndroidVersion.of(android), hz, 13L * android + hz, PKG), 0, truthFile, false,
                     null, 0))) {
            farm.connect(0, sim.serial());
            String p = Integer.toString(farm.port(0));
            capture = Cli.run("capture", PKG, "-P", p, "-s", sim.serial(), "--duration", "2s", "--out",
                    auto.toString());
            // 2 s: 120 presents at 60 Hz (240 at 120 Hz) to join, far more than "more than half joined" needs
            split = Cli.run("capture", PKG, "-P", p, "-s", sim.serial(), "--duration", "2s", "--source", "flutter",
                    "--out", flutter.toString());
            watch = Cli.run("watch", PKG, "-P", p, "-s", sim.serial(), "--duration", "1s", "--plain",
                    "--frames-csv", watchCsv.toString());
            // the gate's checks are what auto picked and that the Flutter split is printed: 1 s holds 60+ frames
            gate = Cli.run("gate", PKG, "-P", p, "-s", sim.serial(), "--duration", "1s", "--min-fps", "1",
                    "--max-ui-p90-ms", "1000", "--max-raster-p90-ms", "1000");
            sim.android().advance(); // every frame up to now reaches the truth
        }
        assertEquals(0, capture.exit, capture::toString);
        assertEquals(0, split.exit, split::toString);
        assertEquals(0, watch.exit, watch::toString);
        assertEquals(0, gate.exit, gate::toString);
        assertTrue(gate.out.contains("flutter UI p90 (ms)"), gate::toString);
        for (Cli r : List.of(capture, watch, gate)) {
            // auto follows the window: there is no SurfaceView layer to pick
            assertFalse(r.err.contains("SurfaceView[") || r.err.contains("SurfaceView - "),
                    "auto picked a SurfaceView: " + r);
            assertTrue((r.out + r.err).contains("gfxinfo") && !r.out.contains("surfaceflinger"), r.toString());
            assertTrue(r.err.contains("Flutter app in a profile or debug build"), r.toString());
        }
        Map<Long, Long> durationByVsync = truthDurations(truthFile);
        List<CSVRecord> rows = rows(find(auto, "frames.csv"));
        assertTrue(rows.size() > hz, "a real capture: " + rows.size() + " frames");
        for (CSVRecord r : rows) {
            assertEquals("gfxinfo", r.get("source"), r.toString());
            checkedAgainstTruth(r, durationByVsync);
        }
        JsonNode summary = new ObjectMapper().readTree(find(auto, "summary.json").toFile());
        assertEquals(rows.size(), summary.get("frames").asLong(), summary::toString);
        List<CSVRecord> watched = rows(watchCsv);
        assertTrue(watched.size() > hz / 3, "watch saw frames: " + watched.size());
        for (CSVRecord r : watched) {
            checkedAgainstTruth(r, durationByVsync);
        }

        // --source flutter: the window layer's presents, each joined row the truth engine frame it composited
        Map<Long, String[]> splitByPresent = truthSplit(dir.resolve("truth.flutter.tsv"));
        long joined = 0;
        List<CSVRecord> layerRows = rows(find(flutter, "frames.csv"));
        for (CSVRecord row : layerRows) {
            assertEquals("surfaceflinger", row.get("source"), row.toString());
            if (row.get("uiMs").isEmpty()) {
                continue;
            }
            String[] t = splitByPresent.get(Long.parseLong(row.get("endNs")));
            assertNotNull(t, "a joined row is a truth Flutter frame's present: " + row.toMap());
            assertEquals(t[0], row.get("uiMs"), "build: " + row.toMap());
            assertEquals(t[1], row.get("rasterMs"), "raster: " + row.toMap());
            joined++;
        }
        assertTrue(joined > layerRows.size() / 2, joined + " of " + layerRows.size() + " rows joined");
        JsonNode block = new ObjectMapper().readTree(find(flutter, "summary.json").toFile()).get("flutter");
        assertEquals(Math.round(1e6 / hz) / 1000.0, block.get("budgetMs").asDouble(), 1e-9, block.toString());
    }

    /** A frames.csv row's frame is a truth window frame, with the truth's duration (to the µs printed). */
    private static void checkedAgainstTruth(CSVRecord r, Map<Long, Long> durationByVsync) {
        Long d = durationByVsync.get(Long.parseLong(r.get("intendedVsyncNs")));
        assertNotNull(d, "not a truth frame: " + r);
        assertEquals(d / 1e6, Double.parseDouble(r.get("durationMs")), 0.0015, "duration of " + r);
    }

    /** IntendedVsync → FrameCompleted − IntendedVsync of every truth window frame, the columns found by label. */
    private static Map<Long, Long> truthDurations(Path truth) throws IOException {
        Map<Long, Long> out = new HashMap<>();
        int vsync = -1;
        int done = -1;
        for (String line : Files.readAllLines(truth)) {
            if (line.startsWith("Flags,")) {
                List<String> h = List.of(line.split(","));
                vsync = h.indexOf("IntendedVsync");
                done = h.indexOf("FrameCompleted");
            } else if (vsync >= 0 && !line.isEmpty() && Character.isDigit(line.charAt(0))) {
                String[] c = line.split(",");
                out.put(Long.parseLong(c[vsync]), Long.parseLong(c[done]) - Long.parseLong(c[vsync]));
            }
        }
        return out;
    }

    /** Present → {uiMs, rasterMs} as frames.csv writes them: whole µs per phase as dart:ui gets them. */
    private static Map<Long, String[]> truthSplit(Path tsv) throws IOException {
        Map<Long, String[]> out = new HashMap<>();
        List<String> lines = Files.readAllLines(tsv);
        assertEquals("number\tvsyncStart\tbuildStart\tbuildFinish\trasterStart\trasterFinish\tactualPresent",
                lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            long[] c = java.util.Arrays.stream(line.split("\t")).mapToLong(Long::parseLong).toArray();
            out.put(c[6], new String[] {ms(c[3] / 1000 - c[2] / 1000), ms(c[5] / 1000 - c[4] / 1000)});
        }
        return out;
    }

    /** µs as frames.csv writes ms: at least two decimals, at most six, no rounding. */
    private static String ms(long us) {
        String s = String.format(java.util.Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
        return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }

    private static Path find(Path dir, String name) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv)) {
            return new ArrayList<>(CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in).getRecords());
        }
    }
}
