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

    /** The tap to run beside the measurement, or null. */
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

    /** One refresh period of the run in µs: the budget (the display's rate, not a fixed 16 ms). */
    static long budgetUs(Summary summary) {
        double hz = summary.refreshHz();
        return Double.isFinite(hz) && hz > 0 ? Math.round(1e6 / hz) : 16_667;
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
        return o;
    }
}
