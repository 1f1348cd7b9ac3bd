package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Start-up: a run builds only the subcommand it names; help and errors still see every subcommand's name. */
class LazyCommandTreeTest {

    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        CommandLine cl = FpsctlCommand.commandLine(new String[] {"--debug", "analyze", "dump.txt", "--format", "json"});
        assertEquals(Set.of("analyze"), cl.getSubcommands().keySet());
        assertTrue(cl.getSubcommands().get("analyze").getCommandSpec().findOption("--format") != null);
    }

    @Test
    void versionBuildsNoSubcommand() {
        assertEquals(Set.of(), FpsctlCommand.commandLine(new String[] {"--version"}).getSubcommands().keySet());
    }

    @Test
    void helpListsEverySubcommandWithItsDescription() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"--help"}, new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code);
        String help = out.toString();
        for (String name : List.of("watch", "capture", "gate", "analyze", "devices", "sim", "agent")) {
            assertTrue(help.contains("\n  " + name + " "), name + " missing from\n" + help);
        }
        assertTrue(help.contains("List the devices the adb server knows"), help); // devices' own description
    }

    @Test
    void anUnknownSubcommandIsAUsageError() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(ExitCode.USAGE, Main.run(new String[] {"anlyze", "x"}, new PrintWriter(out), new PrintWriter(err)));
        assertTrue(err.toString().startsWith("fpsctl: Unmatched arguments from index 0: 'anlyze', 'x'"), err.toString());
    }

    @Test
    void versionPrintsTheVersionLines() {
        StringWriter out = new StringWriter();
        assertEquals(0, Main.run(new String[] {"-V"}, new PrintWriter(out), new PrintWriter(new StringWriter())));
        assertTrue(out.toString().startsWith("fpsctl "), out.toString());
        assertTrue(out.toString().contains("Java " + System.getProperty("java.version")), out.toString());
    }
}
