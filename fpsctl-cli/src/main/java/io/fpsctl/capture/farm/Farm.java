package io.fpsctl.capture.farm;

import io.fpsctl.capture.ForegroundLoop;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.AdbServers;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceAddress;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceInfo;
import io.fpsctl.device.DeviceTracker;
import io.fpsctl.device.Devices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Every online device of every adb server, each app measured continuously: one {@code host:track-devices-l}
 * subscription per server (re-subscribed when the server goes away, without stopping the others), one
 * {@link AppLoop} thread per device and app. A device that appears later is picked up; one that goes away is
 * waited for by its loops (the reconnect timeout), then picked up again when listed online.
 */
public final class Farm implements AutoCloseable {
    private static final long RESUBSCRIBE_MS = 2_000;
    /** How often the app in front of a device is looked at ({@code --foreground}). */
    private static final java.time.Duration FOREGROUND_CHECK = java.time.Duration.ofSeconds(2);

    private final AdbServers servers;
    private final List<String> packages;
    private final AppLoop.Settings settings;
    private final AppSink.Factory sinks;
    /** Notes of every thread, handed to the serving thread ({@link #serve}). */
    private final Queue<String> queued = new ConcurrentLinkedQueue<>();
    private final Consumer<String> notes = queued::add;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final boolean qualifyNames;
    private final boolean foreground;
    private final Map<DeviceAddress, Running> running = new ConcurrentHashMap<>();
    /** Sinks are kept per device and app so a device's series continue after it comes back. */
    private final Map<String, AppSink> openSinks = new ConcurrentHashMap<>();
    private final List<Thread> trackers = new ArrayList<>();
    private volatile boolean closed;

    /** A device being measured: its loops. */
    private record Running(Device device, List<Runnable> stops, List<Thread> threads) {
        boolean alive() {
            return threads.stream().anyMatch(Thread::isAlive);
        }
    }

    /**
     * @param packages apps measured on every device
     * @param foreground also measure whatever app is in front of each device
     */
    public Farm(AdbServers servers, List<String> packages, boolean foreground, io.fpsctl.capture.SourceRequest request,
                io.fpsctl.engine.EngineConfig config, java.time.Duration reconnectTimeout, AppSink.Factory sinks) {
        this.foreground = foreground;
        this.servers = servers;
        this.packages = List.copyOf(packages);
        this.settings = new AppLoop.Settings(request, config, reconnectTimeout);
        this.sinks = sinks;
        this.qualifyNames = servers.addresses().size() > 1;
    }

    /** Starts watching every server; returns at once. */
    public void start() {
        for (AdbServerAddress server : servers.addresses()) {
            Thread t = new Thread(() -> track(server), "fpsctl-farm-track-" + server);
            t.setDaemon(true);
            t.start();
            trackers.add(t);
        }
    }

    /**
     * Serves until {@code duration} has passed (null: until {@link #stop}): on the caller's thread, about twice a
     * second, the notes of every device's loops go to {@code print}, and {@code housekeeping} (e.g. dropping series
     * past their TTL) runs every {@code every}.
     */
    public void serve(java.time.Duration duration, Consumer<String> print, Runnable housekeeping,
                      java.time.Duration every) throws InterruptedException {
        long end = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        long nextSweep = System.currentTimeMillis() + every.toMillis();
        while (System.nanoTime() < end) {
            long waitMs = Math.min(500, Math.max(1, (end - System.nanoTime()) / 1_000_000));
            if (stop.await(waitMs, TimeUnit.MILLISECONDS)) {
                break;
            }
            drain(print);
            if (System.currentTimeMillis() >= nextSweep) {
                housekeeping.run();
                nextSweep = System.currentTimeMillis() + every.toMillis();
            }
        }
        drain(print);
    }

    /** Ends {@link #serve} (a signal, any thread). */
    public void stop() {
        stop.countDown();
    }

    private void drain(Consumer<String> print) {
        String n;
        while ((n = queued.poll()) != null) {
            print.accept(n);
        }
    }

    private void track(AdbServerAddress server) {
        String lastProblem = null;
        while (!closed) {
            DeviceTracker tracker = null;
            try {
                tracker = servers.client(server).trackDevices(list -> onList(server, list));
                if (lastProblem != null) {
                    notes.accept("adb server " + server + " answers again");
                    lastProblem = null;
                }
                while (!closed && tracker.isAlive()) {
                    Thread.sleep(250);
                }
            } catch (DeviceException e) {
                if (!e.getMessage().equals(lastProblem)) {
                    notes.accept("adb server " + server + ": " + e.getMessage() + " (retrying; other servers go on)");
                    lastProblem = e.getMessage();
                }
            } catch (InterruptedException e) {
                return;
            } finally {
                if (tracker != null) {
                    tracker.close();
                }
            }
            try {
                Thread.sleep(RESUBSCRIBE_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void onList(AdbServerAddress server, List<DeviceInfo> list) {
        for (DeviceInfo info : list) {
            if (closed || !info.isOnline()) {
                continue;
            }
            DeviceAddress address = new DeviceAddress(server, info.serial());
            running.compute(address, (a, r) -> r != null && r.alive() ? r : launch(a, info, r));
        }
    }

    private Running launch(DeviceAddress address, DeviceInfo info, Running previous) {
        if (previous != null) {
            previous.device().close();
        }
        Device device = DadbDevice.viaServer(address.server(), address.serial());
        String name = qualifyNames ? address.toString() : address.serial();
        FarmDevice farmDevice;
        try {
            var d = Devices.describe(device, info.state(), info.model(), x -> null);
            farmDevice = new FarmDevice(address, name, d.model(), d.androidVersion());
        } catch (DeviceException e) {
            farmDevice = new FarmDevice(address, name, info.model(), null);
        }
        notes.accept("device " + name + " (" + farmDevice.model() + ", Android " + farmDevice.android()
                + "): measuring " + String.join(", ", packages) + (foreground ? (packages.isEmpty() ? "" : " and ")
                + "the app in front" : ""));
        Devices devices = new Devices(servers.client(address.server()), Map.of());
        io.fpsctl.capture.CaptureSession.Reconnector reconnector = timeout -> devices.comesBack(address.serial(),
                timeout);
        List<Runnable> stops = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        FarmDevice fd = farmDevice;
        for (String pkg : packages) {
            AppLoop loop = new AppLoop(farmDevice, device, reconnector, pkg, settings, sink(fd, pkg), notes);
            Thread t = new Thread(loop, "fpsctl-farm-" + name + "-" + pkg);
            t.setDaemon(true);
            stops.add(loop::stop);
            threads.add(t);
        }
        if (foreground) {
            ForegroundLoop loop = new ForegroundLoop(device, reconnector, settings.reconnectTimeout(), FOREGROUND_CHECK,
                    pkg -> packages.contains(pkg) ? null // measured anyway, by its own loop
                            : foregroundApp(new AppLoop(fd, device, reconnector, pkg, settings, sink(fd, pkg), notes)),
                    note -> notes.accept(fd.name() + ": " + note), "fpsctl-farm-fg-" + name);
            Thread t = new Thread(() -> {
                try {
                    loop.run(null);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "fpsctl-farm-" + name + "-foreground");
            t.setDaemon(true);
            stops.add(loop::stop);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        return new Running(device, stops, threads);
    }

    /** The loop of an app measured while it is in front: until the foreground loop stops it. */
    private static ForegroundLoop.App foregroundApp(AppLoop loop) {
        return new ForegroundLoop.App() {
            @Override
            public boolean run(java.time.Duration left) {
                loop.run();
                return true;
            }

            @Override
            public void stop() {
                loop.stop();
            }
        };
    }

    private AppSink sink(FarmDevice device, String pkg) {
        return openSinks.computeIfAbsent(device.name() + "\n" + pkg, k -> sinks.open(device, pkg));
    }

    /** Stops every loop and subscription and waits briefly for the loops to end. */
    @Override
    public void close() {
        closed = true;
        trackers.forEach(Thread::interrupt);
        for (Running r : running.values()) {
            r.stops().forEach(Runnable::run);
        }
        for (Running r : running.values()) {
            for (Thread t : r.threads()) {
                try {
                    t.join(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            r.device().close();
        }
    }
}
