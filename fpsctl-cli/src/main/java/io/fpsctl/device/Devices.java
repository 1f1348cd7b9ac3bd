package io.fpsctl.device;

import io.fpsctl.android.Getprop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The devices attached to the adb server, from fpsctl's point of view: which one a command uses
 * ({@code -s SERIAL}, {@code ANDROID_SERIAL}, or the only one), what {@code fpsctl devices} lists, and waiting
 * for a device that went away to come back.
 */
public final class Devices {

    private static final Duration DESCRIBE_TIMEOUT = Duration.ofSeconds(5);
    /** How often {@link #awaitOnline} re-issues {@code host:connect} for a TCP device the server dropped. */
    private static final long RECONNECT_EVERY_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final Pattern TCP_SERIAL = Pattern.compile(".+:[0-9]{1,5}");

    private final AdbHostClient client;
    private final Map<String, String> env;

    /**
     * @param client the adb server to ask
     * @param env the environment ({@code ANDROID_SERIAL} is read from it)
     */
    public Devices(AdbHostClient client, Map<String, String> env) {
        this.client = Objects.requireNonNull(client, "client");
        this.env = Map.copyOf(env);
    }

    /**
     * The device a command should use, from the server's current list.
     *
     * @param serialOption the {@code -s} value, or null/blank to use {@code ANDROID_SERIAL} or the only device
     * @throws DeviceException (exit 3) when there is none, several, or it is not usable, saying what to do
     */
    public DeviceInfo select(String serialOption) {
        return select(client.devices(), requestedSerial(serialOption));
    }

    /** {@link #select(String)} and a {@link Device} for it, through the adb server. */
    public Device open(String serialOption) {
        return DadbDevice.viaServer(client.address(), select(serialOption).serial());
    }

    /** {@code serialOption} if given, else {@code ANDROID_SERIAL} if set, else null. */
    String requestedSerial(String serialOption) {
        if (serialOption != null && !serialOption.isBlank()) {
            return serialOption.strip();
        }
        String fromEnv = env.get("ANDROID_SERIAL");
        return fromEnv == null || fromEnv.isBlank() ? null : fromEnv.strip();
    }

    /**
     * The selection rule, on a given list: the named device, or the only one; it must be in state
     * {@code device}. Several devices without a serial is an error, like adb's "more than one device".
     *
     * @param serial the wanted serial, or null for "the only one"
     */
    public static DeviceInfo select(List<DeviceInfo> attached, String serial) {
        if (serial != null) {
            Optional<DeviceInfo> match = attached.stream().filter(d -> d.serial().equals(serial)).findFirst();
            if (match.isEmpty()) {
                throw new DeviceException("device " + serial + " is not attached ("
                        + (attached.isEmpty() ? "no device is" : "attached: " + listing(attached))
                        + "): check -s / ANDROID_SERIAL, or connect it");
            }
            return requireUsable(match.get());
        }
        if (attached.isEmpty()) {
            throw new DeviceException("no device attached: connect one, or run with --simulate");
        }
        if (attached.size() > 1) {
            throw new DeviceException(attached.size() + " devices attached (" + listing(attached)
                    + "): choose one with -s SERIAL or ANDROID_SERIAL");
        }
        return requireUsable(attached.get(0));
    }

    /** Returns {@code d} if it is in state {@code device}, else throws the error for its state. */
    static DeviceInfo requireUsable(DeviceInfo d) {
        String state = d.state();
        if (d.isOnline()) {
            return d;
        }
        if (state.equals("unauthorized")) {
            throw AdbErrors.unauthorized(d.serial());
        }
        if (state.equals("offline")) {
            throw AdbErrors.offline(d.serial(), null);
        }
        if (state.equals("authorizing") || state.equals("connecting")) {
            throw new DeviceException("device " + d.serial() + " is still " + state + ": wait a moment and retry");
        }
        if (state.startsWith("no permissions")) {
            throw new DeviceException("adb may not use device " + d.serial() + " (" + state
                    + "): fix the USB permissions (udev rules) and retry");
        }
        throw new DeviceException("device " + d.serial() + " is in " + (state.isEmpty() ? "an unknown" : "'" + state + "'")
                + " state, not 'device': boot it into Android and retry");
    }

    private static String listing(List<DeviceInfo> devices) {
        return devices.stream().map(d -> d.serial() + " " + d.state()).collect(Collectors.joining(", "));
    }

    /**
     * Every device the server lists, with model, Android version and refresh rate read from those in state
     * {@code device} (a few short shell commands each; a device that fails to answer keeps nulls).
     *
     * @param refreshHz reads a device's current refresh rate (null when it cannot tell)
     */
    public List<DeviceDescription> describeAll(Function<Device, Double> refreshHz) {
        List<DeviceDescription> out = new ArrayList<>();
        for (DeviceInfo info : client.devices()) {
            if (!info.isOnline()) {
                out.add(new DeviceDescription(info.serial(), info.state(), info.model(), null, null, null));
                continue;
            }
            try (Device device = DadbDevice.viaServer(client.address(), info.serial())) {
                out.add(describe(device, info.state(), info.model(), refreshHz));
            } catch (DeviceException e) {
                out.add(new DeviceDescription(info.serial(), info.state(), info.model(), null, null, null));
            }
        }
        return List.copyOf(out);
    }

    /**
     * Reads model, Android version, SDK level and refresh rate from {@code device}; a command that fails leaves
     * its field null (or {@code fallbackModel}).
     *
     * @param refreshHz reads the device's current refresh rate (null when it cannot tell)
     * @throws DeviceGoneException if the device goes away meanwhile
     */
    public static DeviceDescription describe(Device device, String state, String fallbackModel,
                                             Function<Device, Double> refreshHz) {
        String model = Optional.ofNullable(Getprop.value(stdout(device, Getprop.MODEL))).orElse(fallbackModel);
        String release = Getprop.value(stdout(device, Getprop.RELEASE));
        Integer sdk = Getprop.sdk(stdout(device, Getprop.SDK));
        return new DeviceDescription(device.serial(), state, model, release, sdk, refreshHz.apply(device));
    }

    /** A successful command's stdout; empty if it failed. */
    private static String stdout(Device device, String command) {
        ShellResult r;
        try {
            r = device.shell(command, DESCRIBE_TIMEOUT);
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return "";
        }
        return r.succeeded() ? r.stdout() : "";
    }

    /**
     * Waits until the server lists {@code serial} in state {@code device}, using {@code host:track-devices-l}.
     * A TCP device ({@code host:port}) that the server has dropped altogether is re-connected every 2 s. The
     * server reconnects a TCP device that went offline by itself, which can take ~10 s (docs/formats.md 5.6 item 9).
     *
     * @return the device's entry once online
     * @throws DeviceException if it is not back within {@code timeout}, naming the last state seen
     */
    public DeviceInfo awaitOnline(String serial, Duration timeout) {
        Objects.requireNonNull(serial, "serial");
        long deadline = System.nanoTime() + timeout.toNanos();
        BlockingQueue<List<DeviceInfo>> updates = new LinkedBlockingQueue<>();
        DeviceTracker tracker = null;
        String lastState = "not attached";
        long lastConnect = System.nanoTime() - RECONNECT_EVERY_NANOS;
        boolean absent = false;
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new DeviceException("device " + serial + " did not come back within "
                            + Durations.text(timeout) + " (last seen: " + lastState + "): reconnect it and run again");
                }
                if (tracker == null || !tracker.isAlive()) {
                    if (tracker != null) {
                        tracker.close();
                        tracker = null;
                    }
                    try {
                        tracker = client.trackDevices(updates::add);
                    } catch (DeviceException e) {
                        lastState = "adb server not answering";
                        sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(250)));
                        continue;
                    }
                }
                List<DeviceInfo> list = updates.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(250)),
                        TimeUnit.NANOSECONDS);
                if (list != null) {
                    Optional<DeviceInfo> entry = list.stream().filter(d -> d.serial().equals(serial)).findFirst();
                    if (entry.isPresent() && entry.get().isOnline()) {
                        return entry.get();
                    }
                    absent = entry.isEmpty();
                    lastState = entry.map(DeviceInfo::state).orElse("not attached");
                }
                if (absent && TCP_SERIAL.matcher(serial).matches()
                        && System.nanoTime() - lastConnect >= RECONNECT_EVERY_NANOS) {
                    lastConnect = System.nanoTime();
                    try {
                        client.connect(serial); // a success shows up in the tracker
                    } catch (DeviceException e) {
                        lastState = "not attached; connect failed";
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted while waiting for device " + serial, e);
        } finally {
            if (tracker != null) {
                tracker.close();
            }
        }
    }

    /** {@link #awaitOnline} as a yes/no: true once {@code serial} is online again within {@code timeout}. */
    public boolean comesBack(String serial, Duration timeout) {
        try {
            awaitOnline(serial, timeout);
            return true;
        } catch (DeviceException e) {
            return false;
        }
    }

    private static void sleep(long nanos) throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(nanos);
    }
}
