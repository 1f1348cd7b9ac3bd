package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static io.fpsctl.sim.device.frames.FrameColumn.*;

/**
 * The one place where the emulated Android versions differ: framestats column sets and labels, which
 * summary lines exist, blank-line quirks, SurfaceFlinger layer naming and build properties
 * (docs/formats.md 2, B.1, C.1, C.2).
 *
 * <p>Facts for 9+ come from docs/formats.md; the 6/7 shapes (no {@code Window:} line, per-window summary
 * printed without {@code framestats} on 6, no {@code #0} layer suffix before 8) are inferred from the real
 * captures and older hwui/SurfaceFlinger code and are the least certain part.
 */
public enum AndroidVersion {
    ANDROID_6(6, 23, "6.0.1"),
    ANDROID_7(7, 24, "7.0"),
    ANDROID_8(8, 27, "8.1.0"),
    ANDROID_9(9, 28, "9"),
    ANDROID_10(10, 29, "10"),
    ANDROID_11(11, 30, "11"),
    ANDROID_12(12, 31, "12"),
    ANDROID_13(13, 33, "13"),
    ANDROID_14(14, 34, "14"),
    ANDROID_15(15, 35, "15"),
    ANDROID_16(16, 36, "16");

    private static final List<FrameColumn> COLS_14 = List.of(FLAGS, INTENDED_VSYNC, VSYNC, OLDEST_INPUT_EVENT,
            NEWEST_INPUT_EVENT, HANDLE_INPUT_START, ANIMATION_START, PERFORM_TRAVERSALS_START, DRAW_START,
            SYNC_QUEUED, SYNC_START, ISSUE_DRAW_COMMANDS_START, SWAP_BUFFERS, FRAME_COMPLETED);
    private static final List<FrameColumn> COLS_16 = concat(COLS_14, DEQUEUE_BUFFER_DURATION, QUEUE_BUFFER_DURATION);
    private static final List<FrameColumn> COLS_17 = concat(COLS_16, GPU_COMPLETED);
    private static final List<FrameColumn> COLS_22 = List.of(FLAGS, FRAME_TIMELINE_VSYNC_ID, INTENDED_VSYNC, VSYNC,
            INPUT_EVENT_ID, HANDLE_INPUT_START, ANIMATION_START, PERFORM_TRAVERSALS_START, DRAW_START,
            FRAME_DEADLINE, FRAME_START_TIME, FRAME_INTERVAL, SYNC_QUEUED, SYNC_START, ISSUE_DRAW_COMMANDS_START,
            SWAP_BUFFERS, FRAME_COMPLETED, DEQUEUE_BUFFER_DURATION, QUEUE_BUFFER_DURATION, GPU_COMPLETED,
            SWAP_BUFFERS_COMPLETED, DISPLAY_PRESENT_TIME);
    private static final List<FrameColumn> COLS_23 = concat(COLS_22, COMMAND_SUBMISSION_COMPLETED);
    private static final List<FrameColumn> COLS_24 = List.of(FLAGS, FRAME_TIMELINE_VSYNC_ID, INTENDED_VSYNC, VSYNC,
            INPUT_EVENT_ID, HANDLE_INPUT_START, ANIMATION_START, PERFORM_TRAVERSALS_START, DRAW_START,
            FRAME_DEADLINE, FRAME_START_TIME, FRAME_INTERVAL, WORKLOAD_TARGET, SYNC_QUEUED, SYNC_START,
            ISSUE_DRAW_COMMANDS_START, SWAP_BUFFERS, FRAME_COMPLETED, DEQUEUE_BUFFER_DURATION,
            QUEUE_BUFFER_DURATION, GPU_COMPLETED, SWAP_BUFFERS_COMPLETED, DISPLAY_PRESENT_TIME,
            COMMAND_SUBMISSION_COMPLETED);

    private final int major;
    private final int sdk;
    private final String release;

    AndroidVersion(int major, int sdk, String release) {
        this.major = major;
        this.sdk = sdk;
        this.release = release;
    }

    /** The version for a major release number 6..16. */
    public static AndroidVersion of(int major) {
        for (AndroidVersion v : values()) {
            if (v.major == major) {
                return v;
            }
        }
        throw new IllegalArgumentException("unsupported Android version " + major + " (6..16)");
    }

    public int major() {
        return major;
    }

    /** {@code ro.build.version.sdk}. */
    public int sdk() {
        return sdk;
    }

    /** {@code ro.build.version.release}. */
    public String release() {
        return release;
    }

    /**
     * {@code ro.product.first_api_level} of the simulated phone, null when unset. Each version is a phone launched
     * with it, so the level is its own sdk, except 8.1, which is a Pixel 2 (launched with 8.0, API 26). On 6 and 7
     * the property is unset (inferred: it comes from {@code PRODUCT_SHIPPING_API_LEVEL}, introduced with 8's Treble
     * requirements); netd then falls back to {@code ro.build.version.sdk} (system/netd {@code BpfUtils.cpp
     * getBpfSupportLevel}).
     */
    public Integer firstApiLevel() {
        return switch (this) {
            case ANDROID_6, ANDROID_7 -> null;
            case ANDROID_8 -> 26;
            default -> sdk;
        };
    }

    /**
     * What {@code uname -r} prints on the simulated phone: the kernel line the Pixel (Nexus on 6) launched with
     * that version used (6 Nexus 5X 3.10, 7 Pixel 3.18, 8.1 Pixel 2 4.4, 9 Pixel 3 4.9, 10 Pixel 4 4.14, 11 Pixel 5
     * 4.19, 12 and 13 Pixel 6/7 5.10, 14 Pixel 8 5.15, 15 Pixel 9 6.1, 16 android16-6.12); the patch level and the
     * {@code -sim} suffix are inferred. netd reads only the first two numbers ({@code sscanf("%d.%d%c")}).
     */
    public String kernelRelease() {
        return switch (this) {
            case ANDROID_6 -> "3.10.73-sim";
            case ANDROID_7 -> "3.18.31-sim";
            case ANDROID_8 -> "4.4.88-sim";
            case ANDROID_9 -> "4.9.124-sim";
            case ANDROID_10 -> "4.14.150-sim";
            case ANDROID_11 -> "4.19.113-sim";
            case ANDROID_12 -> "5.10.43-sim";
            case ANDROID_13 -> "5.10.107-sim";
            case ANDROID_14 -> "5.15.110-sim";
            case ANDROID_15 -> "6.1.75-sim";
            case ANDROID_16 -> "6.12.23-sim";
        };
    }

    /**
     * Whether netd counts per-app traffic with eBPF on the simulated phone: system/netd {@code BpfUtils.cpp
     * getBpfSupportLevel}, first API level (or sdk) 28+ and kernel 4.9+; otherwise xt_qtaguid counts.
     */
    public boolean countsTrafficWithEbpf() {
        int api = firstApiLevel() != null ? firstApiLevel() : sdk;
        String[] k = kernelRelease().split("[.-]");
        int major = Integer.parseInt(k[0]);
        int minor = Integer.parseInt(k[1]);
        return api >= 28 && (major > 4 || (major == 4 && minor >= 9));
    }

    // ---- framestats (A.3) -------------------------------------------------------------------------------

    /** The frame values in the order a PROFILEDATA row prints them (data order). */
    public List<FrameColumn> columns() {
        if (major <= 7) {
            return COLS_14;
        }
        if (major <= 10) {
            return COLS_16;
        }
        if (major == 11) {
            return COLS_17;
        }
        if (major == 12) {
            return COLS_22;
        }
        if (major <= 15) {
            return COLS_23;
        }
        return COLS_24;
    }

    /**
     * The header labels, position by position. On 12–15 the labels at the {@code FrameStartTime} and
     * {@code FrameInterval} positions are swapped relative to the data (A.3): the value under the label
     * {@code FrameInterval} is the start time and the value under {@code FrameStartTime} the interval.
     */
    public List<String> headerLabels() {
        List<String> labels = new ArrayList<>();
        for (FrameColumn c : columns()) {
            labels.add(c.label());
        }
        if (hasSwappedIntervalLabels()) {
            int a = labels.indexOf(FRAME_START_TIME.label());
            int b = labels.indexOf(FRAME_INTERVAL.label());
            Collections.swap(labels, a, b);
        }
        return List.copyOf(labels);
    }

    /** 12–15 print {@code FrameDeadline,FrameInterval,FrameStartTime} over data in start-time, interval order. */
    public boolean hasSwappedIntervalLabels() {
        return major >= 12 && major <= 15;
    }

    // ---- summary lines (B.1) ----------------------------------------------------------------------------

    /** {@code Janky frames (legacy)} and {@code Number Frame deadline missed (legacy)}: 12+. */
    public boolean hasLegacyJankLines() {
        return major >= 12;
    }

    /** GPU percentiles and {@code GPU HISTOGRAM}: 11+ (F.3). */
    public boolean hasGpuStats() {
        return major >= 11;
    }

    /** {@code Number Frame deadline missed}: 8+. */
    public boolean hasDeadlineMissedLine() {
        return major >= 8;
    }

    /** {@code 50th percentile} and {@code HISTOGRAM}: 7+ (the Android 6 summary has neither). */
    public boolean hasHistogramAndMedian() {
        return major >= 7;
    }

    /** The summary ends in an extra {@code \n} (12+-era {@code ProfileData::dump}). */
    public boolean summaryEndsWithNewline() {
        return major >= 12;
    }

    /** Deadline-based jank (B.3): {@code GpuCompleted >= FrameDeadline}. Before 12: duration > interval. */
    public boolean hasDeadlineJank() {
        return major >= 12;
    }

    /** The per-window summary starts with {@code Window: <title>} (8+; JankTracker got a description in O). */
    public boolean hasWindowLine() {
        return major >= 8;
    }

    /** Android 6 prints each window's jank summary even without {@code framestats}. */
    public boolean printsWindowSummaryWithoutFramestats() {
        return major == 6;
    }

    /** {@code View hierarchy} uses "render nodes" and the aligned {@code Total … :} lines (10+). */
    public boolean hasRenderNodeViewHierarchy() {
        return major >= 10;
    }

    // ---- SurfaceFlinger (C.1, C.2) ----------------------------------------------------------------------

    /**
     * Layer names carry a {@code #<n>} suffix (8+): frameworks/native {@code SurfaceFlinger::getUniqueLayerName}
     * ("Tack on our counter whether there is a hit or not"), android-8.0.0_r1 … android-12.0.0_r1; none at
     * android-7.0.0_r1 (no such function; {@code listLayersLocked} prints {@code getName()} as created).
     */
    public boolean hasLayerSuffix() {
        return major >= 8;
    }

    /**
     * The suffix is the global layer sequence ({@code #1234}) rather than the uniquifier {@code #0} (13+):
     * {@code Layer::Layer} {@code mName(base::StringPrintf("%s#%d", args.name.c_str(), sequence))},
     * android-13.0.0_r1 ({@code mName(args.name)} after {@code getUniqueLayerName} at android-12.0.0_r1).
     */
    public boolean hasSequenceLayerSuffix() {
        return major >= 13;
    }

    /** SurfaceView buffer layer is {@code SurfaceView[<title>](BLAST)} (12+) instead of {@code SurfaceView - <title>}. */
    public boolean hasBlastSurfaceView() {
        return major >= 12;
    }

    /**
     * A layer's {@code Layer::getName()}: the requested name as is before 8, with the uniquifier {@code #0}
     * on 8–12, with the layer sequence id {@code #<id>} on 13+ (docs/formats.md 3).
     */
    public String layerName(String requested, int sequenceId) {
        if (!hasLayerSuffix()) {
            return requested;
        }
        return requested + "#" + (hasSequenceLayerSuffix() ? sequenceId : 0);
    }

    /**
     * {@code SurfaceView - <title>} naming (7–11); on 6 the layer is just {@code SurfaceView}: Marshmallow's
     * {@code SurfaceView.onAttachedToWindow} sets the window title to {@code "SurfaceView"}, Nougat's to
     * {@code "SurfaceView - " + viewRoot.getTitle()} (docs/formats.md 3; the 7.0 boundary is inferred from the
     * {@code mLayout.packageName} line that came with it in N).
     */
    public boolean hasTitledLegacySurfaceView() {
        return major >= 7;
    }

    /**
     * The SurfaceView has its own colour layer {@code Background for -SurfaceView - <title>} (8–11; on 6/7 the
     * SurfaceView is a window of its own without one — inferred).
     */
    public boolean hasSurfaceViewBackgroundLayer() {
        return major >= 8;
    }

    /** {@code Bounds for - <title>} layer exists (10+). */
    public boolean hasBoundsLayer() {
        return major >= 10;
    }

    /** The activity token layer is {@code ActivityRecord{…}} (11+) rather than {@code AppWindowToken{…}} (8–10). */
    public boolean hasActivityRecordLayer() {
        return major >= 11;
    }

    /** {@code --list} lines are wrapped as {@code RequestedLayerState{<name> parentId=N}} (15+). */
    public boolean wrapsListInRequestedLayerState() {
        return major >= 15;
    }

    /** {@code --latency} without a name prints the 127 window-animation rows (≤13); 14+ only the period. */
    public boolean latencyWithoutNamePrintsAnimationRows() {
        return major <= 13;
    }

    // ---- shell tools and system services --------------------------------------------------------------

    /**
     * {@code ps} is toybox's (8+: needs {@code -A} for processes with a terminal) rather than toolbox's (6, 7):
     * system/core {@code shell_and_utilities/README.md} lists {@code ps} under toolbox for 6.0 and 7.0 and under
     * toybox from 8.0 (and toybox {@code pidof} from 6.0).
     */
    public boolean hasToyboxPs() {
        return major >= 8;
    }

    /** toybox {@code ps} prints PID/PPID 6 wide (toybox 0.8.3+, "ps: widen pid_t fields", Android 11+; inferred). */
    public int toyboxPidWidth() {
        return major >= 11 ? 6 : 5;
    }

    /**
     * {@code mCurrentFocus=}/{@code mFocusedApp=} are printed per display ({@code DisplayContent.dump}, in
     * {@code dumpsys window displays} and {@code dumpsys window}) on 10+, by {@code dumpsys window windows} before.
     */
    public boolean hasPerDisplayFocus() {
        return major >= 10;
    }

    /** {@code mFocusedApp} is an {@code ActivityRecord} (10+) rather than an {@code AppWindowToken} (≤9). */
    public boolean focusedAppIsActivityRecord() {
        return major >= 10;
    }

    /** Leaf tasks print {@code topResumedActivity=} (13+, TaskFragment era; inferred) instead of {@code mResumedActivity: }. */
    public boolean hasTopResumedActivityLine() {
        return major >= 13;
    }

    /** The global {@code ResumedActivity: } line (8+); 6/7 print {@code mFocusedActivity: } instead. */
    public boolean hasGlobalResumedActivityLine() {
        return major >= 8;
    }

    /** {@code service call SurfaceFlinger 1013} returns the page-flip count (≤13); 14+ answer NAME_NOT_FOUND. */
    public boolean hasPageFlipCountTransaction() {
        return major <= 13;
    }

    /** {@code pm path} uses the randomized {@code /data/app/~~…==/pkg-…==/} layout (11+). */
    public boolean hasRandomizedApkPath() {
        return major >= 11;
    }

    @Override
    public String toString() {
        return "Android " + major + " (API " + sdk + ")";
    }

    private static List<FrameColumn> concat(List<FrameColumn> base, FrameColumn... more) {
        List<FrameColumn> all = new ArrayList<>(base);
        Collections.addAll(all, more);
        return List.copyOf(all);
    }
}
