package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code dumpsys thermalservice} (Android 10+): frameworks/base {@code services/core/java/com/android/server/power/
 * ThermalManagerService.java dump} prints {@code "Thermal Status: " + mStatus} (PowerManager THERMAL_STATUS_NONE 0 …
 * SHUTDOWN 6), then {@code "Cached temperatures:"} and {@code "Current temperatures from HAL:"}, each followed by
 * one {@code "\t" + Temperature.toString()} per sensor: {@code Temperature{mValue=<float>, mType=<int>,
 * mName=<name>, mStatus=<int>}} (frameworks/base {@code core/java/android/os/Temperature.java toString}). mType
 * {@code TYPE_CPU = 0}, {@code TYPE_SKIN = 3} are the temperatures that explain throttling; a HAL that does not know
 * a value reports {@code NaN}. "Cached temperatures" are the last values the HAL's callback pushed and can be minutes
 * old (seen on real dumps, e.g. an Nvidia Shield's cached 37 °C beside a current 66.5 °C), so the current section is
 * used when the dump has it (HAL ready) and the cached one only otherwise.
 */
public final class ThermalServiceDump {
    static final String COMMAND = "dumpsys thermalservice";
    /** Android 10 (API 29) introduced ThermalManagerService. */
    static final int FIRST_SDK = 29;
    private static final Pattern STATUS = Pattern.compile("Thermal Status: (\\d+)");
    private static final Pattern TEMPERATURE = Pattern.compile(
            "Temperature\\{mValue=([-0-9.eE]+|NaN|-?Infinity), mType=(-?\\d+), mName=(.*), mStatus=(-?\\d+)}");
    private static final String CURRENT = "Current temperatures from HAL:";
    static final int TYPE_CPU = 0;
    static final int TYPE_SKIN = 3;

    private ThermalServiceDump() {
    }

    /** Thermal status and the hottest CPU or SKIN temperature (null when the dump lists none). */
    public record Reading(int status, Double maxCpuOrSkinC) {
    }

    public static Reading parse(String text) throws DumpFormatException {
        Integer status = null;
        Double cached = null;
        Double current = null;
        boolean inCurrent = false;
        for (String line : text.split("\n")) {
            String s = line.strip();
            Matcher st = STATUS.matcher(s);
            if (st.matches()) {
                status = Integer.parseInt(st.group(1));
                continue;
            }
            if (!line.startsWith("\t") && !line.startsWith(" ") && s.endsWith(":")) {
                inCurrent = s.equals(CURRENT); // a new section heading
                continue;
            }
            Matcher t = TEMPERATURE.matcher(s);
            if (t.matches()) {
                int type = Integer.parseInt(t.group(2));
                double v = Double.parseDouble(t.group(1));
                if ((type == TYPE_CPU || type == TYPE_SKIN) && !Double.isNaN(v)) {
                    if (inCurrent) {
                        current = current == null ? v : Math.max(current, v);
                    } else {
                        cached = cached == null ? v : Math.max(cached, v);
                    }
                }
            }
        }
        if (status == null) {
            throw new DumpFormatException("dumpsys thermalservice has no \"Thermal Status: N\" line");
        }
        return new Reading(status, text.contains(CURRENT) ? current : cached);
    }
}
