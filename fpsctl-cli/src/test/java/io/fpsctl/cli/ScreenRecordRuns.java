package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.PollUntil;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the {@code --record} end-to-end classes (ScreenRecord*EndToEndTest) share: the capture folder, the page's
 * self-check, frames.csv and the simulator's truth files read without fpsctl's code. The classes were one until they
 * were split so that each runs in a test JVM of its own beside the others.
 */
final class ScreenRecordRuns {
    static final String PKG = "com.example.feed";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);

    private ScreenRecordRuns() {
    }

    /**
     * {@code fpsctl capture PKG --connect SIM --record ARGS} as a child process, stopped with SIGINT once the device
     * has started its third recording (the test lowered its limit to chain files): a chain of at least three files
     * whatever the machine's load. A fixed duration does not give that: the simulator encodes in software, and on a
     * busy machine its encoder finishes a file seconds after the limit (a 7 s capture in files of 2 s gave two files
     * with 3.6 s and 4.8 s between them beside other test JVMs), a delay a phone's hardware encoder does not have.
     * Returns the capture's standard error; the capture ended as SIGINT ends it (exit 130, docs/outputs-and-signals.md).
     */
    static String captureUntilThirdRecording(Simulator sim, Path dir, Path out, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("capture", PKG, "--connect", sim.serial(), "--duration",
                "120s", "--out", out.toString(), "--record"));
        command.addAll(List.of(args));
        Path err = dir.resolve("capture.err");
        Process p = ChildProcessTest.fpsctl(command.toArray(String[]::new))
                .redirectOutput(dir.resolve("capture.out").toFile()).redirectError(err.toFile()).start();
        try {
            PollUntil.condition(() -> {
                if (!p.isAlive()) {
                    throw new AssertionError("capture ended before three recordings (exit " + p.exitValue() + "): "
                            + Files.readString(err));
                }
                return sim.android().screenRecordingsStarted() >= 3;
            }, Duration.ofSeconds(90), "the device's third recording");
            // a recording starts only while capture measures, so its SIGINT handler is in place
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "capture still running 60 s after SIGINT");
            String text = Files.readString(err);
            assertEquals(130, p.exitValue(), text);
            return text;
        } finally {
            p.destroyForcibly();
        }
    }

    /** The one capture folder capture wrote under {@code out} (not its .fpsctl.lock), for the app. */
    static Path captureFolder(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow().resolve(PKG);
        }
    }

    static JsonNode selfCheck(String dom) throws Exception {
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check");
        return JSON.readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"));
    }

    static List<String> errors(JsonNode check) {
        List<String> out = new ArrayList<>();
        check.path("errors").forEach(e -> out.add(e.asText()));
        return out;
    }

    /** The simulator's truth: the app layer's presents in order; row n (from 1) is the number video frames show. */
    static Map<Long, Integer> presents(Path truth) throws Exception {
        List<String> lines = Files.readAllLines(truth.resolveSibling("t.app.latency"));
        Map<Long, Integer> byPresent = new HashMap<>();
        for (int n = 1; n < lines.size(); n++) {
            byPresent.put(Long.parseLong(lines.get(n).split("\t")[1]), n);
        }
        return byPresent;
    }

    /** frames.csv rows as column name to value. */
    static List<Map<String, String>> frames(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        String[] head = lines.get(0).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] v = line.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < head.length && i < v.length; i++) {
                row.put(head[i], v[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
