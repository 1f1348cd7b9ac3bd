package io.fpsctl.cli;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.SimulatorFleet;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fpsctl sim}: a simulated Android device that the real adb server accepts. */
@Command(name = "sim", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {
            "Run a simulated Android device on 127.0.0.1 that speaks the real adb protocol, with an app",
            "rendering frames of a known scenario. Connect with 'adb connect 127.0.0.1:PORT'. Runs until Ctrl-C."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "2:usage error", "5:cannot listen on the port or write the truth file"})
final class SimCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", description = "Loopback port to listen on (default: ${DEFAULT-VALUE}).")
    int port = Simulator.DEFAULT_PORT;

    @Option(names = "--scenario", paramLabel = "NAME|FILE", converter = ScenarioConverter.class,
            description = "smooth, jank, game, game-late, refresh-switch, freeze, idle-bursts, two-windows, "
                    + "system-jank, scroll, throttle, or a JSON scenario file (default: ${DEFAULT-VALUE}).")
    String scenario = "jank";

    @Option(names = "--refresh", paramLabel = "HZ", description = "Display refresh rate: 60, 90, 120 or 144 "
            + "(default: the scenario's).")
    Integer refresh;

    @Option(names = "--android", paramLabel = "N", description = "Android version to emulate, 6..16 (default: ${DEFAULT-VALUE}).")
    int android = 14;

    @Option(names = "--gpu", paramLabel = "PROFILE", description = "GPU and battery files (docs/metrics.md 14): "
            + "adreno (kgsl), mali, or closed (GPU nodes Permission denied, on USB power) (default: ${DEFAULT-VALUE}).")
    String gpu = "adreno";

    @Option(names = "--seed", paramLabel = "N", description = "Random seed: the same seed gives the same frames.")
    long seed = 1;

    @Option(names = "--package", paramLabel = "PKG", description = "The app's package (default: ${DEFAULT-VALUE}).")
    String packageName = SimOptions.DEFAULT_PACKAGE;

    @Option(names = "--truth", paramLabel = "FILE",
            description = "Write every generated frame to FILE (framestats blocks; .latency files per layer).")
    Path truth;

    @Option(names = "--auth-never", description = "Never accept the host's key: the device shows as unauthorized.")
    boolean authNever;

    @Option(names = "--disconnect-after", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Drop the connection after DUR (the device shows as offline, then comes back).")
    Duration disconnectAfter;

    @Option(names = "--reboot-after", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Reboot the device after DUR: it goes away for 5 s, then comes back on the same port as a "
                    + "new boot (new boot id, its clock and its app started again), as a phone that restarted; with --devices, "
                    + "the first device.")
    Duration rebootAfter;

    @Option(names = "--dumpsys-delay", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Make every dumpsys answer this slowly.")
    Duration dumpsysDelay;

    @Option(names = "--crash-after", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Crash the app after DUR; it restarts at once with a new pid.")
    Duration crashAfter;

    @Option(names = "--bad-latency-period-after", paramLabel = "DUR", converter = DurationConverter.class,
            description = "A fault: from DUR on (0s: from the start), 'dumpsys SurfaceFlinger --latency' prints 2 ns "
                    + "as its refresh period, which no display has.")
    Duration badLatencyPeriodAfter;

    @Option(names = "--app-stopped", description = "The app is installed but not running.")
    boolean appStopped;

    @Option(names = "--not-installed", description = "The package is not installed.")
    boolean notInstalled;

    @Option(names = "--agent-not-installed", description = "The fpsctl agent is not installed: 'am instrument "
            + "io.fpsctl.agent/.FpsctlAgent' fails as on a phone without it (default: installed, it streams).")
    boolean agentNotInstalled;

    @Option(names = "--truncate-at", paramLabel = "BYTES", description = "Cut every dumpsys answer after BYTES bytes.")
    Integer truncateAt;

    @Option(names = "--screenrecord-limit", paramLabel = "SECONDS", description = "Per-file limit of the device's "
            + "screenrecord, 1..180 (default: AOSP's 180; lower it to test chained recordings in seconds).")
    Integer screenrecordLimit;

    @Option(names = "--devices", paramLabel = "N", description = "Run N devices in this process (default: 1): ports "
            + "PORT, PORT+1, … (0: any free ones), seeds SEED, SEED+1, …; --truth is then a folder with one "
            + "sim-<port>.txt per device, and --disconnect-after applies to the first device only.")
    int devices = 1;

    @Option(names = "--run-for", paramLabel = "DUR", converter = DurationConverter.class,
            description = "Stop after DUR instead of waiting for Ctrl-C.")
    Duration runFor;

    @Override
    public Integer call() throws Exception {
        if (devices < 1 || devices > 500) {
            throw new CliException(ExitCode.USAGE, "--devices must be between 1 and 500, got " + devices);
        }
        if (port != 0 && port + devices - 1 > 65535) {
            throw new CliException(ExitCode.USAGE, "--port " + port + " with --devices " + devices
                    + " runs past port 65535: choose a lower --port, or --port 0");
        }
        Simulator.Config base = config();
        PrintWriter out = spec.commandLine().getOut();
        List<Simulator> sims = new java.util.concurrent.CopyOnWriteArrayList<>();
        SimulatorFleet fleet = new SimulatorFleet(sims, line -> {
            out.println(line);
            out.flush();
        }, e -> ErrorLine.print(spec.commandLine().getErr(), "could not finish the truth file " + truth + ": "
                + ErrorLine.describe(e)), e -> ErrorLine.print(spec.commandLine().getErr(),
                "could not start the device again after its reboot: " + ErrorLine.describe(e)));
        try {
            for (int i = 0; i < devices; i++) {
                PrintWriter err = spec.commandLine().getErr(); // the terminal rule: diagnostics quote client text
                Simulator sim = Simulator.start(deviceConfig(base, i), line -> {
                    err.println(line);
                    err.flush();
                });
                sims.add(sim);
                faults(sim);
            }
        } catch (IOException e) {
            sims.forEach(fleet::close);
            throw new CliException(ExitCode.IO, e.getMessage());
        }
        if (rebootAfter != null) {
            fleet.rebootFirst(rebootAfter, REBOOT_OFFLINE, base);
        }
        fleet.closeOnExit();
        if (devices == 1) {
            String serial = sims.get(0).serial();
            out.printf("fpsctl sim: Android %d device, app %s, scenario %s, listening on %s%n", android, packageName,
                    scenario, serial);
            out.printf("  adb connect %s%n", serial);
            out.printf("  adb -s %s shell dumpsys gfxinfo %s framestats%n", serial, packageName);
        } else {
            out.printf("fpsctl sim: %d Android %d devices, app %s, scenario %s, listening on:%n", devices, android,
                    packageName, scenario);
            for (Simulator sim : sims) {
                out.printf("  adb connect %s%n", sim.serial());
            }
        }
        if (truth != null) {
            out.printf("  truth: %s%n", truth);
        }
        out.println("Press Ctrl-C to stop.");
        out.flush();
        if (runFor != null) {
            return fleet.runFor(runFor) ? ExitCode.OK : ExitCode.IO;
        }
        fleet.awaitEnd();
        return ExitCode.OK;
    }

    /** How long a rebooting device is away (inferred: a short reboot; what matters is that it is gone, then new). */
    static final Duration REBOOT_OFFLINE = Duration.ofSeconds(5);

    /** Device {@code i} of {@code --devices}: its own port, seed and truth file; faults on the first only. */
    private Simulator.Config deviceConfig(Simulator.Config base, int i) throws IOException {
        if (devices == 1) {
            return base;
        }
        int p = port == 0 ? 0 : port + i;
        SimOptions o = base.options();
        SimOptions options = new SimOptions(o.android(), o.refreshHz(), seed + i, o.packageName(), o.gpu());
        Path truthFile = null;
        if (truth != null) {
            Files.createDirectories(truth);
            truthFile = truth.resolve("sim-" + (p == 0 ? "dev" + (i + 1) : String.valueOf(p)) + ".txt");
        }
        return new Simulator.Config(base.scenario(), options, p, truthFile, authNever,
                i == 0 ? disconnectAfter : null, base.dumpsysDelayMs());
    }

    private void faults(Simulator sim) {
        if (notInstalled) {
            sim.android().uninstallApp();
        } else if (appStopped) {
            sim.android().stopApp();
        }
        if (agentNotInstalled) {
            sim.android().setAgentInstalled(false);
        }
        if (screenrecordLimit != null) {
            if (screenrecordLimit < 1 || screenrecordLimit > 180) {
                throw new CliException(ExitCode.USAGE, "--screenrecord-limit must be 1..180 (AOSP's kMaxTimeLimitSec)");
            }
            sim.android().setScreenRecordLimitSeconds(screenrecordLimit);
        }
        if (truncateAt != null) {
            sim.android().setTruncateDumpsysAt(truncateAt);
        }
        if (crashAfter != null) {
            sim.after(crashAfter, a -> a.crashApp());
        }
        if (badLatencyPeriodAfter != null) {
            sim.after(badLatencyPeriodAfter, a -> a.setLatencyPeriodFault(2));
        }
    }

    private Simulator.Config config() {
        if (port < 0 || port > 65535) {
            throw new CliException(ExitCode.USAGE, "--port must be between 0 and 65535");
        }
        AndroidVersion version;
        try {
            version = AndroidVersion.of(android);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--android must be between 6 and 16, got " + android);
        }
        if (refresh != null && refresh != 60 && refresh != 90 && refresh != 120 && refresh != 144) {
            throw new CliException(ExitCode.USAGE, "--refresh must be 60, 90, 120 or 144, got " + refresh);
        }
        Scenario s;
        try {
            s = Scenarios.byNameOrFile(scenario);
        } catch (IOException | IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "unknown scenario '" + scenario + "': use one of "
                    + Scenarios.names() + " or a JSON scenario file (" + e.getMessage() + ")");
        }
        if (rebootAfter != null && truth != null) {
            throw new CliException(ExitCode.USAGE, "--reboot-after does not go with --truth (a new boot starts its "
                    + "frames again): leave one out");
        }
        if (truth != null && devices == 1) {
            checkWritable(truth);
        } else if (truth != null && java.nio.file.Files.exists(truth) && !java.nio.file.Files.isDirectory(truth)) {
            throw new CliException(ExitCode.IO, "--truth " + truth + ": with --devices " + devices
                    + " it is a folder (one sim-<port>.txt per device); give a folder name");
        }
        io.fpsctl.sim.device.GpuProfile profile;
        try {
            profile = io.fpsctl.sim.device.GpuProfile.of(gpu);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--gpu: " + e.getMessage());
        }
        SimOptions options = new SimOptions(version, refresh, seed, packageName, profile);
        return new Simulator.Config(s, options, port, truth, authNever, disconnectAfter,
                dumpsysDelay == null ? 0 : dumpsysDelay.toMillis());
    }

    /** --truth must name a file fpsctl can write (checked before the device starts: exit 5, not a silent 0). */
    private static void checkWritable(java.nio.file.Path file) {
        if (java.nio.file.Files.isDirectory(file)) {
            throw new CliException(ExitCode.IO, "--truth " + file + ": is a folder; give a file name, e.g. "
                    + file.resolve("truth.txt"));
        }
        try {
            java.nio.file.Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                java.nio.file.Files.createDirectories(parent);
            }
            java.nio.file.Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.WRITE).close();
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "--truth " + ErrorLine.describe(e)
                    + ": choose a file in a folder you can write to", e);
        }
    }

}
