package io.fpsctl.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real public captures live outside the repository in {@code ../shared/fixtures/real/} (surefire passes
 * the folder as {@code fpsctl.shared}). Tests that need them are skipped when the folder is absent, as on a
 * user's clone; they are never copied into the repository.
 */
public final class SharedFixtures {
    private SharedFixtures() {
    }

    public static Path realDir() {
        String prop = System.getProperty("fpsctl.shared");
        Path shared = prop != null ? Path.of(prop) : Path.of("..", "shared");
        return shared.resolve("fixtures").resolve("real");
    }

    /** The named real capture; skips the calling test when it is not available. */
    public static Path real(String name) {
        Path p = realDir().resolve(name);
        assumeTrue(Files.isRegularFile(p), "real capture not available (needs ../shared/fixtures/real): " + name);
        return p;
    }
}
