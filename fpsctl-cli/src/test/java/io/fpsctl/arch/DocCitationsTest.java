package io.fpsctl.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What users read (picocli help and error messages: the string literals of {@code src/main/java}; the HTML report's
 * scripts and page: {@code src/main/resources}; README.md and docs/*.md) cites only documents of this repository,
 * and every cited section exists:
 * <ul>
 *   <li>"docs/metrics.md section N" / "docs/formats.md section N.M" names a numbered heading of that file;</li>
 *   <li>a link {@code metrics.md#anchor} / {@code formats.md#anchor} lands on a heading (GitHub's anchors);</li>
 *   <li>no user-facing text names the shared METRICS.md, which is not in the repository (code comments may), and
 *       FORMATS.md only in docs/formats.md, which says what it is.</li>
 * </ul>
 * Whether a cited section is the right one for the text citing it was checked by reading (arch report, issue 27).
 */
class DocCitationsTest {

    private static final Path REPO = Path.of("");
    private static final Pattern CITATION = Pattern.compile(
            "(?:docs/)?(metrics|formats)\\.md(?:\\]\\([^)]*\\))?\\)?,?\\s+(?:\\(?sections?\\s+)([0-9]+(?:\\.[0-9]+)?)"
                    + "(?:\\s+and\\s+([0-9]+(?:\\.[0-9]+)?))?");
    private static final Pattern SECTION_OF = Pattern.compile(
            "sections?\\s+([0-9]+(?:\\.[0-9]+)?)\\s+of\\s+\\[?(?:docs/)?(metrics|formats)\\.md");
    private static final Pattern LINK = Pattern.compile("(metrics|formats)\\.md#([^)\\s\"'`]+)");
    private static final Pattern HEADING = Pattern.compile("^#{2,6}\\s+(.*)$", Pattern.MULTILINE);
    private static final Pattern CONCATENATION = Pattern.compile("\\G\\s*\\+\\s*\"");
    private static final Pattern NUMBER = Pattern.compile("^([0-9]+(?:\\.[0-9]+)?)\\.?\\s");

    /** One place a user reads a citation. */
    record Cited(Path file, String doc, String section) {
        @Override
        public String toString() {
            return file + " cites docs/" + doc + ".md " + section;
        }
    }

    @Test
    void everyCitedSectionExists() {
        List<Cited> citations = new ArrayList<>();
        List<Cited> links = new ArrayList<>();
        for (Path file : userFacingFiles()) {
            String text = userFacingText(file);
            Matcher m = CITATION.matcher(text);
            while (m.find()) {
                citations.add(new Cited(file, m.group(1), m.group(2)));
                if (m.group(3) != null) {
                    citations.add(new Cited(file, m.group(1), m.group(3)));
                }
            }
            m = SECTION_OF.matcher(text);
            while (m.find()) {
                citations.add(new Cited(file, m.group(2), m.group(1)));
            }
            m = LINK.matcher(text);
            while (m.find()) {
                links.add(new Cited(file, m.group(1), m.group(2)));
            }
        }
        List<String> missing = new ArrayList<>();
        for (Cited c : citations) {
            if (!sectionNumbers(c.doc()).contains(c.section())) {
                missing.add(c + ": no such section (there are " + sectionNumbers(c.doc()) + ")");
            }
        }
        for (Cited c : links) {
            if (!anchors(c.doc()).contains(c.section())) {
                missing.add(c + ": no heading has that anchor");
            }
        }
        assertEquals(List.of(), missing);
        // the scan is not vacuous: help, /metrics HELP lines, the HTML report and the README are all read
        Set<String> citing = citations.stream().map(c -> c.file().getFileName().toString())
                .collect(Collectors.toSet());
        assertTrue(citing.containsAll(Set.of("GateCommand.java", "FrameMetrics.java", "report.js", "README.md")),
                "citations found in " + citing);
        assertTrue(links.size() >= 5, "links found: " + links);
    }

    @Test
    void userFacingTextCitesNoSharedDocument() {
        List<String> found = new ArrayList<>();
        for (Path file : userFacingFiles()) {
            String text = userFacingText(file);
            if (text.contains("METRICS.md")) {
                found.add(file + " names METRICS.md (not in the repository): cite docs/metrics.md section N");
            }
            if (text.contains("FORMATS.md") && !file.endsWith(Path.of("docs", "formats.md"))) {
                found.add(file + " names FORMATS.md (not in the repository): cite docs/formats.md section N");
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void bothDocumentsAreNumbered() {
        List<String> metrics = topLevelNumbers("metrics");
        assertTrue(metrics.size() >= 12, "docs/metrics.md sections: " + metrics);
        for (int i = 0; i < metrics.size(); i++) {
            assertEquals(String.valueOf(i + 1), metrics.get(i), "docs/metrics.md sections numbered 1, 2, 3 …");
        }
        List<String> formats = topLevelNumbers("formats");
        assertTrue(formats.size() >= 5 && formats.get(0).equals("1"), "docs/formats.md sections: " + formats);
        for (String heading : headings("formats")) {
            assertTrue(NUMBER.matcher(heading).find(), "docs/formats.md heading without a number: " + heading);
        }
    }

    /** GitHub's heading anchor: lower case; everything but letters, digits, blanks, '-' and '_' dropped; blanks → '-'. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    @Test
    void anchorsAreGithubs() {
        assertEquals("9-the-json-summary-summaryjson-analyze---format-json",
                anchor("9. The JSON summary (`summary.json`, `analyze --format json`)"));
        assertEquals("51-dumpsys-gfxinfo-pkg-framestats", anchor("5.1 `dumpsys gfxinfo <pkg> framestats`"));
    }

    private static List<Path> userFacingFiles() {
        List<Path> files = new ArrayList<>();
        files.add(REPO.resolve("README.md"));
        try (Stream<Path> docs = Files.list(REPO.resolve("docs"));
                Stream<Path> java = mainSources("java");
                Stream<Path> resources = mainSources("resources")) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            java.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            resources.filter(p -> p.toString().matches(".*\\.(js|html|css|txt|properties)$")).sorted()
                    .forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** Every file under src/main/{@code kind} of every module (fpsctl-*). */
    private static Stream<Path> mainSources(String kind) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(REPO)) {
            for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("fpsctl-")).sorted().toList()) {
                Path dir = module.resolve("src/main").resolve(kind);
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.walk(dir)) {
                        files.forEach(out::add);
                    }
                }
            }
        }
        return out.stream();
    }

    /**
     * The text a user can see in a file: Markdown as it is; in Java the string literals (comments may cite the
     * shared documents); in JavaScript and CSS everything outside comments, with {@code 'a' + 'b'} joined.
     */
    static String userFacingText(Path file) {
        String text = read(file);
        String name = file.getFileName().toString();
        if (name.endsWith(".java")) {
            return javaStringLiterals(text);
        }
        if (name.endsWith(".js") || name.endsWith(".css")) {
            String code = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)^\\s*//.*$", "");
            return code.replaceAll("['\"]\\s*\\+\\s*['\"]", "");
        }
        return text;
    }

    /** The string literals and text blocks of a Java source, one after the other (concatenations joined). */
    static String javaStringLiterals(String src) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < src.length()) {
            if (src.startsWith("//", i)) {
                int end = src.indexOf('\n', i);
                i = end < 0 ? src.length() : end;
            } else if (src.startsWith("/*", i)) {
                i = src.indexOf("*/", i + 2) + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                out.append(src, i + 3, end);
                i = end + 3;
            } else if (src.charAt(i) == '"' || src.charAt(i) == '\'') {
                char quote = src.charAt(i);
                int j = i + 1;
                while (src.charAt(j) != quote) {
                    j += src.charAt(j) == '\\' ? 2 : 1;
                }
                if (quote == '"') {
                    out.append(src, i + 1, j);
                    // "a " + "b" reads as one sentence; anything else ends it
                    Matcher next = CONCATENATION.matcher(src);
                    if (!next.find(j + 1)) {
                        out.append('\n');
                    }
                }
                i = j + 1;
            } else {
                i++;
            }
        }
        return out.toString();
    }

    private static List<String> headings(String doc) {
        List<String> headings = new ArrayList<>();
        Matcher m = HEADING.matcher(read(REPO.resolve("docs/" + doc + ".md")));
        while (m.find()) {
            headings.add(m.group(1).trim());
        }
        return headings;
    }

    private static Set<String> sectionNumbers(String doc) {
        Set<String> numbers = new LinkedHashSet<>();
        for (String heading : headings(doc)) {
            Matcher m = NUMBER.matcher(heading);
            if (m.find()) {
                numbers.add(m.group(1));
            }
        }
        return numbers;
    }

    private static List<String> topLevelNumbers(String doc) {
        return sectionNumbers(doc).stream().filter(n -> !n.contains(".")).collect(Collectors.toList());
    }

    private static Set<String> anchors(String doc) {
        return headings(doc).stream().map(DocCitationsTest::anchor).collect(Collectors.toSet());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
