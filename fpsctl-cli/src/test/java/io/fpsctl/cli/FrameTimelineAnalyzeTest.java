package io.fpsctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code analyze framestats.txt --frametimeline ft.txt} and {@code analyze ft.txt} on dumps the simulator printed at
 * the same instant; expected values from the dump text itself (split here by hand, not by fpsctl's parsers).
 */
class FrameTimelineAnalyzeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";
    /**
     * A SurfaceFrame block as {@code SurfaceFrame::dump} prints it: layer, Token (−1 is not matched: it joins
     * nothing), Is Buffer?, Present State, Prediction State, Jank Type, Finish Metadata.
     */
    private static final Pattern SURFACE_FRAME = Pattern.compile(
            "(?m)^    Layer - (.*)\\n    Token: (\\d+)\\n    Is Buffer\\?: (\\d)\\n(?:    .*\\n)*?"
                    + "    Present State : (\\w+)\\n(?:    Drop time : .*\\n)?    Prediction State : (\\w+)\\n"
                    + "    Jank Type : (.*)\\n    Present Metadata : .*\\n    Finish Metadata: (.*)\\n");
    /** A display frame's own (not indented) Actual line with the present time N/A. */
    private static final Pattern PENDING_DISPLAY_FRAME = Pattern.compile("(?m)^Actual  \\t\\|.*\\tN/A$");

    private static String sh(SimulatedAndroid d, String cmd) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        d.run(cmd, out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void framestatsJoinedWithASavedFrameTimeline(@TempDir Path dir) throws Exception {
        ManualTimeSource time = new ManualTimeSource();
        SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName("system-jank"),
                SimOptions.defaults().withAndroid(13).withRefreshHz(60).withSeed(3), time, null);
        time.advanceMillis(9_000);
        String gfx = sh(d, "dumpsys gfxinfo " + PKG + " framestats");
        String ft = sh(d, "dumpsys SurfaceFlinger --frametimeline -all");
        Path gfxFile = dir.resolve("framestats.txt");
        Path ftFile = dir.resolve("ft.txt");
        Files.writeString(gfxFile, gfx);
        Files.writeString(ftFile, ft);

        // SurfaceFrames of display frames whose own actual present is N/A (present fence not processed yet: the
        // ring's newest) are not classified yet: they do not count
        Map<Long, String[]> byToken = new HashMap<>();
        int surfaceFrames = 0;
        int notFinal = 0;
        for (String displayFrame : ft.split("(?m)^(?=Display Frame )")) {
            boolean pending = PENDING_DISPLAY_FRAME.matcher(displayFrame).find();
            Matcher m = SURFACE_FRAME.matcher(displayFrame);
            while (m.find()) {
                if (pending) {
                    notFinal++;
                    continue;
                }
                if (!m.group(3).equals("1")) {
                    continue; // a bufferless transaction: the frame's buffer SurfaceFrame is the one joined
                }
                surfaceFrames++;
                // {presentState, jankType, predictionState, finishMetadata}, as FrameTimelineTruth.blame reads them
                byToken.put(Long.parseLong(m.group(2)), new String[] {m.group(4), m.group(6), m.group(5),
                        m.group(7)});
            }
        }
        assertTrue(surfaceFrames >= 60, "the ring is full: " + surfaceFrames);
        assertEquals(1, notFinal, "the newest display frame (one SurfaceFrame) is not final yet");
        long joined = 0;
        long unattributed = 0;
        long system = 0;
        long app = 0;
        long dropped = 0;
        List<String> header = null;
        for (String line : gfx.split("\n")) {
            if (line.startsWith("Flags,")) {
                header = List.of(line.split(","));
            } else if (header != null && !line.isEmpty() && Character.isDigit(line.charAt(0))) {
                String[] c = line.split(",");
                long flags = Long.parseLong(c[0]);
                if (Long.parseLong(c[header.indexOf("FrameCompleted")]) == 0 || (flags & 8) != 0) {
                    continue; // in flight or skipped: not counted (docs/metrics.md 1)
                }
                String[] sf = byToken.get(Long.parseLong(c[header.indexOf("FrameTimelineVsyncId")]));
                if (sf == null) {
                    unattributed++;
                    continue;
                }
                joined++;
                switch (FrameTimelineTruth.blame(sf)) { // docs/metrics.md 10 on the printed strings
                    case "system" -> system++;
                    case "app" -> app++;
                    case "dropped" -> dropped++;
                    default -> { }
                }
            }
        }
        Cli r = Cli.run("analyze", gfxFile.toString(), "--frametimeline", ftFile.toString(), "--format", "json");
        assertEquals(0, r.exit, r::toString);
        JsonNode j = JSON.readTree(r.out).get("frameTimeline");
        assertEquals(joined, j.get("frames").asLong(), j::toString);
        assertEquals(unattributed, j.get("unattributed").asLong(), j::toString);
        assertEquals(system, j.get("systemJank").asLong(), j::toString);
        assertEquals(app, j.get("appJank").asLong(), j::toString);
        assertEquals(dropped, j.get("droppedBuffers").asLong(), j::toString);
        assertTrue(system > 0 && unattributed > 0, j::toString);

        // per frame: the joined rows carry a presentState; re-read, the CSV gives the same frameTimeline
        Cli csv = Cli.run("analyze", gfxFile.toString(), "--frametimeline", ftFile.toString(), "--format", "csv");
        assertEquals(0, csv.exit, csv::toString);
        List<String> rows = csv.out.lines().skip(1).toList();
        assertEquals(joined + unattributed, rows.size());
        assertEquals(joined, rows.stream().filter(l -> !l.endsWith(",")).count(), "rows with a presentState");
        Path csvFile = dir.resolve("frames.csv");
        Files.writeString(csvFile, csv.out);
        Cli again = Cli.run("analyze", csvFile.toString(), "--format", "json");
        assertEquals(0, again.exit, again::toString);
        assertEquals(j, JSON.readTree(again.out).get("frameTimeline"));

        Cli alone = Cli.run("analyze", ftFile.toString(), "--format", "json");
        assertEquals(0, alone.exit, alone::toString);
        JsonNode a = JSON.readTree(alone.out).get("frameTimeline");
        assertEquals(surfaceFrames, a.get("frames").asLong(), a::toString);
        assertEquals(0, a.get("unattributed").asLong());

        Cli text = Cli.run("analyze", gfxFile.toString(), "--frametimeline", ftFile.toString());
        assertTrue(text.out.contains("system jank"), text::toString);

        Cli plain = Cli.run("analyze", gfxFile.toString(), "--format", "json");
        assertTrue(JSON.readTree(plain.out).get("frameTimeline").isNull(), plain::toString);

        Cli wrong = Cli.run("analyze", gfxFile.toString(), "--frametimeline", gfxFile.toString());
        assertEquals(ExitCode.IO, wrong.exit, wrong::toString);
        assertTrue(wrong.err.contains("--frametimeline"), wrong::toString);
    }
}
