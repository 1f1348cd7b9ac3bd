package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;

import java.util.List;

/**
 * The PROFILEDATA block of {@code JankTracker::dumpFrames} (docs/formats.md 5.1): header and rows each end in a
 * trailing comma; rows in the version's data order (so on 12–15 the values sit under swapped labels).
 *
 * <p>Sources (frameworks/base {@code libs/hwui}, C++, in no SDK source jar; its tagged mirror is too large to
 * fetch here, so these were read in copies, <b>not at a release tag</b> - see docs/formats.md "hwui copy"):
 * <ul>
 *   <li>{@code JankTracker.cpp JankTracker::dumpFrames}: {@code dprintf(fd, "\n\n---PROFILEDATA---\n")}, then
 *       {@code "%s"} + {@code ","} per {@code FrameInfoNames[i]}, then for every frame with
 *       {@code SyncStart != 0} {@code "\n"} + {@code "%" PRId64 ","} per index, then
 *       {@code "\n---PROFILEDATA---\n\n"} - copy {@code aosp-mirror/platform_frameworks_base@02857a72} (9/10 era,
 *       {@code Window:} description present).</li>
 *   <li>Header names, {@code FrameInfo.cpp FrameInfoNames}: 16 names (7.1-10) copy
 *       {@code aosp-mirror/platform_frameworks_base@1bcacfdc}; 23 names with {@code FrameDeadline,FrameInterval,
 *       FrameStartTime} (13-15) copy {@code aosp-mirror/platform_frameworks_base@347c00eb}; 24 names in index order
 *       with {@code WorkloadTarget} (16) copy {@code msft-mirror-aosp/platform.frameworks.base@92b519bd}. 14 (6-7.0),
 *       17 (11) and 22 (12) are <b>inferred</b> from docs/formats.md 2 (its tag readings via googlesource).</li>
 *   <li>Counts and data order cross-checked in release builds: the Robolectric {@code android-all} jars
 *       (8.0.0_r4, 9, 10, 11, 12, 12.1, 13, 14, 15, 16) hold {@code android.view.FrameMetrics.Index}
 *       ({@code FRAME_STATS_COUNT} 16, 16, 16, 17, 22, 22, 23, 23, 23, 24) and, from 12,
 *       {@code android.graphics.FrameInfo} ({@code FRAME_START_TIME = 10}, {@code FRAME_INTERVAL = 11}; 16:
 *       {@code WORKLOAD_TARGET = 12}) - the data order the rows follow under the names above.</li>
 * </ul>
 */
public final class FramestatsFormatter {

    /** The opening marker as printed (starts with two newlines, ends with one): {@code JankTracker::dumpFrames}. */
    public static final String OPEN = "\n\n---PROFILEDATA---\n";
    /** The closing marker as printed: {@code JankTracker::dumpFrames} {@code "\n---PROFILEDATA---\n\n"}. */
    public static final String CLOSE = "\n---PROFILEDATA---\n\n";

    private final AndroidVersion version;
    private final List<FrameColumn> columns;
    private final String header;

    public FramestatsFormatter(AndroidVersion version) {
        this.version = version;
        this.columns = version.columns();
        StringBuilder sb = new StringBuilder();
        for (String label : version.headerLabels()) {
            sb.append(label).append(',');
        }
        this.header = sb.toString();
    }

    public AndroidVersion version() {
        return version;
    }

    /** The header line without newline, e.g. {@code Flags,IntendedVsync,…,FrameCompleted,}. */
    public String header() {
        return header;
    }

    /** Appends one row without a leading or trailing newline. */
    public void appendRow(StringBuilder sb, HwuiFrame f) {
        for (FrameColumn c : columns) {
            sb.append(f.get(c)).append(',');
        }
    }

    /** The whole block: {@link #OPEN}, header, {@code "\n"+row} per frame, {@link #CLOSE}. */
    public void appendBlock(StringBuilder sb, List<HwuiFrame> frames) {
        sb.append(OPEN).append(header);
        for (HwuiFrame f : frames) {
            sb.append('\n');
            appendRow(sb, f);
        }
        sb.append(CLOSE);
    }
}
