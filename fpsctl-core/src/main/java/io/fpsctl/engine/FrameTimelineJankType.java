package io.fpsctl.engine;

import java.util.List;

/**
 * The jank types of SurfaceFlinger's FrameTimeline (docs/metrics.md section 10, docs/formats.md 5.3) with their JSON keys and
 * every spelling SurfaceFlinger printed for them across Android 12–16. The declaration order is the order of the
 * {@code frameTimeline.types} object.
 */
public enum FrameTimelineJankType {
    APP_DEADLINE_MISSED("appDeadlineMissed", "App Deadline Missed"),
    BUFFER_STUFFING("bufferStuffing", "Buffer Stuffing"),
    SURFACE_FLINGER_CPU("surfaceFlingerCpu", "SurfaceFlinger CPU Deadline Missed",
            "SurfaceFlinger deadline missed (while in HWC)"),
    SURFACE_FLINGER_GPU("surfaceFlingerGpu", "SurfaceFlinger GPU Deadline Missed",
            "SurfaceFlinger deadline missed (while in GPU comp)"),
    SURFACE_FLINGER_SCHEDULING("surfaceFlingerScheduling", "SurfaceFlinger Scheduling"),
    SURFACE_FLINGER_STUFFING("surfaceFlingerStuffing", "SurfaceFlinger Stuffing"),
    DISPLAY_HAL("displayHal", "Display HAL"),
    PREDICTION_ERROR("predictionError", "Prediction Error"),
    DROPPED("dropped", "Dropped Frame"),
    UNKNOWN("unknown", "Unknown jank");

    /** What SurfaceFlinger prints for a frame without jank. */
    public static final String NONE = "None";

    private static final FrameTimelineJankType[] ALL = values();

    private final String key;
    private final List<String> spellings;

    FrameTimelineJankType(String key, String... spellings) {
        this.key = key;
        this.spellings = List.of(spellings);
    }

    /** The JSON / CSV key, e.g. {@code appDeadlineMissed}. */
    public String key() {
        return key;
    }

    /** The type whose JSON / CSV key is {@code key} (exact); null when the key is not known. */
    public static FrameTimelineJankType ofKey(String key) {
        for (FrameTimelineJankType t : ALL) {
            if (t.key.equals(key)) {
                return t;
            }
        }
        return null;
    }

    /** The type printed as {@code text} (exact, as SurfaceFlinger prints it); null when the string is not known. */
    public static FrameTimelineJankType ofPrinted(String text) {
        for (FrameTimelineJankType t : ALL) {
            if (t.spellings.contains(text)) {
                return t;
            }
        }
        return null;
    }
}
