package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Start-up: {@code --help} and {@code analyze FILE... [--format F]} run without picocli's command tree. The truth
 * they must equal is picocli itself: its rendering of the same model, its parse of the same arguments, and the whole
 * run through picocli.
 */
class DirectRunTest {

    @TempDir
    Path dir;

    @Test
    void topLevelHelpIsExactlyWhatPicocliRendersOfTheModel() {
        CommandLine cl = FpsctlCommand.commandLine(new String[] {"--help"});
        String picocli = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
        StringWriter ours = new StringWriter();
        TopLevelHelp.print(new PrintWriter(ours));
        assertEquals(picocli, ours.toString());
    }

    @Test
    void everySubcommandHasAOneLineSummaryThatFitsEightyColumns() {
        StringWriter ours = new StringWriter();
        TopLevelHelp.print(new PrintWriter(ours));
        for (String line : ours.toString().split("\n")) {
            assertTrue(line.length() < 80, line);
        }
        for (String name : FpsctlCommand.SUBCOMMANDS) {
            String s = TopLevelHelp.summary(name);
            assertTrue(s.length() < 80 - 23 && !s.endsWith(".") && !s.endsWith(","), name + ": " + s);
        }
    }

    @Test
    void helpAndNoArgumentsPrintTheSameHelpBothWays() {
        for (String[] args : List.of(new String[] {}, new String[] {"--help"}, new String[] {"-h"})) {
            assertSameRun(args);
        }
    }

    @Test
    void analyzeArgumentsParseAsPicocliParsesThem() {
        for (String[] args : List.of(
                new String[] {"analyze", "a.txt"},
                new String[] {"analyze", "a.txt", "b.csv", "-"},
                new String[] {"analyze", "--format", "json", "a.txt"},
                new String[] {"analyze", "a.txt", "-f", "CSV"},
                new String[] {"analyze", "--format=Text", "a.txt"})) {
            AnalyzeCommand direct = AnalyzeCommand.direct(args, 1);
            assertNotNull(direct, String.join(" ", args));
            AnalyzeCommand parsed = new AnalyzeCommand();
            CommandLine cl = new CommandLine(parsed);
            cl.setCaseInsensitiveEnumValuesAllowed(true);
            cl.parseArgs(java.util.Arrays.copyOfRange(args, 1, args.length));
            assertEquals(parsed.files, direct.files);
            assertEquals(parsed.format, direct.format);
            assertNull(direct.packageName);
            assertNull(direct.frameTimeline);
            assertNull(direct.perfetto);
            assertEquals(parsed.engineOptions.toConfig(), direct.engineOptions.toConfig());
            assertArrayEquals(parsed.engineOptions.dropLevels, direct.engineOptions.dropLevels);
        }
    }

    @Test
    void anythingElseIsLeftToPicocli() {
        for (String[] args : List.of(
                new String[] {"analyze"},
                new String[] {"analyze", "a.txt", "--refresh-rate", "90"},
                new String[] {"analyze", "a.txt", "-p", "com.x"},
                new String[] {"analyze", "a.txt", "--format"},
                new String[] {"analyze", "a.txt", "--format", "xml"},
                new String[] {"analyze", "a.txt", "--format", "json", "-f", "csv"},
                new String[] {"analyze", "--", "a.txt"},
                new String[] {"analyze", "@args.txt"},
                new String[] {"analyze", "a.txt", "--debug"},
                new String[] {"analyze", "a.txt", "--help"},
                new String[] {"analyze", ""})) {
            assertNull(AnalyzeCommand.direct(args, 1), String.join(" ", args));
        }
    }

    @Test
    void analyzeRunsTheSameWithAndWithoutPicocli() throws IOException {
        Path dump = dir.resolve("dump.txt");
        Files.writeString(dump, String.join("\n",
                "** Graphics info for pid 4242 [com.example.app] **",
                "Window: com.example.app/com.example.app.Main",
                "---PROFILEDATA---",
                "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
                        + "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
                        + "FrameCompleted,",
                "0,1000000000,1000000000,0,0,1001000000,1002000000,1003000000,1004000000,1005000000,1005100000,"
                        + "1005200000,1006000000,1008000000,",
                "0,1016666667,1016666667,0,0,1017000000,1018000000,1019000000,1020000000,1021000000,1021100000,"
                        + "1021200000,1030000000,1060000000,",
                "---PROFILEDATA---", ""), StandardCharsets.UTF_8);
        Path notADump = dir.resolve("notes.txt");
        Files.writeString(notADump, "hello\n", StandardCharsets.UTF_8);
        String d = dump.toString();
        for (String[] args : List.of(
                new String[] {"analyze", d},
                new String[] {"analyze", d, "--format", "json"},
                new String[] {"analyze", d, "-f", "csv"},
                new String[] {"analyze", d, notADump.toString(), "--format=json"},
                new String[] {"analyze", dir.resolve("missing.txt").toString()},
                new String[] {"analyze", dir.toString()})) {
            assertSameRun(args);
        }
    }

    private static void assertSameRun(String[] args) {
        StringWriter o1 = new StringWriter();
        StringWriter e1 = new StringWriter();
        StringWriter o2 = new StringWriter();
        StringWriter e2 = new StringWriter();
        int direct = Main.run(args, new PrintWriter(o1, true), new PrintWriter(e1, true), true);
        int picocli = Main.run(args, new PrintWriter(o2, true), new PrintWriter(e2, true), false);
        String what = String.join(" ", args);
        assertEquals(picocli, direct, what);
        assertEquals(o2.toString(), o1.toString(), what);
        assertEquals(e2.toString(), e1.toString(), what);
    }
}
