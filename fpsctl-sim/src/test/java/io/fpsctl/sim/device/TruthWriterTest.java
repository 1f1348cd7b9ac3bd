package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class TruthWriterTest {

    private static String sh(SimulatedAndroid d, String cmd) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        d.run(cmd, out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void truthHoldsEveryFrameEverShownInTheRings(@TempDir Path dir) throws Exception {
        for (int v : new int[] {7, 11, 14}) {
            Path truthPath = dir.resolve("t" + v + ".txt");
            ManualTimeSource time = new ManualTimeSource();
            TruthWriter truth = TruthWriter.open(truthPath, AndroidVersion.of(v));
            SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName("two-windows"),
                    SimOptions.defaults().withAndroid(v).withRefreshHz(120).withSeed(7), time, truth);
            Set<String> shown = new HashSet<>();
            for (int i = 0; i < 40; i++) {
                time.advanceMillis(250);
                for (SimHarness.Block b : SimHarness.blocks(sh(d, "dumpsys gfxinfo com.example.feed framestats"))) {
                    int fc = b.col("FrameCompleted");
                    for (int r = 0; r < b.rows().size(); r++) {
                        if (b.rows().get(r)[fc] > 0) {
                            shown.add(b.window() + "|" + b.rawRows().get(r));
                        }
                    }
                }
                // incremental: the file already holds what was shown so far
                if (i == 10) {
                    assertTrue(Files.size(truthPath) > 0);
                }
            }
            truth.close();
            truth.checkError();
            String main = Files.readString(truthPath);
            String second = Files.readString(truth.windowFile(1));
            List<SimHarness.Block> blocks = SimHarness.blocks(main + "\n" + second);
            assertEquals(2, blocks.size());
            assertTrue(main.startsWith("Window: com.example.feed/com.example.feed.MainActivity\n\n---PROFILEDATA---\n"));
            assertTrue(main.endsWith("\n---PROFILEDATA---\n\n"));
            assertEquals(AndroidVersion.of(v).headerLabels(), blocks.get(0).header());
            Set<String> inTruth = new HashSet<>();
            for (SimHarness.Block b : blocks) {
                for (String r : b.rawRows()) {
                    inTruth.add(b.window() + "|" + r);
                }
            }
            assertTrue(blocks.get(0).rows().size() > 1000, "all frames, not just 120");
            Set<String> missing = new HashSet<>(shown);
            missing.removeAll(inTruth);
            assertEquals(Set.of(), missing, "v" + v);
            assertTrue(Files.readString(truth.layerFile("app")).startsWith("8333333\n"));
        }
    }

    @Test
    void gameLayerTruthHoldsEveryPresentedBuffer(@TempDir Path dir) throws Exception {
        Path truthPath = dir.resolve("game.txt");
        ManualTimeSource time = new ManualTimeSource();
        TruthWriter truth = TruthWriter.open(truthPath, AndroidVersion.ANDROID_13);
        SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName("game"),
                SimOptions.defaults().withAndroid(13), time, truth);
        Set<String> shown = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            time.advanceMillis(1_000);
            String out = sh(d, "dumpsys SurfaceFlinger --latency '" + d.surfaceViewLayerName() + "'");
            for (String row : out.split("\n")) {
                String[] c = row.split("\t");
                if (c.length == 3 && !c[1].equals("0") && !c[1].equals("9223372036854775807")
                        && !c[2].equals("9223372036854775807")) {
                    shown.add(row);
                }
            }
        }
        truth.close();
        List<String> lines = Files.readAllLines(truth.layerFile("surfaceview"));
        assertEquals("16666666", lines.get(0));
        Set<String> rows = new HashSet<>(lines.subList(1, lines.size()));
        assertTrue(rows.containsAll(shown));
        assertTrue(rows.size() > 700);
        assertEquals(dir.resolve("game.surfaceview.latency"), truth.files().get("surfaceview"));
    }
}
