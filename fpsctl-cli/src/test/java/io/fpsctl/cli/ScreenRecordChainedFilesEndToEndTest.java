package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.captureFolder;
import static io.fpsctl.cli.ScreenRecordRuns.captureUntilThirdRecording;
import static io.fpsctl.cli.ScreenRecordRuns.frames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.FfmpegFrames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 * <p>Here, with ffmpeg and no browser: a capture longer than screenrecord's limit chains files that play one after
 * the other, and watch records beside its frames CSV (split from ScreenRecordEndToEndTest).
 *
 * <p>Through the simulator's adb in real time, not on the stepped clock: what is checked is {@code screenrecord} as a
 * device process that fpsctl starts beside its polls, stops with SIGINT and pulls over adb, and pictures whose numbers
 * are the simulator's presents (the in-process stepped device runs each shell command to its end before the next, and
 * screenrecord runs until another command signals it). Where the page seeks the video, it runs in headless chromium in
 * real time ({@code ChromiumPage}: no virtual-time budget that could run out while the decoder answers) and the test
 * waits, bounded, for the page's own "done": a loaded machine makes the seeks slower, never different, so the class
 * runs beside other test JVMs.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@Tag("e2e")
class ScreenRecordChainedFilesEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }

    @Test
    void aLongCaptureChainsFilesThatPlayOneAfterTheOther(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Path out = dir.resolve("out");
        int started;
        String err;
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordLimitSeconds(2); // AOSP's 180 s, shortened for the test (docs/report.md "Screen recordings")
            // no --report: after SIGINT a command has 10 s to finish (StopSignal) before the JVM ends, and on a busy
            // machine stopping the third recording and pulling it can take most of them; the report command writes
            // the page from the capture folder as capture --report does (ReportInputs.load)
            err = captureUntilThirdRecording(s, dir, out);
            started = s.android().screenRecordingsStarted();
        }
        Path folder = captureFolder(out);
        JsonNode files = JSON.readTree(folder.resolve("video.json").toFile()).get("files");
        assertTrue(files.size() >= 3, "three recordings in files of 2 s: " + files + "\n" + err);
        // every recording the device made is a file of the chain (none lost between two of them); this replaces
        // "the files cover more than 5 of 7 s", which held only while the simulator's encoder kept up in real time
        assertEquals(started, files.size(), "one file per recording the device started: " + files + "\n" + err);
        long lastEnd = Long.MIN_VALUE;
        int lastNumber = -1;
        for (JsonNode f : files) {
            long first = f.get("firstFrameNs").asLong();
            long last = f.get("lastFrameNs").asLong();
            assertTrue(first > lastEnd, "files follow each other: " + files);
            assertTrue(last - first <= 2_000_000_000L, "at most the limit per file: " + f);
            lastEnd = last;
            List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(f.get("file").asText()));
            assertEquals(f.get("frames").asInt(), decoded.size());
            assertTrue(decoded.get(0).number() >= lastNumber, "the screen goes on where the file before ended");
            lastNumber = decoded.get(decoded.size() - 1).number();
        }
        Path report = dir.resolve("report.html");
        Cli r = Cli.run("report", folder.toString(), "-o", report.toString());
        assertEquals(0, r.exit, r.toString());
        String html = Files.readString(report);
        for (JsonNode f : files) {
            assertTrue(html.contains("\"name\":\"" + f.get("file").asText() + "\""), "the report holds " + f);
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
}
