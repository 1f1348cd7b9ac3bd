package io.fpsctl.analysis;

import io.fpsctl.android.FrameTimelineParser;
import io.fpsctl.android.FramestatsParser;
import io.fpsctl.android.SurfaceFlingerLockWarning;
import io.fpsctl.format.FrameCsvSchema;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** What a saved file holds, decided from its first bytes (never from its name). */
public enum DumpKind {
    /** {@code dumpsys gfxinfo <pkg> [framestats]} (with or without frames), or bare framestats rows. */
    GFXINFO("dumpsys gfxinfo output"),
    /** {@code dumpsys SurfaceFlinger --latency <layer>}. */
    LATENCY("dumpsys SurfaceFlinger --latency output"),
    /** fpsctl's own per-frame CSV. */
    FRAME_CSV("fpsctl frames CSV"),
    /** {@code dumpsys SurfaceFlinger --list}: layer names, no frames. */
    LAYER_LIST("dumpsys SurfaceFlinger --list output"),
    /** {@code dumpsys SurfaceFlinger --frametimeline -all|-jank} (Android 12+). */
    FRAMETIMELINE("dumpsys SurfaceFlinger --frametimeline output"),
    /** {@code dumpsys display}: refresh rates, no frames. */
    DISPLAY("dumpsys display output"),
    /** A Perfetto trace (binary, or gzip'd): told apart by {@code SavedDump} before any text sniffing. */
    PERFETTO("Perfetto trace"),
    UNKNOWN("unknown");

    /** How many leading bytes {@link #detect} looks at. */
    public static final int HEAD_BYTES = 64 * 1024;
    private static final Pattern INTEGER = Pattern.compile("\\d{1,19}");
    private static final Pattern LATENCY_ROW = Pattern.compile("-?\\d{1,19}[ \\t]+-?\\d{1,19}[ \\t]+-?\\d{1,19}");
    private static final Pattern LAYER_LINE = Pattern.compile(".*#\\d+\\s*$|RequestedLayerState\\{.*");

    private final String description;

    DumpKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** Decides the kind of a file from its first {@link #HEAD_BYTES} bytes. */
    public static DumpKind detect(byte[] head, int length) {
        String text = new String(head, 0, length, StandardCharsets.UTF_8);
        String[] lines = text.split("\r?\n", -1);
        if (length == 0) {
            return UNKNOWN;
        }
        String first = firstMeaningful(lines, 0);
        if (first != null && FrameCsvSchema.isHeader(first)) {
            return FRAME_CSV;
        }
        if (text.contains("---PROFILEDATA---") || text.contains("Graphics info for pid")
                || text.contains("Applications Graphics Acceleration Info") || text.contains("Total frames rendered:")) {
            return GFXINFO;
        }
        int firstIdx = indexOfMeaningful(lines, 0);
        if (firstIdx >= 0 && SurfaceFlingerLockWarning.is(lines[firstIdx])) {
            firstIdx = indexOfMeaningful(lines, firstIdx + 1);
        }
        if (firstIdx >= 0 && INTEGER.matcher(lines[firstIdx].strip()).matches()) {
            int next = indexOfMeaningful(lines, firstIdx + 1);
            if (next < 0 || LATENCY_ROW.matcher(lines[next].strip()).matches()) {
                return LATENCY;
            }
        }
        if (first != null && FramestatsParser.countValues(first.getBytes(StandardCharsets.ISO_8859_1), 0,
                first.length()) >= 14) {
            return GFXINFO;
        }
        if (FrameTimelineParser.looksLikeFrameTimeline(text)) {
            return FRAMETIMELINE;
        }
        if (text.contains("DisplayDeviceInfo{") || text.contains("renderFrameRate") || text.contains("mRefreshRate")) {
            return DISPLAY;
        }
        int layers = 0;
        int others = 0;
        int lead = indexOfMeaningful(lines, 0);
        for (int i = lead >= 0 && SurfaceFlingerLockWarning.is(lines[lead]) ? lead + 1 : 0; i < lines.length; i++) {
            String s = lines[i].strip();
            if (s.isEmpty() || s.equals("...")) {
                continue;
            }
            if (LAYER_LINE.matcher(s).matches()) {
                layers++;
            } else {
                others++;
            }
        }
        return layers > 0 && layers >= others ? LAYER_LIST : UNKNOWN;
    }

    private static String firstMeaningful(String[] lines, int from) {
        int i = indexOfMeaningful(lines, from);
        return i < 0 ? null : lines[i].strip();
    }

    private static int indexOfMeaningful(String[] lines, int from) {
        for (int i = from; i < lines.length; i++) {
            if (!lines[i].isBlank()) {
                return i;
            }
        }
        return -1;
    }
}
