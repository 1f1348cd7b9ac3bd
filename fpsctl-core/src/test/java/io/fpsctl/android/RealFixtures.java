package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The real public captures in {@code <shared>/fixtures/real/} (never copied into this repository). The
 * shared folder comes from the {@code fpsctl.shared} system property (set by surefire), else
 * {@code ../shared}. Tests calling these skip when the folder is absent.
 */
final class RealFixtures {

    private RealFixtures() {
    }

    static Path directory() {
        String shared = System.getProperty("fpsctl.shared", "../shared");
        return Path.of(shared, "fixtures", "real");
    }

    /** Skips the calling test unless the fixture folder exists. */
    static Path requireDirectory() {
        Path dir = directory();
        assumeTrue(Files.isDirectory(dir), "real fixtures not present at " + dir.toAbsolutePath());
        return dir;
    }

    /** The named fixture; skips when the folder is absent, fails when the folder lacks the file. */
    static Path file(String name) {
        Path file = requireDirectory().resolve(name);
        assertTrue(Files.isRegularFile(file), "missing fixture " + file);
        return file;
    }

    static Reader reader(String name) throws IOException {
        return Files.newBufferedReader(file(name), StandardCharsets.UTF_8);
    }

    static String text(String name) throws IOException {
        return Files.readString(file(name), StandardCharsets.UTF_8);
    }

    /** Names of the fixtures whose file name starts with {@code kind + "__"}, sorted. */
    static List<String> namesOfKind(String kind) throws IOException {
        try (Stream<Path> files = Files.list(requireDirectory())) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(kind + "__"))
                    .sorted()
                    .toList();
        }
    }
}
