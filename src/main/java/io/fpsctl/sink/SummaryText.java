package io.fpsctl.sink;

import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.SlowMessages;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import java.io.PrintWriter;
import java.util.Locale;

/** A readable, plain-text table of a {@link Summary} (what {@code analyze --format text} prints). */
public final class SummaryText {
    private SummaryText() {
    }

    public static void write(Summary s, String title, PrintWriter out) {
        out.println(title);
        row(out, "source", s.source().key() + (s.packageName() == null ? "" : "  package " + s.packageName()));
        row(out, "refresh", s.refreshHz() == null ? "-" : fmt1(s.refreshHz()) + " Hz");
        String fps = fmt1(s.fps());
        if (!s.source().presented()) {
            fps += "   (span fps " + fmt1(s.spanFps()) + ")";
        }
        row(out, "fps", fps);
        row(out, "frames", s.frames() + " counted, " + s.timedFrames()
                + (s.source().presented() ? " judged" : " timed"));
        row(out, "janky", s.jankyFrames() + " (" + fmt2(s.jankPercent()) + " %)");
        StringBuilder levels = new StringBuilder();
        for (DropLevel l : DropLevel.all()) {
            levels.append(levels.length() == 0 ? "" : "  ").append(l.key()).append(' ').append(s.dropLevel(l));
        }
        row(out, "dropped", s.droppedFrames() + " vsyncs   " + levels);
        FrameTimes t = s.frameTimeMs();
        row(out, s.source().presented() ? "gap ms" : "frame ms", t == null ? "-"
                : "p50 " + fmt2(t.p50()) + "  p90 " + fmt2(t.p90()) + "  p95 " + fmt2(t.p95()) + "  p99 "
                + fmt2(t.p99()) + "  max " + fmt2(t.max()) + "  mean " + fmt2(t.mean()));
        if (s.source().presented()) {
            row(out, "jank", s.jank() + " jank, " + s.bigJank() + " big jank, stutter " + fmt2(s.stutterPercent())
                    + " %");
        } else {
            StringBuilder st = new StringBuilder();
            for (Stage x : Stage.all()) {
                if (s.stageMs(x) != null) {
                    st.append(st.length() == 0 ? "" : "  ").append(x.key()).append(' ').append(fmt2(s.stageMs(x)));
                }
            }
            row(out, "stages ms", st.length() == 0 ? "-" : st.toString());
            StringBuilder causes = new StringBuilder();
            long[] c = s.mainCauses();
            for (int i = 0; i < c.length; i++) {
                if (c[i] > 0) {
                    causes.append(causes.length() == 0 ? "" : "  ").append(Summary.causeKey(i)).append(' ')
                            .append(c[i]);
                }
            }
            row(out, "slow causes", causes.length() == 0 ? "-" : causes.toString());
        }
        if (s.source() == Source.AGENT) {
            agent(s, out);
        }
        row(out, "overflows", Long.toString(s.overflows()));
        frameTimeline(s.frameTimeline(), out);
        if (s.windows().size() > 1 || (s.windows().size() == 1 && !s.source().presented())) {
            out.println();
            out.printf(Locale.ROOT, "  %-60s %7s %7s %8s %9s%n", s.source().presented() ? "layer" : "window",
                    "frames", "fps", "janky %", "p90 ms");
            for (Summary w : s.windows()) {
                FrameTimes wt = w.frameTimeMs();
                out.printf(Locale.ROOT, "  %-60s %7d %7s %8s %9s%n", ellipsize(w.name(), 60), w.frames(),
                        fmt1(w.fps()), fmt2(w.jankPercent()), wt == null ? "-" : fmt2(wt.p90()));
            }
        }
        for (String w : s.warnings()) {
            out.println("  warning: " + w);
        }
        out.flush();
    }

    /** Scroll fps, Choreographer queue times and slow main-thread messages (agent only). */
    private static void agent(Summary s, PrintWriter out) {
        row(out, "scroll fps", fmt1(s.scrollFps()) + "   (finger-scroll fps " + fmt1(s.fingerScrollFps()) + ")");
        StringBuilder ch = new StringBuilder();
        for (int i = 0; i < Interaction.CH_QUEUES; i++) {
            if (s.choreographerMs(i) != null) {
                ch.append(ch.length() == 0 ? "" : "  ").append(Interaction.CH_KEYS[i]).append(' ')
                        .append(fmt2(s.choreographerMs(i)));
            }
        }
        row(out, "choreo ms", ch.length() == 0 ? "-" : ch.toString());
        SlowMessages slow = s.slowMessages();
        if (slow == null) {
            return;
        }
        row(out, "slow msgs", slow.count() + (slow.worst().isEmpty() ? "" : "   worst:"));
        for (SlowMessage m : slow.worst()) {
            out.printf(Locale.ROOT, "    %6d ms  %s%n", m.durationMs(), m.target());
            if (m.stack() != null && !m.stack().isEmpty()) {
                String prefix = "at ";
                for (String frame : m.stack().split(" <- ")) {
                    out.printf(Locale.ROOT, "               %s%s%n", prefix, frame);
                    prefix = "<- ";
                }
            }
        }
    }

    /** The FrameTimeline split (METRICS.md 9): who missed the deadline. */
    private static void frameTimeline(FrameTimelineSummary ft, PrintWriter out) {
        if (ft == null) {
            return;
        }
        row(out, "app jank", fmt2(ft.appJankPercent()) + " % (" + ft.appJank() + " of " + ft.frames()
                + " joined frames; FrameTimeline)");
        row(out, "system jank", fmt2(ft.systemJankPercent()) + " % (" + ft.systemJank() + "), unattributed "
                + ft.unattributed());
        StringBuilder types = new StringBuilder();
        ft.types().forEach((k, v) -> {
            if (v > 0) {
                types.append(types.length() == 0 ? "" : "  ").append(k).append(' ').append(v);
            }
        });
        row(out, "jank types", types.length() == 0 ? "-" : types.toString());
    }

    private static void row(PrintWriter out, String label, String value) {
        out.printf(Locale.ROOT, "  %-12s %s%n", label, value);
    }

    private static String ellipsize(String s, int max) {
        return s.length() <= max ? s : "…" + s.substring(s.length() - max + 1);
    }

    public static String fmt1(Double v) {
        return v == null ? "-" : SummaryJson.round(v, 1).toPlainString();
    }

    public static String fmt2(Double v) {
        return v == null ? "-" : SummaryJson.round(v, 2).toPlainString();
    }
}
