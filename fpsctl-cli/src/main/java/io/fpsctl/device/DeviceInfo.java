package io.fpsctl.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One line of the adb server's device list ({@code host:devices-l}, {@code host:track-devices-l}; docs/formats.md
 * D.6). Absent fields are empty strings, {@code transportId} 0.
 *
 * @param serial e.g. {@code emulator-5554}, {@code 127.0.0.1:15037}
 * @param state {@code device}, {@code offline}, {@code unauthorized}, {@code authorizing}, {@code connecting},
 *     {@code recovery}, {@code sideload}, {@code rescue}, {@code bootloader}, {@code host},
 *     {@code no permissions (…)}, {@code detached}
 * @param product {@code ro.product.name}
 * @param model {@code ro.product.model} as the server prints it: every non-alphanumeric character becomes
 *     {@code _} ({@code Pixel 7} → {@code Pixel_7})
 * @param device {@code ro.product.device}
 * @param transportId the server's transport id
 */
public record DeviceInfo(String serial, String state, String product, String model, String device, long transportId) {

    public DeviceInfo {
        Objects.requireNonNull(serial, "serial");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(product, "product");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(device, "device");
    }

    /** State {@code device}: adb can run commands on it. */
    public boolean isOnline() {
        return state.equals("device");
    }

    /** Parses a device list: {@code host:devices-l} lines, or plain {@code <serial>\t<state>} lines. */
    public static List<DeviceInfo> parseList(String text) {
        List<DeviceInfo> list = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                list.add(parseLine(line.stripTrailing()));
            }
        }
        return List.copyOf(list);
    }

    /**
     * Parses one line. Long form ({@code append_transport}, adb transport.cpp): {@code "%-22s %s"} serial and
     * state, then optional {@code " <devpath>"} (e.g. {@code usb:1-1}), {@code " product:<p>"},
     * {@code " model:<m>"}, {@code " device:<d>"}, {@code " transport_id:<n>"}. The state may contain spaces
     * ({@code no permissions (…); see [http://…]}), so the known fields are taken from the end.
     */
    public static DeviceInfo parseLine(String line) {
        int tab = line.indexOf('\t');
        if (tab >= 0) { // short form: "<serial>\t<state>"
            return new DeviceInfo(line.substring(0, tab), line.substring(tab + 1).strip(), "", "", "", 0);
        }
        String[] words = line.strip().split(" +");
        String serial = words[0];
        String product = "";
        String model = "";
        String device = "";
        long transportId = 0;
        int end = words.length;
        while (end > 2) {
            String w = words[end - 1];
            if (w.startsWith("product:")) {
                product = w.substring(8);
            } else if (w.startsWith("model:")) {
                model = w.substring(6);
            } else if (w.startsWith("device:")) {
                device = w.substring(7);
            } else if (w.startsWith("transport_id:")) {
                transportId = parseLong(w.substring(13));
            } else if (w.startsWith("usb:")) {
                // devpath comes right after the state
            } else {
                break;
            }
            end--;
        }
        String state = end > 1 ? String.join(" ", java.util.Arrays.copyOfRange(words, 1, end)) : "";
        return new DeviceInfo(serial, state, product, model, device, transportId);
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
