package io.fpsctl.cli;

import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A big framestats dump for the classes that run analyze on one ({@link OutputFailureEndToEndTest}). */
final class BigFramestatsDump {
    private BigFramestatsDump() {
    }

    /** {@code frames} frames in one framestats dump: the 120 rows of the example, repeated with shifted timestamps. */
    static Path write(Path dir, int frames) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("examples/feed-android14-framestats.txt"));
        int header = lines.indexOf("---PROFILEDATA---") + 1;
        List<String[]> rows = new ArrayList<>();
        for (int i = header + 1; i < lines.size() && !lines.get(i).startsWith("---PROFILEDATA---"); i++) {
            rows.add(lines.get(i).split(","));
        }
        long first = Long.parseLong(rows.get(0)[2]);
        long last = Long.parseLong(rows.get(rows.size() - 1)[2]);
        long shift = last - first + 8_333_333; // one repetition later, one 120 Hz vsync after the last frame
        // columns that hold no timestamp: Flags, FrameTimelineVsyncId, InputEventId, FrameInterval, the durations
        java.util.Set<Integer> notTime = java.util.Set.of(0, 1, 4, 11, 17, 18);
        Path dump = dir.resolve("big.txt");
        try (Writer w = Files.newBufferedWriter(dump)) {
            for (int i = 0; i <= header; i++) {
                w.write(lines.get(i));
                w.write('\n');
            }
            for (int k = 0; k * rows.size() < frames; k++) {
                for (String[] row : rows) {
                    StringBuilder b = new StringBuilder(256);
                    for (int c = 0; c < row.length; c++) {
                        long v = Long.parseLong(row[c]);
                        b.append(c == 1 ? v + k * 1_000_000L : notTime.contains(c) || v <= 0 ? v : v + k * shift)
                                .append(',');
                    }
                    w.write(b.append('\n').toString());
                }
            }
            w.write("---PROFILEDATA---\n");
        }
        return dump;
    }
}
