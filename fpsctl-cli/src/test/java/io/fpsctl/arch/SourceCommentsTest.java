package io.fpsctl.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The product's sources point a maintainer only at what the repository holds: a comment cites the repository's own
 * docs/ sections, never the project's shared METRICS.md or FORMATS.md (readings kept outside the repository,
 * numbered differently), never "issue N" of a tracker the reader cannot see, never a path on a build machine.
 * Every {@code src/main} of the repository is read (every module's, wherever the build keeps it).
 */
class SourceCommentsTest {

    private static final Pattern FORBIDDEN = Pattern.compile(
            "METRICS\\.md|FORMATS\\.md|\\bissues? [0-9]|/work/|/home/[a-z]|/root/");

    @Test
    void productSourcesCiteOnlyTheRepositorysOwnDocuments() throws IOException {
        Path repo = repositoryRoot();
        List<Path> mains;
        try (Stream<Path> all = Files.walk(repo)) {
            mains = all.filter(p -> p.endsWith(Path.of("src", "main")) && !p.toString().contains("/target/")
                    && !p.toString().contains("node_modules")).toList();
        }
        assertTrue(!mains.isEmpty(), "no src/main below " + repo);
        List<String> found = new ArrayList<>();
        for (Path main : mains) {
            try (Stream<Path> files = Files.walk(main)) {
                files.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".proto")).forEach(p -> {
                    List<String> lines = lines(p);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = FORBIDDEN.matcher(lines.get(i));
                        if (m.find()) {
                            found.add(repo.relativize(p) + ":" + (i + 1) + ": " + lines.get(i).trim());
                        }
                    }
                });
            }
        }
        assertEquals(List.of(), found, "cite docs/metrics.md, docs/formats.md or another file of docs/ by section");
    }

    /** The repository's top folder: the nearest folder up from the working directory that holds .git or docs/. */
    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        for (Path at = p; at != null; at = at.getParent()) {
            if (Files.exists(at.resolve(".git")) || (Files.isDirectory(at.resolve("docs"))
                    && Files.exists(at.resolve("README.md")))) {
                return at;
            }
        }
        return p;
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (java.nio.charset.MalformedInputException e) {
            return List.of(); // a binary resource
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
