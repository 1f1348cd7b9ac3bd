package io.fpsctl.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code frameTimeline} object of a summary (docs/metrics.md 10). Percentages are over joined frames and
 * null when none joined.
 *
 * @param frames            frames joined with a SurfaceFrame
 * @param unattributed      frames without a SurfaceFrame (ring overflow, or not retained)
 * @param jankyFrames       joined frames that are app or system jank ({@code appJank + systemJank})
 * @param appJank           joined frames Perfetto tags "Self Jank" ({@link FrameTimelineVerdict#jankTag})
 * @param systemJank        joined frames Perfetto tags "Other Jank"
 * @param appJankPercent    {@code 100 · appJank / frames}
 * @param systemJankPercent {@code 100 · systemJank / frames}
 * @param droppedBuffers    joined frames whose buffer SurfaceFlinger dropped (a newer one replaced it before it was
 *                          shown): neither app nor system jank (docs/metrics.md 10)
 * @param bufferStuffing    joined frames tagged "Buffer Stuffing" (rev 4); null in a summary written before rev 4
 * @param surfaceFlingerStuffing joined frames tagged "SurfaceFlinger Stuffing" (rev 4); null before rev 4
 * @param nonPerceivable    joined frames tagged "Non-perceivable Jank" (rev 4); null before rev 4
 * @param types             count of every type key (a frame with several types counts in each), all keys present
 * @param warnings          unknown jank strings (verbatim) and other notes
 */
public record FrameTimelineSummary(long frames, long unattributed, long jankyFrames, long appJank, long systemJank,
                                   Double appJankPercent, Double systemJankPercent, long droppedBuffers,
                                   Long bufferStuffing, Long surfaceFlingerStuffing, Long nonPerceivable,
                                   Map<String, Long> types, List<String> warnings) {

    public FrameTimelineSummary {
        types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
        warnings = List.copyOf(warnings);
    }

    /** A summary without the rev 4 tag counts (read from a summary written before them). */
    public FrameTimelineSummary(long frames, long unattributed, long jankyFrames, long appJank, long systemJank,
                                Double appJankPercent, Double systemJankPercent, long droppedBuffers,
                                Map<String, Long> types, List<String> warnings) {
        this(frames, unattributed, jankyFrames, appJank, systemJank, appJankPercent, systemJankPercent,
                droppedBuffers, null, null, null, types, warnings);
    }
}
