package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;

/**
 * The app's own GPU time: {@code dumpsys gpu --gpuwork} (docs/metrics.md 14 rule 10). gpuservice's GpuWork
 * (frameworks/native {@code services/gpuservice/gpuwork/GpuWork.cpp}, new in Android 13, API 33; read in lineage-20
 * and in a 2025 tree, the same text) keeps, in an eBPF map fed by the GPU driver's {@code power/gpu_work_period}
 * tracepoint, each (GPU id, uid)'s summed active and inactive time. {@code GpuService::doDump} prints it for the
 * argument {@code --gpuwork} alone ({@code dumpWork}). Before 13 the argument is not known, and doDump prints its
 * whole dump instead: Android 12 (lineage-19.1) knows {@code --gpustats}, {@code --gpudriverinfo}, {@code --gpumem},
 * Android 11 (18.1) the first two, Android 10 (17.1) {@code --gpustats} only, and any other argument leaves
 * {@code dumpAll} true (the {@code "Stable Game Driver: …"} lines, GpuMem's dump on 12, GpuStats' dump). The batch
 * does not ask below API 33, but asks a device whose API level is unknown: any text that is neither the table nor
 * one of its two "not available" lines is therefore the app's GPU time unavailable, saying so, never a format error
 * that would cost the batch's other figures. {@code GpuWork::dump} prints:
 * <ul>
 *   <li>{@code "GPU work information is not available.\n"} when {@code initialize()} did not finish (no BPF map, or
 *       the driver has no {@code gpu_work_period} tracepoint to attach to): unavailable, saying so;</li>
 *   <li>{@code "GPU work map is not available.\n"} when the map is not valid: unavailable;</li>
 *   <li>else {@code "GPU work information.\ngpu_id uid total_active_duration_ns total_inactive_duration_ns\n"}, then
 *       one row per (gpu_id, uid) in ascending order ({@code std::map} with {@code lessThanGpuIdUid}):
 *       {@code "[errors:%u]"} when the entry's {@code error_count} is not 0, then
 *       {@code "%u %u %llu %llu\n"} ({@code PRIu32 PRIu32 PRIu64 PRIu64}); doDump adds one blank line after.</li>
 * </ul>
 * The app's figure is the sum of its uid's {@code total_active_duration_ns} over every GPU id. A uid with no row did
 * no GPU work since the map was last cleared: 0, a real one, when the table lists some uid; a table with no row at
 * all is a driver that never fired the tracepoint: unavailable, never a 0. The map is <b>cleared</b> by every statsd
 * pull of the {@code GPU_WORK_PER_UID} atom ({@code pullWorkAtoms} ends with {@code clearMap()}) and by
 * {@code periodicallyClearMap} when it is over three quarters full (checked hourly): the counter can go back, and the
 * engine then leaves that interval's figure unknown (rule 10).
 */
public final class GpuWorkDump {
    /** Android 13: GpuWork and {@code --gpuwork} are new in it. */
    public static final int FIRST_SDK = 33;
    static final String COMMAND = "dumpsys gpu --gpuwork";
    static final String TITLE = "GPU work information.";
    static final String HEADER = "gpu_id uid total_active_duration_ns total_inactive_duration_ns";
    static final String NOT_INITIALIZED = "GPU work information is not available.";
    static final String NO_MAP = "GPU work map is not available.";
    private static final String ERRORS = "[errors:";

    private GpuWorkDump() {
    }

    /**
     * The app's uid's GPU time, or why it is unknown.
     *
     * @param activeNs its {@code total_active_duration_ns} summed over every GPU id; null when unknown
     * @param reason   why {@code activeNs} is null, else null
     */
    public record Reading(Long activeNs, String reason) {
    }

    /** Why the app's GPU time cannot be read on API {@code sdk}, or null from Android 13 on. */
    public static String tooOld(int sdk) {
        return sdk >= FIRST_SDK ? null : "the app's GPU time needs Android 13 (API 33: gpuservice's GpuWork, dumpsys "
                + "gpu --gpuwork), the device is API " + sdk;
    }

    /**
     * Reads the dump for {@code uid}.
     *
     * @throws DumpFormatException when the table is there but a row is not of its shape (the batch turns it into
     *                             this figure's reason, never the batch's: ResourceProbe)
     */
    public static Reading parse(String text, int uid) throws DumpFormatException {
        String[] lines = text.split("\n", -1);
        int i = 0;
        while (i < lines.length && lines[i].isBlank()) {
            i++;
        }
        if (i == lines.length) {
            return new Reading(null, "dumpsys gpu --gpuwork printed nothing");
        }
        String first = lines[i].strip();
        ReadError err = ReadError.of(first);
        if (err != null) {
            return new Reading(null, "dumpsys gpu: " + err.reason());
        }
        if (first.equals(NOT_INITIALIZED)) {
            return new Reading(null, "GPU work information is not available (gpuservice's GpuWork found no BPF "
                    + "map or no power/gpu_work_period tracepoint in the GPU driver)");
        }
        if (first.equals(NO_MAP)) {
            return new Reading(null, "GPU work map is not available (gpuservice)");
        }
        if (!first.equals(TITLE) || i + 1 >= lines.length || !lines[i + 1].strip().equals(HEADER)) {
            return new Reading(null, "dumpsys gpu --gpuwork printed no GPU work table (first line \"" + clip(first)
                    + "\"): gpuservice before Android 13 does not know --gpuwork and prints its whole dump");
        }
        long sum = 0;
        int rows = 0;
        for (int k = i + 2; k < lines.length; k++) {
            String line = lines[k].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith(ERRORS)) {
                int close = line.indexOf(']');
                if (close < 0) {
                    throw new DumpFormatException("dumpsys gpu --gpuwork: unclosed [errors: in \"" + clip(line)
                            + "\"");
                }
                line = line.substring(close + 1);
            }
            String[] f = line.split(" ");
            if (f.length != 4) {
                throw new DumpFormatException("dumpsys gpu --gpuwork: not 4 numbers: \"" + clip(line) + "\"");
            }
            long rowUid;
            long active;
            try {
                Long.parseUnsignedLong(f[0]);
                rowUid = Long.parseUnsignedLong(f[1]);
                active = Long.parseUnsignedLong(f[2]);
                Long.parseUnsignedLong(f[3]);
            } catch (NumberFormatException e) {
                throw new DumpFormatException("dumpsys gpu --gpuwork: not 4 numbers: \"" + clip(line) + "\"");
            }
            if (active < 0) {
                throw new DumpFormatException("dumpsys gpu --gpuwork: active time past 2^63 ns: " + clip(line));
            }
            rows++;
            if (rowUid == uid) {
                sum += active;
            }
        }
        if (rows == 0) {
            return new Reading(null, "dumpsys gpu --gpuwork lists no uid (the GPU driver reported no "
                    + "gpu_work_period yet, or the map was just cleared)");
        }
        return new Reading(sum, null);
    }

    /** The uid of the {@code Uid:} line in {@code text} (real uid, {@code fs/proc/array.c task_state}), or -1. */
    public static int uid(String text) {
        if (text == null) {
            return -1;
        }
        for (String line : text.split("\n")) {
            if (line.startsWith("Uid:")) {
                String[] f = line.substring(4).strip().split("\\s+");
                try {
                    return Integer.parseInt(f[0]);
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
