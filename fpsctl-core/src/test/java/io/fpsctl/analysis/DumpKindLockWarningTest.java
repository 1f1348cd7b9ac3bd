package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A saved SurfaceFlinger dump that begins with the lock-timeout warning is still recognised. Texts by hand from
 * frameworks/native services/surfaceflinger/SurfaceFlinger.cpp {@code doDump} ("Dumping without lock after timeout:
 * %s (%d)\n", android-11.0.0_r1 … 14.0.0_r1), {@code dumpStatsLocked} / {@code FrameTracker::dumpStats} and
 * {@code listLayersLocked} (android-13.0.0_r11).
 */
class DumpKindLockWarningTest {

    private static final String WARNING = "Dumping without lock after timeout: Connection timed out (-110)\n";

    private static DumpKind detect(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return DumpKind.detect(b, b.length);
    }

    @Test
    void latencyDumpAfterTheWarning() {
        assertEquals(DumpKind.LATENCY, detect(WARNING + "16666666\n1000000000\t1000500000\t999000000\n\n"));
    }

    @Test
    void frameTimelineAfterTheWarning() {
        assertEquals(DumpKind.FRAMETIMELINE, detect(WARNING + "Number of display frames : 0\n"));
    }

    @Test
    void layerListAfterTheWarning() {
        assertEquals(DumpKind.LAYER_LIST, detect(WARNING + "com.example/com.example.MainActivity#151\n"));
    }
}
