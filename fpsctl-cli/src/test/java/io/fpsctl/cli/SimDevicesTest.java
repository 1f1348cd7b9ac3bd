package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fpsctl sim --devices N}: N devices in one process, each with its own port, seed and truth. */
class SimDevicesTest {

    @Test
    void runsSeveralDevicesWithDistinctPortsSeedsAndTruthFiles(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("sim", "--devices", "3", "--port", "0", "--scenario", "jank", "--seed", "5", "--truth",
                dir.toString(), "--run-for", "1500ms");
        assertEquals(0, r.exit, r.toString());
        Matcher m = Pattern.compile("adb connect (127\\.0\\.0\\.1:[0-9]+)").matcher(r.out);
        List<String> serials = m.results().map(x -> x.group(1)).collect(Collectors.toList());
        assertEquals(3, serials.size(), r.out);
        assertEquals(3, serials.stream().distinct().count(), r.out);
        List<String> truths = List.of(Files.readString(dir.resolve("sim-dev1.txt")),
                Files.readString(dir.resolve("sim-dev2.txt")), Files.readString(dir.resolve("sim-dev3.txt")));
        for (String t : truths) {
            assertTrue(t.contains("---PROFILEDATA---"), t);
        }
        // different seeds: the frames' timings differ (the rows after the header)
        assertNotEquals(rows(truths.get(0)), rows(truths.get(1)));
        assertNotEquals(rows(truths.get(1)), rows(truths.get(2)));
    }

    @Test
    void fixedPortsCountUpFromPort() {
        Cli r = Cli.run("sim", "--devices", "2", "--port", "0", "--run-for", "200ms");
        assertEquals(0, r.exit, r.toString());
        Cli bad = Cli.run("sim", "--devices", "0", "--run-for", "1s");
        assertEquals(2, bad.exit, bad.toString());
        assertTrue(bad.err.contains("--devices must be between 1 and 500"), bad.err);
        Cli past = Cli.run("sim", "--devices", "3", "--port", "65534", "--run-for", "1s");
        assertEquals(2, past.exit, past.toString());
        assertTrue(past.err.contains("runs past port 65535"), past.err);
    }

    /** Per frame, every timestamp column relative to IntendedVsync: the work the seed decides, not when it ran. */
    private static List<String> rows(String truth) {
        return truth.lines().filter(l -> l.matches("[0-9]+,.*")).limit(40).map(l -> {
            String[] c = l.split(",");
            long vsync = Long.parseLong(c[2]); // IntendedVsync; columns 3 and 4 are Vsync and the frame id
            StringBuilder b = new StringBuilder();
            for (int i = 5; i < c.length; i++) {
                long v = Long.parseLong(c[i]);
                b.append(v > vsync / 2 ? v - vsync : v).append(',');
            }
            return b.toString();
        }).collect(Collectors.toList());
    }
}
