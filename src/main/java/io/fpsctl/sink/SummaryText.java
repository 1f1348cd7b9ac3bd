package io.fpsctl.sink;

import io.fpsctl.format.Decimals;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.SlowMessages;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.AndroidVitals;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A readable, plain-text table of a {@link Summary} (what {@code analyze --format text} prints). With a width
 * (the terminal's, at least 60 columns wide in practice) no line is longer: values continue on indented lines
 * between their {@code key value} pairs, the window table's name column narrows, warnings wrap at words.
 */
public final class SummaryText {
    /** Label column: {@code "  %-12s "}. */
    private static final int LABEL = 15;
    /** Columns of the window table besides the name: frames, fps, janky %, p90. */
    private static final int TABLE_REST = 37;
    private static final int NAME_MAX = 60;
    private static final int NAME_MIN = 10;

    private SummaryText() {
    }

    /** Without a width limit (a file or pipe). */
    public static void write(Summary s, String title, PrintWriter out) {
        write(s, title, out, Integer.MAX_VALUE);
    }

    /** Every line at most {@code width} columns. */
    public static void write(Summary s, String title, PrintWriter out, int width) {
        new SummaryText.Printer(out, width).write(s, title);
    }

    /**
     * A summary of a FrameTimeline dump read alone: only the app/system split and the warnings, since such a dump
     * holds jank verdicts but no frame times (fps, frame counts and times would all read "-" or 0).
     */
    public static void writeFrameTimelineOnly(Summary s, String title, PrintWriter out) {
        Printer p = new SummaryText.Printer(out, Integer.MAX_VALUE);
        out.println(title);
        p.row("source", "FrameTimeline verdicts (no frame times)"
                + (s.packageName() == null ? "" : "  package " + s.packageName()));
        p.frameTimeline(s.frameTimeline());
        for (String w : s.warnings()) {
            p.wrapped("  warning: ", "           ", w.split(" "), " ");
        }
        out.flush();
    }

    /** One print job: the writer and the width. */
    private record Printer(PrintWriter out, int width) {
        void write(Summary s, String title) {
            out.println(Ansi.fit(title, width));
            row("source", s.source().key() + (s.packageName() == null ? "" : "  package " + s.packageName()));
            row("refresh", s.refreshHz() == null ? "-" : fmt1(s.refreshHz()) + " Hz");
            String fps = fmt1(s.fps());
            if (!s.source().presented()) {
                fps += "   (span fps " + fmt1(s.spanFps()) + ")";
            }
            row("fps", fps);
            row("frames", s.frames() + " counted, " + s.timedFrames()
                    + (s.source().presented() ? " judged" : " timed"));
            row("janky", s.jankyFrames() + " (" + fmt2(s.jankPercent()) + " %)");
            StringBuilder levels = new StringBuilder();
            for (DropLevel l : DropLevel.all()) {
                levels.append(levels.length() == 0 ? "" : "  ").append(l.key()).append(' ').append(s.dropLevel(l));
            }
            row("dropped", s.droppedFrames() + " vsyncs   " + levels);
            FrameTimes t = s.frameTimeMs();
            row(s.source().presented() ? "gap ms" : "frame ms", t == null ? "-"
                    : "p50 " + fmt2(t.p50()) + "  p90 " + fmt2(t.p90()) + "  p95 " + fmt2(t.p95()) + "  p99 "
                    + fmt2(t.p99()) + "  max " + fmt2(t.max()) + "  mean " + fmt2(t.mean()));
            if (s.source().presented()) {
                row("jank", s.jank() + " jank, " + s.bigJank() + " big jank, stutter " + fmt2(s.stutterPercent())
                        + " %");
            } else {
                StringBuilder st = new StringBuilder();
                for (Stage x : Stage.all()) {
                    if (s.stageMs(x) != null) {
                        st.append(st.length() == 0 ? "" : "  ").append(x.key()).append(' ').append(fmt2(s.stageMs(x)));
                    }
                }
                row("stages ms", st.length() == 0 ? "-" : st.toString());
                StringBuilder causes = new StringBuilder();
                long[] c = s.mainCauses();
                for (int i = 0; i < c.length; i++) {
                    if (c[i] > 0) {
                        causes.append(causes.length() == 0 ? "" : "  ").append(Summary.causeKey(i)).append(' ')
                                .append(c[i]);
                    }
                }
                row("slow causes", causes.length() == 0 ? "-" : causes.toString());
            }
            if (s.source() == Source.AGENT) {
                agent(s);
            }
            row("overflows", s.overflows() + (s.coverageGaps() == 0 ? "" : "   coverage gaps " + s.coverageGaps()
                    + " (" + fmt2(s.coverageGapMs()) + " ms where frames may be missing)"));
            resources(s.resources());
            androidVitals(s.androidVitals(), s.source().presented());
            frameTimeline(s.frameTimeline());
            if (s.windows().size() > 1 || (s.windows().size() == 1 && !s.source().presented())) {
                out.println();
                int name = (int) Math.max(NAME_MIN, Math.min(NAME_MAX, (long) width - TABLE_REST - 1));
                String format = "  %-" + name + "s %7s %7s %8s %9s";
                out.println(Ansi.fit(String.format(Locale.ROOT, format, s.source().presented() ? "layer" : "window",
                        "frames", "fps", "janky %", "p90 ms"), width));
                for (Summary w : s.windows()) {
                    FrameTimes wt = w.frameTimeMs();
                    out.println(Ansi.fit(String.format(Locale.ROOT, format, ellipsize(w.name(), name),
                            Long.toString(w.frames()), fmt1(w.fps()), fmt2(w.jankPercent()),
                            wt == null ? "-" : fmt2(wt.p90())), width));
                }
            }
            for (String w : s.warnings()) {
                wrapped("  warning: ", "           ", w.split(" "), " ");
            }
            out.flush();
        }

        /**
         * The run's resources (docs/metrics.md 13 rule 11), one line when read: the app's, main thread's and
         * RenderThread's CPU means (% of one core), the memory peak the gate compares (PSS, else RSS; MB of 1024 kB),
         * the worst thermal status and the share of the measured time that was throttled; "-" for what is unknown.
         */
        private void resources(ResourceSummary r) {
            if (r == null) {
                return;
            }
            Long kb = r.memoryPeakKb();
            row("resources", "CPU mean app " + percent(r.app()) + "  main " + percent(r.thread("main"))
                    + "  RenderThread " + percent(r.thread("RenderThread"))
                    + "  " + (kb == null ? "memory peak -" : r.memoryPeakKind() + " peak " + fmt1(kb / 1024.0) + " MB")
                    + "  thermal worst " + (r.worstThermalStatus() == null ? "-" : r.worstThermalStatus())
                    + "  throttled " + (r.throttledShare() == null ? "-" : fmt1(100 * r.throttledShare()) + " %"));
        }

        private static String percent(ResourceSummary.Cpu c) {
            return c == null || c.meanPercent() == null ? "-" : fmt1(c.meanPercent()) + " %";
        }

        /** Android vitals computed locally (METRICS.md 7a), one line: the keys that apply to the source. */
        private void androidVitals(AndroidVitals v, boolean presented) {
            if (v == null) {
                return;
            }
            if (presented) {
                row("vitals", "slow session: gaps > 50 ms " + fmt2(v.slowSession20Percent()) + " %  > 34 ms "
                        + fmt2(v.slowSession30Percent()) + " %");
            } else {
                row("vitals", "slow (> 16 ms) " + fmt2(v.slowFramesPercent()) + " %  frozen (> 700 ms) "
                        + fmt2(v.frozenFramesPercent()) + " %");
            }
        }

        /** The FrameTimeline split (METRICS.md 9): who missed the deadline. */
        private void frameTimeline(FrameTimelineSummary ft) {
            if (ft == null) {
                return;
            }
            row("app jank", fmt2(ft.appJankPercent()) + " % (" + ft.appJank() + " of " + ft.frames()
                    + " joined frames; FrameTimeline)");
            row("system jank", fmt2(ft.systemJankPercent()) + " % (" + ft.systemJank() + "), unattributed "
                    + ft.unattributed() + ", dropped buffers " + ft.droppedBuffers());
            if (ft.bufferStuffing() != null) {
                // docs/metrics.md 10 rev 4: Perfetto's jank tags that are neither app nor system jank
                row("not jank", "buffer stuffing " + ft.bufferStuffing() + ", SurfaceFlinger stuffing "
                        + ft.surfaceFlingerStuffing() + ", non-perceivable " + ft.nonPerceivable());
            }
            StringBuilder types = new StringBuilder();
            ft.types().forEach((k, v) -> {
                if (v > 0) {
                    types.append(types.length() == 0 ? "" : "  ").append(k).append(' ').append(v);
                }
            });
            row("jank types", types.length() == 0 ? "-" : types.toString());
        }

        /** Scroll fps, Choreographer queue times and slow main-thread messages (agent only). */
        private void agent(Summary s) {
            row("scroll fps", fmt1(s.scrollFps()) + "   (finger-scroll fps " + fmt1(s.fingerScrollFps()) + ")");
            StringBuilder ch = new StringBuilder();
            for (int i = 0; i < Interaction.CH_QUEUES; i++) {
                if (s.choreographerMs(i) != null) {
                    ch.append(ch.length() == 0 ? "" : "  ").append(Interaction.CH_KEYS[i]).append(' ')
                            .append(fmt2(s.choreographerMs(i)));
                }
            }
            row("choreo ms", ch.length() == 0 ? "-" : ch.toString());
            SlowMessages slow = s.slowMessages();
            if (slow == null) {
                return;
            }
            row("slow msgs", slow.count() + (slow.worst().isEmpty() ? "" : "   worst:"));
            for (SlowMessage m : slow.worst()) {
                out.println(Ansi.fit(String.format(Locale.ROOT, "    %6d ms  %s", m.durationMs(), m.target()), width));
                if (m.stack() != null && !m.stack().isEmpty()) {
                    String prefix = "at ";
                    for (String frame : m.stack().split(" <- ")) {
                        out.println(Ansi.fit("               " + prefix + frame, width));
                        prefix = "<- ";
                    }
                }
            }
        }

        /** {@code "  label        value"}; a long value continues under itself between its two-space groups. */
        private void row(String label, String value) {
            wrapped(String.format(Locale.ROOT, "  %-12s ", label), " ".repeat(LABEL),
                    value.split("(?<=\\S)  (?=\\S)"), "  ");
        }

        /** Prints {@code parts} joined by {@code gap}, starting a new {@code indent}ed line where one would not fit. */
        private void wrapped(String first, String indent, String[] parts, String gap) {
            StringBuilder line = new StringBuilder(first);
            int start = first.length();
            for (String part : parts) {
                if (line.length() > start && line.length() + gap.length() + part.length() > width) {
                    out.println(Ansi.fit(line.toString(), width));
                    line.setLength(0);
                    line.append(indent);
                    start = indent.length();
                }
                if (line.length() > start) {
                    line.append(gap);
                }
                line.append(part);
            }
            out.println(Ansi.fit(line.toString(), width));
        }
    }

    private static String ellipsize(String s, int max) {
        return s.length() <= max ? s : "…" + s.substring(s.length() - max + 1);
    }

    public static String fmt1(Double v) {
        return v == null ? "-" : Decimals.round(v, 1).toPlainString();
    }

    public static String fmt2(Double v) {
        return v == null ? "-" : Decimals.round(v, 2).toPlainString();
    }
}
