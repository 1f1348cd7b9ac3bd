package io.fpsctl.mcp;

import io.fpsctl.android.AndroidPackageName;
import io.fpsctl.capture.SourceRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A tool call's arguments, checked as the command line checks its options: a package name with the same rule as
 * {@code PACKAGE} (android/AndroidPackageName), numbers in range, no unknown names. Anything else is a JSON-RPC
 * invalid-params error before a device or file is touched.
 */
final class Args {
    private Args() {
    }

    static Map<String, Object> of(McpSchema.CallToolRequest request) {
        return request.arguments() == null ? Map.of() : request.arguments();
    }

    static void allowOnly(Map<String, Object> a, String... names) {
        Set<String> known = Set.of(names);
        for (String k : a.keySet()) {
            if (!known.contains(k)) {
                throw ToolError.invalidParams("unknown argument '" + Text.oneLine(k) + "' (this tool takes "
                        + String.join(", ", names) + ")");
            }
        }
    }

    /** The same rule and words as the command line's PACKAGE (cli/PackageNameConverter). */
    static String packageName(Object v) {
        if (!(v instanceof String s)) {
            throw ToolError.invalidParams("package: give the app's package name as a string, e.g. com.example.feed");
        }
        String problem = AndroidPackageName.problem(s);
        if (problem != null) {
            throw ToolError.invalidParams("package: '" + Text.oneLine(s) + "' is not an Android package name ("
                    + problem + "); a package name is like com.example.app: letters, digits, '_' and '.'");
        }
        return s;
    }

    /** A device serial as adb prints it: printable ASCII without spaces (host:port and adb-server prefixes too). */
    static String serial(Object v) {
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s) || s.isEmpty() || s.length() > 255
                || !s.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ToolError.invalidParams("serial: give a device serial from list_devices");
        }
        return s;
    }

    static Double seconds(Map<String, Object> a, String name) {
        Object v = a.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number n) || !(n.doubleValue() > 0) || n.doubleValue() > MeasureTool.MAX_SECONDS) {
            throw ToolError.invalidParams(name + ": give a number of seconds above 0 and at most "
                    + MeasureTool.MAX_SECONDS);
        }
        return n.doubleValue();
    }

    static Double percent(Map<String, Object> a, String name) {
        Object v = a.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number n) || !(n.doubleValue() >= 0) || Double.isInfinite(n.doubleValue())) {
            throw ToolError.invalidParams(name + ": give a number, 0 or more");
        }
        return n.doubleValue();
    }

    static Long count(Map<String, Object> a, String name) {
        Object v = a.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number n) || n.doubleValue() < 0 || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw ToolError.invalidParams(name + ": give a whole number, 0 or more");
        }
        return n.longValue();
    }

    static String optionalString(Map<String, Object> a, String name) {
        Object v = a.get(name);
        if (v == null) {
            return null;
        }
        if (!(v instanceof String s)) {
            throw ToolError.invalidParams(name + ": give a string");
        }
        return s;
    }

    static SourceRequest.Kind source(Object v) {
        if (v == null) {
            return SourceRequest.Kind.AUTO;
        }
        if (v instanceof String s) {
            switch (s.toLowerCase(Locale.ROOT)) {
                case "auto": return SourceRequest.Kind.AUTO;
                case "gfxinfo": return SourceRequest.Kind.GFXINFO;
                case "surfaceflinger": return SourceRequest.Kind.SURFACEFLINGER;
                case "agent": return SourceRequest.Kind.AGENT;
                default: break;
            }
        }
        throw ToolError.invalidParams("source: one of auto, gfxinfo, surfaceflinger, agent");
    }
}
