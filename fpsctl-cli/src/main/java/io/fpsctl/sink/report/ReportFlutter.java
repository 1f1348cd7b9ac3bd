package io.fpsctl.sink.report;

import io.fpsctl.format.FrameCsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

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
        try (Reader in = Files.newBufferedReader(framesCsv)) {
            CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                    .setAllowMissingColumnNames(true).build();
            var parser = format.parse(in);
            if (!parser.getHeaderMap().containsKey(FrameCsvSchema.UI_MS.name())) {
                return null;
            }
            for (CSVRecord r : parser) {
                if (!r.isConsistent()) {
                    continue;
                }
                String ui = r.get(FrameCsvSchema.UI_MS.name());
                String raster = r.get(FrameCsvSchema.RASTER_MS.name());
                String end = r.get(FrameCsvSchema.END_NS.name());
                if (ui.isEmpty() || raster.isEmpty() || !end.matches("[0-9]{1,18}")) {
                    continue;
                }
                try {
                    f.add(Long.parseLong(end), Float.parseFloat(ui), Float.parseFloat(raster));
                } catch (NumberFormatException e) {
                    // not a number: left out
                }
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
