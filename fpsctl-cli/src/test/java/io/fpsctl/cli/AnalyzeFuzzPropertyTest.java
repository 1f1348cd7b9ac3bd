package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The fuzz campaign in the suite: mutants of our own dumps through the real {@code analyze} command. Whatever the
 * bytes, no exception escapes, the exit code is documented, every error is one line, the JSON parses, fps never
 * exceeds the refresh rate, and no count is negative.
 */
class AnalyzeFuzzPropertyTest {
    private static final Set<Integer> DOCUMENTED = Set.of(0, 5);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static DumpMutants mutants;

    @BeforeContainer
    static void bases() throws Exception {
        mutants = new DumpMutants(Path.of("."));
    }

    @Property(tries = 250)
    void anyMutantGivesADocumentedOutcome(@ForAll long seed) throws Exception {
        Path file = Files.createTempFile("fpsctl-fuzz", ".txt");
        try {
            Files.write(file, mutants.mutant(seed));
            Cli r = Cli.run("analyze", file.toString(), "--format", "json");
            assertTrue(DOCUMENTED.contains(r.exit), r.toString());
            for (String line : r.err.lines().toList()) {
                assertTrue(line.startsWith("fpsctl: ") && line.length() <= 300, "one short line: " + line);
                assertFalse(line.matches(".*\\b[a-z]+\\.[a-z.]*[A-Z]\\w*(Exception|Error)\\b.*"), line);
                assertFalse(line.contains("internal error"), line);
            }
            JsonNode json = JSON.readTree(r.out);
            if (r.exit == 5) {
                assertTrue(json.has("error"), r.out);
                List<String> errors = r.err.lines().filter(l -> !l.startsWith("fpsctl: warning")).toList();
                assertEquals(1, errors.size(), r.err);
                assertTrue(errors.get(0).contains(file.getFileName().toString()), "names the file: " + errors);
                return;
            }
            check(json);
            for (JsonNode w : json.get("windows")) {
                check(w);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static void check(JsonNode s) {
        JsonNode fps = s.get("fps");
        JsonNode hz = s.get("refreshHz");
        if (fps.isNumber() && hz.isNumber()) {
            assertTrue(fps.asDouble() <= hz.asDouble() + 0.05, "fps " + fps + " > refresh " + hz);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isIntegralNumber()) {
                assertTrue(v.asLong() >= 0, e.getKey() + " is negative: " + v);
            }
            if (v.isObject() && (e.getKey().equals("dropLevels") || e.getKey().equals("mainCauses"))) {
                v.fields().forEachRemaining(c -> assertTrue(c.getValue().asLong() >= 0, e.getKey() + " " + c));
            }
        }
    }
}
