package io.fpsctl.cli;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.Chromium;
import io.fpsctl.testing.ChromiumPage;
import io.fpsctl.testing.FfmpegFrames;
import io.fpsctl.testing.PollUntil;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
@Tag("timing") // chromium plays the video in virtual time while the page seeks it: run alone
class ScreenRecordEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);
    private static final double VSYNC_S = 1 / 60.0;

    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }

    private static Path captureFolder(Path out) throws Exception {
        try (Stream<Path> s = Files.list(out)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow().resolve(PKG);
        }
    }

    private static JsonNode selfCheck(String dom) throws Exception {
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check");
        return JSON.readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"));
    }

    /** The simulator's truth: the app layer's presents in order; row n (from 1) is the number video frames show. */
    private static Map<Long, Integer> presents(Path truth) throws Exception {
        List<String> lines = Files.readAllLines(truth.resolveSibling("t.app.latency"));
        Map<Long, Integer> byPresent = new HashMap<>();
        for (int n = 1; n < lines.size(); n++) {
            byPresent.put(Long.parseLong(lines.get(n).split("\t")[1]), n);
        }
        return byPresent;
    }

    /** frames.csv rows as column name to value. */
    private static List<Map<String, String>> frames(Path csv) throws Exception {
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

    @Test
    void janksSeenInTheVideoAreTheFramesTheReportNames(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path truth = dir.resolve("t.txt");
        Path out = dir.resolve("out");
        try (Simulator s = sim(truth)) {
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "surfaceflinger", "--duration", "6s",
                    "--out", out.toString(), "--record", "--report");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode video = JSON.readTree(folder.resolve("video.json").toFile());
        assertEquals("stopped", video.get("end").asText(), video.toString());
        JsonNode file = video.get("files").get(0);
        long firstNs = file.get("firstFrameNs").asLong();
        Path mp4 = folder.resolve(file.get("file").asText());
        List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(mp4);
        assertEquals(file.get("frames").asInt(), decoded.size(), "video.json counts the frames ffmpeg decodes");

        // the janky frames, from frames.csv: SurfaceFlinger frames, endNs = the present time
        List<Map<String, String>> rows = frames(folder.resolve("frames.csv"));
        long origin = rows.stream().mapToLong(m -> Long.parseLong(m.get("endNs"))).min().orElseThrow();
        List<Map<String, String>> janky = rows.stream().filter(m -> "true".equals(m.get("janky")))
                .sorted(Comparator.comparingDouble((Map<String, String> m) -> Double.parseDouble(m.get("durationMs")))
                        .reversed()).toList();
        assertTrue(janky.size() >= 3, "a jank capture has janky frames: " + janky.size());
        Map<Long, Integer> truthNumbers = presents(truth);

        // the page: a click on the worst janky frame, then the worst-moment buttons (real DOM events)
        Path html = folder.resolve("report.html");
        // in real time, not virtual time: the page waits on the video decoder (ChromiumPage says why)
        JsonNode check = selfCheck(ChromiumPage.domWhen(chromium, html, "#seek-test", Files.createTempDirectory(dir, "b"),
                "window.fpsctlReport.video && window.fpsctlReport.video.testDone", Duration.ofSeconds(90)));
        assertEquals(List.of(), errors(check), "console errors");
        JsonNode v = check.get("video");
        assertTrue(v.path("testDone").asBoolean(), check.toString());
        JsonNode seeks = v.get("seeks");
        assertTrue(seeks.size() >= 4, "a frame click and the worst moments: " + seeks);

        // 1. the click on the worst frame: the page's own currentTime is within one frame of that frame's present
        long worstPresent = Long.parseLong(janky.get(0).get("endNs"));
        double expected = (worstPresent - firstNs) / 1e9;
        JsonNode click = seeks.get(0);
        assertTrue(click.get("why").asText().startsWith("frame"), click.toString());
        assertEquals(expected, click.get("currentTime").asDouble(), VSYNC_S,
                "the click seeks to the janky frame's present: " + click);
        assertEquals(truthNumbers.get(worstPresent), FfmpegFrames.at(decoded, click.get("currentTime").asDouble()).number(),
                "the click shows the worst frame's picture: " + click);

        // 2. three worst moments: ffmpeg shows, at the page's currentTime, the number of that janky frame
        int checked = 0;
        for (int i = 1; i < seeks.size() && checked < 3; i++) {
            JsonNode seek = seeks.get(i);
            // the frame the button names: its time on the page (s since origin), as the button says it
            double pageT = Double.parseDouble(seek.get("why").asText().replace("worst ", ""));
            long deviceNs = origin + Math.round(pageT * 1e9);
            Map<String, String> frame = rows.stream()
                    .filter(m -> Math.abs(Long.parseLong(m.get("endNs")) - deviceNs) <= 1_000_000L)
                    .findFirst().orElse(null);
            assertNotNull(frame, "the moment at " + pageT + " s is a janky frame of frames.csv");
            int want = truthNumbers.get(Long.parseLong(frame.get("endNs")));
            FfmpegFrames.Frame shown = FfmpegFrames.at(decoded, seek.get("currentTime").asDouble());
            assertEquals(want, shown.number(), "the video at " + seek + " shows present " + want);
            checked++;
        }
        assertEquals(3, checked);
    }

    /**
     * Rendered (gfxinfo) frames: a seek to each frame as a click on it does (the page's #seek-test-frames, up to 200
     * frames) shows that frame's own picture. Expected from the truth alone: the frame's framestats row (t.txt, by IntendedVsync) gives its
     * SwapBuffers, the app layer's latency row with that desired time is the number its picture shows.
     */
    @Test
    void renderedFramesSeekToThePictureThatShowsThem(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path truth = dir.resolve("t.txt");
        Path out = dir.resolve("out");
        try (Simulator s = sim(truth)) {
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "gfxinfo", "--duration", "6s",
                    "--out", out.toString(), "--record", "--report");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode file = JSON.readTree(folder.resolve("video.json").toFile()).get("files").get(0);
        List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(file.get("file").asText()));

        // the truth: IntendedVsync -> SwapBuffers (the framestats block), SwapBuffers -> the number shown
        List<String> stats = Files.readAllLines(truth);
        List<String> head = List.of(stats.stream().filter(l -> l.startsWith("Flags,")).findFirst().orElseThrow().split(","));
        int intended = head.indexOf("IntendedVsync");
        int swap = head.indexOf("SwapBuffers");
        Map<Long, Long> swapOf = new HashMap<>();
        for (String l : stats) {
            if (!l.isEmpty() && Character.isDigit(l.charAt(0))) {
                String[] v = l.split(",");
                swapOf.put(Long.parseLong(v[intended]), Long.parseLong(v[swap]));
            }
        }
        List<String> latency = Files.readAllLines(truth.resolveSibling("t.app.latency"));
        Map<Long, Integer> numberOf = new HashMap<>();
        for (int n = 1; n < latency.size(); n++) {
            numberOf.put(Long.parseLong(latency.get(n).split("\t")[0]), n);
        }

        List<Map<String, String>> rows = frames(folder.resolve("frames.csv"));
        List<Map<String, String>> janky = rows.stream().filter(m -> "true".equals(m.get("janky"))).toList();
        JsonNode check = selfCheck(ChromiumPage.domWhen(chromium, folder.resolve("report.html"), "#seek-test-frames",
                Files.createTempDirectory(dir, "b"), "window.fpsctlReport.video && window.fpsctlReport.video.testDone",
                Duration.ofSeconds(120)));
        assertEquals(List.of(), errors(check), "console errors");
        JsonNode v = check.get("video");
        assertEquals(true, v.path("testDone").asBoolean(), check.toString());
        // the page's time axis: the worst janky frame (the page's click) is at clickedFrame.t
        Map<String, String> worst = janky.stream().max(Comparator.comparingDouble(
                (Map<String, String> m) -> Double.parseDouble(m.get("durationMs")))).orElseThrow();
        assertEquals(Double.parseDouble(worst.get("durationMs")), v.get("clickedFrame").get("durationMs").asDouble(), 0.01);
        long origin = Long.parseLong(worst.get("intendedVsyncNs"))
                - Math.round(v.get("clickedFrame").get("t").asDouble() * 1e9);
        int checked = 0;
        for (JsonNode seek : v.get("tested")) {
            String why = seek.get("why").asText();
            if (!why.contains(" at ")) {
                continue; // the click and the buttons: checked as frames below, by the same rule
            }
            long at = origin + Math.round(Double.parseDouble(why.substring(why.indexOf(" at ") + 4)) * 1e9);
            Map<String, String> frame = rows.stream()
                    .filter(m -> Math.abs(Long.parseLong(m.get("intendedVsyncNs")) - at) <= 1_000_000L)
                    .findFirst().orElse(null);
            assertNotNull(frame, why + " is a frame of frames.csv");
            Long swapped = swapOf.get(Long.parseLong(frame.get("intendedVsyncNs")));
            assertNotNull(swapped, why + " is in the truth");
            Integer want = numberOf.get(swapped);
            assertNotNull(want, why + " was presented");
            assertEquals(want, FfmpegFrames.at(decoded, seek.get("currentTime").asDouble()).number(),
                    "the video at " + seek + " shows the rendered frame's picture, number " + want);
            checked++;
        }
        assertTrue(checked >= 150, "rendered frames checked: " + checked);
    }

    /**
     * A chained file whose Winscope block cannot be read (here: its magic overwritten before {@code fpsctl report})
     * has no per-picture times; a seek to a moment it covers still goes to that file, by time, never to the last
     * picture of the file before it.
     */
    @Test
    void aFileWithoutPictureTimesIsStillTheOneSought(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordLimitSeconds(2);
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "surfaceflinger", "--duration", "7s",
                    "--out", out.toString(), "--record");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode files = JSON.readTree(folder.resolve("video.json").toFile()).get("files");
        assertTrue(files.size() >= 3, "7 s in files of 2 s: " + files);
        Path broken = folder.resolve(files.get(1).get("file").asText());
        byte[] mp4 = Files.readAllBytes(broken);
        byte[] magic = "#VV1NSC0PET1ME".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int overwritten = 0;
        for (int at = indexOf(mp4, magic, 0); at >= 0; at = indexOf(mp4, magic, at + 1)) {
            mp4[at + 1] = 'X';
            overwritten++;
        }
        assertTrue(overwritten >= 1, "the second file had a Winscope block");
        Files.write(broken, mp4);
        Path html = dir.resolve("r.html");
        Cli r = Cli.run("report", folder.toString(), "-o", html.toString());
        assertEquals(0, r.exit, r.toString());

        JsonNode check = selfCheck(ChromiumPage.domWhen(chromium, html, "#seek-test-frames",
                Files.createTempDirectory(dir, "b"), "window.fpsctlReport.video && window.fpsctlReport.video.testDone",
                Duration.ofSeconds(120)));
        JsonNode v = check.get("video");
        assertEquals(true, v.path("testDone").asBoolean(), check.toString());
        JsonNode firstS = v.get("firstS");
        int intoBroken = 0;
        for (JsonNode seek : v.get("tested")) {
            String why = seek.get("why").asText();
            if (!why.contains(" at ")) {
                continue; // the click and the buttons
            }
            double target = Double.parseDouble(why.substring(why.indexOf(" at ") + 4)); // the frame's present
            int covering = 0;
            for (int k = 0; k < firstS.size(); k++) {
                if (firstS.get(k).asDouble() <= target + 0.0005) {
                    covering = k;
                }
            }
            // a seek by time half a refresh on may reach the next file; never an earlier one
            assertTrue(seek.get("file").asInt() >= covering, "the file covering " + seek + ": " + covering);
            if (covering == 1) {
                intoBroken++;
            }
        }
        assertTrue(intoBroken >= 5, "seeks into the file without picture times: " + intoBroken);
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
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

    @Test
    void aLongCaptureChainsFilesThatPlayOneAfterTheOther(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordLimitSeconds(2); // AOSP's 180 s, shortened for the test (docs/report.md "Screen recordings")
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "7s", "--out", out.toString(),
                    "--record", "--report");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode files = JSON.readTree(folder.resolve("video.json").toFile()).get("files");
        assertTrue(files.size() >= 3, "7 s in files of 2 s: " + files);
        long lastEnd = Long.MIN_VALUE;
        int lastNumber = -1;
        double covered = 0;
        for (JsonNode f : files) {
            long first = f.get("firstFrameNs").asLong();
            long last = f.get("lastFrameNs").asLong();
            assertTrue(first > lastEnd, "files follow each other: " + files);
            assertTrue(last - first <= 2_000_000_000L, "at most the limit per file: " + f);
            covered += (last - first) / 1e9;
            lastEnd = last;
            List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(f.get("file").asText()));
            assertEquals(f.get("frames").asInt(), decoded.size());
            assertTrue(decoded.get(0).number() >= lastNumber, "the screen goes on where the file before ended");
            lastNumber = decoded.get(decoded.size() - 1).number();
        }
        assertTrue(covered > 5, "the files cover most of the 7 s: " + covered);
        String html = Files.readString(folder.resolve("report.html"));
        for (JsonNode f : files) {
            assertTrue(html.contains("\"name\":\"" + f.get("file").asText() + "\""), "the report holds " + f);
        }
    }

    @Test
    void aGateOfThreeIterationsShowsThreeVideos(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path html = dir.resolve("r.html");
        try (Simulator s = sim(null)) {
            Cli r = Cli.run("gate", PKG, "--connect", s.serial(), "--duration", "3s", "--iterations", "3",
                    "--min-fps", "1", "--record", "--report", html.toString());
            assertEquals(0, r.exit, r.toString());
        }
        for (int k = 1; k <= 3; k++) {
            Path it = dir.resolve("r.video").resolve("iteration-" + k);
            assertTrue(Files.isRegularFile(it.resolve("video-1.mp4")), "iteration " + k + " recorded");
            JsonNode v = JSON.readTree(it.resolve("video.json").toFile());
            assertEquals(1, v.get("files").size());
            JsonNode check = selfCheck(chromium.dumpDom(html, "#iteration=" + k, Files.createTempDirectory(dir, "i")));
            assertEquals(List.of(), errors(check));
            assertEquals(k - 1, check.get("selected").get(0).asInt());
            assertEquals(1, check.get("video").get("placed").asInt(), "iteration " + k + " has its video");
        }
    }

    @Test
    void aDeviceLostMidRecordingKeepsTheFilesPulledBefore(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Path out = dir.resolve("out");
        Simulator s = sim(null);
        s.android().setScreenRecordLimitSeconds(2);
        CompletableFuture<Cli> run = CompletableFuture.supplyAsync(() -> Cli.run("capture", PKG, "--connect",
                s.serial(), "--duration", "30s", "--reconnect-timeout", "1s", "--out", out.toString(), "--record",
                "--report"));
        // the device dies once two files have been pulled
        PollUntil.condition(() -> {
            try (Stream<Path> files = Files.walk(out)) {
                return files.anyMatch(p -> p.getFileName().toString().equals("video-2.mp4"));
            } catch (Exception e) {
                return false;
            }
        }, Duration.ofSeconds(60), "two video files pulled");
        s.close();
        Cli r = run.get(90, TimeUnit.SECONDS);
        assertEquals(3, r.exit, "a lost device: exit 3\n" + r);
        Path folder = captureFolder(out);
        JsonNode video = JSON.readTree(folder.resolve("video.json").toFile());
        assertEquals("device-lost", video.get("end").asText(), video.toString());
        assertTrue(video.get("files").size() >= 2, video.toString());
        for (JsonNode f : video.get("files")) {
            List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(f.get("file").asText()));
            assertEquals(f.get("frames").asInt(), decoded.size(), "the file pulled before plays: " + f);
        }
        Chromium chromium = Chromium.find().orElse(null);
        if (chromium != null) {
            String dom = chromium.dumpDom(folder.resolve("report.html"), Files.createTempDirectory(dir, "d"));
            assertEquals(List.of(), errors(selfCheck(dom)));
            assertTrue(dom.contains("The video ends at "), "the report says where the video ends");
        }
    }

    @Test
    void aDeviceThatCannotRecordGivesOneWarningAndTheRunGoesOn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordUnavailable(true);
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "2s", "--out", out.toString(),
                    "--record");
            assertEquals(0, r.exit, r.toString());
            long warnings = r.err.lines().filter(l -> l.contains("no screen recording")).count();
            assertEquals(1, warnings, r.err);
            assertTrue(r.err.contains("this device has no screenrecord; the run goes on without it"), r.err);
        }
        Path folder = captureFolder(out);
        assertTrue(Files.isRegularFile(folder.resolve("summary.json")));
        assertTrue(!Files.exists(folder.resolve("video.json")), "no video, no video.json");
    }

    @Test
    void aDeviceWithoutAnEncoderExitsZeroYetGivesOneWarning(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordNoEncoder(true); // screenrecord exits 0 after its ERROR line (docs/report.md)
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "2s", "--out", out.toString(),
                    "--record");
            assertEquals(0, r.exit, r.toString());
            assertEquals(1, r.err.lines().filter(l -> l.contains("no screen recording")).count(), r.err);
            assertTrue(r.err.contains("screenrecord failed (exit 0): ERROR: unable to create video/avc codec instance"),
                    r.err);
        }
        Path folder = captureFolder(out);
        assertTrue(Files.isRegularFile(folder.resolve("summary.json")));
        assertTrue(!Files.exists(folder.resolve("video.json")), "no video, no video.json");
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".mp4")).toList(),
                    "the empty file is not kept as a recording");
        }
    }

    @Test
    void watchRecordsBesideItsFramesCsv(@TempDir Path dir) throws Exception {
        try (Simulator s = sim(null)) {
            Cli r = Cli.run("watch", PKG, "--connect", s.serial(), "--duration", "2s", "--plain", "--frames-csv",
                    dir.resolve("f.csv").toString(), "--record");
            assertEquals(0, r.exit, r.toString());
        }
        JsonNode v = JSON.readTree(dir.resolve("f.video").resolve("video.json").toFile());
        assertEquals("stopped", v.get("end").asText());
        assertTrue(Files.size(dir.resolve("f.video").resolve("video-1.mp4")) > 1000);
        Cli usage = Cli.run("watch", PKG, "--simulate", "--duration", "1s", "--record");
        assertEquals(2, usage.exit, "--record without --frames-csv is a usage error: " + usage);
    }

    private static List<String> errors(JsonNode check) {
        List<String> out = new ArrayList<>();
        check.path("errors").forEach(e -> out.add(e.asText()));
        return out;
    }
}
