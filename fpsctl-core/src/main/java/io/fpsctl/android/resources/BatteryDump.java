package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code dumpsys battery}: frameworks/base {@code services/core/java/com/android/server/BatteryService.java
 * dumpInternal} prints {@code "  temperature: " + mHealthInfo.batteryTemperature} (SDK sources of API 28–31; API 23
 * and 24: {@code mBatteryProps.batteryTemperature}; API 33+: {@code mHealthInfo.batteryTemperatureTenthsCelsius}),
 * an int in tenths of a degree Celsius (hardware/interfaces health
 * {@code HealthInfo.batteryTemperature}: "in tenths of a degree Centigrade").
 */
public final class BatteryDump {
    static final String COMMAND = "dumpsys battery";
    private static final Pattern TEMPERATURE = Pattern.compile("\\s*temperature: (-?\\d+)\\s*");

    private BatteryDump() {
    }

    /** The battery temperature in °C. */
    public static double temperatureC(String text) throws DumpFormatException {
        for (String line : text.split("\n")) {
            Matcher m = TEMPERATURE.matcher(line);
            if (m.matches()) {
                return Integer.parseInt(m.group(1)) / 10.0;
            }
        }
        throw new DumpFormatException("dumpsys battery has no \"  temperature: <tenths of °C>\" line");
    }
}
