package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;

import java.util.List;

/**
 * The PROFILEDATA block of {@code JankTracker::dumpFrames} (FORMATS.md A.2): header and rows each end in a
 * trailing comma; rows in the version's data order (so on 12–15 the values sit under swapped labels).
 */
public final class FramestatsFormatter {

    /** The opening marker as printed (starts with two newlines, ends with one). */
    public static final String OPEN = "\n\n---PROFILEDATA---\n";
    /** The closing marker as printed. */
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
