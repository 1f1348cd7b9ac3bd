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
     * The long form as adb prints it (adb transport.cpp {@code append_transport} and {@code append_transport_info},
     * platform-tools 29.0.6 as Debian ships it, and the same in packages/modules/adb since): {@code "%-22s %s"}
     * serial and state name ({@code atransport::connection_state_name}, {@code to_string(ConnectionState)}), then
     * in this order and each only when not empty: {@code " <devpath>"} ({@code usb:1-1}), {@code " product:<p>"},
     * {@code " model:<m>"}, {@code " device:<d>"}, and always {@code " transport_id:<n>"} last ("so that anyone
     * parsing the output here can always find it by scanning backwards"). Only the model is made alphanumeric
     * ({@code sanitize(value, true)}); product, device and devpath keep every byte but a line feed, spaces included,
     * as the device's banner gave them (adb.cpp {@code parse_banner}), so the state is read forward from its word
     * and each value runs until the next key that may follow it, never split on spaces (one pass: linear in the
     * line). These are the one-word states; {@code no permissions (…)} holds spaces and takes the fallback.
     */
    private static final List<String> STATES = List.of("device", "offline", "unauthorized", "authorizing",
            "connecting", "recovery", "sideload", "rescue", "bootloader", "host", "detached", "unknown");

    /**
     * Parses one line. Long form: see {@link #STATES}. A line of another shape (an adb older than the transport id, a
     * state this version does not know) falls back to taking the known fields from the end, as the state may contain
     * spaces ({@code no permissions (…); see [http://…]}).
     */
    public static DeviceInfo parseLine(String line) {
        int tab = line.indexOf('\t');
        if (tab >= 0) { // short form: "<serial>\t<state>"
            return new DeviceInfo(line.substring(0, tab), line.substring(tab + 1).strip(), "", "", "", 0);
        }
        DeviceInfo known = knownState(line.strip());
        if (known != null) {
            return known;
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

    /** The long form with a state of {@link #STATES} and the transport id last, read forward; null otherwise. */
    private static DeviceInfo knownState(String line) {
        int id = line.lastIndexOf(" transport_id:");
        if (id < 0 || id + 14 == line.length() || !line.substring(id + 14).chars().allMatch(Character::isDigit)) {
            return null;
        }
        long transportId = parseLong(line.substring(id + 14));
        int sp = line.indexOf(' ');
        if (sp < 0 || sp > id) {
            return null;
        }
        String serial = line.substring(0, sp);
        int at = sp;
        while (at < id && line.charAt(at) == ' ') { // "%-22s %s": the serial's padding, then one space
            at++;
        }
        String state = null;
        for (String s : STATES) {
            if (line.startsWith(s, at) && (at + s.length() == id || line.charAt(at + s.length()) == ' ')) {
                state = s;
                break;
            }
        }
        if (state == null) {
            return null;
        }
        String rest = line.substring(at + state.length(), id); // empty, or " <devpath> product:… model:… device:…"
        int p = 0;
        if (rest.startsWith(" usb:")) { // the devpath: a USB path, no key
            int next = rest.indexOf(' ', 1);
            p = next < 0 ? rest.length() : next;
        }
        if (!rest.startsWith(" product:", p)) {
            return fields(serial, state, rest, p, p, transportId);
        }
        // a product may itself hold " model:" or " device:": try the earliest end first, then the last ones; a
        // product no split explains keeps the rest whole (the state and id are what a caller relies on)
        int[] ends = {firstOf(rest, p + 9, " model:", " device:"), rest.lastIndexOf(" model:"),
            rest.lastIndexOf(" device:")};
        for (int end : ends) {
            if (end >= p + 9) {
                DeviceInfo d = fields(serial, state, rest, p + 9, end, transportId);
                if (d != null) {
                    return d;
                }
            }
        }
        return new DeviceInfo(serial, state, rest.substring(p + 9), "", "", transportId);
    }

    /**
     * The fields after the state: the product is {@code rest[from, end)}, then {@code model:} and {@code device:}
     * must take the rest exactly; null when they do not.
     */
    private static DeviceInfo fields(String serial, String state, String rest, int from, int end, long transportId) {
        String product = rest.substring(from, end);
        int p = end;
        String model = "";
        String device = "";
        if (rest.startsWith(" model:", p)) { // alphanumeric and '_' only: ends at the next space
            int next = rest.indexOf(' ', p + 7);
            next = next < 0 ? rest.length() : next;
            model = rest.substring(p + 7, next);
            p = next;
        }
        if (rest.startsWith(" device:", p)) { // the last field before the id: the rest of the line
            device = rest.substring(p + 8);
            p = rest.length();
        }
        return p == rest.length() ? new DeviceInfo(serial, state, product, model, device, transportId) : null;
    }

    /** The first index at or after {@code from} of either key in {@code s}, or its length. */
    private static int firstOf(String s, int from, String a, String b) {
        int i = s.indexOf(a, from);
        int j = s.indexOf(b, from);
        return i < 0 ? (j < 0 ? s.length() : j) : (j < 0 ? i : Math.min(i, j));
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
