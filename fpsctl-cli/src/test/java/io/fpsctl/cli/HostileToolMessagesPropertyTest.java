package io.fpsctl.cli;

import static io.fpsctl.cli.HostileDeviceText.JSON;
import static io.fpsctl.cli.HostileDeviceText.PKG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.testing.HostileText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;

/**
 * Random hostile text (as {@code HostileDeviceTextPropertyTest} makes it) in what fpsctl relays of a device tool's
 * failure; no sink may carry it raw (docs/outputs-and-signals.md, "Text from a device on the terminal";
 * docs/formats.md 6). Split from {@code HostileDeviceTextPropertyTest}, whose second property it was, with its seed
 * and tries. In real time through the simulator's adb transport: the message is a tool's output on the device, and
 * what is checked is the commands' own writers.
 */
@Tag("e2e")
class HostileToolMessagesPropertyTest {

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
            // 1 s (was 1.5 s): screenrecord fails as the capture starts and perfetto as the gate starts; what is
            // checked is what fpsctl relays of those lines, not anything counted over the run's time
            Cli capture = Cli.run("capture", PKG, "--simulate=" + scenario, "--duration", "1000ms", "--record",
                    "--report", "--out", out.toString());
            assertEquals(ExitCode.OK, capture.exit, capture::toString);
            assertTrue(capture.err.contains("no screen recording"), capture::toString);
            HostileDeviceText.terminal(capture);
            Path run = HostileDeviceText.runFolder(out, capture);
            HostileText.assertNoRawControl(Files.readString(run.resolve("summary.json"), StandardCharsets.UTF_8));
            HostileDeviceText.reportHtml(run.resolve("report.html"));

            Path junit = dir.resolve("gate.xml");
            Path md = dir.resolve("gate.md");
            Cli gate = Cli.run("gate", PKG, "--simulate=" + scenario, "--duration", "1000ms", "--source", "perfetto",
                    "--min-fps", "1", "--junit", junit.toString(), "--markdown", md.toString());
            assertEquals(ExitCode.DEVICE, gate.exit, gate::toString);
            assertTrue(gate.err.contains("perfetto refused to start"), gate::toString);
            HostileDeviceText.terminal(gate);
            HostileDeviceText.gateFiles(junit, md);
        } finally {
            HostileDeviceText.delete(dir);
        }
    }

    @Provide
    Arbitrary<String> texts() {
        return HostileDeviceText.texts();
    }
}
