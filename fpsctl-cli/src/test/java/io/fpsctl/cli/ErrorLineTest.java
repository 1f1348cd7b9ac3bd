package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every error is one short line a terminal prints safely, without exception class names. */
class ErrorLineTest {

    @Test
    void classNamesGoAndControlCharactersAreEscaped() {
        assertEquals("x.txt: Input length = 1",
                ErrorLine.of("x.txt: java.nio.charset.MalformedInputException: Input length = 1"));
        assertEquals("a\\nb\\x1b[2J\\x00c\\td", ErrorLine.of("a\nb\u001b[2J\u0000c\td"));
        assertEquals("bidi \\x202e here", ErrorLine.of("bidi \u202e here"));
    }

    @Test
    void aHugeMessageIsCutInTheMiddleToThreeHundredCharacters() {
        String file = "/tmp/" + "a".repeat(2_000_000) + ".txt";
        String line = "fpsctl: " + ErrorLine.of(file + ": not a dump fpsctl reads: check the file");
        assertEquals(300, line.length());
        assertTrue(line.startsWith("fpsctl: /tmp/aaa"), line);
        assertTrue(line.endsWith(".txt: not a dump fpsctl reads: check the file"), line);
    }

    @Test
    void anInternalErrorIsOneLineWithoutItsClassAndDebugStillPrintsTheTrace() {
        StringWriter e = new StringWriter();
        int code = Main.report(new IllegalStateException("boom\nsecond line"), new PrintWriter(e, true));
        assertEquals(ExitCode.IO, code);
        assertEquals(1, e.toString().lines().count(), e.toString());
        assertFalse(e.toString().contains("IllegalStateException"), e.toString());
        Cli debug = Cli.run("analyze", "/nonexistent/x.txt", "--debug", "--frobnicate");
        assertEquals(2, debug.exit);
        assertTrue(debug.err.contains("\tat picocli."), "--debug prints the trace: " + debug.err);
    }

    @Test
    void badBytesInAFileNeverReachTheTerminalRaw(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("evil\u001b]0;owned\u0007.txt");
        Files.write(f, new byte[] {(byte) 0xff, (byte) 0xfe, 0x1b, '[', '2', 'J', '\n', 0, 0});
        Cli r = Cli.run("analyze", f.toString());
        assertEquals(5, r.exit, r.toString());
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.chars().noneMatch(c -> c < 0x20 && c != '\n'), r.err);
        assertTrue(r.err.contains("evil\\x1b]0;owned\\x07.txt"), r.err);
    }

    /**
     * An exception no thread caught: one line through the terminal rule naming the thread, whose name may hold device
     * text (a farm thread is named after its device), never the JVM's raw "Exception in thread …".
     */
    @Test
    void anUncaughtExceptionIsOneEscapedLineNamingTheThread() throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter err = Main.terminal(new PrintWriter(text, true), true);
        Thread t = new Thread(() -> {
            throw new IllegalStateException("boom \u001b[2J");
        }, "fpsctl-farm-\u001b]0;PWNED\u0007\r\u009b31m");
        t.setUncaughtExceptionHandler(Main.uncaught(err, false));
        t.start();
        t.join(10_000);
        assertEquals("fpsctl: internal error in thread 'fpsctl-farm-\\x1b]0;PWNED\\x07\\r\\x9b31m' (IllegalState): "
                + "run with --debug for details and please report it\n", text.toString());
    }
}
