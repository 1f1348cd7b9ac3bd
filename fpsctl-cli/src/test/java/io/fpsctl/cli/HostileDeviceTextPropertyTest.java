package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.HostileText;
import io.fpsctl.text.CsvText;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.xml.sax.InputSource;

/**
 * Random hostile text (every C0 and C1 control, {@code ESC [}, {@code ESC ]}, the bidi overrides and isolates,
 * {@code <}, {@code =}, markup that would open an element) in every device-text field a scenario can name at once:
 * the window title (gfxinfo's {@code Window:} line and SurfaceFlinger's layer names, the SurfaceView layer
 * included), two more app threads ({@code /proc/PID/task/TID/comm}), two more thermal sensors
 * ({@code dumpsys thermalservice}) and the system properties fpsctl reads and shows ({@code getprop}: model, release,
 * fingerprint; the model, product and device names also in the adb banner). One simulated {@code capture --report},
 * {@code devices} and {@code devices --json}, and one {@code watch --plain --csv} per try, then {@code gate --from}
 * the capture's summary with {@code --junit} and {@code --markdown}; no sink may carry it raw
 * (docs/outputs-and-signals.md, "Text from a device on the terminal"; docs/formats.md 6):
 * <ul>
 *   <li>stdout and stderr of capture, watch and gate: no raw control, DEL, C1, bidi control;</li>
 *   <li>frames.csv and windows.csv (both runs): no text cell, nor any part of one a {@code ;}-locale spreadsheet
 *       reads as a cell, starts a formula, no raw control is in the file, and the window cell reads back as the
 *       title with its controls shown (docs/formats.md 6: lossy by design; summary.json keeps the exact text);</li>
 *   <li>summary.json: raw bytes hold no control, C1 or bidi character, and the title and the model read back
 *       decoded as given (the model as getprop's line, stripped);</li>
 *   <li>{@code devices}: no raw control; with {@code --json} the model reads back;</li>
 *   <li>report.html: the planted element never appears as markup, and no raw control;</li>
 *   <li>JUnit XML parses (XML 1.0 forbids C0 controls even escaped) and neither it nor the Markdown holds one
 *       (a guard only: today {@code gate}'s files quote no scenario-settable field, so turning Markdown's escaping
 *       off fails nothing here; {@code MarkdownCellTest} checks that rule itself).</li>
 * </ul>
 * Broken on purpose: with stdout no longer behind {@code TerminalWriter} ({@code Main.run}) the first try fails on a
 * raw NUL in watch's window table; without {@link io.fpsctl.format.DeviceTextJsonEscapes} summary.json fails on a
 * raw U+008C, and report.html too.
 * The exporter's Prometheus exposition needs an adb server per run: {@code HostileDeviceTextExporterPropertyTest}.
 */
@Tag("e2e")
class HostileDeviceTextPropertyTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** An element the title tries to plant in the report page (a closing script tag first, for embedded data). */
    private static final String PLANTED = "</script><img src=x onerror=alert(37)>";

    @Property(tries = 10, seed = "3737")
    void noSinkEmitsHostileDeviceTextRaw(@ForAll("texts") String title, @ForAll("texts") String thread,
                                         @ForAll("texts") String sensor, @ForAll("texts") String model)
            throws Exception {
        Path dir = Files.createTempDirectory("hostile-fields");
        try {
            Path scenario = Files.writeString(dir.resolve("s.json"), JSON.writeValueAsString(Map.of(
                    "name", "hostile", "threads", List.of(thread, "a;" + thread), "sensors", List.of(sensor,
                            sensor + ", mStatus=0}"), "properties", properties(model),
                    "surfaceView", Map.of("minFps", 50, "maxFps", 60),
                    "windows", List.of(Map.of("activity", ".MainActivity", "title", title, "phases", List.of(Map.of(
                            "kind", "render", "durationMs", 100000000, "slow", Map.of("everyFrames", 20,
                                    "missedVsyncs", List.of(2, 4)))))))));
            Path out = dir.resolve("run");
            Cli capture = Cli.run("capture", PKG, "--simulate=" + scenario, "--duration", "1500ms", "--report",
                    "--out", out.toString());
            assertEquals(ExitCode.OK, capture.exit, capture::toString);
            Path run; // OUT/SERIAL/PACKAGE
            try (var found = Files.find(out, 3, (p, a) -> p.endsWith("summary.json"))) {
                run = found.findFirst().orElseThrow(() -> new AssertionError("no summary.json: " + capture)).getParent();
            }
            terminal(capture);
            framesCsv(run.resolve("frames.csv"), title);
            windowsCsv(run.resolve("windows.csv"));
            summaryJson(run.resolve("summary.json"), title);
            summaryJson(run.resolve("summary.json"), model.strip()); // getprop's line, stripped (Getprop.value)
            reportHtml(run.resolve("report.html"));

            Path junit = dir.resolve("gate.xml");
            Path md = dir.resolve("gate.md");
            Cli gate = Cli.run("gate", "--from", run.resolve("summary.json").toString(), "--min-fps", "1000",
                    "--junit", junit.toString(), "--markdown", md.toString());
            assertEquals(ExitCode.GATE_FAILED, gate.exit, gate::toString);
            terminal(gate);
            String xml = Files.readString(junit, StandardCharsets.UTF_8);
            HostileText.assertNoRawControl(xml);
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
            HostileText.assertNoRawControl(Files.readString(md, StandardCharsets.UTF_8));

            for (boolean json : new boolean[] {false, true}) { // the model and release, as getprop says them
                Cli devices = json ? Cli.run("devices", "--simulate=" + scenario, "--json")
                        : Cli.run("devices", "--simulate=" + scenario);
                assertEquals(ExitCode.OK, devices.exit, devices::toString);
                terminal(devices);
                if (json && whole(model) && !model.isBlank()) {
                    List<String> texts = new ArrayList<>();
                    collect(JSON.readTree(devices.out), texts);
                    assertTrue(texts.contains(model.strip()), () -> "devices --json has no model " + devices);
                }
            }

            Path windows = dir.resolve("windows.csv");
            Path frames = dir.resolve("frames.csv");
            Cli watch = Cli.run("watch", PKG, "--simulate=" + scenario, "--duration", "1500ms", "--plain",
                    "--csv", windows.toString(), "--frames-csv", frames.toString());
            assertEquals(ExitCode.OK, watch.exit, watch::toString);
            terminal(watch);
            framesCsv(frames, title);
            windowsCsv(windows);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * What fpsctl relays of a tool's failure: screenrecord's first error line (the run goes on without video: a
     * warning, summary.json's video status, the report) and perfetto's (the run cannot measure: the error line, and
     * the JUnit and Markdown files of a gate whose device failed). The simulator's tools fail with the scenario's text
     * ({@code toolErrors}). Found by it: the JUnit file's {@code subject} property carried a device's C1 control raw
     * (only the check's message showed it visibly); now {@code JUnitReport.clean} applies the terminal rule to all.
     */
    @Property(tries = 4, seed = "3737")
    void toolMessagesReachNoSinkRaw(@ForAll("texts") String screenrecord, @ForAll("texts") String perfetto)
            throws Exception {
        Path dir = Files.createTempDirectory("hostile-tools");
        try {
            Path scenario = Files.writeString(dir.resolve("s.json"), JSON.writeValueAsString(Map.of(
                    // the first line, which fpsctl relays, always opens with a C1 CSI and a right-to-left override
                    // (the random text alone may break its line before any): every try reaches each sink's rule
                    "name", "hostile", "toolErrors", Map.of("screenrecord", "\u009b\u202e" + screenrecord,
                            "perfetto", "\u009b\u202e" + perfetto),
                    "windows", List.of(Map.of("activity", ".MainActivity", "phases", List.of(Map.of(
                            "kind", "render", "durationMs", 100000000)))))));
            Path out = dir.resolve("run");
            Cli capture = Cli.run("capture", PKG, "--simulate=" + scenario, "--duration", "1500ms", "--record",
                    "--report", "--out", out.toString());
            assertEquals(ExitCode.OK, capture.exit, capture::toString);
            assertTrue(capture.err.contains("no screen recording"), capture::toString);
            terminal(capture);
            Path run;
            try (var found = Files.find(out, 3, (p, a) -> p.endsWith("summary.json"))) {
                run = found.findFirst().orElseThrow(() -> new AssertionError("no summary.json: " + capture)).getParent();
            }
            HostileText.assertNoRawControl(Files.readString(run.resolve("summary.json"), StandardCharsets.UTF_8));
            reportHtml(run.resolve("report.html"));

            Path junit = dir.resolve("gate.xml");
            Path md = dir.resolve("gate.md");
            Cli gate = Cli.run("gate", PKG, "--simulate=" + scenario, "--duration", "1500ms", "--source", "perfetto",
                    "--min-fps", "1", "--junit", junit.toString(), "--markdown", md.toString());
            assertEquals(ExitCode.DEVICE, gate.exit, gate::toString);
            assertTrue(gate.err.contains("perfetto refused to start"), gate::toString);
            terminal(gate);
            String xml = Files.readString(junit, StandardCharsets.UTF_8);
            HostileText.assertNoRawControl(xml);
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
            HostileText.assertNoRawControl(Files.readString(md, StandardCharsets.UTF_8));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Every {@code getprop} value fpsctl reads and prints, and the banner's three (adbd sends the same properties in
     * its CNXN banner, unescaped): the model, the build fingerprint, the product, device and manufacturer names. A
     * NUL ends a property value (a C string), so the simulator cuts there. The release ({@code 14}) is only shown, so
     * it is hostile too; the SDK level stays valid: it chooses how every dump is read, and a device lying about it is
     * a different test.
     */
    private static Map<String, String> properties(String model) {
        return Map.of("ro.product.model", model, "ro.build.fingerprint", "brand/" + model + "/dev:14/ID/1:user/keys",
                "ro.product.name", "n;" + model, "ro.product.device", model + ":d", "ro.product.manufacturer", model,
                "ro.build.version.release", "14" + model);
    }

    private static void terminal(Cli r) {
        HostileText.assertNoRawControl(r.out);
        HostileText.assertNoRawControl(r.err);
    }

    private static void framesCsv(Path file, String title) throws Exception {
        List<CSVRecord> rows = textCells(file, "device", "package", "window");
        assertTrue(rows.size() > 10, "frames.csv rows: " + rows.size());
        if (whole(title)) {
            assertTrue(rows.stream().anyMatch(r -> CsvText.read(r.get("window")).equals(read(title))),
                    () -> "no frames.csv row reads back as the title " + JSON.valueToTree(title) + ": "
                            + JSON.valueToTree(rows.stream().map(r -> r.get("window")).distinct().toList()));
        }
    }

    /**
     * Whether the title must read back exactly: one without C0 controls (a line break, CR or NUL would split or end
     * the dump's {@code Window:} line, and the line reader may drop others at its ends), so DEL, C1, bidi controls,
     * escape starts after {@code ESC}-free text, markup and formula starts all must survive every sink's escaping.
     */
    private static boolean whole(String title) {
        return !title.isBlank() && title.chars().noneMatch(c -> c < 0x20);
    }

    /** The title as a CSV cell shows it, read back: control characters in the visible notation (lossy, by design). */
    private static String read(String title) {
        return HostileText.shownInCsv(title);
    }

    private static void windowsCsv(Path file) throws Exception {
        textCells(file, "topThreads");
    }

    /** Every named text column that exists: no cell, nor any ';'-separated part of one, starts a formula. */
    private static List<CSVRecord> textCells(Path file, String... columns) throws Exception {
        String csv = Files.readString(file, StandardCharsets.UTF_8);
        // a device's controls are shown in a CSV cell (docs/formats.md 6): 'cat' of the file sends none raw, and no
        // cell holds a line end (only the records' own CRLF or LF remain)
        HostileText.assertNoRawControl(csv.replace("\r\n", "\n"));
        List<CSVRecord> rows = new ArrayList<>();
        try (var parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv))) {
            for (CSVRecord rec : parser) {
                rows.add(rec);
                for (String column : columns) {
                    if (!rec.isMapped(column)) {
                        continue;
                    }
                    String cell = rec.get(column);
                    for (String part : cell.split("[;\r\n]", -1)) { // where a ';'-locale reader starts a cell
                        assertFalse(!part.isEmpty() && "=+-@\t\r".indexOf(part.charAt(0)) >= 0,
                                () -> file.getFileName() + " " + column + " starts a formula: " + cell);
                    }
                }
            }
        }
        return rows;
    }

    private static void summaryJson(Path file, String title) throws Exception {
        byte[] raw = Files.readAllBytes(file);
        HostileText.assertNoRawControl(new String(raw, StandardCharsets.UTF_8));
        List<String> texts = new ArrayList<>();
        collect(JSON.readTree(raw), texts);
        // cut only past DeviceNames.MAX_CHARS, far above these lengths: it reads back as the app set it
        if (whole(title)) {
            assertTrue(texts.stream().anyMatch(t -> t.contains(title)), // JSON keeps the exact text
                    () -> "summary.json has no text holding the title " + JSON.valueToTree(title) + ": " + texts);
        }
    }

    private static void collect(JsonNode node, List<String> into) {
        if (node.isTextual()) {
            into.add(node.textValue());
        }
        node.fieldNames().forEachRemaining(into::add);
        node.elements().forEachRemaining(child -> collect(child, into));
    }

    private static void reportHtml(Path file) throws Exception {
        String html = Files.readString(file, StandardCharsets.UTF_8);
        assertFalse(html.contains("<img src=x"), "the report page carries the planted element as markup");
        assertFalse(html.contains(PLANTED), "the report page carries the planted closing tag");
        HostileText.assertNoRawControl(html.replace("\r", ""));
    }

    /** Text as an attacker writes it: controls and escape starts between ordinary characters. */
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.chars().range('\u0000', '\u001f').map(String::valueOf),
                Arbitraries.chars().range('\u007f', '\u009f').map(String::valueOf),
                Arbitraries.of("\u001b[", "\u001b]", "\u001b[2J", "\u001b]8;;http://evil.example/\u0007", "\u202a",
                        "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u2028",
                        "<", "=", "+", "@", "-", "&", "|", "`", "\"", ",", ";", "#", "[x](http://evil.example/)",
                        PLANTED),
                Arbitraries.strings().alpha().ofMaxLength(5));
        return Arbitraries.oneOf(Arbitraries.of("=", "+", "-", "@"), Arbitraries.just(""))
                .flatMap(start -> piece.list().ofMinSize(1).ofMaxSize(10).map(l -> start + String.join("", l)));
    }
}
