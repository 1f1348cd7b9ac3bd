package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.UnknownFieldSet;
import io.fpsctl.testing.PollUntil;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * fpsctl as real processes: two runs on one output (the second refused at start, naming the first's pid), SIGHUP
 * (exit 129 with every file whole, summary.json written and the Perfetto trace valid), a reader of standard output
 * that goes away (exit 141, no message, within a second; a reader still there is never taken for gone), and an
 * output that fails mid-write (the trace left as it was, never truncated). Conditions are polled, never slept for.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("e2e")
@Tag("timing")
class PipesSignalsAndLocksTest {
    private static final String PKG = "com.example.feed";

    private static ProcessBuilder fpsctl(String... args) {
        return ChildProcessTest.fpsctl(args);
    }

    private static void kill(Process p, String signal) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
    }

    private static String pidIn(Path lock) {
        try {
            return Files.readString(lock).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    @Test
    void aSecondCaptureIntoTheSameFolderIsRefusedAndSighupLeavesTheFirstWhole(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path err = dir.resolve("err.txt");
        Process first = fpsctl("capture", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "60s",
                "--out", out.toString()).redirectOutput(dir.resolve("table.txt").toFile())
                .redirectError(err.toFile()).start();
        try {
            Path lock = out.resolve(".fpsctl.lock");
            PollUntil.value(() -> pidIn(lock), pid -> pid.equals(Long.toString(first.pid())), Duration.ofSeconds(60),
                    "the first capture's lock");
            Cli second = Cli.run("capture", PKG, "--simulate=smooth", "--duration", "2s", "--out", out.toString());
            assertEquals(ExitCode.IO, second.exit, second.toString());
            assertEquals(1, second.err.lines().count(), second.err);
            assertTrue(second.err.startsWith("fpsctl: --out " + out + ": another fpsctl is writing it (pid "
                    + first.pid() + ";"), second.err);

            Path frames = PollUntil.value(() -> {
                try (var w = Files.walk(out)) {
                    return w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
                }
            }, f -> Files.readAllLines(f).size() > 30, Duration.ofSeconds(60), "frames.csv with 30 rows");
            kill(first, "HUP");
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
            assertEquals(ExitCode.SIGHUP, first.exitValue(), Files.readString(err));
            List<String> errLines = Files.readAllLines(err);
            assertEquals("fpsctl: stopped by SIGHUP: the summary and files hold what was captured until then",
                    errLines.get(errLines.size() - 1), String.join("\n", errLines));
            JsonNode summary = new ObjectMapper().readTree(frames.resolveSibling("summary.json").toFile());
            assertTrue(summary.get("partial").asBoolean(), summary.toString());
            List<String> rows = Files.readAllLines(frames);
            int columns = rows.get(0).split(",", -1).length;
            assertTrue(rows.stream().allMatch(r -> r.split(",", -1).length == columns), "every row whole");
            assertEquals(summary.get("frames").asLong(), rows.size() - 1, "one row per counted frame");
            assertEquals(0, Files.size(lock), "the holder emptied its lock file");
            try (io.fpsctl.sink.OutputClaim next = io.fpsctl.sink.OutputClaim.create().folder(out, "--out")) {
                assertTrue(Files.size(lock) > 0, "the folder is claimed again, now by this process");
            }
        } finally {
            first.destroyForcibly();
        }
    }

    @Test
    void aSecondWatchOnTheSameCsvIsRefusedAndSighupLeavesAValidTrace(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("frames.csv");
        Path trace = dir.resolve("watch.pftrace");
        Path err = dir.resolve("err.txt");
        Process first = fpsctl("watch", PKG, "--simulate=jank", "--plain", "--frames-csv", csv.toString(),
                "--perfetto", trace.toString()).redirectError(err.toFile()).start();
        try (BufferedReader stdout = new BufferedReader(new InputStreamReader(first.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (int i = 0; i < 3; i++) { // three live windows: frames are in the trace's buffer by now
                assertTrue(stdout.readLine() != null, Files.readString(err));
            }
            Cli second = Cli.run("watch", PKG, "--simulate=jank", "--plain", "--duration", "1s",
                    "--frames-csv", csv.toString());
            assertEquals(ExitCode.IO, second.exit, second.toString());
            assertTrue(second.err.contains("--frames-csv " + csv + ": another fpsctl is writing it (pid "
                    + first.pid() + ";"), second.err);
            kill(first, "HUP");
            while (stdout.readLine() != null) {
                // the summary
            }
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        } finally {
            first.destroyForcibly();
        }
        assertEquals(ExitCode.SIGHUP, first.exitValue(), Files.readString(err));
        byte[] bytes = Files.readAllBytes(trace);
        UnknownFieldSet parsed = UnknownFieldSet.parseFrom(bytes); // a Trace: repeated TracePacket packet = 1
        assertTrue(parsed.getField(1).getLengthDelimitedList().size() > 10, bytes.length + " bytes");
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() > 10 && Files.readString(csv).endsWith("\n"), "whole rows");
    }

    @Test
    void watchEndsWithinASecondOfItsReaderGoingAway() throws Exception {
        Process p = fpsctl("watch", PKG, "--simulate=smooth", "--plain").start();
        long closed;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertTrue(r.readLine() != null);
            assertTrue(r.readLine() != null); // like `| head -2`
            closed = System.nanoTime();
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        long ms = (System.nanoTime() - closed) / 1_000_000;
        assertEquals(ExitCode.READER_GONE, p.exitValue(), err);
        // (the once-per-run note of a part the resource reads cannot read, docs/metrics.md 14, is no message about the pipe)
        assertTrue(err.lines().allMatch(l -> l.startsWith("fpsctl: watching ") || l.contains(": cannot read ")),
                "no message: " + err);
        // the poll loop looks for a reader every 200 ms (PipeReaders), not only at the next live window (1 s):
        // measured 265-414 ms on the 2-core CI machine, the rest is stopping the loop and the JVM
        assertTrue(ms < 1_000, "exited " + ms + " ms after the reader went away");
        System.out.println("watch --plain | head -2: exit " + ms + " ms after the pipe closed");
    }

    /**
     * A reader that is still there is never taken for gone: {@code | sh -c 'head -1; cat'} (head reads a line and
     * leaves, the shell holds the pipe meanwhile and hands it to cat) and a reader that holds the pipe without reading
     * for a while; each watch runs its whole --duration and exits 0 with its summary.
     */
    @Test
    void aReaderThatIsStillThereIsNeverTakenForGone(@TempDir Path dir) throws Exception {
        Path sh = Path.of("/bin/sh");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(sh), "no /bin/sh: skipping");
        Path out = dir.resolve("out.txt");
        List<Process> pipeline = ProcessBuilder.startPipeline(List.of(
                fpsctl("watch", PKG, "--simulate=smooth", "--plain", "--duration", "3s")
                        .redirectError(dir.resolve("err.txt").toFile()),
                new ProcessBuilder(sh.toString(), "-c", "head -1; cat").redirectOutput(out.toFile())));
        Process watch = pipeline.get(0);
        assertTrue(watch.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, watch.exitValue(), Files.readString(dir.resolve("err.txt")));
        assertTrue(pipeline.get(1).waitFor(30, TimeUnit.SECONDS));
        assertTrue(Files.readString(out).contains("fps"), "the summary reached cat: " + Files.readString(out));

        // this test holds the pipe and reads nothing until the watch has written its first window and then its
        // last: the watch cannot end early while the pipe is held (a held pipe is not a closed one)
        Process held = fpsctl("watch", PKG, "--simulate=smooth", "--plain", "--duration", "3s").start();
        String err = new String(held.getErrorStream().readAllBytes(), StandardCharsets.UTF_8); // until it exits
        assertTrue(held.waitFor(30, TimeUnit.SECONDS));
        String text = new String(held.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, held.exitValue(), err);
        assertTrue(text.lines().count() > 3 && text.contains("window"), text);
    }

    /**
     * capture and gate whose standard output is closed before they print anything (docs/outputs-and-signals.md):
     * they measure their whole --duration and write every file whole (their real output), then exit 141 quietly
     * when the table cannot be printed. Nothing captured is lost: summary.json is complete (not partial, the time
     * asked for measured), frames.csv has one whole row per counted frame, the JUnit report is written.
     */
    @Test
    void captureAndGateWithStandardOutputClosedFinishAndWriteEveryFile(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path summary = dir.resolve("gate-summary.json");
        Path junit = dir.resolve("gate.xml");
        Process capture = fpsctl("capture", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "3s",
                "--out", out.toString()).start();
        Process gate = fpsctl("gate", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "3s",
                "--min-fps", "1", "--summary-out", summary.toString(), "--junit", junit.toString()).start();
        for (Process p : List.of(capture, gate)) {
            p.getInputStream().close(); // the reader goes away before the first byte, like `| true`
        }
        for (Process p : List.of(capture, gate)) {
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(ExitCode.READER_GONE, p.exitValue(), err);
            assertTrue(err.lines().allMatch(l -> l.contains(": measuring ") || l.contains(": cannot read ")),
                    "no message: " + err);
        }
        Path frames;
        try (var w = Files.walk(out)) {
            frames = w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
        }
        for (Path json : List.of(frames.resolveSibling("summary.json"), summary)) {
            JsonNode s = new ObjectMapper().readTree(json.toFile());
            assertFalse(s.get("partial").asBoolean(), s.toString());
            assertEquals(3000.0, s.get("askedMs").asDouble(), 0.001, s.toString());
            assertTrue(s.get("measuredMs").asDouble() >= 0.9 * 3000, s.toString());
            assertTrue(s.get("frames").asLong() > 60, s.toString());
        }
        List<String> rows = Files.readAllLines(frames);
        int columns = rows.get(0).split(",", -1).length;
        assertTrue(rows.stream().allMatch(r -> r.split(",", -1).length == columns), "every row whole");
        JsonNode captured = new ObjectMapper().readTree(frames.resolveSibling("summary.json").toFile());
        assertEquals(captured.get("frames").asLong(), rows.size() - 1, "one row per counted frame");
        String xml = Files.readString(junit);
        assertTrue(xml.contains("<testsuite") && xml.trim().endsWith(">"), xml);
    }

    /** 204,000 frames in one framestats dump: the 120 rows of the example, repeated with shifted timestamps. */
    private static Path bigDump(Path dir, int frames) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("examples/feed-android14-framestats.txt"));
        int header = lines.indexOf("---PROFILEDATA---") + 1;
        List<String[]> rows = new ArrayList<>();
        for (int i = header + 1; i < lines.size() && !lines.get(i).startsWith("---PROFILEDATA---"); i++) {
            rows.add(lines.get(i).split(","));
        }
        long first = Long.parseLong(rows.get(0)[2]);
        long last = Long.parseLong(rows.get(rows.size() - 1)[2]);
        long shift = last - first + 8_333_333; // one repetition later, one 120 Hz vsync after the last frame
        // columns that hold no timestamp: Flags, FrameTimelineVsyncId, InputEventId, FrameInterval, the durations
        java.util.Set<Integer> notTime = java.util.Set.of(0, 1, 4, 11, 17, 18);
        Path dump = dir.resolve("big.txt");
        try (Writer w = Files.newBufferedWriter(dump)) {
            for (int i = 0; i <= header; i++) {
                w.write(lines.get(i));
                w.write('\n');
            }
            for (int k = 0; k * rows.size() < frames; k++) {
                for (String[] row : rows) {
                    StringBuilder b = new StringBuilder(256);
                    for (int c = 0; c < row.length; c++) {
                        long v = Long.parseLong(row[c]);
                        b.append(c == 1 ? v + k * 1_000_000L : notTime.contains(c) || v <= 0 ? v : v + k * shift)
                                .append(',');
                    }
                    w.write(b.append('\n').toString());
                }
            }
            w.write("---PROFILEDATA---\n");
        }
        return dump;
    }

    @Test
    void analyzeOfTwoHundredThousandFramesEndsWithinASecondOfItsReaderGoingAway(@TempDir Path dir)
            throws Exception {
        Path dump = bigDump(dir, 204_000);
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
        Path dump = bigDump(dir, 12_000);
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
