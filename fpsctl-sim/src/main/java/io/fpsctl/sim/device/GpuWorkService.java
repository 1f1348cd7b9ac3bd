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
 *   <li>Android 10 to 12: doDump does not know {@code --gpuwork} (12, lineage-19.1: {@code --gpustats},
 *       {@code --gpudriverinfo}, {@code --gpumem}; 11, 18.1: the first two; 10, 17.1: {@code --gpustats} only), so
 *       {@code dumpAll} stays true and it prints its whole dump: {@code dumpGameDriverInfo}'s two lines
 *       ({@code "Stable Game Driver: %s
"}, {@code "Pre-release Game Driver: %s
"}, {@code ro.gfx.driver.0/1},
 *       "unsupported" when unset) and a blank line; on 12 {@code GpuMem::dump} ({@code "Memory snapshot for GPU
 *       %u:
"}, {@code "Global total: %llu
"}, {@code "Proc %u total: %llu
"}) and a blank line; then
 *       {@code GpuStats::dump} (each {@code GpuStatsGlobalInfo::toString}, libs/graphicsenv {@code GpuStatsInfo.cpp},
 *       and a blank line; no app entries here) and a blank line. The figures are inferred (a system driver, one
 *       process's 60 MiB). Android 8/9's GpuService (in surfaceflinger) has no dump of its own: nothing (inferred from
 *       BBinder's default dump).</li>
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
        if (version.sdk() < 29) {
            return "";
        }
        if (version.sdk() < 33) {
            return wholeDump(); // every argument of ours is unknown to it: dumpAll
        }
        if (!args.contains("--gpuwork")) {
            return ""; // 13+: the other sections are not simulated
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

    /** Android 10 to 12's answer to an argument doDump does not know (see the class comment). */
    private String wholeDump() {
        StringBuilder b = new StringBuilder("Stable Game Driver: unsupported\nPre-release Game Driver: unsupported\n\n");
        if (version.sdk() >= 31) {
            b.append("Memory snapshot for GPU 0:\nGlobal total: 187432960\nProc 1234 total: 62914560\n\n");
        }
        b.append("driverPackageName = system\ndriverVersionName = 0.502.0\ndriverVersionCode = 0\n"
                + "driverBuildTime = 1630000000\nglLoadingCount = 41\nglLoadingFailureCount = 0\n"
                + "angleLoadingCount = 0\nangleLoadingFailureCount = 0\nvkLoadingCount = 3\n"
                + "vkLoadingFailureCount = 0\nvulkanVersion = 4198400\ncpuVulkanVersion = 4198400\n"
                + "glesVersion = 196610\n\n");
        b.append('\n');
        return b.toString();
    }
}
