package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.captureFolder;
import static io.fpsctl.cli.ScreenRecordRuns.captureUntilThirdRecording;
import static io.fpsctl.cli.ScreenRecordRuns.frames;
import static io.fpsctl.cli.ScreenRecordRuns.indexOf;
import static io.fpsctl.cli.ScreenRecordRuns.selfCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.Chromium;
import io.fpsctl.testing.ChromiumPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 * <p>Here: a chained file whose per-picture times cannot be read is still the one a seek into its time goes to
 * (split from ScreenRecordEndToEndTest).
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
@Tag("chromium")
@Tag("e2e")
class ScreenRecordUnreadableFileEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
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
        String err;
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordLimitSeconds(2);
            err = captureUntilThirdRecording(s, dir, out, "--source", "surfaceflinger");
        }
        Path folder = captureFolder(out);
        JsonNode files = JSON.readTree(folder.resolve("video.json").toFile()).get("files");
        assertTrue(files.size() >= 3, "three recordings in files of 2 s: " + files + "\n" + err);
        // each screenrecord starts only once the one before it exited (fpsctl waits for its exit before the next;
        // screenrecord.cpp stamps a picture when SurfaceFlinger queues it to the new virtual display), so a file's
        // first picture comes after the last of the file before: the files never overlap on the device's clock
        for (int k = 1; k < files.size(); k++) {
            assertTrue(files.get(k).get("firstFrameNs").asLong() > files.get(k - 1).get("lastFrameNs").asLong(),
                    "file " + k + " starts after the one before ends: " + files);
        }
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
        int starts = 0;
        for (JsonNode seek : v.get("tested")) {
            String why = seek.get("why").asText();
            if (why.matches("file [0-9]+ start")) {
                // a seek by time 1 ms after file k's first picture: that picture is on screen then, so file k, not
                // the file before (whose last picture may lie within the page's 50 ms slack of the target)
                int k = Integer.parseInt(why.split(" ")[1]);
                assertEquals(k, seek.get("file").asInt(), "the file sought at " + seek + " (files: " + files
                        + ", origin-relative firstS " + firstS + ")");
                starts++;
                continue;
            }
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
            // the picture on screen at the present is the last stamped at or before it: in the last file that
            // starts at or before it (its first picture follows the last of the file before). A seek by time half a
            // refresh on may reach the next file; never an earlier one, also when the file before ended less than
            // the page's 50 ms slack before the target
            assertTrue(seek.get("file").asInt() >= covering, "the file covering " + seek + ": " + covering
                    + " (files: " + files + ", origin-relative firstS " + firstS + ")");
            if (covering == 1) {
                intoBroken++;
            }
        }
        // one seek into that file is enough to see the fault this guards against (a seek by time sent to the file
        // before it fails the check above for every such seek); how many of the page's 200 fall into it depends on
        // which frames the page picks (those closest to a whole number of refreshes), that is on the run's timing:
        // 3 and 4 of 200 seen on a busy machine, where "at least 5" failed
        assertTrue(intoBroken >= 1, "seeks into the file without picture times: " + intoBroken);
        assertEquals(firstS.size() - 1, starts, "a seek to the start of each file after the first: " + v.get("tested"));
    }
}
