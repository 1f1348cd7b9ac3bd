package io.fpsctl.sink;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesUtf8AndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("summary.json");
        AtomicFile.write(target, out -> out.write("{\"package\":\"com.exämple\"}\n"));
        assertEquals("{\"package\":\"com.exämple\"}\n", Files.readString(target, StandardCharsets.UTF_8));
        assertEquals(List.of("summary.json"), names());
    }

    @Test
    void replacesAnExistingFile() throws IOException {
        Path target = dir.resolve("summary.json");
        Files.writeString(target, "old, and longer than the new content");
        AtomicFile.write(target, out -> out.write("new"));
        assertEquals("new", Files.readString(target));
        assertEquals(List.of("summary.json"), names());
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndRemovesTheTemporaryOne() throws IOException {
        Path target = dir.resolve("summary.json");
        Files.writeString(target, "old");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(target, out -> {
            out.write("half of the new");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals("old", Files.readString(target));
        assertEquals(List.of("summary.json"), names());
    }

    @Test
    void aRelativeTargetIsWrittenInItsOwnDirectory() throws IOException {
        Path target = dir.resolve("sub").resolve("w.csv");
        Files.createDirectories(target.getParent());
        AtomicFile.write(target, out -> out.write("x"));
        assertEquals("x", Files.readString(target));
    }

    @Test
    void theTargetGetsNormalPermissionsNotThoseOfATempFile() throws IOException {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Path normal = Files.createFile(dir.resolve("normal"));
        Path target = dir.resolve("summary.json");
        AtomicFile.write(target, out -> out.write("{}"));
        assertEquals(Files.getPosixFilePermissions(normal), Files.getPosixFilePermissions(target));
    }

    @Test
    void writesTheJsonSummary() throws IOException {
        Path target = dir.resolve("summary.json");
        AtomicFile.write(target, out -> SummaryJson.write(EngineRun.smooth60(), out, true));
        assertEquals(60.0, SummaryJsonReader.read(target).fps(), 0.05);
    }
}
