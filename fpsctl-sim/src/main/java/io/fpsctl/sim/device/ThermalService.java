package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.List;

/**
 * {@code dumpsys thermalservice} (Android 10+; earlier versions have no such service and {@link Dumpsys} answers
 * "Can't find service"): frameworks/base {@code services/core/java/com/android/server/power/
 * ThermalManagerService.java} binder {@code dump} (read at API 30, 31, 33 and 34): {@code "IsStatusOverride: "},
 * {@code "ThermalEventListeners:"} and {@code "ThermalStatusListeners:"} each followed by {@code RemoteCallbackList.dump}
 * ({@code "\tcallbacks: "}, {@code "\tkilled: "}, {@code "\tbroadcasts count: "}), {@code "Thermal Status: "} +
 * mStatus, {@code "Cached temperatures:"}, {@code "HAL Ready: "}, {@code "HAL connection:"} with the wrapper's line
 * ({@code "\tThermalHAL 2.0 connected: yes"}; Android 14+: {@code "\tThermalHAL AIDL 1  connected: yes"}),
 * {@code "Current temperatures from HAL:"}, {@code "Current cooling devices from HAL:"} and, Android 12+ (in API
 * 31's dump, not in API 30's), {@code "Temperature static thresholds from HAL:"} (none listed here); items with a tab and {@code Temperature.toString()}
 * ({@code Temperature{mValue=, mType=, mName=, mStatus=}}) / {@code CoolingDevice.toString()}. Sensor names,
 * values and the AIDL version are the simulator's (inferred).
 */
final class ThermalService implements DumpsysService {

    private final AndroidVersion version;
    private final DeviceThermals thermals;
    private final TimeSource time;

    /** More sensors the scenario names (GPU type: fpsctl's figures read CPU and skin sensors only). */
    private final List<String> named;

    ThermalService(AndroidVersion version, DeviceThermals thermals, TimeSource time) {
        this(version, thermals, time, List.of());
    }

    ThermalService(AndroidVersion version, DeviceThermals thermals, TimeSource time, List<String> named) {
        this.named = List.copyOf(named);
        this.version = version;
        this.thermals = thermals;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        int status = thermals.status(now);
        String skin = temperature(thermals.skinC(now), 3, "skin", status);
        String cpu = temperature(thermals.cpuC(now), 0, "cpu4", status);
        String battery = temperature(thermals.batteryTenths(now) / 10.0, 2, "battery", 0);
        StringBuilder more = new StringBuilder();
        for (String name : named) { // Temperature.TYPE_GPU 1; the name printed as the HAL gave it (inferred)
            more.append(temperature(thermals.cpuC(now), 1, name, status));
        }
        battery += more;
        StringBuilder b = new StringBuilder();
        b.append("IsStatusOverride: false\n");
        b.append("ThermalEventListeners:\n\tcallbacks: 1\n\tkilled: false\n\tbroadcasts count: -1\n");
        b.append("ThermalStatusListeners:\n\tcallbacks: 1\n\tkilled: false\n\tbroadcasts count: -1\n");
        b.append("Thermal Status: ").append(status).append('\n');
        b.append("Cached temperatures:\n").append(skin).append(battery);
        b.append("HAL Ready: true\nHAL connection:\n");
        b.append(version.major() >= 14 ? "\tThermalHAL AIDL 1  connected: yes\n" : "\tThermalHAL 2.0 connected: yes\n");
        b.append("Current temperatures from HAL:\n").append(cpu).append(skin).append(battery);
        b.append("Current cooling devices from HAL:\n\tCoolingDevice{mValue=").append(status)
                .append(", mType=2, mName=cpu4}\n");
        if (version.major() >= 12) { // API 31's ThermalManagerService dump prints it, API 30's does not
            b.append("Temperature static thresholds from HAL:\n");
        }
        return b.toString();
    }

    private static String temperature(double celsius, int type, String name, int status) {
        // Temperature.toString: mValue is a float, printed by Float.toString
        return "\tTemperature{mValue=" + (float) celsius + ", mType=" + type + ", mName=" + name + ", mStatus="
                + status + "}\n";
    }
}
