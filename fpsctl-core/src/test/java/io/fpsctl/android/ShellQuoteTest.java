package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one quoting function, checked against a real POSIX shell: {@code sh -c "printf %s <quoted>"} must print the
 * value back unchanged and run nothing else (the device's mksh/toybox sh quote the same way, POSIX XCU 2.2.2).
 */
class ShellQuoteTest {
    static final String[] HOSTILE = {
        "com.x;touch PWNED", "$(touch PWNED)", "`touch PWNED`", "a|touch PWNED", "a&&touch PWNED", "a||touch PWNED",
        "it's", "'", "''", "\"double\" quoted", "a b  c", "SurfaceView[com.x/com.x.Main](BLAST)#0", "*", "~root",
        "a\nb", "a\\b", "${HOME}", "x>PWNED", "x<y", "!", "a#b", "-n", "",
    };

    @ParameterizedTest
    @ValueSource(strings = {"com.x;touch PWNED", "$(touch PWNED)", "`touch PWNED`", "a|touch PWNED",
        "a&&touch PWNED", "it's", "'", "\"double\" quoted", "a b  c", "SurfaceView[com.x/com.x.Main](BLAST)#0",
        "*", "~root", "a\nb", "a\\b", "${HOME}", "x>PWNED", "!", "a#b", ""})
    void aRealShellReadsTheQuotedValueAsOneWordAndRunsNothing(String value, @TempDir Path dir) throws Exception {
        Path sh = Path.of("/bin/sh");
        assumeTrue(Files.isExecutable(sh), "no /bin/sh here: skipping");
        // printf prints each argument followed by '|': one argument in, exactly one out
        Process p = new ProcessBuilder(sh.toString(), "-c", "printf '%s|' " + ShellQuote.quote(value))
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        assertEquals(value + "|", out);
        assertEquals(0, p.exitValue());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "the shell created a file: something ran");
        }
    }

    @Test
    void plainWordsStayAsTheyAreSoCommandLinesReadAsBefore() {
        assertEquals("com.example.feed", ShellQuote.quote("com.example.feed"));
        assertEquals("io.fpsctl.agent/.FpsctlAgent", ShellQuote.quote("io.fpsctl.agent/.FpsctlAgent"));
        assertEquals("pm path com.example.feed", ShellQuote.command("pm path", "com.example.feed"));
        assertEquals("dumpsys SurfaceFlinger --latency 'SurfaceView[a.b/a.b.M](BLAST)#0'",
                ShellQuote.command("dumpsys SurfaceFlinger --latency", "SurfaceView[a.b/a.b.M](BLAST)#0"));
        assertEquals("pidof 'it'\\''s'", ShellQuote.command("pidof", "it's"));
        assertEquals("''", ShellQuote.quote(""));
    }
}
