package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code dumpsys gpu} (docs/metrics.md 14 rule 10), only its {@code --gpuwork} section: frameworks/native
 * {@code services/gpuservice/GpuService.cpp doDump} and {@code gpuwork/GpuWork.cpp dump} (Android 13+, read in
 * lineage-20 and a 2025 tree):
 * <ul>
 *   <li>Android 13+: with the driver's {@code power/gpu_work_period} tracepoint (Adreno and Mali profiles) the title
 *       and header, {@code "GPU work information.\ngpu_id uid total_active_duration_ns total_inactive_duration_ns\n"},
 *       then {@code "%u %u %llu %llu\n"} rows in (gpu_id, uid) order, {@code "[errors:%u]"} before a row with errors;
 *       without it (closed profile) {@code "GPU work information is not available.\n"} ({@code initialize()} never
 *       finished). doDump adds {@code "\n"} after the section.</li>
 *   <li>Android 10 to 12: GpuService's doDump knows {@code --gpustats}, {@code --gpudriverinfo}, {@code --gpumem}
 *       only and, given arguments, dumps just those asked: nothing. Android 8/9's GpuService (in surfaceflinger) has no
 *       dump of its own: nothing either (inferred from BBinder's default dump).</li>
 * </ul>
 * Rows: the system uid (1000: SurfaceFlinger's composition, inferred as 2 ms a second plus a third of the app's),
 * the app (10123: the union of its frames' GPU spans, {@link DeviceLoadFiles#appGpuNs}), and another app (10124)
 * with a fixed 7 ms and 2 errors. Inactive times are inferred (half a second a second for the app). The simulator
 * never clears the map (a statsd pull would). Each dump that printed the table records the app's figure
 * ({@link LoadTruth}, part {@code gpuWork}).
 */
final class GpuWorkService implements DumpsysService {
    private static final long SECOND = 1_000_000_000L;

    private final AndroidVersion version;
    private final DeviceLoadFiles load;
    private final TimeSource time;
    private final Consumer<LoadTruth> truth;

    GpuWorkService(AndroidVersion version, DeviceLoadFiles load, TimeSource time, Consumer<LoadTruth> truth) {
        this.version = version;
        this.load = load;
        this.time = time;
        this.truth = truth;
    }

    @Override
    public String dump(List<String> args) {
        if (version.sdk() < 33 || !args.contains("--gpuwork")) {
            return ""; // the other sections are not simulated; before 13 --gpuwork prints nothing
        }
        if (!load.gpuWorkTracked()) {
            return "GPU work information is not available.\n\n";
        }
        long now = time.nanoTime();
        long app = load.appGpuNs(now);
        long system = 2_000_000L * (now / SECOND) + app / 3;
        StringBuilder b = new StringBuilder("GPU work information.\ngpu_id uid total_active_duration_ns "
                + "total_inactive_duration_ns\n");
        b.append("0 1000 ").append(system).append(' ').append(now / 4).append('\n');
        b.append("0 ").append(DeviceLoadFiles.APP_UID).append(' ').append(app).append(' ').append(now / 2)
                .append('\n');
        b.append("[errors:2]0 10124 7000000 0\n");
        b.append('\n');
        truth.accept(new LoadTruth(now, "gpuWork", null, null, null, null, null, null, null, null, null, null, null,
                app));
        return b.toString();
    }
}
