package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.*;

/** An hour at 144 Hz: frames generated lazily, bounded rings, dumps stay the same size. */
class LongRunTest {

    private long hwui;
    private long layer;

    @Test
    void anHourAt144HzWithPollingAndAGap() throws Exception {
        ManualTimeSource time = new ManualTimeSource();
        FrameObserver counter = new FrameObserver() {
            @Override
            public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
                hwui++;
            }

            @Override
            public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
                layer++;
            }
        };
        SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName("jank"),
                SimOptions.defaults().withRefreshHz(144).withSeed(8), time, counter);
        int maxLen = 0;
        for (int i = 0; i < 600; i++) {
            time.advanceMillis(1_000);
            String dump = run(d, "dumpsys gfxinfo com.example.feed framestats");
            assertTrue(SimHarness.blocks(dump).get(0).rows().size() <= 120);
            if (i > 10) {
                maxLen = Math.max(maxLen, dump.length());
            }
        }
        time.advanceMillis(50 * 60 * 1_000L);
        String dump = run(d, "dumpsys gfxinfo com.example.feed framestats");
        assertTrue(dump.length() < maxLen + 2_000, "dump does not grow with run time");
        String lat = run(d, "dumpsys SurfaceFlinger --latency '" + d.windowLayerName(0) + "'");
        assertEquals(129, lat.split("\n", -1).length - 1);
        assertEquals("6944444", lat.substring(0, lat.indexOf('\n')));
        assertTrue(hwui > 3600L * 100, "frames " + hwui);
        assertTrue(layer > 3600L * 100, "presents " + layer);
    }

    private static String run(SimulatedAndroid d, String cmd) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        d.run(cmd, out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }
}
