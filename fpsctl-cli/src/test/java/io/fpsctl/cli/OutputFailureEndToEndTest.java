package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * fpsctl as real processes whose output fails: a Perfetto trace that cannot be written whole is left as it was (never
 * truncated) and the error names it, a full disk under watch names the file, a bad output path is refused before
 * measuring; and analyze of 204,000 frames ends within a second of its reader going away (a big input whose output
 * is cut short). Split from {@link PipesSignalsAndLocksTest}.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("e2e")
class OutputFailureEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static ProcessBuilder fpsctl(String... args) {
        return ChildProcessTest.fpsctl(args);
    }

    @Test
    void analyzeOfTwoHundredThousandFramesEndsWithinASecondOfItsReaderGoingAway(@TempDir Path dir)
            throws Exception {
        Path dump = BigFramestatsDump.write(dir, 204_000);
        Process p = fpsctl("analyze", dump.toString(), "--format", "csv").start();
        long closed;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertTrue(r.readLine().startsWith("device,package,source,")); // like `| head -1`
            closed = System.nanoTime();
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        long ms = (System.nanoTime() - closed) / 1_000_000;
        assertEquals(ExitCode.READER_GONE, p.exitValue(), err);
        assertEquals("", err);
        assertTrue(ms < 2_000, "exited " + ms + " ms after the reader went away");
        System.out.println("analyze 204k frames | head -1: exit " + ms + " ms after the pipe closed");
    }

    @Test
    void aTraceThatCannotBeWrittenWholeIsLeftAsItWasAndTheErrorNamesIt(@TempDir Path dir) throws Exception {
        Path sh = Path.of("/bin/sh");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(sh), "no /bin/sh: skipping");
        Path dump = BigFramestatsDump.write(dir, 12_000);
        Path trace = dir.resolve("full/x.pftrace");
        Files.createDirectories(trace.getParent());
        Files.writeString(trace, "the previous trace");
        // a file size limit stands in for a full disk: writes past it fail with EFBIG (the JVM ignores SIGXFSZ)
        List<String> cmd = new ArrayList<>(fpsctl("analyze", dump.toString(), "--perfetto", trace.toString())
                .command());
        String line = "ulimit -f 2048 && exec \"$@\""; // 1 MiB (dash counts 512-byte blocks) or 2 MiB (bash)
        List<String> shell = new ArrayList<>(List.of(sh.toString(), "-c", line, "sh"));
        shell.addAll(cmd);
        Process p = new ProcessBuilder(shell).redirectOutput(dir.resolve("out.txt").toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(ExitCode.IO, p.exitValue(), err);
        assertTrue(err.contains(trace.toString()) && !err.contains(dump + ":"), "names the trace, not the input: "
                + err);
        assertEquals("the previous trace", Files.readString(trace), "left as it was, never truncated");
        try (var files = Files.list(trace.getParent())) {
            assertEquals(List.of(".x.pftrace.lock", "x.pftrace"), files.map(f -> f.getFileName().toString()).sorted()
                    .toList(), "no temporary file left (the lock file stays, empty)");
        }
    }

    @Test
    void aFullDiskUnderWatchNamesTheFile() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full: skipping");
        Cli r = Cli.run("watch", PKG, "--simulate=smooth", "--plain", "--duration", "3s", "--frames-csv", "/dev/full");
        assertEquals(ExitCode.IO, r.exit, r.toString());
        assertTrue(r.err.contains("/dev/full: No space left on device"), r.err);
    }

    @Test
    void gateRefusesABadOutputPathBeforeMeasuringAndCreatesMissingFolders(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("reports"));
        long t0 = System.nanoTime();
        Cli folder = Cli.run("gate", PKG, "--simulate=smooth", "--duration", "30s", "--min-fps", "1",
                "--junit", dir.resolve("reports").toString());
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 10_000, "refused before the 30 s measurement");
        assertEquals(ExitCode.IO, folder.exit, folder.toString());
        assertEquals("fpsctl: --junit " + dir.resolve("reports") + ": is a folder: give the path of a file\n",
                folder.err.replace("\r", ""));
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        Cli underFile = Cli.run("gate", PKG, "--simulate=smooth", "--duration", "30s", "--min-fps", "1",
                "--summary-out", file.resolve("s.json").toString());
        assertEquals(ExitCode.IO, underFile.exit, underFile.toString());
        assertTrue(underFile.err.startsWith("fpsctl: --summary-out " + file.resolve("s.json")), underFile.err);
        assertFalse(underFile.err.contains("measuring"), underFile.err);
        Path junit = dir.resolve("new/deeper/gate.xml");
        Cli ok = Cli.run("gate", PKG, "--simulate=smooth", "--duration", "1s", "--min-fps", "1", "--junit",
                junit.toString());
        assertEquals(0, ok.exit, ok.toString());
        assertTrue(Files.readString(junit).contains("<testsuite"), "written into the folders it created");
    }
}
