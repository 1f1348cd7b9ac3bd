package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * {@code cat FILE…} for the two kernel files fpsctl reads to tell a restarted device from one that only lost its
 * connection; any other file is "No such file or directory". Each simulated device is one boot: a new
 * {@code Simulator} on the same port is a rebooted phone (new boot id, clock started again).
 * <ul>
 *   <li>{@code /proc/sys/kernel/random/boot_id}: Linux {@code drivers/char/random.c proc_do_uuid} prints the
 *       boot's UUID with {@code "%pU"} (lowercase, dashed) and {@code proc_dostring} adds the newline; the UUID is
 *       generated once per boot (Linux 5.15 – 6.x, as in Android's common kernels).</li>
 *   <li>{@code /proc/uptime}: Linux {@code fs/proc/uptime.c uptime_proc_show},
 *       {@code seq_printf(m, "%lu.%02lu %lu.%02lu\n", …)}: CLOCK_BOOTTIME seconds with two decimals, then the idle
 *       time summed over the CPUs. The simulated device never suspends, so its boot time is its CLOCK_MONOTONIC
 *       (the frames' clock); the idle figure is made up (inferred: 6 idle CPUs of 8).</li>
 *   <li>The app's and the CPUs' files of {@link KernelFiles} (docs/metrics.md 13), globs expanded as mksh does; reading
 *       the app's stat files also hands that moment's {@link ResourceTruth} to the truth observer.</li>
 *   <li>Anything else: toybox {@code cat} reports a missing file as {@code cat: FILE: No such file or directory}
 *       on stderr and exits 1, after printing the files it could read (toybox {@code lib/lib.c perror_msg}:
 *       "toyname: message: strerror"; inferred for the wording of this one case).</li>
 * </ul>
 */
final class ProcFiles implements ShellCommand {
    static final String BOOT_ID = "/proc/sys/kernel/random/boot_id";
    static final String UPTIME = "/proc/uptime";

    private static final java.util.regex.Pattern APP_STAT = java.util.regex.Pattern.compile(
            "/proc/\\d+/(task/\\d+/)?stat");

    private final TimeSource time;
    private final String bootId = UUID.randomUUID().toString();
    private final KernelFiles kernel;
    private final java.util.function.Consumer<ResourceTruth> truth;
    private final java.util.function.Consumer<LoadTruth> loadTruth;

    ProcFiles(TimeSource time, KernelFiles kernel, java.util.function.Consumer<ResourceTruth> truth,
              java.util.function.Consumer<LoadTruth> loadTruth) {
        this.time = time;
        this.kernel = kernel;
        this.truth = truth;
        this.loadTruth = loadTruth;
    }

    /** This boot's id. */
    String bootId() {
        return bootId;
    }

    @Override
    public ShellReply run(List<String> args) {
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        KernelFiles.Snapshot snapshot = null;
        boolean appStat = false;
        for (String arg : args) {
            List<String> paths = List.of(arg);
            if (!arg.equals(BOOT_ID) && !arg.equals(UPTIME)) {
                snapshot = snapshot == null ? kernel.at(time.nanoTime()) : snapshot;
                paths = snapshot.expand(arg);
            }
            for (String file : paths) {
                if (file.equals(BOOT_ID)) {
                    out.append(bootId).append('\n');
                } else if (file.equals(UPTIME)) {
                    long ns = time.nanoTime();
                    // hundredths, truncated as the kernel's tv_nsec / (NSEC_PER_SEC / 100)
                    long cs = ns / 10_000_000L;
                    long idle = cs * 6;
                    out.append(String.format(Locale.ROOT, "%d.%02d %d.%02d\n", cs / 100, cs % 100, idle / 100,
                            idle % 100));
                    // the moment that dates a reader's batch (fpsctl's resources: docs/metrics.md 13.8): a test's
                    // reference dates the batch's other reads as the reader did, however long they came after it
                    loadTruth.accept(LoadTruth.uptime(ns));
                } else if (snapshot != null && snapshot.denied().contains(file)) {
                    err.append("cat: ").append(file).append(": Permission denied\n");
                } else if (snapshot != null && snapshot.files().containsKey(file)) {
                    LoadTruth lt = snapshot.load().truth(file, snapshot.now());
                    if (lt != null) {
                        loadTruth.accept(lt);
                    }
                    out.append(snapshot.files().get(file));
                    appStat |= APP_STAT.matcher(file).matches();
                } else {
                    err.append("cat: ").append(file).append(": No such file or directory\n");
                }
            }
        }
        if (appStat && snapshot.truth() != null) {
            truth.accept(snapshot.truth());
        }
        return new ShellReply(out.toString(), err.toString(), err.length() == 0 ? 0 : 1);
    }
}
