package io.fpsctl.format;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.format.CsvColumn.Type;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns of fpsctl's per-live-window CSV ({@code windows.csv}, docs/metrics.md section 4), in order: the one list
 * {@link WindowCsv} writes. Rates have one decimal, percentages and milliseconds two (the printed rounding); an idle
 * window leaves its rates and frame times empty.
 */
public final class WindowCsvSchema {
    private static final List<CsvColumn> BUILDING = new ArrayList<>();

    public static final CsvColumn DEVICE = column("device", Type.TEXT);
    public static final CsvColumn PACKAGE = column("package", Type.TEXT);
    public static final CsvColumn SOURCE = column("source", Type.KEY);
    /** The live window's index: 0 is the window that starts at the first counted frame. */
    public static final CsvColumn WINDOW = column("window", Type.INTEGER);
    public static final CsvColumn START_NS = column("startNs", Type.NANOSECONDS);
    public static final CsvColumn END_NS = column("endNs", Type.NANOSECONDS);
    public static final CsvColumn IDLE = column("idle", Type.BOOLEAN);
    public static final CsvColumn FRAMES = column("frames", Type.INTEGER);
    public static final CsvColumn FPS = column("fps", Type.RATE);
    public static final CsvColumn JANKY_FRAMES = column("jankyFrames", Type.INTEGER);
    public static final CsvColumn JANK_PERCENT = column("jankPercent", Type.PERCENT);
    public static final CsvColumn DROPPED_FRAMES = column("droppedFrames", Type.INTEGER);
    private static final CsvColumn[] DROP_LEVELS = dropLevelColumns();
    public static final CsvColumn P50_MS = column("p50Ms", Type.MILLISECONDS);
    public static final CsvColumn P90_MS = column("p90Ms", Type.MILLISECONDS);
    public static final CsvColumn P99_MS = column("p99Ms", Type.MILLISECONDS);
    public static final CsvColumn MAX_MS = column("maxMs", Type.MILLISECONDS);
    public static final CsvColumn WORST_CAUSE = column("worstCause", Type.KEY);
    public static final CsvColumn REFRESH_HZ = column("refreshHz", Type.RATE);
    /** The window's resources (docs/metrics.md 13), empty when not read: {@link ResourceColumns#COMMON}, then
     * {@link ResourceColumns#WINDOW_ONLY}. */
    public static final List<CsvColumn> RESOURCES = java.util.stream.Stream.concat(ResourceColumns.COMMON.stream(),
            ResourceColumns.WINDOW_ONLY.stream()).map(name -> column(name, ResourceColumns.type(name))).toList();

    /** Every column, in order. */
    public static final List<CsvColumn> COLUMNS = List.copyOf(BUILDING);
    /**
     * The columns that hold text as the device sent it (docs/formats.md 6, "Device text in CSV cells"): the serial,
     * the top threads (thread names) and the reasons a figure is unavailable (the device's own error text).
     * {@link WindowCsv} writes them raw into the row and {@code CsvText.printRecord} applies the rule to exactly these.
     */
    public static final List<CsvColumn> DEVICE_TEXT = COLUMNS.stream()
            .filter(c -> c == DEVICE || c.name().equals("topThreads") || c.name().equals("unavailable")).toList();
    /** The header cells, in order. */
    public static final List<String> HEADER = COLUMNS.stream().map(CsvColumn::name).toList();

    private WindowCsvSchema() {
    }

    /** The column counting a drop level's frames, named by the level's key, e.g. {@code frozen}. */
    public static CsvColumn dropLevel(DropLevel l) {
        return DROP_LEVELS[l.ordinal()];
    }

    private static CsvColumn[] dropLevelColumns() {
        CsvColumn[] c = new CsvColumn[DropLevel.all().length];
        for (DropLevel l : DropLevel.all()) {
            c[l.ordinal()] = column(l.key(), Type.INTEGER);
        }
        return c;
    }

    private static CsvColumn column(String name, Type type) {
        CsvColumn c = new CsvColumn(name, type, BUILDING.size());
        BUILDING.add(c);
        return c;
    }
}
