package io.fpsctl.android;

import io.fpsctl.text.DeviceNames;
import io.fpsctl.text.LineReader;


import io.fpsctl.android.GfxinfoSummary.Percentiles;
import io.fpsctl.android.GfxinfoSummary.Scope;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects the jank summaries of {@code dumpsys gfxinfo} output (docs/formats.md 5.1) from lines fed one at a
 * time, so a framestats parser can hand it every line outside its {@code PROFILEDATA} blocks.
 *
 * <p>A summary starts at {@code Stats since:}. It belongs to the process when the last context line was
 * {@code ** Graphics info for pid N [proc] **} (or there was none), and to a window after
 * {@code Window: <title>} or {@code <title>/android.view.ViewRootImpl@… (visibility=N)}. It ends at the
 * first non-blank line that is not a summary line. Leading blanks, tabs, CR and missing lines are
 * tolerated; a section without {@code Total frames rendered} and {@code Janky frames} yields nothing.
 * Nothing here throws on bad input: unparseable lines are ignored.
 */
public final class GfxinfoSummaryReader {

    /** Lines longer than this are dropped by {@link #read(Reader)} (real lines are a few KB at most). */
    private static final int MAX_LINE_CHARS = 1 << 20;

    private static final String WINDOW_PREFIX = "Window:";
    private static final Pattern VIEW_ROOT_LINE =
            Pattern.compile("(.+)/android\\.view\\.ViewRootImpl@[0-9a-fA-F]+\\s*\\(visibility=-?\\d+\\)");
    private static final Pattern STATS_SINCE = Pattern.compile("Stats since:\\s*(\\d+)\\s*(?:ns)?");
    private static final Pattern TOTAL_FRAMES = Pattern.compile("Total frames rendered:\\s*(\\d+)");
    private static final Pattern JANKY_FRAMES = Pattern.compile("Janky frames:\\s*(\\d+)\\s*(?:\\(([^)%]*)%?\\))?");
    private static final Pattern LEGACY_JANKY_FRAMES =
            Pattern.compile("Janky frames \\(legacy\\):\\s*(\\d+)\\s*(?:\\(([^)%]*)%?\\))?");
    private static final Pattern PERCENTILE = Pattern.compile("(\\d+)th percentile:\\s*(\\d+)\\s*ms");
    private static final Pattern GPU_PERCENTILE = Pattern.compile("(\\d+)th gpu percentile:\\s*(\\d+)\\s*ms");
    private static final Pattern COUNTER = Pattern.compile("Number (.+?):\\s*(\\d+)");
    private static final String HISTOGRAM = "HISTOGRAM:";
    private static final String GPU_HISTOGRAM = "GPU HISTOGRAM:";
    private static final Pattern BUCKET = Pattern.compile("(\\d+)ms=(\\d+)");

    private final List<GfxinfoSummary> finished = new ArrayList<>();

    private Integer pid;
    private String processName;
    private Scope scope = Scope.PROCESS;
    private String window;
    private Section open;

    /** Reads a whole {@code dumpsys gfxinfo} output (plain or framestats) and returns its summaries. */
    public static List<GfxinfoSummary> read(Reader in) throws IOException {
        GfxinfoSummaryReader reader = new GfxinfoSummaryReader();
        LineReader lines = new LineReader(in, MAX_LINE_CHARS);
        String line;
        while ((line = lines.readLine()) != null) {
            if (!lines.truncated()) {
                reader.line(line);
            }
        }
        return reader.summaries();
    }

    /** Feeds one line (with or without its terminator). */
    public void line(String line) {
        if (line == null) {
            return;
        }
        String text = line.strip();
        if (contextLine(text)) {
            close();
            return;
        }
        Matcher since = STATS_SINCE.matcher(text);
        if (since.matches()) {
            close();
            open = new Section(parseLong(since.group(1)));
            return;
        }
        if (open != null && !text.isEmpty() && !open.accept(text)) {
            close();
        }
    }

    /** The summaries seen so far, in input order; one still open is included as it stands. */
    public List<GfxinfoSummary> summaries() {
        List<GfxinfoSummary> all = new ArrayList<>(finished);
        if (open != null) {
            GfxinfoSummary current = open.build();
            if (current != null) {
                all.add(current);
            }
        }
        return Collections.unmodifiableList(all);
    }

    /** Updates the scope on a process header or window line; true when {@code text} was one. */
    private boolean contextLine(String text) {
        Matcher header = GraphicsInfoPid.HEADER.matcher(text);
        if (header.matches()) {
            pid = parseInt(header.group(1));
            processName = header.group(2);
            scope = Scope.PROCESS;
            window = null;
            return true;
        }
        if (text.startsWith(WINDOW_PREFIX)) {
            setWindow(text.substring(WINDOW_PREFIX.length()).strip());
            return true;
        }
        Matcher viewRoot = VIEW_ROOT_LINE.matcher(text);
        if (viewRoot.matches()) {
            setWindow(viewRoot.group(1).strip());
            return true;
        }
        return false;
    }

    private void setWindow(String title) {
        scope = Scope.WINDOW;
        window = DeviceNames.cut(title);
    }

    private void close() {
        if (open != null) {
            GfxinfoSummary summary = open.build();
            if (summary != null) {
                finished.add(summary);
            }
            open = null;
        }
    }

    /** The lines of one summary collected so far. */
    private final class Section {
        private final Scope sectionScope = scope;
        private final String sectionWindow = window;
        private final Integer sectionPid = pid;
        private final String sectionProcess = processName;
        private final Long statsSinceNs;
        private Long totalFrames;
        private Long jankyFrames;
        private Double jankyPercent;
        private Long legacyJankyFrames;
        private Double legacyJankyPercent;
        private final Integer[] percentiles = new Integer[4];
        private final Integer[] gpuPercentiles = new Integer[4];
        private boolean gpuPercentilesSeen;
        private final Map<String, Long> counters = new LinkedHashMap<>();
        private final Map<Integer, Long> histogram = new LinkedHashMap<>();
        private Map<Integer, Long> gpuHistogram;

        Section(Long statsSinceNs) {
            this.statsSinceNs = statsSinceNs;
        }

        /** Takes a summary line; false when {@code text} is not one (the section then ends). */
        boolean accept(String text) {
            Matcher m;
            if ((m = TOTAL_FRAMES.matcher(text)).matches()) {
                totalFrames = parseLong(m.group(1));
            } else if ((m = LEGACY_JANKY_FRAMES.matcher(text)).matches()) {
                legacyJankyFrames = parseLong(m.group(1));
                legacyJankyPercent = parsePercent(m.group(2));
            } else if ((m = JANKY_FRAMES.matcher(text)).matches()) {
                jankyFrames = parseLong(m.group(1));
                jankyPercent = parsePercent(m.group(2));
            } else if ((m = PERCENTILE.matcher(text)).matches()) {
                store(percentiles, m.group(1), m.group(2));
            } else if ((m = GPU_PERCENTILE.matcher(text)).matches()) {
                gpuPercentilesSeen = true;
                store(gpuPercentiles, m.group(1), m.group(2));
            } else if ((m = COUNTER.matcher(text)).matches()) {
                Long value = parseLong(m.group(2));
                if (value != null) {
                    counters.put(m.group(1).strip(), value);
                }
            } else if (text.startsWith(GPU_HISTOGRAM)) {
                gpuHistogram = new LinkedHashMap<>();
                buckets(text.substring(GPU_HISTOGRAM.length()), gpuHistogram);
            } else if (text.startsWith(HISTOGRAM)) {
                histogram.clear();
                buckets(text.substring(HISTOGRAM.length()), histogram);
            } else {
                return false;
            }
            return true;
        }

        /** The summary, or null when the core lines (stats since, total, janky) are missing. */
        GfxinfoSummary build() {
            if (statsSinceNs == null || totalFrames == null || jankyFrames == null) {
                return null;
            }
            double percent = jankyPercent != null ? jankyPercent
                    : totalFrames == 0 ? 0.0 : jankyFrames * 100.0 / totalFrames;
            Double legacyPercent = legacyJankyFrames == null ? null
                    : legacyJankyPercent != null ? legacyJankyPercent
                    : totalFrames == 0 ? Double.valueOf(0.0) : Double.valueOf(legacyJankyFrames * 100.0 / totalFrames);
            return new GfxinfoSummary(sectionScope, sectionWindow, sectionPid, sectionProcess, statsSinceNs,
                    totalFrames, jankyFrames, percent, legacyJankyFrames, legacyPercent,
                    percentilesOf(percentiles), counters, histogram,
                    gpuPercentilesSeen ? percentilesOf(gpuPercentiles) : null, gpuHistogram);
        }
    }

    private static final int[] PERCENTILE_RANKS = {50, 90, 95, 99};

    private static void store(Integer[] slots, String rank, String ms) {
        for (int i = 0; i < PERCENTILE_RANKS.length; i++) {
            if (rank.equals(Integer.toString(PERCENTILE_RANKS[i]))) {
                slots[i] = parseInt(ms);
            }
        }
    }

    private static Percentiles percentilesOf(Integer[] slots) {
        return new Percentiles(slots[0], slots[1], slots[2], slots[3]);
    }

    private static void buckets(String text, Map<Integer, Long> into) {
        for (String token : text.strip().split("\\s+")) {
            Matcher bucket = BUCKET.matcher(token);
            if (bucket.matches()) {
                Integer label = parseInt(bucket.group(1));
                Long count = parseLong(bucket.group(2));
                if (label != null && count != null) {
                    into.put(label, count);
                }
            }
        }
    }

    /** {@code %.2f} percent as printed; tolerates a decimal comma; null when absent or unreadable. */
    private static Double parsePercent(String text) {
        if (text == null) {
            return null;
        }
        try {
            double value = Double.parseDouble(text.strip().replace(',', '.').toLowerCase(Locale.ROOT));
            return Double.isFinite(value) ? value : null;
        } catch (NumberFormatException unreadable) {
            return null;
        }
    }

    private static Long parseLong(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLarge) {
            return null;
        }
    }

    private static Integer parseInt(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException tooLarge) {
            return null;
        }
    }
}
