package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.List;

/**
 * {@code dumpsys battery}: frameworks/base {@code services/core/java/com/android/server/BatteryService.java
 * dumpInternal} (read at API 23, 24, 28, 30, 31, 33, 34): {@code "Current Battery Service state:"} then
 * two-space-indented fields; {@code "  temperature: "} + the battery temperature in tenths of °C
 * ({@code mBatteryProps.batteryTemperature} on 6/7, {@code mHealthInfo.batteryTemperature} at API 28–31,
 * {@code mHealthInfo.batteryTemperatureTenthsCelsius} from API 33, the same int). {@code "  Max charging current: "},
 * {@code "  Max charging voltage: "} and {@code "  Charge counter: "} from Android 7 (in API 24's dumpInternal,
 * not in API 23's); {@code "  Dock powered: "} from Android 14 (in API 34's dumpInternal, not in API 33's).
 * Values other than the temperature are fixed (inferred).
 */
final class BatteryDumpService implements DumpsysService {

    private final AndroidVersion version;
    private final DeviceThermals thermals;
    private final TimeSource time;

    BatteryDumpService(AndroidVersion version, DeviceThermals thermals, TimeSource time) {
        this.version = version;
        this.thermals = thermals;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        StringBuilder b = new StringBuilder("Current Battery Service state:\n");
        b.append("  AC powered: false\n  USB powered: true\n  Wireless powered: false\n");
        if (version.major() >= 14) {
            b.append("  Dock powered: false\n");
        }
        if (version.major() >= 7) {
            b.append("  Max charging current: 500000\n  Max charging voltage: 5000000\n  Charge counter: 3053000\n");
        }
        b.append("  status: 2\n  health: 2\n  present: true\n  level: 87\n  scale: 100\n  voltage: 4254\n");
        b.append("  temperature: ").append(thermals.batteryTenths(time.nanoTime())).append('\n');
        b.append("  technology: Li-ion\n");
        return b.toString();
    }
}
