package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Every option and parameter of every command says what it does, and the help cites the definitions users have:
 * numbered sections of the repository's docs/metrics.md, never the developers' METRICS.md.
 */
class HelpTextTest {

    private static List<CommandLine> all(CommandLine cl) {
        List<CommandLine> out = new ArrayList<>(List.of(cl));
        cl.getSubcommands().values().forEach(sub -> out.addAll(all(sub)));
        return out;
    }

    private static String name(CommandLine cl) {
        return cl.getCommandSpec().qualifiedName();
    }

    @Test
    void everyOptionAndParameterHasADescription() {
        List<String> missing = new ArrayList<>();
        for (CommandLine cl : all(FpsctlCommand.commandLine(new String[] {"generate-completion"}))) {
            for (OptionSpec o : cl.getCommandSpec().options()) {
                if (!o.hidden() && blank(o)) {
                    missing.add(name(cl) + " " + o.longestName());
                }
            }
            for (PositionalParamSpec p : cl.getCommandSpec().positionalParameters()) {
                if (!p.hidden() && blank(p)) {
                    missing.add(name(cl) + " " + p.paramLabel());
                }
            }
        }
        assertEquals(List.of(), missing, "options and parameters without help text");
    }

    private static boolean blank(ArgSpec a) {
        return String.join("", a.description()).isBlank();
    }

    @Test
    void helpCitesNumberedSectionsOfDocsMetricsMd() throws Exception {
        String metrics = Files.readString(Path.of("docs/metrics.md"));
        Pattern cite = Pattern.compile("docs/metrics\\.md section ([0-9]+)");
        int cited = 0;
        for (CommandLine cl : all(FpsctlCommand.commandLine(new String[] {"generate-completion"}))) {
            String help = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertTrue(!help.contains("METRICS.md"), name(cl) + " --help cites METRICS.md, a file users do not have:\n"
                    + help);
            Matcher m = cite.matcher(help.replaceAll("\\s+", " "));
            while (m.find()) {
                cited++;
                assertTrue(metrics.contains("\n## " + m.group(1) + ". "), name(cl) + " cites docs/metrics.md section "
                        + m.group(1) + ", which has no heading '## " + m.group(1) + ". '");
            }
        }
        assertTrue(cited > 0, "the help cites docs/metrics.md somewhere (gate --baseline)");
    }
}
