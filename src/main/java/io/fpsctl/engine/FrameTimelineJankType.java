package io.fpsctl.engine;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The jank types of SurfaceFlinger's FrameTimeline (docs/metrics.md 10, docs/formats.md) with their JSON keys, every
 * spelling SurfaceFlinger printed for them across Android 12–16 ({@code jankTypeBitmaskToString} in
 * frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}) and their bit in a Perfetto
 * trace's {@code jank_type} bitmask ({@code FrameTimelineEvent.JankType} in Perfetto's
 * {@code frameworks_native_trace_packet.proto}, v58.2; SurfaceFlinger's own {@code JankType} bits, which differ, are
 * mapped to these by {@code jankTypeBitmaskToProto} in the same FrameTimeline.cpp). The declaration order is the
 * order of the {@code frameTimeline.types} object; types added later come last.
 */
public enum FrameTimelineJankType {
    APP_DEADLINE_MISSED("appDeadlineMissed", 64, "App Deadline Missed"),
    BUFFER_STUFFING("bufferStuffing", 128, "Buffer Stuffing"),
    SURFACE_FLINGER_CPU("surfaceFlingerCpu", 16, "SurfaceFlinger CPU Deadline Missed",
            "SurfaceFlinger deadline missed (while in HWC)"),
    SURFACE_FLINGER_GPU("surfaceFlingerGpu", 32, "SurfaceFlinger GPU Deadline Missed",
            "SurfaceFlinger deadline missed (while in GPU comp)"),
    SURFACE_FLINGER_SCHEDULING("surfaceFlingerScheduling", 2, "SurfaceFlinger Scheduling"),
    SURFACE_FLINGER_STUFFING("surfaceFlingerStuffing", 512, "SurfaceFlinger Stuffing"),
    DISPLAY_HAL("displayHal", 8, "Display HAL"),
    PREDICTION_ERROR("predictionError", 4, "Prediction Error"),
    DROPPED("dropped", 1024, "Dropped Frame"),
    /** AOSP prints {@code Unknown jank}; Perfetto's trace_processor spells it {@code Unknown Jank}. */
    UNKNOWN("unknown", 256, "Unknown jank", "Unknown Jank"),
    // docs/metrics.md 10 rev 4: the types Perfetto knows beyond Android 12-15's ten (JANK_APP_RESYNCED_JITTER …
    // JANK_DISPLAY_POWER_MODE_CHANGE_IN_PROGRESS), spelled as trace_processor's JankTypeBitmaskToStringId spells them
    APP_RESYNCED_JITTER("appResyncedJitter", 4096, "App Resynced Jitter"),
    NON_ANIMATING("nonAnimating", 2048, "Non Animating"),
    DISPLAY_NOT_ON("displayNotOn", 8192, "Display not ON"),
    MODE_CHANGE("modeChange", 16384, "ModeChange in progress"),
    POWER_MODE_CHANGE("powerModeChange", 32768, "PowerModeChange in progress");

    /** What SurfaceFlinger prints for a frame without jank. */
    public static final String NONE = "None";
    /** Perfetto's {@code JANK_NONE}: SurfaceFlinger's {@code JankType::None} (0) in a trace. */
    public static final int BIT_NONE = 1;
    /** Perfetto's {@code JANK_UNSPECIFIED}: no jank type was set (never written by SurfaceFlinger 12–15). */
    public static final int BIT_UNSPECIFIED = 0;

    private static final FrameTimelineJankType[] ALL = values();

    private final String key;
    private final int bit;
    private final List<String> spellings;

    FrameTimelineJankType(String key, int bit, String... spellings) {
        this.key = key;
        this.bit = bit;
        this.spellings = List.of(spellings);
    }

    /** The JSON / CSV key, e.g. {@code appDeadlineMissed}. */
    public String key() {
        return key;
    }

    /** This type's bit in a Perfetto trace's {@code jank_type} bitmask. */
    public int bit() {
        return bit;
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

    /** The types whose bits are set in a trace's {@code jank_type} (bits no type knows are ignored here). */
    public static Set<FrameTimelineJankType> ofBits(int bits) {
        EnumSet<FrameTimelineJankType> set = EnumSet.noneOf(FrameTimelineJankType.class);
        for (FrameTimelineJankType t : ALL) {
            if ((bits & t.bit) != 0) {
                set.add(t);
            }
        }
        return set;
    }

    /** The bitmask of {@code types}; {@link #BIT_NONE} for none (SurfaceFlinger's {@code None}). */
    public static int bitsOf(Set<FrameTimelineJankType> types) {
        int bits = 0;
        for (FrameTimelineJankType t : types) {
            bits |= t.bit;
        }
        return bits == 0 ? BIT_NONE : bits;
    }

    /** Perfetto's name of a {@code jank_type} bitmask, as trace_processor's {@code JankTypeBitmaskToStringId}. */
    public static String perfettoName(int bits) {
        if (bits == BIT_UNSPECIFIED) {
            return "Unspecified";
        }
        if (bits == BIT_NONE) {
            return "None";
        }
        StringBuilder sb = new StringBuilder();
        for (FrameTimelineJankType t : PERFETTO_ORDER) {
            if ((bits & t.bit) != 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t == UNKNOWN ? "Unknown Jank" : t.spellings.get(0));
            }
        }
        return sb.toString();
    }

    /** The order of trace_processor's {@code JankTypeBitmaskToStringId} (frame_timeline_event_parser.cc, v58.2). */
    private static final List<FrameTimelineJankType> PERFETTO_ORDER = List.of(SURFACE_FLINGER_SCHEDULING,
            PREDICTION_ERROR, DISPLAY_HAL, SURFACE_FLINGER_CPU, SURFACE_FLINGER_GPU, APP_DEADLINE_MISSED,
            APP_RESYNCED_JITTER, BUFFER_STUFFING, UNKNOWN, SURFACE_FLINGER_STUFFING, DROPPED, NON_ANIMATING,
            DISPLAY_NOT_ON, MODE_CHANGE, POWER_MODE_CHANGE);
}
