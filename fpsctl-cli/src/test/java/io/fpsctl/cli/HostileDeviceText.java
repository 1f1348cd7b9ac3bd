package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.HostileText;
import io.fpsctl.text.CsvText;
import java.io.IOException;
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
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.xml.sax.InputSource;

/**
 * What the hostile-device-text property classes share: the scenario that names hostile text in every device-text
 * field at once, the generator of that text, and each sink's check (docs/outputs-and-signals.md, "Text from a device
 * on the terminal"; docs/formats.md 6). The property is split by the commands it runs
 * ({@code HostileDeviceTextPropertyTest}: capture and gate; {@code HostileDeviceTextWatchPropertyTest}: watch and
 * devices; {@code HostileToolMessagesPropertyTest}: the tools' failures) so that no one class holds a test JVM for a
 * minute; the classes of one property keep its seed, tries and parameters, so each try's texts reach every sink.
 */
final class HostileDeviceText {
    static final String PKG = "com.example.feed";
    static final ObjectMapper JSON = new ObjectMapper();
    /** An element the title tries to plant in the report page (a closing script tag first, for embedded data). */
    static final String PLANTED = "</script><img src=x onerror=alert(37)>";

    private HostileDeviceText() {
    }

    /**
     * A scenario naming {@code title}, two more app threads after {@code thread}, two more thermal sensors after
     * {@code sensor} and the system properties after {@code model} (given through JSON, so any character can be named).
     */
    static Path scenario(Path dir, String title, String thread, String sensor, String model) throws IOException {
        return Files.writeString(dir.resolve("s.json"), JSON.writeValueAsString(Map.of(
                "name", "hostile", "threads", List.of(thread, "a;" + thread), "sensors", List.of(sensor,
                        sensor + ", mStatus=0}"), "properties", properties(model),
                "surfaceView", Map.of("minFps", 50, "maxFps", 60),
                "windows", List.of(Map.of("activity", ".MainActivity", "title", title, "phases", List.of(Map.of(
                        "kind", "render", "durationMs", 100000000, "slow", Map.of("everyFrames", 20,
                                "missedVsyncs", List.of(2, 4)))))))));
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

    /** The folder of a capture's files under {@code out}: OUT/SERIAL/PACKAGE. */
    static Path runFolder(Path out, Cli capture) throws IOException {
        try (var found = Files.find(out, 3, (p, a) -> p.endsWith("summary.json"))) {
            return found.findFirst().orElseThrow(() -> new AssertionError("no summary.json: " + capture)).getParent();
        }
    }

    static void delete(Path dir) throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static void terminal(Cli r) {
        HostileText.assertNoRawControl(r.out);
        HostileText.assertNoRawControl(r.err);
    }

    /** A gate's JUnit XML parses (XML 1.0 forbids C0 controls even escaped); neither it nor the Markdown holds one. */
    static void gateFiles(Path junit, Path md) throws Exception {
        String xml = Files.readString(junit, StandardCharsets.UTF_8);
        HostileText.assertNoRawControl(xml);
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        HostileText.assertNoRawControl(Files.readString(md, StandardCharsets.UTF_8));
    }

    static void framesCsv(Path file, String title) throws Exception {
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
    static boolean whole(String title) {
        return !title.isBlank() && title.chars().noneMatch(c -> c < 0x20);
    }

    /** The title as a CSV cell shows it, read back: control characters in the visible notation (lossy, by design). */
    private static String read(String title) {
        return HostileText.shownInCsv(title);
    }

    /**
     * windows.csv's text cells. In these 1 s runs (and in the 1.5 s they were before) the {@code topThreads} cell was
     * empty in every try measured: a thread's share needs more samples than a second gives, so this checks the file's
     * raw controls and its other cells; {@code HostileDeviceTextEndToEndTest}'s 4 s watch checks hostile thread names
     * in {@code topThreads}.
     */
    static void windowsCsv(Path file) throws Exception {
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

    static void summaryJson(Path file, String title) throws Exception {
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

    static void collect(JsonNode node, List<String> into) {
        if (node.isTextual()) {
            into.add(node.textValue());
        }
        node.fieldNames().forEachRemaining(into::add);
        node.elements().forEachRemaining(child -> collect(child, into));
    }

    static void reportHtml(Path file) throws Exception {
        String html = Files.readString(file, StandardCharsets.UTF_8);
        assertFalse(html.contains("<img src=x"), "the report page carries the planted element as markup");
        assertFalse(html.contains(PLANTED), "the report page carries the planted closing tag");
        HostileText.assertNoRawControl(html.replace("\r", ""));
    }

    /** Text as an attacker writes it: controls and escape starts between ordinary characters. */
    static Arbitrary<String> texts() {
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
