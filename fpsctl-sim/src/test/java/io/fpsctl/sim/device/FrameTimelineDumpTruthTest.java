package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The truth of each {@code --frametimeline -all} dump ({@link FrameObserver#frameTimelineDump}): the buffer
 * SurfaceFrames it printed with a processed present, read here from the printed text by hand (a SurfaceFrame of a
 * display frame whose present SurfaceFlinger has not processed prints {@code Present Metadata : Unknown Present}).
 */
class FrameTimelineDumpTruthTest {

    private static final class Device implements FrameObserver {
        final ManualTimeSource time = new ManualTimeSource();
        final SimulatedAndroid sim;
        final List<Long> dumpTimes = new ArrayList<>();
        final List<List<String>> dumps = new ArrayList<>();

        Device() {
            sim = SimulatedAndroid.create(Scenarios.byName("jank"),
                    SimOptions.defaults().withAndroid(14).withRefreshHz(60).withSeed(11), time, this);
        }

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public void frameTimelineDump(long uptimeNs, List<String> finalBufferFrames) {
            dumpTimes.add(uptimeNs);
            dumps.add(List.copyOf(finalBufferFrames));
        }

        String sh(String cmd) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            sim.run(cmd, out, new ByteArrayOutputStream());
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    /** Tokens of the buffer SurfaceFrames a dump printed, final ones or pending ones. */
    private static Set<Long> printed(String dump, boolean pending) {
        Set<Long> out = new HashSet<>();
        String[] blocks = dump.split("\n    Layer - ");
        for (int i = 1; i < blocks.length; i++) {
            String b = blocks[i];
            if (!b.contains("\n    Is Buffer?: 1\n")) {
                continue;
            }
            int t = b.indexOf("\n    Token: ") + "\n    Token: ".length();
            long token = Long.parseLong(b.substring(t, b.indexOf('\n', t)));
            if (b.contains("\n    Present Metadata : Unknown Present\n") == pending) {
                out.add(token);
            }
        }
        return out;
    }

    @Test
    void eachAllDumpRecordsTheBufferSurfaceFramesItPrintedFinalAndNoPendingOne() throws IOException {
        Device d = new Device();
        d.time.advanceMillis(1_000);
        for (int i = 0; i < 40; i++) {
            d.time.advanceMillis(97);
            String dump = d.sh("dumpsys SurfaceFlinger --frametimeline -all");
            assertEquals(i + 1, d.dumps.size(), "one truth line per -all dump");
            assertEquals(d.time.nanoTime(), d.dumpTimes.get(i));
            Set<Long> recorded = new HashSet<>();
            for (String s : d.dumps.get(i)) {
                assertTrue(s.startsWith("app:"), s); // the jank scenario has one window, no SurfaceView
                recorded.add(Long.parseLong(s.substring(4)));
            }
            assertEquals(printed(dump, false), recorded, "dump " + i);
            Set<Long> pending = printed(dump, true);
            assertFalse(pending.isEmpty(), "the ring's newest display frame is always pending (dump " + i + ")");
            pending.retainAll(recorded);
            assertTrue(pending.isEmpty(), "a pending SurfaceFrame recorded as final: " + pending);
        }
        d.sh("dumpsys SurfaceFlinger --frametimeline -jank");
        assertEquals(40, d.dumps.size(), "-jank prints only janky display frames: not a dump of the whole ring");
    }
}
