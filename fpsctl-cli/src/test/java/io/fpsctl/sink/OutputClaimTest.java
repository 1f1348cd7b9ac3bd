package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One writer per output: a second claim is refused naming the holder; a bad path is refused before any work. */
class OutputClaimTest {

    @Test
    void aSecondClaimOnTheSameFileIsRefusedNamingTheHolderAndFreedOnClose(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("frames.csv");
        try (OutputClaim first = OutputClaim.create().file(csv, "--frames-csv")) {
            OutputClaim.Refused e = assertThrows(OutputClaim.Refused.class,
                    () -> OutputClaim.create().file(csv, "--frames-csv"));
            assertTrue(e.getMessage().startsWith("--frames-csv " + csv + ": another fpsctl is writing it (pid "
                    + ProcessHandle.current().pid()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
        try (OutputClaim again = OutputClaim.create().file(csv, "--frames-csv")) {
            assertTrue(Files.exists(dir.resolve(".frames.csv.lock")));
        }
        assertEquals(0, Files.size(dir.resolve(".frames.csv.lock")), "emptied on close: no holder named");
        assertFalse(Files.exists(csv), "claiming writes nothing to the output itself");
    }

    @Test
    void aFolderIsLockedAsAWhole(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out/nested");
        try (OutputClaim first = OutputClaim.create().folder(out, "--out")) {
            assertTrue(Files.isDirectory(out), "created");
            // (not read here: a process that opens its own lock file a second time drops its POSIX lock)
            assertTrue(Files.exists(out.resolve(".fpsctl.lock")));
            OutputClaim.Refused e = assertThrows(OutputClaim.Refused.class,
                    () -> OutputClaim.create().folder(dir.resolve("out/./nested"), "--out"));
            assertTrue(e.getMessage().contains("another fpsctl is writing it"), e.getMessage());
        }
    }

    @Test
    void badPathsAreRefusedWithTheirNameAndMissingFoldersCreated(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("a-folder"));
        OutputClaim.Refused folder = assertThrows(OutputClaim.Refused.class,
                () -> OutputClaim.create().file(dir.resolve("a-folder"), "--junit"));
        assertEquals("--junit " + dir.resolve("a-folder") + ": is a folder: give the path of a file",
                folder.getMessage());
        Path file = Files.writeString(dir.resolve("plain.txt"), "x");
        OutputClaim.Refused underFile = assertThrows(OutputClaim.Refused.class,
                () -> OutputClaim.create().file(file.resolve("gate.xml"), "--junit"));
        assertTrue(underFile.getMessage().startsWith("--junit " + file.resolve("gate.xml") + ": "),
                underFile.getMessage());
        assertTrue(underFile.getMessage().contains("is a file, not a folder"), underFile.getMessage());
        Path deep = dir.resolve("x/y/gate.xml");
        try (OutputClaim ok = OutputClaim.create().file(deep, "--junit")) {
            assertTrue(Files.isDirectory(deep.getParent()));
        }
        try (OutputClaim devices = OutputClaim.create().file(Path.of("/dev/null"), "--csv")
                .file(null, "--perfetto")) {
            assertFalse(Files.exists(Path.of("/dev/.null.lock")), "device nodes are written through, not locked");
        }
    }

    @Test
    void aPendingFileAppearsWholeOrNotAtAll(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("trace.pftrace");
        Files.writeString(target, "old");
        try (AtomicFile.Pending p = AtomicFile.open(target)) {
            p.write("partial".getBytes());
            // no commit: a run cut short
        }
        assertEquals("old", Files.readString(target), "the target is left as it was");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file is left");
        }
        try (AtomicFile.Pending p = AtomicFile.open(target)) {
            p.write("whole".getBytes());
            p.commit();
        }
        assertEquals("whole", Files.readString(target));
        try (Writer ignored = Files.newBufferedWriter(dir.resolve("unused"))) {
            try (var files = Files.list(dir)) {
                assertEquals(2, files.count());
            }
        }
    }
}
