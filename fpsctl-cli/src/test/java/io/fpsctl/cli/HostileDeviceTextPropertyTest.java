package io.fpsctl.cli;

import static io.fpsctl.cli.HostileDeviceText.PKG;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;

/**
 * Random hostile text (every C0 and C1 control, {@code ESC [}, {@code ESC ]}, the bidi overrides and isolates,
 * {@code <}, {@code =}, markup that would open an element) in every device-text field a scenario can name at once:
 * the window title (gfxinfo's {@code Window:} line and SurfaceFlinger's layer names, the SurfaceView layer
 * included), two more app threads ({@code /proc/PID/task/TID/comm}), two more thermal sensors
 * ({@code dumpsys thermalservice}) and the system properties fpsctl reads and shows ({@code getprop}: model, release,
 * fingerprint; the model, product and device names also in the adb banner). One simulated {@code capture --report}
 * per try, then {@code gate --from} the capture's summary with {@code --junit} and {@code --markdown}; no sink may
 * carry it raw (docs/outputs-and-signals.md, "Text from a device on the terminal"; docs/formats.md 6):
 * <ul>
 *   <li>stdout and stderr of capture and gate: no raw control, DEL, C1, bidi control;</li>
 *   <li>frames.csv and windows.csv: no text cell, nor any part of one a {@code ;}-locale spreadsheet reads as a cell,
 *       starts a formula, no raw control is in the file, and the window cell reads back as the title with its
 *       controls shown (docs/formats.md 6: lossy by design; summary.json keeps the exact text);</li>
 *   <li>summary.json: raw bytes hold no control, C1 or bidi character, and the title and the model read back
 *       decoded as given (the model as getprop's line, stripped);</li>
 *   <li>report.html: the planted element never appears as markup, and no raw control;</li>
 *   <li>JUnit XML parses (XML 1.0 forbids C0 controls even escaped) and neither it nor the Markdown holds one
 *       (a guard only: today {@code gate}'s files quote no scenario-settable field, so turning Markdown's escaping
 *       off fails nothing here; {@code MarkdownCellTest} checks that rule itself).</li>
 * </ul>
 * The same tries (seed, tries and parameters as here, so the same texts) go through {@code watch --plain --csv} and
 * {@code devices} in {@code HostileDeviceTextWatchPropertyTest}; the tools' failure messages are
 * {@code HostileToolMessagesPropertyTest}; the exporter's Prometheus exposition needs an adb server per run:
 * {@code HostileDeviceTextExporterPropertyTest}. One property split in classes by command, so that none holds a test
 * JVM for a minute (the whole took 65 s). It stays in real time through the simulator's adb transport: the text
 * reaches fpsctl as a device sends it (the banner, getprop's lines, the dumps), and the checks are of what the command
 * line's own writers (Main.run's {@code TerminalWriter}, the report, the gate's files) make of it.
 * Broken on purpose: without {@link io.fpsctl.format.DeviceTextJsonEscapes} summary.json fails on a raw U+008C, and
 * report.html too.
 */
@Tag("e2e")
class HostileDeviceTextPropertyTest {

    @Property(tries = 10, seed = "3737")
    void noSinkEmitsHostileDeviceTextRaw(@ForAll("texts") String title, @ForAll("texts") String thread,
                                         @ForAll("texts") String sensor, @ForAll("texts") String model)
            throws Exception {
        Path dir = Files.createTempDirectory("hostile-fields");
        try {
            Path scenario = HostileDeviceText.scenario(dir, title, thread, sensor, model);
            Path out = dir.resolve("run");
            // 1 s (was 1.5 s): the checks need frames.csv to hold more than 10 rows, one of them the title's; the
            // scenario draws at 60 Hz with one slow frame (2 or 4 vsyncs) in 20, about 52 frames a second, and the
            // run's last poll reads what was drawn up to its end (docs/metrics.md 11); no check counts more
            Cli capture = Cli.run("capture", PKG, "--simulate=" + scenario, "--duration", "1000ms", "--report",
                    "--out", out.toString());
            assertEquals(ExitCode.OK, capture.exit, capture::toString);
            Path run = HostileDeviceText.runFolder(out, capture);
            HostileDeviceText.terminal(capture);
            HostileDeviceText.framesCsv(run.resolve("frames.csv"), title);
            HostileDeviceText.windowsCsv(run.resolve("windows.csv"));
            HostileDeviceText.summaryJson(run.resolve("summary.json"), title);
            // getprop's line, stripped (Getprop.value)
            HostileDeviceText.summaryJson(run.resolve("summary.json"), model.strip());
            HostileDeviceText.reportHtml(run.resolve("report.html"));

            Path junit = dir.resolve("gate.xml");
            Path md = dir.resolve("gate.md");
            Cli gate = Cli.run("gate", "--from", run.resolve("summary.json").toString(), "--min-fps", "1000",
                    "--junit", junit.toString(), "--markdown", md.toString());
            assertEquals(ExitCode.GATE_FAILED, gate.exit, gate::toString);
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
