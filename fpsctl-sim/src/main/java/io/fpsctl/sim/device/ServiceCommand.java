package io.fpsctl.sim.device;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code service list | check <name> | call <name> <code> …} ({@code frameworks/native/cmds/service}), for the
 * one call performance scripts make: {@code service call SurfaceFlinger 1013}, the page-flip count.
 *
 * <p>SurfaceFlinger's {@code onTransact} case 1013 writes one int32, {@code getPageFlipCount()}, on Android 6–13
 * and returns {@code NAME_NOT_FOUND} ("Unused") from 14 (native@android-6.0.0_r1 … android-15.0.0_r1
 * {@code SurfaceFlinger.cpp}). {@code service} prints {@code "Result: " << reply}; {@code Parcel::print} with
 * {@code printHexData} (16 bytes a line, 4-byte words, single line up to 16 bytes) renders one int32 as
 * {@code Parcel(0001a2b3    '....')}: the word as big-endian hex, a space per empty word slot, a space, the
 * bytes in memory order as ASCII ({@code .} if not printable) in quotes. An empty reply prints
 * {@code Parcel(NULL)} (what 14+ return, and what any other code gets here — inferred).
 */
final class ServiceCommand implements ShellCommand {

    /** Service name → interface descriptor ({@code service list}). */
    private static final Map<String, String> SERVICES = new TreeMap<>(Map.of(
            "SurfaceFlinger", "android.ui.ISurfaceComposer", "activity", "android.app.IActivityManager",
            "display", "android.hardware.display.IDisplayManager", "gfxinfo", "", "package",
            "android.content.pm.IPackageManager", "window", "android.view.IWindowManager"));

    private final AndroidVersion version;
    private final PageFlipCounter pageFlips;

    ServiceCommand(AndroidVersion version, PageFlipCounter pageFlips) {
        this.version = version;
        this.pageFlips = pageFlips;
    }

    @Override
    public ShellReply run(List<String> args) {
        String sub = args.isEmpty() ? "" : args.get(0);
        if (sub.equals("check") && args.size() > 1) {
            return ShellReply.ok("Service " + args.get(1) + (SERVICES.containsKey(args.get(1)) ? ": found" : ": not found")
                    + "\n");
        }
        if (sub.equals("list")) {
            StringBuilder sb = new StringBuilder("Found " + SERVICES.size() + " services:\n");
            int i = 0;
            for (Map.Entry<String, String> s : SERVICES.entrySet()) {
                sb.append(i++).append('\t').append(s.getKey()).append(": [").append(s.getValue()).append("]\n");
            }
            return ShellReply.ok(sb.toString());
        }
        if (sub.equals("call")) {
            if (args.size() < 3) {
                return new ShellReply("", args.size() < 2 ? "service: No service specified for call\n"
                        : "service: No code specified for call\n", 0);
            }
            String name = args.get(1);
            if (!SERVICES.containsKey(name)) {
                return new ShellReply("", "service: Service " + name + " does not exist\n", 10);
            }
            if (name.equals("SurfaceFlinger") && args.get(2).equals("1013") && version.hasPageFlipCountTransaction()) {
                return ShellReply.ok("Result: " + parcelOfInt32((int) pageFlips.count()) + "\n");
            }
            return ShellReply.ok("Result: Parcel(NULL)\n");
        }
        return ShellReply.ok("Usage: service [-h|-?]\n       service list\n       service check SERVICE\n"
                + "       service call SERVICE CODE [i32 N | i64 N | f N | d N | s16 STR ] ...\n");
    }

    /** {@code Parcel::print} of a parcel holding one little-endian int32. */
    static String parcelOfInt32(int value) {
        byte[] bytes = {(byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)};
        StringBuilder ascii = new StringBuilder();
        for (byte b : bytes) {
            int c = b & 0xff;
            ascii.append(c >= ' ' && c < 127 ? (char) c : '.');
        }
        return "Parcel(" + String.format(Locale.ROOT, "%08x", value) + "    '" + ascii + "')";
    }
}
