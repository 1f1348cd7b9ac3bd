package io.fpsctl.cli;

import io.fpsctl.capture.FlutterTap;
import io.fpsctl.device.Device;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.sink.FlutterBlock;

import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * When a run measures a Flutter app's UI/raster split (docs/metrics.md 16), and how its block is printed: always
 * with {@code --source flutter} or a Flutter gate threshold; with {@code --source auto} when the frames measured
 * are a SurfaceView layer's (where a FlutterSurfaceView draws) and the app turns out to be a Flutter app.
 */
final class FlutterRun {

    private FlutterRun() {
    }

    /**
     * The tap to run beside the measurement, or null: the one place watch, capture and gate decide it.
     *
     * @param asked a Flutter threshold asked for the split (gate)
     * @param chosen the source auto chose, or null when it is chosen later (gate: per iteration); not consulted
     */
    static FlutterTap start(boolean asked, MeasureOptions.SourceOption option, Source chosen, Device device, String pkg,
            Consumer<String> notes) {
        boolean flutter = option == MeasureOptions.SourceOption.flutter;
        // auto looks whatever it measures first: a FlutterSurfaceView app's window draws its first frames through
        // HWUI (the splash), so auto may start on gfxinfo and follow the SurfaceView layer a moment later
        if (!asked && !flutter && option != MeasureOptions.SourceOption.auto) {
            return null;
        }
        FlutterTap tap = FlutterTap.start(device, pkg, notes);
        if (tap.kind() == FlutterTap.Kind.NOT_FLUTTER && !asked && !flutter) {
            return null; // auto on a game or a video: nothing to say
        }
        return tap;
    }

    /**
     * One refresh period of the run in µs: the budget (the display's rate, not a fixed 16 ms). When the rate was not
     * read, 60 Hz (DevTools' default too), never silently: {@link #notes} says so.
     */
    static long budgetUs(Summary summary) {
        return refreshKnown(summary) ? Math.round(1e6 / summary.refreshHz()) : 16_667;
    }

    private static boolean refreshKnown(Summary summary) {
        Double hz = summary.refreshHz(); // null when no interval was seen
        return hz != null && Double.isFinite(hz) && hz > 0;
    }

    /**
     * The notes a run with Flutter timings carries in its warnings (docs/metrics.md 16 rules 3 and 9): a budget
     * assumed at 60 Hz because the refresh rate was not read, and frames.csv's per-frame cells paired by inference.
     */
    static java.util.List<String> notes(Summary summary, io.fpsctl.engine.FlutterStats.Result r) {
        if (r == null) {
            return java.util.List.of();
        }
        java.util.List<String> out = new java.util.ArrayList<>();
        if (!refreshKnown(summary)) {
            out.add("flutter: refresh rate unavailable: budgetMs 16.667 and the over-budget shares assume 60 Hz");
        }
        out.add("flutter: pairing inferred: frames.csv's uiMs/rasterMs/flutterBottleneck assume no dropped buffer "
                + "(docs/metrics.md 16 rule 9)");
        return out;
    }

    /**
     * Finishes the tap: the summary with its {@code flutter} block (null when unavailable, with the reason and, for a
     * release build, the engine threads' CPU among its warnings; docs/metrics.md 16).
     */
    static Summary finish(FlutterTap tap, Summary summary) {
        return attach(tap.finish(budgetUs(summary)), summary);
    }

    /** The summary with a finished tap's block, its reason and notes among the warnings (as {@link #finish}). */
    static Summary attach(FlutterTap.Outcome o, Summary summary) {
        Summary s = summary.withFlutter(o.result());
        if (o.result() == null) {
            s = s.withWarning("flutter: UI/raster split unavailable: " + o.reason());
        }
        if (o.engineCpu() != null) {
            s = s.withWarning("flutter: " + o.engineCpu());
        }
        for (String note : notes(summary, o.result())) {
            s = s.withWarning(note);
        }
        return s;
    }

    /**
     * Fills frames.csv's Flutter cells from the tap's frames once the file is whole and closed (docs/metrics.md 16
     * rule 9), replacing it atomically; nothing when the tap has no frames.
     *
     * @return the rows joined
     */
    static long fillFramesCsv(FlutterTap tap, Summary summary, java.nio.file.Path framesCsv) throws java.io.IOException {
        java.util.List<io.fpsctl.engine.FlutterFrame> frames = tap.frames();
        if (framesCsv == null || frames.isEmpty() || !java.nio.file.Files.isRegularFile(framesCsv)) {
            return 0; // a pipe or a device (--frames-csv /dev/stdout) cannot be read back: its cells stay empty
        }
        long[] joined = new long[1];
        io.fpsctl.sink.AtomicFile.write(framesCsv, w -> {
            try {
                joined[0] = io.fpsctl.format.FrameCsvFlutter.fill(() -> java.nio.file.Files.newBufferedReader(framesCsv),
                        w, frames, budgetUs(summary));
            } catch (io.fpsctl.format.FrameCsvFormatException e) {
                throw new java.io.IOException(framesCsv + ": " + e.getMessage(), e);
            }
        });
        return joined[0];
    }

    /** Finishes the tap and prints its block after the summary. */
    static FlutterTap.Outcome finishAndPrint(FlutterTap tap, Summary summary, PrintWriter out) {
        FlutterTap.Outcome o = tap.finish(budgetUs(summary));
        for (String line : FlutterBlock.lines(o.result(), o.reason(), summary.fps())) {
            out.println(line);
        }
        if (o.engineCpu() != null) {
            out.println("  " + o.engineCpu());
        }
        for (String note : notes(summary, o.result())) {
            out.println("  " + note);
        }
        return o;
    }
}
