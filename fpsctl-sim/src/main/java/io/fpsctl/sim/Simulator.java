package io.fpsctl.sim;

import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.AdbdRelease;
import io.fpsctl.sim.adb.DeviceIdentity;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.FrameObserver;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.TruthWriter;
import io.fpsctl.sim.device.frames.SystemTimeSource;
import io.fpsctl.sim.device.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A running simulated device: the emulated Android ({@link SimulatedAndroid}) behind the adb device protocol
 * ({@link AdbDeviceServer}) on 127.0.0.1, its clock advanced in the background so frames (and the truth file)
 * keep coming even when nobody polls. Used by {@code fpsctl sim} and by {@code --simulate}.
 */
public final class Simulator implements AutoCloseable {
    /** Default port: outside 5555–5585, which the adb server probes for emulators (docs/formats.md 5.6). */
    public static final int DEFAULT_PORT = 15037;
    private static final long TICK_MS = 200;

    /**
     * What to simulate.
     *
     * @param truth         file to write every generated frame to, or null
     * @param authNever     the device never accepts the host's key (host shows {@code unauthorized})
     * @param disconnectAfter drop the connection after this long (host shows {@code offline}), or null
     */
    public record Config(Scenario scenario, SimOptions options, int port, Path truth, boolean authNever,
                         Duration disconnectAfter, long dumpsysDelayMs) {
    }

    /** Runs {@code fault} on the emulated device after {@code delay} (e.g. a crash in the middle of a capture). */
    public void after(Duration delay, java.util.function.Consumer<SimulatedAndroid> fault) {
        ticker.schedule(() -> fault.accept(android), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private final SimulatedAndroid android;
    private final AdbDeviceServer server;
    private final TruthWriter truth;
    private final ScheduledExecutorService ticker;
    private final java.util.function.Consumer<String> diagnostics;

    /** Where this device's transport diagnostics go (a device started again after a reboot keeps it). */
    public java.util.function.Consumer<String> diagnostics() {
        return diagnostics;
    }

    private Simulator(SimulatedAndroid android, AdbDeviceServer server, TruthWriter truth,
                      java.util.function.Consumer<String> diagnostics) {
        this.diagnostics = diagnostics;
        this.android = android;
        this.server = server;
        this.truth = truth;
        this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fpsctl-sim-clock");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts the device; the returned simulator listens until {@link #close()}. Diagnostics go to standard error. */
    public static Simulator start(Config config) throws IOException {
        return start(config, TransportOptions.defaults().diagnostics());
    }

    /**
     * Starts the device with its transport's diagnostics (a connection that failed, a shell handler that threw: they
     * quote what the adb client sent) given to {@code diagnostics}: {@code fpsctl sim} passes its own standard error,
     * which shows control characters visibly (docs/outputs-and-signals.md, "Text from a device on the terminal").
     */
    public static Simulator start(Config config, java.util.function.Consumer<String> diagnostics) throws IOException {
        TruthWriter truth = config.truth() == null ? null : TruthWriter.open(config.truth(), config.options().android());
        FrameObserver observer = truth == null ? FrameObserver.NONE : truth;
        SimulatedAndroid android = SimulatedAndroid.create(config.scenario(), config.options(), new SystemTimeSource(),
                observer);
        if (config.dumpsysDelayMs() > 0) {
            android.setDumpsysDelayMillis(config.dumpsysDelayMs());
        }
        TransportOptions transport = TransportOptions.defaults().withAuthNever(config.authNever())
                .withDiagnostics(diagnostics);
        AdbDeviceServer server = new AdbDeviceServer(identityOf(config.options(), config.scenario()), android, transport);
        try {
            server.start(config.port());
        } catch (IOException e) {
            if (truth != null) {
                truth.close();
            }
            throw new IOException("cannot listen on 127.0.0.1:" + config.port() + " (" + e.getMessage()
                    + "): choose another --port", e);
        }
        Simulator sim = new Simulator(android, server, truth, diagnostics);
        sim.ticker.scheduleAtFixedRate(sim::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        if (config.disconnectAfter() != null) {
            server.disconnectAfter(config.disconnectAfter());
        }
        return sim;
    }

    /** The banner of the simulated device: its adbd is the one of its Android release (no shell v2 before 7.0). */
    public static DeviceIdentity identityOf(SimOptions options) {
        return new DeviceIdentity("sim", "Sim", "sim", AdbdRelease.forSdk(options.android().sdk()));
    }

    /**
     * The banner of a simulated device whose scenario may set {@code ro.product.name}, {@code ro.product.model} and
     * {@code ro.product.device} ({@link Scenario#properties()}): adbd reads the three from the system properties
     * (packages/modules/adb {@code adb.cpp get_connection_string}), so the banner says what {@code getprop} does.
     */
    public static DeviceIdentity identityOf(SimOptions options, Scenario scenario) {
        DeviceIdentity plain = identityOf(options);
        var props = scenario == null ? java.util.Map.<String, String>of() : scenario.properties();
        return new DeviceIdentity(props.getOrDefault("ro.product.name", plain.productName()),
                props.getOrDefault("ro.product.model", plain.model()),
                props.getOrDefault("ro.product.device", plain.device()), plain.adbd());
    }

    private void tick() {
        android.advance();
        if (truth != null) {
            truth.flush();
        }
    }

    public int port() {
        return server.port();
    }

    /** The serial the adb server gives the device after {@code adb connect}. */
    public String serial() {
        return "127.0.0.1:" + port();
    }

    /** The emulated Android, for fault injection. */
    public SimulatedAndroid android() {
        return android;
    }

    /** The transport, for connection faults. */
    public AdbDeviceServer transport() {
        return server;
    }

    @Override
    public void close() throws IOException {
        ticker.shutdownNow();
        server.close(); // the host sees the device go before its recordings die (as a phone pulled off USB)
        android.shutDown();
        if (truth != null) {
            android.advance(); // the frames up to now reach the truth file
            truth.close();
        }
    }
}
