package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.testing.ShellOnlyDevice;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/** The poller feeds the shell's bytes to the parser and reads the pid and "no process" from the text lines. */
class GfxinfoPollerTest {

    /** Answers each {@code dumpsys gfxinfo} with the next canned output. */
    private static final class CannedDevice extends ShellOnlyDevice {
        final Deque<String> outputs = new ArrayDeque<>();

        @Override
        public ShellResult shell(String command, Duration timeout) {
            return new ShellResult(outputs.removeFirst(), "", 0);
        }
    }

    /** An Android 6 dump (14 columns) of pid {@code pid} with frames at the given IntendedVsync values (ms). */
    private static String dump(int pid, long... vsyncMs) {
        StringBuilder sb = new StringBuilder("Applications Graphics Acceleration Info:\n\n** Graphics info for pid ")
                .append(pid).append(" [com.example.app] **\n\nWindow: com.example.app/com.example.app.Main\n")
                .append("---PROFILEDATA---\nFlags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,"
                        + "HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,"
                        + "IssueDrawCommandsStart,SwapBuffers,FrameCompleted,\n");
        for (long ms : vsyncMs) {
            long v = ms * 1_000_000L;
            sb.append("0,").append(v).append(',').append(v).append(",0,0,");
            for (int i = 1; i <= 8; i++) {
                sb.append(v + i * 1_000_000L).append(',');
            }
            sb.append(v + 10_000_000L).append(",\n");
        }
        return sb.append("---PROFILEDATA---\n\n").toString();
    }

    @Test
    void countsNewFramesAndStartsASegmentWhenThePidChanges() {
        CannedDevice device = new CannedDevice();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        GfxinfoPoller poller = new GfxinfoPoller(device, "com.example.app", engine);
        device.outputs.add(dump(100, 1000, 1017));              // history: in the ring before the capture
        device.outputs.add(dump(100, 1000, 1017, 1034, 1051));  // two new frames
        device.outputs.add(dump(200, 5, 22, 39));               // restarted: lower timestamps, all three new
        device.outputs.add("No process found for: com.example.app\n");

        assertEquals(0, poller.poll().newFrames());
        assertEquals(2, poller.poll().newFrames());
        FramePoller.Poll restarted = poller.poll();
        assertEquals(3, restarted.newFrames(), "a new pid forgets the old watermark");
        assertTrue(restarted.appRunning());
        FramePoller.Poll gone = poller.poll();
        assertFalse(gone.appRunning());
        assertEquals(0, gone.newFrames());
        assertEquals(5, engine.countedFrames());
    }
}
