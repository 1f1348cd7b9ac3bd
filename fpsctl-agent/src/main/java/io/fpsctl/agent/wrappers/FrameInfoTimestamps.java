package io.fpsctl.agent.wrappers;

import android.view.FrameMetrics;

import java.lang.reflect.Field;

/**
 * The frame's own vsync on API 24/25, where {@code FrameMetrics.getMetric} has no timestamp: HWUI's FrameInfo
 * that {@code FrameMetrics.mTimingData} carries (frameworks/base core/java/android/view/FrameMetrics.java,
 * android-7.0.0_r1 / android-7.1.0_r7; {@code ThreadedRenderer} copies the renderer's FrameInfo into it before
 * the listener runs). FrameInfo's index 1 is IntendedVsync (the {@code DURATIONS} table of those class files
 * starts UNKNOWN_DELAY and TOTAL at 1), index 2 is Vsync (libs/hwui/FrameInfo.h {@code FrameInfoIndex},
 * android-7.0.0_r1). Tried once; a refusal names the member.
 */
public final class FrameInfoTimestamps {
    /** FrameInfoIndex::IntendedVsync. */
    public static final int INTENDED_VSYNC = 1;
    /** FrameInfoIndex::Vsync. */
    public static final int VSYNC = 2;

    private final Field timingData;

    private FrameInfoTimestamps(Field timingData) {
        this.timingData = timingData;
    }

    /** Tries the field through {@code access}. */
    public static FrameInfoTimestamps open(MemberAccess access) throws HiddenApiException {
        return new FrameInfoTimestamps(access.field(AgentMembers.FRAMEMETRICS_TIMING_DATA));
    }

    /** FrameInfo slot {@code index} of {@code metrics}, or 0 when the array is absent or too short. */
    public long get(FrameMetrics metrics, int index) {
        try {
            long[] data = (long[]) timingData.get(metrics);
            return data != null && data.length > index ? data[index] : 0;
        } catch (IllegalAccessException | RuntimeException e) {
            return 0;
        }
    }
}
