package io.fpsctl.format;

import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.Stage;
import io.fpsctl.format.CsvColumn.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of fpsctl's per-frame CSV ({@code frames.csv}; docs/commands.md {@code --frames-csv}, docs/frametimeline.md
 * "Per frame: frames.csv"), in order: the one list that {@link FrameCsv} writes and {@link FrameCsvReader} reads.
 * The agent's columns ({@link #INTERACTION} and the three Choreographer spans) come after the frame's own; the
 * FrameTimeline columns ({@link #JANK_TYPES}, {@link #PRESENT_STATE}, docs/metrics.md 10) come last, so a file written
 * before they existed still reads.
 */
public final class FrameCsvSchema {
    private static final List<CsvColumn> BUILDING = new ArrayList<>();

    public static final CsvColumn DEVICE = column("device", Type.TEXT);
    public static final CsvColumn PACKAGE = column("package", Type.TEXT);
    public static final CsvColumn SOURCE = column("source", Type.KEY);
    public static final CsvColumn WINDOW = column("window", Type.TEXT);
    /** Empty on SurfaceFlinger rows. */
    public static final CsvColumn INTENDED_VSYNC_NS = column("intendedVsyncNs", Type.NANOSECONDS);
    /** The frame's end; actualPresent on SurfaceFlinger rows. */
    public static final CsvColumn END_NS = column("endNs", Type.NANOSECONDS);
    public static final CsvColumn INTERVAL_NS = column("intervalNs", Type.NANOSECONDS);
    /** Exact to the ns; on SurfaceFlinger rows the gap, empty on the first frame of a segment. */
    public static final CsvColumn DURATION_MS = column("durationMs", Type.MILLISECONDS);
    public static final CsvColumn DROPPED = column("dropped", Type.INTEGER);
    public static final CsvColumn JANKY = column("janky", Type.BOOLEAN);
    public static final CsvColumn DROP_LEVEL = column("dropLevel", Type.KEY);
    public static final CsvColumn FLAGS = column("flags", Type.INTEGER);
    private static final CsvColumn[] STAGES = stageColumns();
    public static final CsvColumn MAIN_CAUSE = column("mainCause", Type.KEY);
    public static final CsvColumn JANK = column("jank", Type.BOOLEAN);
    public static final CsvColumn BIG_JANK = column("bigJank", Type.BOOLEAN);
    /** The agent's interaction bits; empty for other sources. */
    public static final CsvColumn INTERACTION = column("interaction", Type.INTEGER);
    private static final CsvColumn[] CHOREOGRAPHER = {
        column("chInputMs", Type.MILLISECONDS),      // Interaction.CH_INPUT
        column("chAnimationMs", Type.MILLISECONDS),  // Interaction.CH_ANIMATION
        column("chTraversalMs", Type.MILLISECONDS),  // Interaction.CH_TRAVERSAL
    };
    /**
     * A Flutter app's frame (docs/metrics.md 16 rule 9), after the agent's columns (read by name: older files still
     * read): its build (UI thread) and raster time in ms and the thread whose part was longer ({@code ui} or
     * {@code raster}); empty on rows joined with no {@code Flutter.Frame} event. Filled by {@link FrameCsvFlutter}
     * when the run ends.
     */
    public static final CsvColumn UI_MS = column("uiMs", Type.MILLISECONDS);
    public static final CsvColumn RASTER_MS = column("rasterMs", Type.MILLISECONDS);
    public static final CsvColumn FLUTTER_BOTTLENECK = column("flutterBottleneck", Type.KEY);
    /**
     * The resources of the interval between the reads bracketing the frame (docs/metrics.md 13 rule 9), named by
     * {@link ResourceColumns#COMMON}; empty when resources were not read.
     */
    public static final List<CsvColumn> RESOURCES = ResourceColumns.COMMON.stream()
            .map(name -> column(name, ResourceColumns.type(name))).toList();
    /** The frame's FrameTimeline jank type keys joined with {@code |}; empty when on time or not attributed. */
    public static final CsvColumn JANK_TYPES = column("jankTypes", Type.KEY);
    /**
     * {@code Presented}, {@code Dropped} or {@code Unknown} as SurfaceFlinger printed it (text, not a key of fpsctl's:
     * the dump's value is copied, so a device may print anything there); empty if not attributed.
     */
    public static final CsvColumn PRESENT_STATE = column("presentState", Type.TEXT);

    /** Every column, in order. */
    public static final List<CsvColumn> COLUMNS = List.copyOf(BUILDING);
    /**
     * The columns that hold text as the device sent it (docs/formats.md 6, "Device text in CSV cells"): the serial,
     * the window title and the present state SurfaceFlinger printed. {@link FrameCsv} writes them raw into the row
     * and {@code CsvText.printRecord} applies the rule to exactly these.
     */
    public static final List<CsvColumn> DEVICE_TEXT = List.of(DEVICE, WINDOW, PRESENT_STATE);
    /** The header cells, in order. */
    public static final List<String> HEADER = COLUMNS.stream().map(CsvColumn::name).toList();
    /** The columns without which a file is no frames CSV; the others read as empty when absent. */
    public static final List<CsvColumn> REQUIRED = List.of(SOURCE, WINDOW, END_NS, INTERVAL_NS, DURATION_MS, FLAGS);

    /** How the header starts: what tells a frames CSV from any other file. */
    private static final String HEADER_START = String.join(",", HEADER.subList(0, WINDOW.index() + 1)) + ",";

    static {
        if (CHOREOGRAPHER.length != Interaction.CH_QUEUES) {
            throw new AssertionError("one Choreographer column per queue");
        }
    }

    private FrameCsvSchema() {
    }

    /** The column of a pipeline stage's span, e.g. {@code drawMs}. */
    public static CsvColumn stage(Stage s) {
        return STAGES[s.ordinal()];
    }

    /** The column of the agent's Choreographer queue {@code q} ({@link Interaction#CH_INPUT} …), e.g. chInputMs. */
    public static CsvColumn choreographer(int q) {
        return CHOREOGRAPHER[q];
    }

    /** True when {@code firstLine} is the header of a frames CSV. */
    public static boolean isHeader(String firstLine) {
        return firstLine != null && firstLine.startsWith(HEADER_START);
    }

    private static CsvColumn[] stageColumns() {
        CsvColumn[] c = new CsvColumn[Stage.count()];
        for (Stage s : Stage.all()) {
            c[s.ordinal()] = column(s.key() + "Ms", Type.MILLISECONDS);
        }
        return c;
    }

    private static CsvColumn column(String name, Type type) {
        CsvColumn c = new CsvColumn(name, type, BUILDING.size());
        BUILDING.add(c);
        return c;
    }
}
