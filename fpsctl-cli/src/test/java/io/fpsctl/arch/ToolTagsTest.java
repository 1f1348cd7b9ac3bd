package io.fpsctl.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A test that needs a tool says so in a tag (docs/architecture.md "Test tags, parallel runs and the fast loop"):
 * every test source of every module that looks a tool up carries that tool's tag, so that
 * {@code -Dfpsctl.excludedGroups=adb} leaves out every test that needs adb. This module's tests run in the
 * repository's folder.
 */
class ToolTagsTest {
    /** How a test source looks each tool up (the shared helpers and the skip messages). */
    private static final Map<String, Pattern> LOOKUPS = Map.of(
            "adb", Pattern.compile("AdbFarm\\.|new AdbFarm|AdbCli\\.findOnPath\\(\\)|adb is not on PATH|Debian's adb"),
            "chromium", Pattern.compile("Chromium\\.find\\("),
            "prometheus", Pattern.compile("onPath\\(\"prometheus\"\\)"),
            "apksigner", Pattern.compile("onPath\\(\"apksigner\"\\)|/usr/bin/apksigner\""),
            "aapt", Pattern.compile("onPath\\(\"aapt\"\\)|/usr/bin/aapt\""));
    /** The helpers that do the looking up (their callers carry the tags), and this test, which names the lookups. */
    private static final Set<String> HELPERS = Set.of("AdbFarm.java", "AdbCli.java", "Chromium.java",
            "ToolTagsTest.java");

    @Test
    void everyTestThatLooksAToolUpCarriesItsTag() throws IOException {
        List<String> untagged = new ArrayList<>();
        Map<String, Integer> found = new TreeMap<>();
        for (Path f : testSources()) {
            if (HELPERS.contains(f.getFileName().toString())) {
                continue;
            }
            String text = Files.readString(f);
            for (Map.Entry<String, Pattern> tool : LOOKUPS.entrySet()) {
                if (tool.getValue().matcher(text).find()) {
                    found.merge(tool.getKey(), 1, Integer::sum);
                    if (!text.contains("@Tag(\"" + tool.getKey() + "\")")) {
                        untagged.add(f + " needs @Tag(\"" + tool.getKey() + "\")");
                    }
                }
            }
        }
        assertEquals(List.of(), untagged);
        assertTrue(found.keySet().containsAll(LOOKUPS.keySet()) && found.get("adb") >= 10, "lookups found: " + found);
    }

    private static List<Path> testSources() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Path.of(""))) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("fpsctl-")).sorted().toList()) {
                Path dir = module.resolve("src/test/java");
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.walk(dir)) {
                        files.filter(f -> f.toString().endsWith(".java")).forEach(out::add);
                    }
                }
            }
        }
        return out;
    }
}
