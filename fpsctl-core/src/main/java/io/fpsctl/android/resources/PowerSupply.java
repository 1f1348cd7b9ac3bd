package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The battery's status, current and voltage from the kernel's power_supply class, read by one {@code grep -H .}
 * (kernel {@code Documentation/ABI/testing/sysfs-class-power}: {@code status} is one of {@code Unknown},
 * {@code Charging}, {@code Discharging}, {@code Not charging}, {@code Full}; {@code current_now} is "an instant,
 * single IBAT current reading for the battery … Represented in microamps"; {@code voltage_now} "an instant, single
 * VBAT voltage reading … Represented in microvolts"; each printed by {@code power_supply_show_property},
 * {@code "%d\n"} for the two numbers, the status text then {@code '\n'}).
 * <p>
 * The sign of {@code current_now} is not the same on every phone: the ABI text (and Android's
 * {@code BatteryManager.BATTERY_PROPERTY_CURRENT_NOW}) says positive into the battery (charging), negative out of
 * it; several vendors' fuel gauges report discharge as positive. So the sign is never used to decide whether the
 * battery drains: {@code status} is (docs/metrics.md 14 rule 4), and the sign the phone used while discharging is
 * kept to be reported ({@link Reading#dischargeSign()}).
 */
public final class PowerSupply {
    static final String DIR = "/sys/class/power_supply/battery/";
    /** A {@code current_now} magnitude below this is in mA (see {@link Reading#microamps()}). */
    static final long MILLIAMP_BELOW = 10_000;

    private PowerSupply() {
    }

    static String command() {
        return "grep -H . " + DIR + "status " + DIR + "current_now " + DIR + "voltage_now";
    }

    /**
     * @param status    the {@code status} text; null when unreadable
     * @param currentUa {@code current_now} as printed (sign as the vendor chose); null when unreadable
     * @param voltageUv {@code voltage_now}; null when unreadable
     * @param reason    why something is unknown; null when all three were read
     */
    public record Reading(String status, Long currentUa, Long voltageUv, String reason) {
        /** The battery is being charged or held full by a charger: no drain can be told. */
        public boolean externalPower() {
            return "Charging".equals(status) || "Full".equals(status) || "Not charging".equals(status);
        }

        /** Discharging per {@code status}. */
        public boolean discharging() {
            return "Discharging".equals(status);
        }

        /** The power the battery gives out, in mW, when it is discharging and both figures were read; else null. */
        public Double drainMw() {
            if (!discharging() || currentUa == null || voltageUv == null || voltageUv <= 0) {
                return null;
            }
            // µA × µV = pW; the magnitude, whatever sign convention the fuel gauge uses
            return Math.abs((double) microamps()) * voltageUv / 1e9;
        }

        /**
         * {@code current_now} in µA. Some fuel gauges print mA although the ABI says µA (Samsung phones: reports of
         * a drain "1000× too small" in home-assistant/android #2846, dubrowgn/wattz #5): a magnitude under 10 000
         * is read as mA, since a phone whose screen is on (fpsctl measures rendering) draws well over 10 mA
         * (inferred from those reports, not from a kernel source).
         */
        long microamps() {
            return Math.abs(currentUa) < MILLIAMP_BELOW ? currentUa * 1000 : currentUa;
        }

        /** -1 or +1: the sign of {@code current_now} while discharging; 0 when not discharging or unknown. */
        public int dischargeSign() {
            return !discharging() || currentUa == null || currentUa == 0 ? 0 : Long.signum(currentUa);
        }
    }

    public static Reading parse(String text) throws DumpFormatException {
        String status = null;
        Long current = null;
        Long voltage = null;
        List<String> errors = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            ReadError err = ReadError.of(line);
            if (err != null) {
                errors.add(err.path() + ": " + err.reason());
                continue;
            }
            if (!line.startsWith(DIR) || line.indexOf(':') < 0) {
                throw new DumpFormatException("battery: expected \"" + DIR + "<file>:<value>\", got: " + line);
            }
            int colon = line.indexOf(':');
            String file = line.substring(DIR.length(), colon);
            String value = line.substring(colon + 1).strip();
            try {
                switch (file) {
                    case "status" -> status = value;
                    case "current_now" -> current = Long.parseLong(value);
                    case "voltage_now" -> voltage = Long.parseLong(value);
                    default -> throw new DumpFormatException("battery: unexpected file " + file);
                }
            } catch (NumberFormatException e) {
                throw new DumpFormatException("battery: " + file + " is not a number: " + value);
            }
        }
        String reason = !errors.isEmpty() ? errors.get(0)
                : status == null || current == null || voltage == null ? "no status, current_now or voltage_now"
                : null;
        return new Reading(status, current, voltage, reason);
    }
}
