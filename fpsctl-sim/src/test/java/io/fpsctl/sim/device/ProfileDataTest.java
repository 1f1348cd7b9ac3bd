package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The gfxinfo summary for a handful of frames whose every line is worked out by hand from docs/formats.md 5.1–B.4
 * (durations, bucket labels, the percentile walk), not from {@link ProfileData}.
 */
class ProfileDataTest {

    private static final long MS = 1_000_000L;
    private static final long T0 = 1_000_000 * MS;
    private static final long PERIOD = 16_666_666L;

    /** A frame from T0: no input delay; sync queued at 1 ms and started at once, draw issued at 2 ms. */
    private static HwuiFrame frame(long durationNs) {
        return frame(MS, MS, 2 * MS, durationNs, durationNs);
    }

    /** A frame starting at T0 (on its vsync) with the given offsets from T0; deadline one period after T0. */
    private static HwuiFrame frame(long syncQueued, long syncStart, long issueDraw, long completed, long gpuCompleted) {
        return new HwuiFrame.Builder()
                .set(FrameColumn.INTENDED_VSYNC, T0).set(FrameColumn.VSYNC, T0)
                .set(FrameColumn.SYNC_QUEUED, T0 + syncQueued).set(FrameColumn.SYNC_START, T0 + syncStart)
                .set(FrameColumn.ISSUE_DRAW_COMMANDS_START, T0 + issueDraw)
                .set(FrameColumn.SWAP_BUFFERS, T0 + completed - MS)
                .set(FrameColumn.FRAME_COMPLETED, T0 + completed)
                .set(FrameColumn.GPU_COMPLETED, T0 + gpuCompleted)
                .set(FrameColumn.FRAME_INTERVAL, PERIOD)
                .set(FrameColumn.FRAME_DEADLINE, T0 + PERIOD)
                .build();
    }

    private static Map<String, String> lines(ProfileData data, AndroidVersion v) {
        StringBuilder sb = new StringBuilder();
        data.appendTo(sb, v);
        Map<String, String> m = new LinkedHashMap<>();
        for (String l : sb.toString().split("\n")) {
            int c = l.indexOf(": ");
            if (c > 0) {
                m.put(l.substring(0, c), l.substring(c + 2));
            }
        }
        return m;
    }

    @Test
    void pieSummaryOfNineKnownFrames() {
        ProfileData data = new ProfileData(T0);
        List<HwuiFrame> frames = new ArrayList<>();
        for (double ms : new double[] {3, 5.9, 6, 16, 17, 33, 50, 200}) {
            frames.add(frame((long) (ms * MS)));
        }
        // 30 ms wall time, of which SyncStart − SyncQueued = 10 ms is a stall: duration 20 ms; UI late by 15 ms
        frames.add(frame(5 * MS, 15 * MS, 16 * MS, 30 * MS, 30 * MS));
        for (HwuiFrame f : frames) {
            data.report(f, AndroidVersion.ANDROID_9, PERIOD);
        }
        Map<String, String> s = lines(data, AndroidVersion.ANDROID_9);
        assertEquals(T0 + "ns", s.get("Stats since"));
        assertEquals("9", s.get("Total frames rendered"));
        // > 16.666666 ms: 17, 20 (stall removed), 33, 50, 200 -> 5 of 9 = 55.555…%
        assertEquals("5 (55.56%)", s.get("Janky frames"));
        // buckets (B.4 index formula): 3 and 5.9 -> 5ms; 6; 16; 17; 20; 33 -> (33-32)/2+32-5 = 27 -> "32ms";
        // 50 -> (50-48)/2+48 = 49 -> (49-32)/2+32 = 40 -> 35 -> "48ms"; 200 -> slow (200-150)/50 = 1 -> "200ms".
        // p50: pos 4, remaining 5: 200,48,32,20 leave 1, 17ms takes it to 0
        assertEquals("17ms", s.get("50th percentile"));
        // p90/95/99: pos 8, remaining 1: the 200ms bucket
        assertEquals("200ms", s.get("90th percentile"));
        assertEquals("200ms", s.get("95th percentile"));
        assertEquals("200ms", s.get("99th percentile"));
        // causes, only for the 5 deadline-missing frames (interval 16.67 ms): Slow UI thread = SyncStart − Vsync
        // ≥ 8.33 ms (only the stalled frame, 15 ms); Slow issue draw commands = FrameCompleted − IssueDraw ≥ 12.5 ms
        // (17→15, 20-frame 14, 33→31, 50→48, 200→198: all five); Slow bitmap uploads: IssueDraw − SyncStart is 1 ms
        assertEquals("0", s.get("Number Missed Vsync"));
        assertEquals("0", s.get("Number High input latency"));
        assertEquals("1", s.get("Number Slow UI thread"));
        assertEquals("0", s.get("Number Slow bitmap uploads"));
        assertEquals("5", s.get("Number Slow issue draw commands"));
        assertEquals("5", s.get("Number Frame deadline missed"));
        Map<Integer, Integer> counts = Map.of(5, 2, 6, 1, 16, 1, 17, 1, 20, 1, 32, 1, 48, 1, 200, 1);
        StringBuilder histogram = new StringBuilder();
        int[] normalLabels = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
                28, 29, 30, 31, 32, 34, 36, 38, 40, 42, 44, 46, 48, 53, 57, 61, 65, 69, 73, 77, 81, 85, 89, 93, 97, 101,
                105, 109, 113, 117, 121, 125, 129, 133};
        for (int label : normalLabels) {
            histogram.append(histogram.length() == 0 ? "" : " ").append(label).append("ms=")
                    .append(counts.getOrDefault(label, 0));
        }
        for (int label = 150; label <= 4950; label += 50) {
            histogram.append(' ').append(label).append("ms=").append(counts.getOrDefault(label, 0));
        }
        assertEquals(histogram.toString(), s.get("HISTOGRAM"));
    }

    @Test
    void android12JudgesByDeadlineAndKeepsLegacyCounts() {
        ProfileData data = new ProfileData(T0);
        // 10 ms: GPU done at T0+10 ms, before the deadline T0+16.67 ms; 20 ms: GPU done after it
        data.report(frame(10 * MS), AndroidVersion.ANDROID_12, PERIOD);
        data.report(frame(20 * MS), AndroidVersion.ANDROID_12, PERIOD);
        // 16 ms but GPU finishing exactly at the deadline: janky (GpuCompleted >= FrameDeadline), not legacy-janky
        HwuiFrame atDeadline = frame(MS, MS, 2 * MS, 16 * MS, PERIOD);
        data.report(atDeadline, AndroidVersion.ANDROID_12, PERIOD);
        Map<String, String> s = lines(data, AndroidVersion.ANDROID_12);
        assertEquals("3", s.get("Total frames rendered"));
        assertEquals("2 (66.67%)", s.get("Janky frames"));
        assertEquals("1 (33.33%)", s.get("Janky frames (legacy)"));
        assertEquals("2", s.get("Number Frame deadline missed"));
        assertEquals("1", s.get("Number Frame deadline missed (legacy)"));
    }
}
