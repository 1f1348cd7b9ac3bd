package io.fpsctl.format.perfetto;

/**
 * One actual SurfaceFrame of a trace's FrameTimeline whose start and end packets were both written: one row of
 * trace_processor's {@code actual_frame_timeline_slice} for a layer (google/perfetto v58.2,
 * {@code FrameTimelineEventParser::ParseActualSurfaceFrameStart} / {@code ParseFrameEnd}). Times are ns in the
 * trace's clock (BOOTTIME; an Android 12 trace's MONOTONIC stamps converted through its clock snapshots).
 * Enumerations are the numbers of Perfetto's {@code FrameTimelineEvent} (frameworks_native_trace_packet.proto).
 *
 * @param ts                 the start packet's timestamp ({@code SurfaceFrame::traceActuals}, FrameTimeline.cpp
 *                           lineage-19.1 … 22.0: the expected start on 12; from 13 the app's actual start when set,
 *                           else the expected start; end − 2 ms, {@code kPredictionExpiredStartTimeDelta}, for an
 *                           expired prediction)
 * @param dur                end − start (the FrameEnd packet's timestamp: the buffer ready, or the drop, time)
 * @param pid                the owner app's pid
 * @param token              the surface frame token (gfxinfo's {@code FrameTimelineVsyncId})
 * @param displayFrameToken  the token of the display frame that composed it
 * @param layerName          SurfaceFlinger's name of the layer, as written ({@code TX - …})
 * @param presentType        PresentType (0 unspecified … 5 unknown)
 * @param onTimeFinish       the app finished before its deadline
 * @param gpuComposition     composed by the GPU
 * @param jankType           the JankType bitmask
 * @param predictionType     PredictionType (0 unspecified, 1 valid, 2 expired, 3 unknown)
 * @param jankSeverityType   JankSeverityType, −1 when the packet had none (Android 12–14)
 * @param isBuffer           1 / 0, −1 when the packet had none
 * @param expectedTs         the start of the expected SurfaceFrame of the same pid and token, −1 when none
 * @param expectedDur        its duration, −1 when none or unterminated
 * @param displayFrameEnd    the end of the actual DisplayFrame {@code displayFrameToken} (its present), −1 when none
 */
public record SurfaceFrame(long ts, long dur, int pid, long token, long displayFrameToken, String layerName,
                           int presentType, boolean onTimeFinish, boolean gpuComposition, int jankType,
                           int predictionType, int jankSeverityType, int isBuffer, long expectedTs, long expectedDur,
                           long displayFrameEnd) {

    /** PresentType PRESENT_DROPPED. */
    public static final int PRESENT_DROPPED = 4;

    /** The end of the frame: {@code ts + dur}. */
    public long end() {
        return ts + dur;
    }

    /** trace_processor's present type name ("Unspecified Present" for a value outside 1–5). */
    public String presentTypeName() {
        return switch (presentType) {
            case 1 -> "On-time Present";
            case 2 -> "Late Present";
            case 3 -> "Early Present";
            case 4 -> "Dropped Frame";
            case 5 -> "Unknown Present";
            default -> "Unspecified Present";
        };
    }

    /** trace_processor's prediction type name. */
    public String predictionTypeName() {
        return switch (predictionType) {
            case 1 -> "Valid Prediction";
            case 2 -> "Expired Prediction";
            case 3 -> "Unknown Prediction";
            default -> "Unspecified Prediction";
        };
    }

    /**
     * trace_processor's jank severity name; without the field (older traces) "None" when the jank type is exactly
     * JANK_NONE, else "Unknown" ({@code ParseActualSurfaceFrameStart}, v58.2).
     */
    public String jankSeverityName() {
        int s = jankSeverityType >= 0 ? jankSeverityType : jankType == 1 ? 1 : 0;
        return switch (s) {
            case 1 -> "None";
            case 2 -> "Partial";
            case 3 -> "Full";
            default -> "Unknown";
        };
    }

    /** The present type is PRESENT_DROPPED (validated: only 1–5 count as a present type). */
    public boolean presentDropped() {
        return presentType == PRESENT_DROPPED;
    }
}
