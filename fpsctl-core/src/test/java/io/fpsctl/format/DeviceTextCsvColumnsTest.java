package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LoadUsage;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Source;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * Every column of frames.csv and windows.csv that carries text the device sent goes through the one CSV rule
 * (docs/formats.md 6): the schemas name those columns ({@code DEVICE_TEXT}) and {@code CsvText.printRecord} applies
 * the rule to them, so a writer cannot leave one out. Expected cells are written here by hand from the rule: control
 * characters shown as the terminal shows them ({@code \e}, {@code \xNN}, {@code &#92;uNNNN}), then an apostrophe before a
 * formula start at the cell's start and after each {@code ;}, then RFC 4180 quotes.
 */
class DeviceTextCsvColumnsTest {

    /** A present state a device could print after {@code Present State :}: a formula, an OSC 8 link, BEL. */
    private static final String HOSTILE_STATE = "=HYPERLINK(\"http://evil.example/\")\u001b]8;;\u0007";

    private static List<CSVRecord> parse(String csv) throws IOException {
        return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv)).getRecords();
    }

    /** frames.csv rows of one gfxinfo block, each written with {@code verdict}. */
    private static String frames(String device, String window, FrameTimelineVerdict verdict) throws IOException {
        StringWriter out = new StringWriter();
        FrameCsv csv = new FrameCsv(out, false);
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                try {
                    csv.write(csv.row(device, "com.example", r), verdict);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            }
        });
        e.blockStart(window);
        EngineRun.frames(EngineRun.T0, 3, 8 * EngineRun.MS, 1).forEach(e::frame);
        e.blockEnd();
        e.finish();
        csv.flush();
        return out.toString();
    }

    @Test
    void framesCsvPresentStateIsDeviceText() throws IOException {
        FrameTimelineVerdict v = new FrameTimelineVerdict(true, EnumSet.noneOf(FrameTimelineJankType.class),
                HOSTILE_STATE);
        String text = frames("emulator-5554", EngineRun.WINDOW, v);
        assertFalse(text.contains("\u001b") || text.contains("\u0007"), "no raw ESC or BEL in frames.csv");
        List<CSVRecord> rows = parse(text);
        assertEquals(3, rows.size());
        for (CSVRecord r : rows) {
            assertEquals("'=HYPERLINK(\"http://evil.example/\")\\e]8;;\\x07", r.get("presentState"));
        }
        // always quoted, inner quotes doubled (RFC 4180): the raw line ends with the quoted cell
        assertTrue(text.split("\n")[1].endsWith(",\"'=HYPERLINK(\"\"http://evil.example/\"\")\\e]8;;\\x07\""),
                text.split("\n")[1]);
    }

    @Test
    void framesCsvDeviceStillFollowsTheRule() throws IOException {
        FrameTimelineVerdict v = new FrameTimelineVerdict(true, EnumSet.noneOf(FrameTimelineJankType.class),
                "Presented");
        String text = frames("-2+3\u009b", EngineRun.WINDOW, v);
        CSVRecord r = parse(text).get(0);
        assertEquals("'-2+3\\u009b", r.get("device"));
        assertEquals(EngineRun.WINDOW, r.get("window"));
        assertEquals("Presented", r.get("presentState"));
        assertTrue(text.split("\n")[1].startsWith("\"'-2+3\\u009b\",com.example,gfxinfo,\""), text);
    }

    @Test
    void analyzeReadsThePresentStateBack() throws Exception {
        FrameTimelineVerdict v = new FrameTimelineVerdict(true, EnumSet.noneOf(FrameTimelineJankType.class),
                "-Dropped");
        String text = frames("d", EngineRun.WINDOW, v);
        assertTrue(text.contains("\"'-Dropped\""), text);
        List<String> states = new ArrayList<>();
        FrameEngine again = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
                states.add(verdict.presentState());
            }
        });
        again.savedDump(true);
        new FrameCsvReader(again).read(new java.io.ByteArrayInputStream(
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        again.finish();
        assertEquals(List.of("-Dropped", "-Dropped", "-Dropped"), states, "one apostrophe taken away, as written");
    }

    @Test
    void windowsCsvThreadNamesAndUnavailableReasonsAreDeviceText() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        LoadUsage load = new LoadUsage(null, null, "\u001b[2J;=1+2", true, 5.0, null, 1L, 2L, null, 3L, 4L, null);
        ResourceUsage u = new ResourceUsage(1.0, 10.0, 5.0, 1.0, 1.0, null,
                List.of(new ResourceUsage.ThreadCpu("\u001b]0;PWNED\u0007", 4.0)), 75.0, List.of(), null, null,
                null, null, null, null, load);
        StringWriter out = new StringWriter();
        new WindowCsv(out, "+serial", "com.example").write(run.windows.get(0).withResources(u));
        String text = out.toString();
        assertFalse(text.contains("\u001b") || text.contains("\u0007"), text);
        CSVRecord r = parse(text).get(0);
        assertEquals("'+serial", r.get("device"));
        assertEquals("\\e]0;PWNED\\x07=4.0", r.get("topThreads"));
        // the app's GPU time was not given to this LoadUsage (its older constructor): "not read", fpsctl's own words
        assertEquals("gpu=\\e[2J;'=1+2|appGpu=not read", r.get("unavailable"));
    }

    /**
     * Every text column is classified: either it carries the device's text (and the rule follows the schema's
     * list) or it is fpsctl's own. A new text column must be put in one of the two here, so none is missed silently.
     */
    @Test
    void everyTextColumnIsEitherDeviceTextOrFpsctlsOwn() {
        // package: the --package argument or a name Android's PackageManager accepted ([A-Za-z0-9_.]);
        // cpuFreqKhz: "policyN=cur/max" built from numbers
        Set<String> own = Set.of("package", "cpuFreqKhz");
        for (List<CsvColumn> schema : List.of(FrameCsvSchema.COLUMNS, WindowCsvSchema.COLUMNS)) {
            List<CsvColumn> device = schema == FrameCsvSchema.COLUMNS ? FrameCsvSchema.DEVICE_TEXT
                    : WindowCsvSchema.DEVICE_TEXT;
            for (CsvColumn c : schema) {
                boolean text = c.type() == CsvColumn.Type.TEXT || c.type() == CsvColumn.Type.LIST;
                if (text) {
                    assertTrue(device.contains(c) ^ own.contains(c.name()), c.name() + " is not classified");
                }
            }
        }
        assertEquals(List.of("device", "window", "presentState"),
                FrameCsvSchema.DEVICE_TEXT.stream().map(CsvColumn::name).collect(Collectors.toList()));
        assertEquals(List.of("device", "topThreads", "unavailable"),
                WindowCsvSchema.DEVICE_TEXT.stream().map(CsvColumn::name).collect(Collectors.toList()));
    }
}
