package io.fpsctl.sink;

import io.fpsctl.format.Decimals;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineTally;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The terminal display of {@code fpsctl watch}, refreshed once per closed live window.
 *
 * <p><b>ANSI mode</b> (output is a terminal) keeps a block of {@value #ANSI_LINES} lines on screen and redraws it in
 * place (cursor up, clear line, one write per refresh, so it does not flicker): package, device, source, refresh
 * rate, window number and elapsed time; fps with a sparkline of the last {@value #HISTORY} windows ({@code ▁…█}
 * relative to the refresh rate, {@code ·} for an idle window); jank %, dropped vsyncs and drop levels; p90 and worst
 * frame time with the worst frame's main cause; with FrameTimeline (Android 12+) a line more, the app/system jank
 * split of the verdicts settled since the previous window; and a ring-overflow warning. Colours only emphasise what the text
 * already says: fps is green at ≥ 90 % of the refresh rate, yellow at ≥ 60 %, else red; p90 and worst frame time are
 * green within one vsync interval, yellow within two, else red; jank % is green up to 5 %, yellow up to 10 %.
 *
 * <p><b>Plain mode</b> (output is a pipe or a CI log) prints one header line, then exactly one line per window with
 * fixed {@code key=value} fields and no escape codes, absent values as {@code -}:
 * <pre>
 * watch device=emulator-5554 package=com.example source=gfxinfo
 * window=0 elapsedSec=1.0 idle=false frames=60 fps=60.0 jankPercent=0.00 droppedFrames=0 best=60 normal=0 middle=0 high=0 frozen=0 p90Ms=8.00 maxMs=8.00 worstCause=- refreshHz=60.0
 * </pre>
 * and a {@code warning: ...} line per ring overflow. Once resources are read (docs/metrics.md 13) each line ends
 * with {@code mainCpu=… renderThreadCpu=… appCpu=… throttled=… rssMb=…}, and the ANSI block has a {@code cpu} line
 * (main and RenderThread CPU, a {@code THROTTLED} mark, app and device CPU). {@code refreshHz} is the last known refresh rate (also on idle
 * windows, which have none of their own).
 *
 * <p>The ANSI block and the final summary fit the terminal's width, read again at every refresh (a resize is
 * followed; after the terminal narrowed, the rows its reflow made of the old block are cleared too): no line wraps,
 * so the in-place redraw stays in place. Plain mode lines are records for machines and are not cut.
 *
 * <p>Elapsed time is wall-clock time since the view was created. Methods are synchronized: a Ctrl-C hook may call
 * {@link #printSummary} while the poller thread calls {@link #window}.
 */
public final class LiveView {
    /** How many recent windows the sparkline shows. */
    public static final int HISTORY = 30;
    /** Lines of the ANSI block. */
    static final int ANSI_LINES = 5;
    static final String BARS = "▁▂▃▄▅▆▇█";
    static final char IDLE = '·';
    private static final double GOOD_FPS = 0.9;
    private static final double FAIR_FPS = 0.6;
    private static final double GOOD_JANK_PERCENT = 5;
    private static final double FAIR_JANK_PERCENT = 10;

    private final PrintWriter out;
    private final boolean ansi;
    private final String device;
    private final String packageName;
    private final Source source;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final IntSupplier width;
    /** Visible lengths of the lines of the block on screen, and the width they were drawn at. */
    private int[] drawn = new int[0];
    private int drawnWidth;
    /** fps of the recent windows, oldest first; NaN for an idle window (or one without timed frames). */
    private final Deque<Double> history = new ArrayDeque<>(HISTORY);
    private Double refreshHz;
    private long overflows;
    private String lastOverflowWindow;
    private boolean headerPrinted;
    /** Colours on an ANSI terminal; off for --no-color and NO_COLOR (the view still redraws in place). */
    private boolean colour = true;

    /**
     * @param ansi        true when {@code out} is a terminal that understands ANSI escapes (the caller detects it,
     *                    e.g. {@code picocli.CommandLine.Help.Ansi.AUTO.enabled()})
     * @param device      the device serial
     * @param packageName the package watched
     * @param nanoClock   a monotonic clock in ns for the elapsed time ({@code System::nanoTime})
     * @param width       the terminal's width in columns, asked at every refresh ({@link TerminalWidth})
     */
    public LiveView(PrintWriter out, boolean ansi, String device, String packageName, Source source,
                    LongSupplier nanoClock, IntSupplier width) {
        this.out = out;
        this.ansi = ansi;
        this.device = device == null ? "" : device;
        this.packageName = packageName == null ? "" : packageName;
        this.source = source;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.width = width;
    }

    /** A view {@value TerminalWidth#DEFAULT} columns wide. */
    public LiveView(PrintWriter out, boolean ansi, String device, String packageName, Source source,
                    LongSupplier nanoClock) {
        this(out, ansi, device, packageName, source, nanoClock, () -> TerminalWidth.DEFAULT);
    }

    private Supplier<FrameTimelineTally> frameTimeline;

    /** A view timed by {@link System#nanoTime()}, as wide as {@code width} says. */
    public LiveView(PrintWriter out, boolean ansi, String device, String packageName, Source source,
                    IntSupplier width) {
        this(out, ansi, device, packageName, source, System::nanoTime, width);
    }

    /** Without colours ({@code --no-color}, {@code NO_COLOR}): an ANSI terminal still gets the redrawn block. */
    public synchronized LiveView withoutColour() {
        colour = false;
        return this;
    }

    /**
     * Adds the FrameTimeline split to every window line (Android 12+): {@code recent} yields the verdicts settled
     * since the previous window (app jank % of those frames and the dominant jank type).
     */
    /** Whether a window had resources: from then on every window shows them (a dash when it has none). */
    private boolean resourcesSeen;
    /** A window had GPU, power or network figures (docs/metrics.md 14): every later one shows their line. */
    private boolean loadSeen;

    public synchronized void frameTimeline(Supplier<FrameTimelineTally> recent) {
        this.frameTimeline = recent;
    }

    /** A Flutter app's frames since the previous window, by the window's refresh rate (docs/metrics.md 16). */
    private java.util.function.Function<Double, io.fpsctl.engine.FlutterStats.Result> flutter;

    /**
     * Adds a Flutter app's UI/raster split to every window ({@link FlutterLine}): {@code recent} yields the block of
     * the frames posted since the previous window, or null when none came.
     */
    public synchronized void flutter(java.util.function.Function<Double, io.fpsctl.engine.FlutterStats.Result> recent) {
        this.flutter = recent;
    }

    /** Shows a closed live window. */
    public synchronized void window(LiveWindow window) {
        FrameTimelineTally ft = frameTimeline == null ? null : frameTimeline.get();
        Summary s = window.stats();
        if (s.refreshHz() != null) {
            refreshHz = s.refreshHz();
        }
        if (history.size() == HISTORY) {
            history.removeFirst();
        }
        history.addLast(s.idle() || s.fps() == null ? Double.NaN : s.fps());
        io.fpsctl.engine.FlutterStats.Result fl = flutter == null ? null : flutter.apply(s.refreshHz());
        if (ansi) {
            redraw(window, ft, fl);
        } else {
            header();
            out.println(plainLine(window) + frameTimelinePlain(ft) + (flutter == null ? "" : FlutterLine.plain(fl)));
        }
        out.flush();
    }

    /** Reports a ring overflow of {@code window} (frames may have been lost between polls). */
    public synchronized void overflow(String window) {
        overflows++;
        lastOverflowWindow = window;
        if (!ansi) {
            header();
            out.println("warning: ring overflow in " + window + ": frames may have been lost, polling too slow"
                    + " (overflows=" + overflows + ")");
            out.flush();
        }
        // ANSI: the warning line shows it at the next refresh
    }

    /** Prints the final summary below the live display (end of capture or Ctrl-C). */
    public synchronized void printSummary(Summary summary) {
        if (!ansi) {
            header();
        }
        out.println();
        String title = "summary  " + packageName + (device.isEmpty() ? "" : "  device " + device) + "  elapsed "
                + clock(elapsedNanos());
        SummaryText.write(summary, Ansi.style(ansi && colour, Ansi.BOLD, title), out,
                ansi ? columns() : Integer.MAX_VALUE);
        out.flush();
        drawn = new int[0];
    }

    // ---- plain mode ----

    private void header() {
        if (!headerPrinted) {
            headerPrinted = true;
            out.println("watch device=" + dash(device) + " package=" + dash(packageName) + " source=" + source.key());
        }
    }

    private String plainLine(LiveWindow w) {
        Summary s = w.stats();
        FrameTimes t = s.frameTimeMs();
        StringBuilder b = new StringBuilder(256);
        b.append("window=").append(w.index());
        b.append(" elapsedSec=").append(Decimals.round(elapsedNanos() / 1e9, 1).toPlainString());
        b.append(" idle=").append(s.idle());
        b.append(" frames=").append(s.frames());
        b.append(" fps=").append(SummaryText.fmt1(s.fps()));
        b.append(" jankPercent=").append(SummaryText.fmt2(s.jankPercent()));
        b.append(" droppedFrames=").append(s.droppedFrames());
        for (DropLevel l : DropLevel.all()) {
            b.append(' ').append(l.key()).append('=').append(s.dropLevel(l));
        }
        b.append(" p90Ms=").append(SummaryText.fmt2(t == null ? null : t.p90()));
        b.append(" maxMs=").append(SummaryText.fmt2(t == null ? null : t.max()));
        b.append(" worstCause=").append(s.worstCause() == null ? "-" : s.worstCause());
        if (s.source() == Source.AGENT) {
            b.append(" scrollFps=").append(SummaryText.fmt1(s.scrollFps()));
        }
        b.append(" refreshHz=").append(SummaryText.fmt1(s.refreshHz() != null ? s.refreshHz() : refreshHz));
        ResourceUsage r = w.resources();
        if (r != null || resourcesSeen) {
            // docs/metrics.md 13: the window's resources, once any window had them (a run without them: no fields)
            resourcesSeen = true;
            b.append(" mainCpu=").append(SummaryText.fmt1(r == null ? null : r.mainCpu()));
            b.append(" renderThreadCpu=").append(SummaryText.fmt1(r == null ? null : r.renderThreadCpu()));
            b.append(" appCpu=").append(SummaryText.fmt1(r == null ? null : r.appCpu()));
            b.append(" throttled=").append(r == null || r.throttled() == null ? "-" : r.throttled().toString());
            b.append(" rssMb=").append(SummaryText.fmt1(r == null || r.rssKb() == null ? null : r.rssKb() / 1024.0));
            if (r != null && r.load() != null || loadSeen) {
                loadSeen = true; // docs/metrics.md 14
                b.append(LoadLine.plain(r == null ? null : r.load()));
            }
        }
        return b.toString();
    }

    /**
     * The ANSI block's resource line (docs/metrics.md 13), at most 75 columns:
     * {@code "cpu    main 95.0 %  render 30.0 %  THROTTLED  app 142.0 %  device 75.0 %"}.
     */
    private String resourceLine(ResourceUsage r) {
        if (r == null) {
            return "cpu    -";
        }
        StringBuilder b = new StringBuilder(96);
        b.append("cpu    main ").append(Ansi.style(colour, r.mainCpu() != null
                && r.mainCpu() > ResourceUsage.BUSY_PERCENT ? Ansi.RED : null, percent(r.mainCpu())));
        b.append("  render ").append(percent(r.renderThreadCpu()));
        if (Boolean.TRUE.equals(r.throttled())) {
            b.append("  ").append(Ansi.style(colour, Ansi.RED, "THROTTLED"));
        }
        b.append("  app ").append(percent(r.appCpu()));
        b.append("  device ").append(percent(r.deviceCpu()));
        return b.toString();
    }

    private static String percent(Double v) {
        return v == null ? "-" : SummaryText.fmt1(v) + " %";
    }

    // ---- ANSI mode ----

    private int columns() {
        return Math.max(1, width.getAsInt());
    }

    /** {@code " appJankPercent=… dominantJank=…"} when FrameTimeline is on. */
    private static String frameTimelinePlain(FrameTimelineTally ft) {
        if (ft == null) {
            return "";
        }
        FrameTimelineJankType d = ft.dominantType();
        return " appJankPercent=" + SummaryText.fmt2(ft.appJankPercent()) + " dominantJank="
                + (d == null ? "-" : d.key());
    }

    private void redraw(LiveWindow w, FrameTimelineTally ft, io.fpsctl.engine.FlutterStats.Result fl) {
        int columns = columns();
        List<String> lines = ansiLines(w, columns);
        if (frameTimeline != null && lines.size() > 2) {
            lines.add(3, splitLine(ft, w.stats().idle()));
        }
        if (flutter != null && lines.size() > 2) {
            lines.add(lines.size() - 1, FlutterLine.ansi(fl, colour)); // above the warning line
        }
        StringBuilder b = new StringBuilder(1024);
        if (drawn.length > 0) {
            int rows = 0;
            for (int len : drawn) {
                // a terminal that narrowed reflowed each old line onto ceil(len / columns) rows
                rows += columns < drawnWidth ? Math.max(1, (len + columns - 1) / columns) : 1;
            }
            b.append(Ansi.up(rows)).append(Ansi.CLEAR_DOWN);
        }
        drawn = new int[lines.size()];
        for (int i = 0; i < lines.size(); i++) {
            String line = Ansi.fit(lines.get(i), columns);
            drawn[i] = Ansi.visibleLength(line);
            b.append(Ansi.CLEAR_LINE).append(line).append('\n');
        }
        drawnWidth = columns;
        out.print(b);
    }

    /**
     * The FrameTimeline split on its own line below the jank line (appended to it, it was cut at 80 columns):
     * {@code "split  app 25.00 %  system 12.50 %  (appDeadlineMissed)"}, at most 62 columns with both at 100 %.
     */
    private static String splitLine(FrameTimelineTally ft, boolean idle) {
        if (idle || ft == null) {
            return "split  -";
        }
        FrameTimelineJankType d = ft.dominantType();
        return "split  app " + SummaryText.fmt2(ft.appJankPercent()) + " %  system "
                + SummaryText.fmt2(ft.systemJankPercent()) + " %" + (d == null ? "" : "  (" + d.key() + ")");
    }

    private List<String> ansiLines(LiveWindow w, int columns) {
        Summary s = w.stats();
        List<String> lines = new ArrayList<>(ANSI_LINES);
        String tail = "  " + source.key() + "  " + (refreshHz == null ? "? Hz" : SummaryText.fmt1(refreshHz) + " Hz")
                + "  window " + w.index() + "  " + clock(elapsedNanos());
        String dev = device.isEmpty() ? "" : "  device " + device;
        if (Math.min(packageName.length(), 40) + dev.length() + tail.length() > columns) {
            dev = "";
        }
        int room = Math.max(8, Math.min(40, columns - dev.length() - tail.length()));
        lines.add(Ansi.style(colour, Ansi.BOLD, ellipsize(packageName, room)) + dev + tail);
        String fps = s.idle() ? "idle" : SummaryText.fmt1(s.fps());
        lines.add("fps    " + Ansi.style(colour, fpsColour(s.idle() ? null : s.fps()), pad(fps, 6)) + "  " + sparkline());
        if (s.idle()) {
            lines.add("jank   -  (no frames in this window)");
            lines.add("time   -");
        } else {
            StringBuilder levels = new StringBuilder();
            for (DropLevel l : DropLevel.all()) {
                String text = l.key() + " " + s.dropLevel(l);
                String style = s.dropLevel(l) == 0 || l == DropLevel.BEST ? null
                        : l == DropLevel.FROZEN || l == DropLevel.HIGH ? Ansi.RED : Ansi.YELLOW;
                levels.append("  ").append(Ansi.style(colour, style, text));
            }
            String jank = "jank   " + Ansi.style(colour, jankColour(s.jankPercent()), SummaryText.fmt2(s.jankPercent())
                    + " %") + "   dropped " + s.droppedFrames();
            if (Ansi.visibleLength(jank + " " + levels) > columns) {
                levels.setLength(0); // narrow terminal: only the levels that have frames besides best
                for (DropLevel l : DropLevel.all()) {
                    if (l != DropLevel.BEST && s.dropLevel(l) > 0) {
                        levels.append("  ").append(Ansi.style(colour, l == DropLevel.FROZEN || l == DropLevel.HIGH
                                ? Ansi.RED : Ansi.YELLOW, l.key() + " " + s.dropLevel(l)));
                    }
                }
            }
            lines.add(jank + " " + levels);
            FrameTimes t = s.frameTimeMs();
            String label = source.presented() ? "gap" : "time";
            if (t == null) {
                lines.add(pad(label, 7) + "-");
            } else {
                String cause = s.worstCause() == null ? "" : "  cause " + s.worstCause();
                String p90 = SummaryText.fmt2(t.p90()) + " ms";
                String worst = SummaryText.fmt2(t.max()) + " ms";
                lines.add(pad(label, 7) + "p90 " + Ansi.style(colour, msColour(t.p90()), p90) + "   worst "
                        + Ansi.style(colour, msColour(t.max()), worst) + cause);
            }
        }
        if (w.resources() != null || resourcesSeen) {
            resourcesSeen = true;
            lines.add(resourceLine(w.resources()));
            if (w.resources() != null && w.resources().load() != null || loadSeen) {
                loadSeen = true;
                lines.add(LoadLine.ansi(w.resources() == null ? null : w.resources().load()));
            }
        }
        lines.add(overflows == 0 ? "" : Ansi.style(colour, Ansi.YELLOW, "warning: " + overflows + " ring overflow"
                + (overflows == 1 ? "" : "s") + " (last in " + ellipsize(lastOverflowWindow, 40)
                + "): frames may have been lost, poll faster"));
        return lines;
    }

    /** The recent fps as bars relative to the refresh rate (or to the highest fps seen when it is unknown). */
    private String sparkline() {
        double scale = refreshHz != null ? refreshHz : 0;
        if (scale <= 0) {
            for (Double f : history) {
                if (!f.isNaN()) {
                    scale = Math.max(scale, f);
                }
            }
        }
        StringBuilder b = new StringBuilder(HISTORY * 8);
        for (Double f : history) {
            if (f.isNaN() || scale <= 0) {
                b.append(Ansi.style(colour, Ansi.DIM, String.valueOf(IDLE)));
            } else {
                int level = (int) Math.ceil(f / scale * BARS.length()) - 1;
                level = Math.max(0, Math.min(BARS.length() - 1, level));
                b.append(Ansi.style(colour, fpsColour(f), String.valueOf(BARS.charAt(level))));
            }
        }
        return b.toString();
    }

    private String fpsColour(Double fps) {
        if (fps == null || refreshHz == null) {
            return null;
        }
        double rounded = Decimals.round(fps, 1).doubleValue();
        return rounded >= GOOD_FPS * refreshHz ? Ansi.GREEN : rounded >= FAIR_FPS * refreshHz ? Ansi.YELLOW : Ansi.RED;
    }

    private String msColour(double ms) {
        if (refreshHz == null) {
            return null;
        }
        double vsyncMs = 1000 / refreshHz;
        return ms <= vsyncMs ? Ansi.GREEN : ms <= 2 * vsyncMs ? Ansi.YELLOW : Ansi.RED;
    }

    private static String jankColour(Double percent) {
        if (percent == null) {
            return null;
        }
        return percent <= GOOD_JANK_PERCENT ? Ansi.GREEN : percent <= FAIR_JANK_PERCENT ? Ansi.YELLOW : Ansi.RED;
    }

    // ---- text helpers ----

    private long elapsedNanos() {
        return Math.max(0, nanoClock.getAsLong() - startNanos);
    }

    /** {@code mm:ss}, or {@code h:mm:ss} from one hour on. */
    static String clock(long nanos) {
        long sec = nanos / 1_000_000_000L;
        long h = sec / 3600;
        long m = sec / 60 % 60;
        long s = sec % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s)
                : String.format(Locale.ROOT, "%02d:%02d", m, s);
    }

    private static String dash(String s) {
        return s.isEmpty() ? "-" : s;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String ellipsize(String s, int max) {
        if (s == null) {
            return "";
        }
        return s.length() <= max ? s : "…" + s.substring(s.length() - max + 1);
    }
}
