package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.HostileText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;

/**
 * Random device text (every C0 and C1 control, {@code ESC [}, {@code ESC ]}, the bidi overrides and isolates,
 * {@code <}, {@code =}, …) as the simulated app's window title, which reaches gfxinfo's {@code Window:} line and
 * SurfaceFlinger's layer names: the terminal (stdout and stderr of {@code watch --plain}) shows none of it raw, and a
 * frames.csv window cell never starts a formula (docs/formats.md 6). A simulator run costs about 2 s, so few tries;
 * {@code TerminalTextTest} tries the rule itself many times. Each watch lasts 1 s (it was 1.5 s): the checks need more
 * than 10 frames.csv lines, and the scenario's app draws every vsync at 60 Hz, about 60 frames a second, which the
 * run's last poll reads up to its end (docs/metrics.md 11); nothing is counted beyond that. In real time through the
 * simulator's adb transport: the title reaches fpsctl as gfxinfo's and SurfaceFlinger's lines, and the terminal check
 * is of Main.run's own writer.
 */
@Tag("e2e")
class HostileTitlePropertyTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Property(tries = 6, seed = "37")
    void noSinkEmitsDeviceControlsRaw(@ForAll("titles") String title) throws Exception {
        Path dir = Files.createTempDirectory("hostile-title");
        try {
            String json = JSON.writeValueAsString(Map.of("name", "hostile", "windows", List.of(Map.of(
                    "activity", ".MainActivity", "title", title, "phases", List.of(Map.of("kind", "render",
                            "durationMs", 100000000))))));
            Path scenario = Files.writeString(dir.resolve("s.json"), json);
            Path frames = dir.resolve("frames.csv");
            Cli r = Cli.run("watch", PKG, "--simulate=" + scenario, "--duration", "1000ms", "--plain",
                    "--frames-csv", frames.toString());
            assertEquals(ExitCode.OK, r.exit, r::toString);
            HostileText.assertNoRawControl(r.out);
            HostileText.assertNoRawControl(r.err);
            String csv = Files.readString(frames, StandardCharsets.UTF_8);
            for (String line : csv.split("\n")) {
                int comma = nthComma(line, 3); // device,package,source,window,…
                if (comma >= 0 && comma + 1 < line.length()) {
                    char first = line.charAt(comma + 1) == '"' && comma + 2 < line.length()
                            ? line.charAt(comma + 2) : line.charAt(comma + 1);
                    assertFalse(first == '=' || first == '+' || first == '-' || first == '@', line);
                }
            }
            assertTrue(csv.lines().count() > 10, csv);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static int nthComma(String line, int n) {
        int at = -1;
        for (int i = 0; i < n; i++) {
            at = line.indexOf(',', at + 1);
            if (at < 0) {
                return -1;
            }
        }
        return at;
    }

    /** Titles as an attacker writes them: controls and escape starts between ordinary characters. */
    @Provide
    Arbitrary<String> titles() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.chars().range('\u0000', '\u001f').map(String::valueOf),
                Arbitraries.chars().range('\u007f', '\u009f').map(String::valueOf),
                Arbitraries.of("\u001b[", "\u001b]", "\u001b]8;;http://evil.example/\u0007", "\u202a", "\u202b",
                        "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "<", "=", "+", "@",
                        "-", "&", "|", "`", "\"", ","),
                Arbitraries.strings().alpha().ofMaxLength(5));
        return Arbitraries.oneOf(Arbitraries.of("=", "+", "-", "@"), Arbitraries.just(""))
                .flatMap(start -> piece.list().ofMinSize(1).ofMaxSize(12).map(l -> start + String.join("", l)));
    }
}
