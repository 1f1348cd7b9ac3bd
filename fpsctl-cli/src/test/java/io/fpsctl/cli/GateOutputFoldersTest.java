package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** gate writes its reports into folders that do not exist yet, as watch --csv does. */
@Tag("e2e")
class GateOutputFoldersTest {

    @Test
    void gateCreatesTheFoldersOfItsOutputs(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path build = dir.resolve("build/nested");
        Cli r = Cli.run("gate", "com.example.feed", "--simulate=smooth", "--duration", "1s", "--min-fps", "1",
                "--junit", build.resolve("gate.xml").toString(), "--markdown", build.resolve("gate.md").toString(),
                "--summary-out", dir.resolve("out/summary.json").toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(java.nio.file.Files.isRegularFile(build.resolve("gate.xml")));
        assertTrue(java.nio.file.Files.isRegularFile(build.resolve("gate.md")));
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("out/summary.json")));
    }
}
