package io.fpsctl.analysis;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineBlame;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.FrameTiming;
import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.MeasuredFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.SurfaceFrameRecord;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code analyze TRACE}: a Perfetto trace's FrameTimeline SurfaceFrames as fpsctl frames (docs/metrics.md 14). One
 * frame per actual SurfaceFrame whose start and end were both written (a row of trace_processor's
 * {@code actual_frame_timeline_slice}), grouped by layer as windows are; the package is the owner pid's process in
 * the trace's process records (never guessed from the layer name). Present type, jank types and prediction are the
 * trace's; whose fault a frame is, is Perfetto's jank tag (docs/metrics.md 10 rev 4). With atrace slices,
 * Macrobenchmark's frame metrics ({@link FrameTimingQuery}).
 */
public final class TraceAnalysis {

    /** Refresh rates above this are not real: a smaller spacing of expected starts is not the vsync period. */
    private static final long MIN_PERIOD_NS = 2_000_000L;
    /** When no two frames show the period: 60 Hz, said in a warning. */
    private static final long FALLBACK_PERIOD_NS = 16_666_667L;

    private TraceAnalysis() {
    }

    /** The package a frame belongs to: its pid's process name, or {@code pid N} when the trace has no record. */
    public static String packageOf(TraceContents c, int pid) {
        String p = c.processName(pid);
        return p != null ? p : "pid " + pid;
    }

    /** Frames per package, most first (ties by name). */
    public static Map<String, Integer> framesPerPackage(TraceContents c) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (SurfaceFrame f : c.surfaceFrames()) {
            count.merge(packageOf(c, f.pid()), 1, Integer::sum);
        }
        List<Map.Entry<String, Integer>> e = new ArrayList<>(count.entrySet());
        e.sort((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey())
                : Integer.compare(b.getValue(), a.getValue()));
        Map<String, Integer> out = new LinkedHashMap<>();
        e.forEach(x -> out.put(x.getKey(), x.getValue()));
        return out;
    }

    /**
     * Summarises the frames of {@code packageName} (null: the package with most frames; the others named in a
     * warning).
     *
     * @throws DumpFormatException when the trace has no FrameTimeline frame, or none of {@code packageName}
     */
    public static SavedDump.Result analyze(TraceContents c, EngineConfig config, String packageName,
                                           FrameEngine.Listener listener) throws DumpFormatException {
        Map<String, Integer> perPackage = framesPerPackage(c);
        if (perPackage.isEmpty()) {
            throw new DumpFormatException(c.name() + ": the trace has no FrameTimeline frame (record it on Android 12+ "
                    + "with the data source android.surfaceflinger.frametimeline)");
        }
        String pkg = packageName != null ? packageName : perPackage.keySet().iterator().next();
        if (!perPackage.containsKey(pkg)) {
            throw new DumpFormatException(c.name() + ": no FrameTimeline frame of " + pkg + " in the trace; packages "
                    + "with frames: " + listed(perPackage, null));
        }
        FrameEngine engine = new FrameEngine(Source.PERFETTO, config, listener);
        engine.savedDump(true);
        List<SurfaceFrame> mine = new ArrayList<>();
        for (SurfaceFrame f : c.surfaceFrames()) {
            if (packageOf(c, f.pid()).equals(pkg)) {
                mine.add(f);
            }
        }
        long period = period(mine);
        if (period <= 0) {
            period = FALLBACK_PERIOD_NS;
            engine.warn("the trace shows no vsync period for " + pkg + " (fewer than two frames): 60 Hz assumed");
        }
        int stages = Stage.values().length;
        for (SurfaceFrame f : mine) {
            FrameTimelineVerdict v = verdict(f);
            long[] none = new long[stages];
            Arrays.fill(none, -1);
            engine.frame(new MeasuredFrame(SurfaceFrameRecord.withoutTransactionPrefix(f.layerName()), f.ts(),
                    f.end(), period, 0, f.dur(), v.janky(), none, Interaction.UNKNOWN, null, v));
        }
        c.warnings().forEach(engine::warn);
        if (perPackage.size() > 1) {
            engine.warn("other apps in the trace: " + listed(perPackage, pkg) + " (choose one with --package)");
        }
        engine.finish();
        Summary summary = engine.summary(pkg);
        FrameTiming timing = FrameTimingQuery.of(c, pkg, c.sdk() < 0 || c.sdk() >= 31);
        if (timing != null) {
            summary = summary.withFrameTiming(timing);
        }
        return new SavedDump.Result(c.name(), DumpKind.PERFETTO, summary, List.of());
    }

    /**
     * A SurfaceFrame's verdict: its types from the trace's bitmask (plus {@code dropped} for a Dropped present
     * type, as a dump's Present State adds it), its present state, and Perfetto's jank tag of the exact bitmask.
     */
    public static FrameTimelineVerdict verdict(SurfaceFrame f) {
        Set<FrameTimelineJankType> types = EnumSet.noneOf(FrameTimelineJankType.class);
        types.addAll(FrameTimelineJankType.ofBits(f.jankType()));
        if (f.presentDropped()) {
            types.add(FrameTimelineJankType.DROPPED);
        }
        String present = f.presentDropped() ? "Dropped" : f.presentType() >= 1 && f.presentType() <= 3 ? "Presented"
                : "Unknown";
        FrameTimelineBlame tag = FrameTimelineVerdict.jankTag(f.jankType(), f.presentDropped());
        return new FrameTimelineVerdict(true, types, present, tag);
    }

    /**
     * The vsync period of a package's frames: the smallest spacing (at least 2 ms) of their distinct expected
     * starts — consecutive frames of an animation start one vsync apart; 0 when no two frames show it.
     */
    static long period(List<SurfaceFrame> frames) {
        long[] starts = new long[frames.size()];
        int n = 0;
        for (SurfaceFrame f : frames) {
            starts[n++] = f.expectedTs() >= 0 ? f.expectedTs() : f.ts();
        }
        Arrays.sort(starts, 0, n);
        long best = 0;
        for (int i = 1; i < n; i++) {
            long d = starts[i] - starts[i - 1];
            if (d >= MIN_PERIOD_NS && (best == 0 || d < best)) {
                best = d;
            }
        }
        return best;
    }

    private static String listed(Map<String, Integer> perPackage, String except) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Integer> e : perPackage.entrySet()) {
            if (!e.getKey().equals(except)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append(" (").append(e.getValue())
                        .append(e.getValue() == 1 ? " frame)" : " frames)");
            }
        }
        return sb.toString();
    }
}
