package io.fpsctl.android.resources;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which counter the phone's netd chose for per-app traffic (docs/metrics.md 14 rule 1): eBPF maps, which the shell
 * cannot read, or xt_qtaguid, whose {@code /proc/net/xt_qtaguid/stats} it can. netd decides with
 * {@code getBpfSupportLevel()} (system/netd {@code libbpf/BpfUtils.cpp}, Android 9 to 11; the same test as
 * {@code getUncachedBpfSupportLevel()} later): the API level is {@code ro.product.first_api_level}, or
 * {@code ro.build.version.sdk} when that is unset or 0 ({@code GetUintProperty(…, 0)}); below
 * {@code MINIMUM_API_REQUIRED} (28, {@code BpfUtils.h}) it is {@code BpfLevel::NONE} before the kernel is looked
 * at; otherwise {@code uname()}'s release is read with {@code sscanf("%d.%d%c")} and a kernel below 4.9 (or a
 * release that does not start with two numbers) is {@code NONE}. {@code NONE} means xt_qtaguid; any other level
 * eBPF. So a phone launched with Android 8 and upgraded to 10 or 11, or any phone on a kernel below 4.9, keeps
 * xt_qtaguid; a phone launched with 9+ on 4.9+ counts with eBPF.
 * <p>
 * The batch reads the two inputs itself, in one part: {@code getprop ro.product.first_api_level} prints the value
 * or an empty line (toolbox {@code getprop.cpp}, see {@link io.fpsctl.android.Getprop}), then {@code uname -r}
 * prints the release ({@code utsname.release}, e.g. {@code 4.9.112-g1a2b3c}; toybox {@code uname}). The API level
 * fallback is the {@code sdk} the capture already read.
 */
public final class TrafficAccounting {
    static final String COMMAND = "getprop ro.product.first_api_level 2>&1 ; uname -r";
    /** {@code MINIMUM_API_REQUIRED} of netd's {@code BpfUtils.h}: the device shipped with Android 9 (P). */
    static final int MINIMUM_API_REQUIRED = 28;
    private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,4}");

    /**
     * What netd would choose, and what it was chosen from.
     *
     * @param apiLevel the level netd tests: {@code firstApiLevel}, or the sdk when that is unset
     * @param firstApiLevel {@code ro.product.first_api_level}, null when unset
     * @param kernel what {@code uname -r} printed, null when it printed nothing
     * @param ebpf true when netd counts per app with eBPF
     */
    public record Choice(int apiLevel, Integer firstApiLevel, String kernel, boolean ebpf) {
        /** What was seen, in words, e.g. {@code first API level 28, kernel 4.9.112}. */
        public String seen() {
            String api = firstApiLevel != null ? "first API level " + firstApiLevel
                    : "no first API level, API level " + apiLevel;
            return kernel == null ? api : api + ", kernel " + kernel;
        }
    }

    private TrafficAccounting() {
    }

    /**
     * netd's choice from the part's text ({@link #COMMAND}), or null when it cannot be told: the API level is 28+
     * but the kernel release could not be read (then the caller falls back to what the stats file shows).
     */
    public static Choice of(String text, int sdk) {
        String[] lines = text == null ? new String[0] : text.split("\n", -1);
        String first = lines.length > 0 ? lines[0].strip() : "";
        Integer firstApi = NUMBER.matcher(first).matches() && Integer.parseInt(first) > 0
                ? Integer.valueOf(first) : null;
        int api = firstApi != null ? firstApi : sdk;
        String release = lines.length > 1 && !lines[1].isBlank() ? lines[1].strip() : null;
        Matcher m = release == null ? null : RELEASE.matcher(release);
        boolean kernelRead = m != null && m.find() && ReadError.of(release) == null;
        if (api < MINIMUM_API_REQUIRED) {
            return new Choice(api, firstApi, kernelRead ? release : null, false); // netd returns before uname()
        }
        if (!kernelRead) {
            return null;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        return new Choice(api, firstApi, release, major > 4 || (major == 4 && minor >= 9));
    }

    /** What {@code uname -r} printed when {@link #of} could not read a release from it, for a reason text. */
    public static String unreadKernel(String text) {
        String[] lines = text == null ? new String[0] : text.split("\n", -1);
        String r = lines.length > 1 ? lines[1].strip() : "";
        // utsname.release is at most 64 bytes; an error line could be longer
        r = r.length() > 80 ? r.substring(0, 80) + "…" : r;
        return r.isEmpty() ? "uname -r printed nothing" : "uname -r printed \"" + r + "\"";
    }
}
