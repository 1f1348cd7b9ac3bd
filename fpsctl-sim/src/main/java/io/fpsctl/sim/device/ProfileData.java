package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;

import java.util.Arrays;
import java.util.Locale;

/**
 * hwui's {@code ProfileData}: the counters behind the gfxinfo jank summary, fed one frame at a time with the
 * (simplified) {@code JankTracker} rules of docs/formats.md 5.1/B.3, and printed byte-exact per B.1. Histogram
 * buckets and percentiles follow B.4 exactly. One instance per window plus one process-global instance.
 *
 * <p>Simplifications, all documented: no dequeue forgiveness (generated dequeue durations stay below the
 * 500 µs threshold anyway), no triple-buffer deadline shift, so {@code High input latency} stays 0; on ≤11
 * {@code Frame deadline missed} counts the same frames as {@code Janky frames}; the legacy (12+) counters use
 * the same duration as the histogram and the frame's own interval.
 *
 * <p>Sources of the printed text ({@link #appendTo}); frameworks/base {@code libs/hwui} is in no SDK source jar and
 * was read in copies, <b>not at a release tag</b> (docs/formats.md "hwui copy"):
 * <ul>
 *   <li>12-16: {@code ProfileData.cpp ProfileData::dump} ({@code "\nStats since: %" PRIu64 "ns"},
 *       {@code "\nTotal frames rendered: %u"}, {@code "\nJanky frames: %u (%.2f%%)"},
 *       {@code "\nJanky frames (legacy): %u (%.2f%%)"}, {@code "\n%dth percentile: %ums"},
 *       {@code "\nNumber %s: %u"} over {@code JANK_TYPE_NAMES}, {@code "\nHISTOGRAM:"} + {@code " %ums=%u"},
 *       the four {@code gpu percentile} lines, {@code "\nGPU HISTOGRAM:"}, then {@code "\n"}) - copy
 *       {@code aosp-mirror/platform_frameworks_base@2a1087b6} (7 jank names, with {@code (legacy)}).</li>
 *   <li>7.1-era: the same lines printed by {@code JankTracker.cpp JankTracker::dumpData} (no legacy, no GPU lines,
 *       5 jank names, ends {@code "\n"}) - copy {@code BenzoRoms/frameworks_base@93e135cb}. 8-11 (6 names with
 *       {@code Frame deadline missed}, GPU lines on 11) are <b>inferred</b> from docs/formats.md 5.1; 6 without the
 *       50th percentile and histogram is <b>inferred</b> from the real Android 6 capture in
 *       {@code shared/fixtures/real}.</li>
 *   <li>Bucket math ({@code frameCountIndexForFrameTime}, {@code frameTimeForFrameCountIndex},
 *       {@code findPercentile}, {@code findGPUPercentile}, {@code GPUFrameTimeForFrameCountIndex}) and the jank
 *       thresholds ({@code COMPARISONS} in {@code JankTracker.cpp}: missed vsync 1 ns, slow UI .5, sync .2,
 *       RT .75 of the interval, ignored from 10 s) - the same copies.</li>
 * </ul>
 */
public final class ProfileData {

    /** Number of normal histogram buckets (5..133 ms). */
    public static final int NORMAL_BUCKETS = 57;
    /** Number of slow histogram buckets (150..4950 ms). */
    public static final int SLOW_BUCKETS = 97;
    /** Number of GPU histogram buckets (1..25 ms, 4950 ms). */
    public static final int GPU_BUCKETS = 26;

    private static final String[] JANK_TYPE_NAMES = {"Missed Vsync", "High input latency", "Slow UI thread",
            "Slow bitmap uploads", "Slow issue draw commands", "Frame deadline missed",
            "Frame deadline missed (legacy)"};
    private static final int MISSED_VSYNC = 0;
    private static final int SLOW_UI = 2;
    private static final int SLOW_SYNC = 3;
    private static final int SLOW_RT = 4;
    private static final int MISSED_DEADLINE = 5;
    private static final int MISSED_DEADLINE_LEGACY = 6;

    private long statsSince;
    private long totalFrames;
    private long jankyFrames;
    private long jankyLegacyFrames;
    private final long[] jankTypeCounts = new long[JANK_TYPE_NAMES.length];
    private final long[] frameCounts = new long[NORMAL_BUCKETS];
    private final long[] slowFrameCounts = new long[SLOW_BUCKETS];
    private final long[] gpuFrameCounts = new long[GPU_BUCKETS];

    public ProfileData(long statsSince) {
        this.statsSince = statsSince;
    }

    /** Clears every counter; {@code Stats since} becomes {@code now}. */
    public void reset(long now) {
        statsSince = now;
        totalFrames = 0;
        jankyFrames = 0;
        jankyLegacyFrames = 0;
        Arrays.fill(jankTypeCounts, 0);
        Arrays.fill(frameCounts, 0);
        Arrays.fill(slowFrameCounts, 0);
        Arrays.fill(gpuFrameCounts, 0);
    }

    public long totalFrames() {
        return totalFrames;
    }

    public long jankyFrames() {
        return jankyFrames;
    }

    /**
     * Judges and counts one completed frame.
     *
     * @param displayPeriodNs the display vsync period (used by the ≤11 rules)
     */
    public void report(HwuiFrame f, AndroidVersion version, long displayPeriodNs) {
        long duration = frameDuration(f);
        totalFrames++;
        reportFrame(duration);
        if (version.hasGpuStats() && f.get(FrameColumn.GPU_COMPLETED) > 0) {
            reportGpuFrame(f.get(FrameColumn.GPU_COMPLETED) - f.get(FrameColumn.SWAP_BUFFERS));
        }
        if (version.hasDeadlineJank()) {
            long interval = f.get(FrameColumn.FRAME_INTERVAL);
            if (duration > interval) {
                jankyLegacyFrames++;
                jankTypeCounts[MISSED_DEADLINE_LEGACY]++;
            }
            if (f.get(FrameColumn.GPU_COMPLETED) >= f.get(FrameColumn.FRAME_DEADLINE)) {
                jankyFrames++;
                jankTypeCounts[MISSED_DEADLINE]++;
                countCauses(f, interval);
            }
        } else if (duration > displayPeriodNs) {
            jankyFrames++;
            jankTypeCounts[MISSED_DEADLINE]++;
            countCauses(f, displayPeriodNs);
        }
    }

    /**
     * {@code FrameInfo::duration(IntendedVsync, FrameCompleted)}: the span minus the UI→RenderThread stall
     * ({@code SyncStart − SyncQueued}, when positive), clamped at 0.
     */
    public static long frameDuration(HwuiFrame f) {
        long d = f.get(FrameColumn.FRAME_COMPLETED) - f.get(FrameColumn.INTENDED_VSYNC);
        long stall = f.get(FrameColumn.SYNC_START) - f.get(FrameColumn.SYNC_QUEUED);
        if (stall > 0) {
            d -= stall;
        }
        return Math.max(0, d);
    }

    private void countCauses(HwuiFrame f, long interval) {
        long tenSeconds = 10_000_000_000L;
        long missedVsync = f.get(FrameColumn.VSYNC) - f.get(FrameColumn.INTENDED_VSYNC);
        long slowUi = f.get(FrameColumn.SYNC_START) - f.get(FrameColumn.VSYNC);
        long slowSync = f.get(FrameColumn.ISSUE_DRAW_COMMANDS_START) - f.get(FrameColumn.SYNC_START);
        long slowRt = f.get(FrameColumn.FRAME_COMPLETED) - f.get(FrameColumn.ISSUE_DRAW_COMMANDS_START);
        if (missedVsync >= 1 && missedVsync < tenSeconds) {
            jankTypeCounts[MISSED_VSYNC]++;
        }
        if (slowUi >= interval / 2 && slowUi < tenSeconds) {
            jankTypeCounts[SLOW_UI]++;
        }
        if (slowSync >= interval / 5 && slowSync < tenSeconds) {
            jankTypeCounts[SLOW_SYNC]++;
        }
        if (slowRt >= interval * 3 / 4 && slowRt < tenSeconds) {
            jankTypeCounts[SLOW_RT]++;
        }
    }

    private void reportFrame(long durationNs) {
        int bucket = frameCountIndexForFrameTime(durationNs);
        if (bucket < NORMAL_BUCKETS) {
            frameCounts[bucket]++;
        } else {
            slowFrameCounts[slowBucketForFrameTime(durationNs)]++;
        }
    }

    private void reportGpuFrame(long durationNs) {
        gpuFrameCounts[(int) Math.min(Math.max(0, ns2ms(durationNs)), GPU_BUCKETS - 1)]++;
    }

    // ---- B.4 bucket math ----------------------------------------------------------------------------------

    static long ns2ms(long ns) {
        return ns / 1_000_000L;
    }

    /** Normal-bucket index for a duration; ≥ {@link #NORMAL_BUCKETS} means "slow bucket". */
    static int frameCountIndexForFrameTime(long durationNs) {
        long ms = ns2ms(durationNs);
        if (ms <= 5) {
            return 0;
        }
        long i = ms;
        if (i > 48) {
            i = (i - 48) / 2 + 48;
        }
        if (i > 32) {
            i = (i - 32) / 2 + 32;
        }
        return (int) Math.min(i - 5, Integer.MAX_VALUE);
    }

    static int slowBucketForFrameTime(long durationNs) {
        long k = (ns2ms(durationNs) - 150) / 50;
        return (int) Math.max(0, Math.min(k, SLOW_BUCKETS - 1));
    }

    /** Label (ms) of a normal bucket. */
    static int frameTimeForFrameCountIndex(int index) {
        int t = index + 5;
        if (t > 32) {
            t += t - 32;
        }
        if (t > 48) {
            t += (t - 48) + 1;
        }
        return t;
    }

    static int frameTimeForSlowFrameCountIndex(int index) {
        return index * 50 + 150;
    }

    static int gpuFrameTimeForFrameCountIndex(int index) {
        return index != GPU_BUCKETS - 1 ? index + 1 : 4950;
    }

    /** {@code findPercentile}: walks slow buckets then normal ones from the top (B.4). 0 frames → 4950. */
    public int findPercentile(int percentile) {
        long pos = percentile * totalFrames / 100;
        long remaining = totalFrames - pos;
        for (int i = SLOW_BUCKETS - 1; i >= 0; i--) {
            remaining -= slowFrameCounts[i];
            if (remaining <= 0) {
                return frameTimeForSlowFrameCountIndex(i);
            }
        }
        for (int i = NORMAL_BUCKETS - 1; i >= 0; i--) {
            remaining -= frameCounts[i];
            if (remaining <= 0) {
                return frameTimeForFrameCountIndex(i);
            }
        }
        return 0;
    }

    /** {@code findGPUPercentile} over the GPU histogram's own total. */
    public int findGpuPercentile(int percentile) {
        long total = 0;
        for (long c : gpuFrameCounts) {
            total += c;
        }
        long pos = percentile * total / 100;
        long remaining = total - pos;
        for (int i = GPU_BUCKETS - 1; i >= 0; i--) {
            remaining -= gpuFrameCounts[i];
            if (remaining <= 0) {
                return gpuFrameTimeForFrameCountIndex(i);
            }
        }
        return 0;
    }

    // ---- B.1 text -----------------------------------------------------------------------------------------

    /**
     * Appends {@code ProfileData::dump} (12+, copy {@code aosp-mirror/platform_frameworks_base@2a1087b6}) or the
     * summary part of {@code JankTracker::dumpData} (≤7.1, copy {@code BenzoRoms/frameworks_base@93e135cb}): every
     * line as {@code "\n<text>"}, plus the 12+ trailing newline.
     */
    public void appendTo(StringBuilder sb, AndroidVersion v) {
        sb.append("\nStats since: ").append(statsSince).append("ns");
        sb.append("\nTotal frames rendered: ").append(totalFrames);
        sb.append("\nJanky frames: ").append(jankyFrames).append(" (").append(percent(jankyFrames)).append("%)");
        if (v.hasLegacyJankLines()) {
            sb.append("\nJanky frames (legacy): ").append(jankyLegacyFrames)
                    .append(" (").append(percent(jankyLegacyFrames)).append("%)");
        }
        if (v.hasHistogramAndMedian()) {
            sb.append("\n50th percentile: ").append(findPercentile(50)).append("ms");
        }
        sb.append("\n90th percentile: ").append(findPercentile(90)).append("ms");
        sb.append("\n95th percentile: ").append(findPercentile(95)).append("ms");
        sb.append("\n99th percentile: ").append(findPercentile(99)).append("ms");
        int types = v.hasLegacyJankLines() ? 7 : v.hasDeadlineMissedLine() ? 6 : 5;
        for (int i = 0; i < types; i++) {
            sb.append("\nNumber ").append(JANK_TYPE_NAMES[i]).append(": ").append(jankTypeCounts[i]);
        }
        if (v.hasHistogramAndMedian()) {
            sb.append("\nHISTOGRAM:");
            for (int i = 0; i < NORMAL_BUCKETS; i++) {
                sb.append(' ').append(frameTimeForFrameCountIndex(i)).append("ms=").append(frameCounts[i]);
            }
            for (int i = 0; i < SLOW_BUCKETS; i++) {
                sb.append(' ').append(frameTimeForSlowFrameCountIndex(i)).append("ms=").append(slowFrameCounts[i]);
            }
        }
        if (v.hasGpuStats()) {
            sb.append("\n50th gpu percentile: ").append(findGpuPercentile(50)).append("ms");
            sb.append("\n90th gpu percentile: ").append(findGpuPercentile(90)).append("ms");
            sb.append("\n95th gpu percentile: ").append(findGpuPercentile(95)).append("ms");
            sb.append("\n99th gpu percentile: ").append(findGpuPercentile(99)).append("ms");
            sb.append("\nGPU HISTOGRAM:");
            for (int i = 0; i < GPU_BUCKETS; i++) {
                sb.append(' ').append(gpuFrameTimeForFrameCountIndex(i)).append("ms=").append(gpuFrameCounts[i]);
            }
        }
        if (v.summaryEndsWithNewline()) {
            sb.append('\n');
        }
    }

    private String percent(long count) {
        double p = totalFrames == 0 ? 0.0 : (double) count / totalFrames * 100.0;
        return String.format(Locale.ROOT, "%.2f", p);
    }
}
