package io.fpsctl.cli;

import static io.fpsctl.cli.HostileDeviceText.JSON;
import static io.fpsctl.cli.HostileDeviceText.PKG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;

/**
 * The texts of {@code HostileDeviceTextPropertyTest} (the same seed, tries and parameters, so the same hostile title,
 * threads, sensors and system properties in every try) through the other commands that show device text: one
 * simulated {@code watch --plain --csv --frames-csv}, {@code devices} and {@code devices --json} per try; no sink may
 * carry it raw (docs/outputs-and-signals.md, "Text from a device on the terminal"; docs/formats.md 6):
 * <ul>
 *   <li>stdout and stderr of watch and devices: no raw control, DEL, C1, bidi control;</li>
 *   <li>watch's frames.csv and windows.csv: no text cell, nor any part of one a {@code ;}-locale spreadsheet reads as
 *       a cell, starts a formula, no raw control is in the file, and the window cell reads back as the title with
 *       its controls shown;</li>
 *   <li>{@code devices --json}: the model reads back (getprop's line, stripped).</li>
 * </ul>
 * Split from {@code HostileDeviceTextPropertyTest} (capture and gate) so that neither holds a test JVM for a minute.
 * In real time through the simulator's adb transport, as that class says: {@code devices} shows what the adb banner
 * and getprop send, and the terminal checks are of Main.run's {@code TerminalWriter}.
 * Broken on purpose: with stdout no longer behind {@code TerminalWriter} ({@code Main.run}) the first try fails on a
 * raw NUL in watch's window table.
 */
@Tag("e2e")
class HostileDeviceTextWatchPropertyTest {

    @Property(tries = 10, seed = "3737")
    void noSinkEmitsHostileDeviceTextRaw(@ForAll("texts") String title, @ForAll("texts") String thread,
                                         @ForAll("texts") String sensor, @ForAll("texts") String model)
            throws Exception {
        Path dir = Files.createTempDirectory("hostile-fields");
        try {
            Path scenario = HostileDeviceText.scenario(dir, title, thread, sensor, model);
            for (boolean json : new boolean[] {false, true}) { // the model and release, as getprop says them
                Cli devices = json ? Cli.run("devices", "--simulate=" + scenario, "--json")
                        : Cli.run("devices", "--simulate=" + scenario);
                assertEquals(ExitCode.OK, devices.exit, devices::toString);
                HostileDeviceText.terminal(devices);
                if (json && HostileDeviceText.whole(model) && !model.isBlank()) {
                    List<String> texts = new ArrayList<>();
                    HostileDeviceText.collect(JSON.readTree(devices.out), texts);
                    assertTrue(texts.contains(model.strip()), () -> "devices --json has no model " + devices);
                }
            }

            Path windows = dir.resolve("windows.csv");
            Path frames = dir.resolve("frames.csv");
            // 1 s (was 1.5 s): as HostileDeviceTextPropertyTest's capture, more than 10 frames.csv rows are needed
            // and about 52 are drawn a second
            Cli watch = Cli.run("watch", PKG, "--simulate=" + scenario, "--duration", "1000ms", "--plain",
                    "--csv", windows.toString(), "--frames-csv", frames.toString());
            assertEquals(ExitCode.OK, watch.exit, watch::toString);
            HostileDeviceText.terminal(watch);
            HostileDeviceText.framesCsv(frames, title);
            HostileDeviceText.windowsCsv(windows);
        } finally {
            HostileDeviceText.delete(dir);
        }
    }

    @Provide
    Arbitrary<String> texts() {
        return HostileDeviceText.texts();
    }
}
