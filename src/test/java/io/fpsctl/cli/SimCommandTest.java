package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimCommandTest {

    @Test
    void runsPrintsHowToConnectAndWritesTheTruth(@TempDir Path dir) throws Exception {
        Path truth = dir.resolve("t.txt");
        Cli r = Cli.run("sim", "--port", "0", "--scenario", "jank", "--refresh", "120", "--android", "14", "--seed",
                "7", "--truth", truth.toString(), "--run-for", "1500ms");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("adb connect 127.0.0.1:"), r.out);
        assertTrue(r.out.contains("Ctrl-C"), r.out);
        Cli analyzed = Cli.run("analyze", truth.toString(), "--format", "json");
        assertEquals(0, analyzed.exit, analyzed.toString());
        assertTrue(analyzed.out.contains("\"package\" : \"com.example.feed\""), analyzed.out);
        assertTrue(Files.readString(truth).contains("---PROFILEDATA---"));
    }

    @Test
    void badOptionsAreUsageErrors() {
        Cli v = Cli.run("sim", "--android", "5", "--run-for", "1s");
        assertEquals(2, v.exit);
        assertTrue(v.err.contains("--android must be between 6 and 16"), v.err);
        Cli s = Cli.run("sim", "--scenario", "nope", "--run-for", "1s");
        assertEquals(2, s.exit);
        assertTrue(s.err.contains("unknown scenario 'nope'"), s.err);
        Cli hz = Cli.run("sim", "--refresh", "75", "--run-for", "1s");
        assertEquals(2, hz.exit);
    }
}
