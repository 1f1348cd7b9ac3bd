package io.fpsctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code capture} against the simulator through the real adb server: the {@code frameTimeline} counts in
 * summary.json equal the truth, computed here from the simulator's truth files without fpsctl's parsers.
 *
 * <p>Every check here also runs in {@link FrameTimelineSteppedTest} (untagged, the CPU set) on a stepped clock, the
 * simulator's shell in-process ({@link SteppedCapture}): the 8 scenario/version cases, the game's layer, the default
 * source, Android 11. Through {@code fpsctl} and adb in real time (this class, in the e2e set) only what
 * the transport, the command line or real time add: a freeze on Android 13 (7 s: frames presented up to 1.3 s after
 * their vsync while the polls and the 3 s horizon run in real time, where a late poll would show), system jank on Android 16
 * (3 s: the command's own frames.csv and summary.json, its options, adbd's batched shell), and the gate's exit
 * codes and JUnit file (the command line only). The stepped clock cannot show a poll that comes late; adb cannot
 * show the other 6 cases differently: their dumps are the simulator's text whichever way it is read. Was 12
 * captures in ~51 s through adb (docs/performance.md "The test suite").
 */
@Tag("e2e")
class FrameTimelineEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /**
     * Through the real adb server, the simulator printing {@code TX - } names, bufferless SurfaceFrames, Token -1
     * transactions and expired predictions: frames equal the truth's joined frames (the app's buffer SurfaceFrame of
     * the frame's Token), and the split equals docs/metrics.md 10 applied here to the printed strings. The other
     * cases of {@link #summaryCases()} run on the stepped clock only (class comment).
     */
    @ParameterizedTest(name = "{0} on Android {1}")
    @CsvSource({"freeze,13", "system-jank,16"})
    void summaryCountsEqualTheTruth(String scenario, int android, @TempDir Path dir) throws Exception {
        summaryCase(scenario, android, dir, true);
    }

    /** Every scenario/version case, each run on the stepped clock ({@link FrameTimelineSteppedTest}). */
    static Stream<Arguments> summaryCases() {
        return Stream.of(Arguments.of("jank", 14), Arguments.of("system-jank", 14), Arguments.of("system-jank", 12),
                Arguments.of("system-jank", 13), Arguments.of("system-jank", 15), Arguments.of("system-jank", 16),
                Arguments.of("freeze", 13), Arguments.of("freeze", 12));
    }

    /** One case and its checks: through {@code fpsctl capture} and adb ({@code viaAdb}) or {@link SteppedCapture}. */
    static void summaryCase(String scenario, int android, Path dir, boolean viaAdb) throws Exception {
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        // a freeze comes every 2.7-4.3 s and lasts up to 1.3 s: 7 s hold a whole one whenever the capture starts;
        // 3 s at 60 Hz (180 frames) hold at least 4 of system-jank's faulty display frames (one every 37th) and
        // at least 3 of jank's slow frames (one every 40 ± 15 frames), each more than the checks below need
        int seconds = scenario.equals("freeze") ? 7 : 3;
        if (viaAdb) {
            try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                    new SimOptions(AndroidVersion.of(android), 60, 7, PKG), 0, truth, false, null, 0))) {
                Cli r = Cli.run("capture", PKG, "--connect", sim.serial(), "--duration", seconds + "s",
                        "--out", out.toString(), "--source", "gfxinfo");
                assertEquals(0, r.exit, r::toString);
            }
        } else {
            SteppedCapture.run(scenario, android, PKG, SourceRequest.Kind.GFXINFO, seconds, out, truth);
        }
        Path capDir;
        try (Stream<Path> s = Files.walk(out)) {
            capDir = s.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow().getParent();
        }
        List<Long> counted = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(capDir.resolve("frames.csv"));
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            for (CSVRecord rec : p) {
                counted.add(Long.parseLong(rec.get("intendedVsyncNs")));
            }
        }
        Map<Long, Long> tokenByVsync = FrameTimelineTruth.tokens(truth);
        Map<Long, String[]> surfaceFrames = FrameTimelineTruth.surfaceFrames(dir.resolve("truth.frametimeline.tsv"));
        // only what some dump showed final can be joined (a display frame still pending at the last poll is not)
        Set<Long> readable = FrameTimelineTruth.shownFinal(dir.resolve("truth.frametimeline-dumps.tsv"));

        long joined = 0;
        long unattributed = 0;
        long app = 0;
        long system = 0;
        long dropped = 0;
        long expired = 0;
        Map<String, Long> types = new LinkedHashMap<>();
        for (long v : counted) {
            Long token = tokenByVsync.get(v);
            String[] sf = token == null || !readable.contains(token) ? null : surfaceFrames.get(token);
            if (sf == null) {
                unattributed++;
                continue;
            }
            joined++;
            List<String> keys = FrameTimelineTruth.keys(sf[0], sf[1]);
            keys.forEach(k -> types.merge(k, 1L, Long::sum));
            switch (FrameTimelineTruth.blame(sf)) {
                case "app" -> app++;
                case "system" -> system++;
                case "dropped" -> dropped++;
                default -> { }
            }
            expired += sf[2].equals("Expired") ? 1 : 0;
        }
        JsonNode ft = JSON.readTree(capDir.resolve("summary.json").toFile()).get("frameTimeline");
        assertTrue(ft.isObject(), ft::toString);
        assertEquals(joined, ft.get("frames").asLong(), ft::toString);
        assertEquals(unattributed, ft.get("unattributed").asLong(), ft::toString);
        assertEquals(app, ft.get("appJank").asLong(), ft::toString);
        assertEquals(system, ft.get("systemJank").asLong(), ft::toString);
        assertEquals(dropped, ft.get("droppedBuffers").asLong(), ft::toString);
        for (Map.Entry<String, Long> e : types.entrySet()) {
            assertEquals(e.getValue(), ft.get("types").get(e.getKey()).asLong(), e.getKey() + " in " + ft);
        }
        assertTrue(joined > counted.size() * 9 / 10, "nearly every frame joined: " + ft);
        if (scenario.equals("jank")) {
            assertTrue(app > 0, ft::toString);
        } else if (scenario.equals("freeze")) {
            // frames late by more than the TokenManager keeps (33 vsyncs from 13, 250 on 12): expired predictions
            assertTrue(app > 0 && (android == 12 || expired > 0), ft + ", expired " + expired);
        } else {
            assertTrue(system > 0 && app <= 1, ft::toString);
        }
    }

    /** A game measured on its SurfaceView layer: the layer's SurfaceFrames are its frames (on the stepped clock). */
    static void gameCase(Path dir) throws Exception {
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        // one second after the start the game's SurfaceView is drawing (SteppedCapture)
        SteppedCapture.run("game", 14, PKG, SourceRequest.Kind.SURFACEFLINGER, 3, out, truth);
        Path summary;
        try (Stream<Path> s = Files.walk(out)) {
            summary = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow();
        }
        JsonNode ft = JSON.readTree(summary.toFile()).get("frameTimeline");
        long truthGame = Files.readAllLines(dir.resolve("truth.frametimeline.tsv")).stream()
                .filter(l -> l.contains("\tsurfaceview\t")).count();
        assertTrue(ft.get("frames").asLong() > 60, ft::toString);
        assertTrue(ft.get("frames").asLong() <= truthGame, ft + " vs " + truthGame);
        assertEquals(0, ft.get("unattributed").asLong());
    }

    /** App jank fails the gate, system jank does not (the point of the split). */
    @ParameterizedTest(name = "{0}: exit {1}")
    @CsvSource({"system-jank,0", "jank,1"})
    void appJankGate(String scenario, int exit, @TempDir Path dir) throws Exception {
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 60, 7, PKG), 0, null, false, null, 0))) {
            Path junit = dir.resolve("junit.xml");
            Cli r = Cli.run("gate", PKG, "--connect", sim.serial(), "--duration", "3s", "--source", "gfxinfo",
                    "--max-app-jank-percent", "1", "--junit", junit.toString());
            assertEquals(exit, r.exit, r::toString);
            assertTrue(r.out.contains("appJankPercent") || r.err.contains("appJankPercent"), r::toString);
            assertTrue(Files.readString(junit).contains("appJankPercent"));
        }
    }

    /** A 2 s capture (the default source) of the simulated app on Android {@code android}: its summary.json. */
    private static JsonNode capture2s(String scenario, int android, Path dir) throws Exception {
        Path out = dir.resolve("out");
        SteppedCapture.run(scenario, android, PKG, SourceRequest.Kind.AUTO, 2, out, null);
        try (Stream<Path> s = Files.walk(out)) {
            return JSON.readTree(s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst()
                    .orElseThrow().toFile());
        }
    }

    /** The default {@code --source auto} joins too (its gfxinfo engine feeds the join): on the stepped clock. */
    static void autoSourceJoins(Path dir) throws Exception {
        JsonNode root = capture2s("system-jank", 16, dir);
        JsonNode ft = root.get("frameTimeline");
        assertTrue(ft.isObject(), root::toString);
        assertTrue(ft.get("frames").asLong() > root.get("frames").asLong() * 9 / 10, root::toString);
        assertEquals(0, ft.get("appJank").asLong(), ft::toString);
    }

    /** Android 11: frameTimeline is null with exactly one warning saying why (on the stepped clock). */
    static void android11IsNullWithOneWarning(Path dir) throws Exception {
        JsonNode root = capture2s("jank", 11, dir);
        assertTrue(root.has("frameTimeline") && root.get("frameTimeline").isNull(), root::toString);
        long warnings = 0;
        for (JsonNode w : root.get("warnings")) {
            if (w.asText().startsWith("frameTimeline: null")) {
                warnings++;
                assertTrue(w.asText().contains("Android 12"), w::asText);
            }
        }
        assertEquals(1, warnings, root::toString);
        assertTrue(root.get("frames").asLong() > 0);
    }
}
