package io.fpsctl.sink.report;

import io.fpsctl.format.FrameCsvSchema;
import io.fpsctl.format.CsvColumnScan;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A Flutter app's split per frame for the report's chart (docs/metrics.md 16 rule 11, docs/report.md): the frames.csv
 * rows that carry {@code uiMs} and {@code rasterMs}, with their present time ({@code endNs}). Read straight from
 * the file: the engine that rebuilds the other charts from it knows nothing of Flutter.
 */
public final class ReportFlutter {
    private long[] timeNs = new long[256];
    private float[] uiMs = new float[256];
    private float[] rasterMs = new float[256];
    private int size;

    private ReportFlutter() {
    }

    /**
     * The Flutter rows of a frames CSV, or null when it has none (not a Flutter app, a release build, a file
     * written before the columns existed). A cell that is not a number is left out, never read as 0.
     */
    public static ReportFlutter read(Path framesCsv) throws IOException {
        ReportFlutter f = new ReportFlutter();
        // only three of its columns, and only rows with a uiMs cell become strings: a long capture's frames.csv has
        // millions of rows with none (CsvColumnScan; docs/performance.md)
        try (InputStream in = Files.newInputStream(framesCsv)) {
            boolean has = CsvColumnScan.scan(in, List.of(FrameCsvSchema.UI_MS.name(), FrameCsvSchema.RASTER_MS.name(),
                    FrameCsvSchema.END_NS.name()), 0, cells -> {
                        String ui = cells[0];
                        String raster = cells[1];
                        String end = cells[2];
                        if (raster.isEmpty() || !end.matches("[0-9]{1,18}")) {
                            return;
                        }
                        try {
                            f.add(Long.parseLong(end), Float.parseFloat(ui), Float.parseFloat(raster));
                        } catch (NumberFormatException e) {
                            // not a number: left out
                        }
                    });
            if (!has) {
                return null;
            }
        }
        return f.size == 0 ? null : f;
    }

    private void add(long t, float ui, float raster) {
        if (!Float.isFinite(ui) || !Float.isFinite(raster) || ui < 0 || raster < 0) {
            return;
        }
        if (size == timeNs.length) {
            timeNs = Arrays.copyOf(timeNs, size * 2);
            uiMs = Arrays.copyOf(uiMs, size * 2);
            rasterMs = Arrays.copyOf(rasterMs, size * 2);
        }
        timeNs[size] = t;
        uiMs[size] = ui;
        rasterMs[size] = raster;
        size++;
    }

    public int size() {
        return size;
    }

    public long timeNs(int i) {
        return timeNs[i];
    }

    public float uiMs(int i) {
        return uiMs[i];
    }

    public float rasterMs(int i) {
        return rasterMs[i];
    }
}
