package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * SurfaceFlinger's {@code JankType} bitmask (frameworks/native {@code libs/gui/include/gui/JankInfo.h}) and how each
 * version prints it ({@code jankTypeBitmaskToString}, {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}):
 * android-12.0.0_r1 … android-13.0.0_r1 print the SurfaceFlinger CPU/GPU types as
 * {@code "SurfaceFlinger CPU Deadline Missed"} / {@code "SurfaceFlinger GPU Deadline Missed"}, android-14.0.0_r1 and
 * later as {@code "SurfaceFlinger deadline missed (while in HWC)"} / {@code "… (while in GPU comp)"};
 * {@code Dropped = 0x200} ({@code "Dropped Frame"}) exists from android-14.0.0_r29 (14 QPR2; absent at r25). The
 * simulated 14 is QPR2 or later.
 */
final class JankBits {
    static final int NONE = 0;
    static final int DISPLAY_HAL = 0x1;
    static final int SF_CPU_DEADLINE_MISSED = 0x2;
    static final int SF_GPU_DEADLINE_MISSED = 0x4;
    static final int APP_DEADLINE_MISSED = 0x8;
    static final int PREDICTION_ERROR = 0x10;
    static final int SF_SCHEDULING = 0x20;
    static final int BUFFER_STUFFING = 0x40;
    static final int UNKNOWN = 0x80;
    static final int SF_STUFFING = 0x100;
    static final int DROPPED = 0x200;

    private JankBits() {
    }

    /** {@code jankTypeBitmaskToString} of {@code version}: comma-joined in bit order, {@code None} for 0. */
    static String toString(int jank, AndroidVersion version) {
        if (jank == NONE) {
            return "None";
        }
        boolean newStrings = version.major() >= 14; // (the simulator never sets DROPPED before 14)
        List<String> out = new ArrayList<>();
        if ((jank & DISPLAY_HAL) != 0) {
            out.add("Display HAL");
        }
        if ((jank & SF_CPU_DEADLINE_MISSED) != 0) {
            out.add(newStrings ? "SurfaceFlinger deadline missed (while in HWC)" : "SurfaceFlinger CPU Deadline Missed");
        }
        if ((jank & SF_GPU_DEADLINE_MISSED) != 0) {
            out.add(newStrings ? "SurfaceFlinger deadline missed (while in GPU comp)"
                    : "SurfaceFlinger GPU Deadline Missed");
        }
        if ((jank & APP_DEADLINE_MISSED) != 0) {
            out.add("App Deadline Missed");
        }
        if ((jank & PREDICTION_ERROR) != 0) {
            out.add("Prediction Error");
        }
        if ((jank & SF_SCHEDULING) != 0) {
            out.add("SurfaceFlinger Scheduling");
        }
        if ((jank & BUFFER_STUFFING) != 0) {
            out.add("Buffer Stuffing");
        }
        if ((jank & UNKNOWN) != 0) {
            out.add("Unknown jank");
        }
        if ((jank & SF_STUFFING) != 0) {
            out.add("SurfaceFlinger Stuffing");
        }
        if ((jank & DROPPED) != 0) {
            out.add("Dropped Frame");
        }
        return String.join(", ", out);
    }
}
