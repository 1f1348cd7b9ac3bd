package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;

import java.util.List;

/** An independent re-implementation of FORMATS.md B.2–B.4 for checking the device's summaries. */
final class ReferenceProfileData {

    static final int[] NORMAL_LABELS = {5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
            26, 27, 28, 29, 30, 31, 32, 34, 36, 38, 40, 42, 44, 46, 48, 53, 57, 61, 65, 69, 73, 77, 81, 85, 89, 93,
            97, 101, 105, 109, 113, 117, 121, 125, 129, 133};

    final long[] normal = new long[57];
    final long[] slow = new long[97];
    long total;
    long janky;

    ReferenceProfileData(List<HwuiFrame> frames, AndroidVersion v, long periodNs) {
        for (HwuiFrame f : frames) {
            long d = f.get(FrameColumn.FRAME_COMPLETED) - f.get(FrameColumn.INTENDED_VSYNC);
            long stall = f.get(FrameColumn.SYNC_START) - f.get(FrameColumn.SYNC_QUEUED);
            if (stall > 0) {
                d -= stall;
            }
            long ms = d / 1_000_000;
            int i = (int) ms;
            if (ms > 48) {
                i = (i - 48) / 2 + 48;
            }
            if (i > 32) {
                i = (i - 32) / 2 + 32;
            }
            i = ms <= 5 ? 0 : i - 5;
            if (i < 57) {
                normal[i]++;
            } else {
                slow[(int) Math.min(96, Math.max(0, (ms - 150) / 50))]++;
            }
            total++;
            boolean isJanky = v.major() >= 12
                    ? f.get(FrameColumn.GPU_COMPLETED) >= f.get(FrameColumn.FRAME_DEADLINE)
                    : d > periodNs;
            if (isJanky) {
                janky++;
            }
        }
    }

    int percentile(int p) {
        long remaining = total - p * total / 100;
        for (int i = 96; i >= 0; i--) {
            remaining -= slow[i];
            if (remaining <= 0) {
                return 150 + 50 * i;
            }
        }
        for (int i = 56; i >= 0; i--) {
            remaining -= normal[i];
            if (remaining <= 0) {
                return NORMAL_LABELS[i];
            }
        }
        return 0;
    }

    String histogram() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 57; i++) {
            sb.append(i == 0 ? "" : " ").append(NORMAL_LABELS[i]).append("ms=").append(normal[i]);
        }
        for (int i = 0; i < 97; i++) {
            sb.append(' ').append(150 + 50 * i).append("ms=").append(slow[i]);
        }
        return sb.toString();
    }
}
