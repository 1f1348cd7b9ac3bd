package io.fpsctl.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * fpsctl-cli runs its test classes in sets chosen by tag (docs/architecture.md "Test tags, parallel runs and the
 * fast loop"): the untagged classes two at a time beside each other because they keep a core busy, the {@code e2e}
 * classes five at a time because they mostly wait on a simulator running in real time. A class that starts a
 * simulator among the CPU-bound ones loses frames when its polls come late, and slows the set it is in: so every
 * test source of this module that starts one carries {@code @Tag("e2e")}, and a new class is put in the right set
 * by its tag, not by a list in the pom. This module's tests run in the repository's folder.
 */
class E2eTagsTest {
    /** How a test starts a simulated device that runs in real time: the simulator, a fleet, or fpsctl's option. */
    private static final Pattern STARTS_A_SIMULATOR =
            Pattern.compile("Simulator\\.start\\(|new SimulatorFleet|SimulatorFleet\\.start|\"--simulate[=\"]");
    /** This test names the patterns. */
    private static final String SELF = "E2eTagsTest.java";

    @Test
    void everyTestThatStartsASimulatorIsEndToEnd() throws IOException {
        List<String> untagged = new ArrayList<>();
        int found = 0;
        for (Path f : testSources()) {
            if (f.getFileName().toString().equals(SELF)) {
                continue;
            }
            String text = Files.readString(f);
            if (STARTS_A_SIMULATOR.matcher(text).find()) {
                found++;
                if (!text.contains("@Tag(\"e2e\")")) {
                    untagged.add(f + " starts a simulator: it needs @Tag(\"e2e\")");
                }
            }
        }
        assertEquals(List.of(), untagged);
        // the pattern still finds what it is for (a rename of Simulator.start would make this test pass vacuously)
        assertTrue(found >= 20, "test sources that start a simulator: " + found);
    }

    /**
     * jqwik runs a {@code @Property} class in its own engine, which reads only jqwik's {@code net.jqwik.api.Tag}:
     * JUnit Jupiter's {@code @Tag} on such a class is ignored, so surefire's tag filters never see it and the class
     * runs in the untagged set whatever it says (five property classes that start simulators held the CPU set's two
     * JVMs for 80 s that way). Every module's test sources.
     */
    @Test
    void propertyClassesTagThemselvesWithJqwiksTag() throws IOException {
        List<String> wrong = new ArrayList<>();
        int properties = 0;
        try (Stream<Path> modules = Files.list(Path.of("."))) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("fpsctl-")).sorted().toList()) {
                Path dir = module.resolve("src/test/java");
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        if (f.getFileName().toString().equals(SELF)) {
                            continue;
                        }
                        String text = Files.readString(f);
                        if (!text.contains("import net.jqwik.api.Property;") && !text.contains("import net.jqwik.api.*;")) {
                            continue;
                        }
                        properties++;
                        if (text.contains("import org.junit.jupiter.api.Tag;")) {
                            wrong.add(f + " is a jqwik class: its tags must be net.jqwik.api.Tag");
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(properties >= 10, "jqwik classes found: " + properties);
    }

    private static List<Path> testSources() throws IOException {
        Path dir = Path.of("fpsctl-cli/src/test/java");
        assertTrue(Files.isDirectory(dir), "run in the repository's folder: " + dir.toAbsolutePath());
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }
}
