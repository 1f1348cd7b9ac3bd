package io.fpsctl.android;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.Stage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decodes the payload of the agent's status bundles, protocol 1.x as docs/agent-protocol.md defines it. Each
 * bundle has {@code v=MAJOR.MINOR} ({@code 1} = 1.0) and {@code fpsctl=<records>}: records separated by
 * {@code \n}, fields by {@code |}:
 * <ul>
 *   <li>{@code H|sdk|package|pid|capabilities}</li>
 *   <li>{@code F|window|intendedVsyncNs|vsyncNs|endNs|intervalNs|flags|interaction|delayNs|inputNs|animationNs|
 *       layoutNs|drawNs|syncNs|commandNs|swapNs|gpuNs|deadlineNs|chInputNs|chAnimationNs|chTraversalNs}
 *       (-1 = unknown; flags bit 1 first draw, bit 2 (1.1) approximate time)</li>
 *   <li>{@code M|startUptimeMs|durationMs|target|stack}</li>
 *   <li>{@code E|text}</li>
 *   <li>1.1: {@code C|capability|on/off|member|reason}, {@code G|fromNs|toNs|count|reason}</li>
 * </ul>
 * Versioning: another major version is refused with a one-line error. A newer minor version is read: record
 * types this parser does not know are skipped and counted in {@link #unknownRecords()}, fields after the ones it
 * knows are ignored. Within the versions it knows, a record with an unknown type or the wrong field count, or a
 * number that is not one, is malformed: skipped and counted. Not thread-safe.
 */
public final class AgentStreamParser {
    /** The protocol major version this parser reads. */
    public static final int MAJOR = 1;
    /** The newest minor version this parser knows. */
    public static final int MINOR = 1;
    /** The version this parser speaks, as the agent writes it. */
    public static final String VERSION = MAJOR + "." + MINOR;
    /** The bundle key of the payload. */
    public static final String PAYLOAD_KEY = "fpsctl";
    /** The bundle key of the version. */
    public static final String VERSION_KEY = "v";
    private static final int F_FIELDS = 21;
    /** {@code F.flags} bit 1 (1.0): FrameMetrics FIRST_DRAW_FRAME. */
    private static final long FLAG_FIRST_DRAW = 1;
    /** {@code F.flags} bit 2 (1.1): the frame was dated approximately (docs/agent-protocol.md section 4). */
    private static final long FLAG_TIME_APPROXIMATE = 2;
    /**
     * The flag bits this parser knows; the others (a newer minor version's) are cleared here, as
     * docs/agent-protocol.md section 5 promises, so they never reach the engine, where any set bit makes a frame
     * untimed, nor the per-frame CSV, whose reader takes bit 8 for gfxinfo's SKIPPED.
     */
    private static final long KNOWN_FLAGS = FLAG_FIRST_DRAW | FLAG_TIME_APPROXIMATE;

    private long malformed;
    private long unknown;
    private long records;
    private int newestMinorSeen;

    /** True when {@code bundle} is an agent batch (it has the payload key). */
    public static boolean isAgentBundle(Map<String, String> bundle) {
        return bundle.containsKey(PAYLOAD_KEY);
    }

    /**
     * Decodes one batch.
     *
     * @throws AgentProtocolException when the bundle's major version is not {@value #MAJOR} or the version is missing
     */
    public List<AgentRecord> decode(Map<String, String> bundle) throws AgentProtocolException {
        String v = bundle.get(VERSION_KEY);
        int minor = minor(v);
        newestMinorSeen = Math.max(newestMinorSeen, minor);
        boolean newer = minor > MINOR;
        String payload = bundle.getOrDefault(PAYLOAD_KEY, "");
        List<AgentRecord> out = new ArrayList<>();
        for (String line : payload.split("\n", -1)) {
            if (line.isBlank()) {
                continue;
            }
            records++;
            String l = line.strip();
            if (newer && !known(l)) {
                unknown++;
                continue;
            }
            AgentRecord r = record(l, newer);
            if (r == null) {
                malformed++;
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /** The minor version of {@code v} if its major is {@value #MAJOR}. */
    private static int minor(String v) throws AgentProtocolException {
        String t = v == null ? "" : v.trim();
        String[] parts = t.split("\\.", -1);
        try {
            if (!t.isEmpty() && parts.length <= 2 && Integer.parseInt(parts[0]) == MAJOR) {
                return parts.length == 2 ? Integer.parseInt(parts[1]) : 0;
            }
        } catch (NumberFormatException e) {
            // not a version: refused below
        }
        throw new AgentProtocolException("the on-device agent speaks protocol version " + (t.isEmpty() ? "(none)" : t)
                + ", this fpsctl reads version " + MAJOR + ".x: reinstall the agent with this fpsctl "
                + "('fpsctl agent install PACKAGE')");
    }

    /** Records skipped because they were malformed. */
    public long malformed() {
        return malformed;
    }

    /** Records of a type this parser does not know, from an agent with a newer minor version: skipped. */
    public long unknownRecords() {
        return unknown;
    }

    /** The newest minor version seen in a bundle so far. */
    public int newestMinorSeen() {
        return newestMinorSeen;
    }

    /** Records seen (well-formed or not). */
    public long records() {
        return records;
    }

    private static boolean known(String line) {
        int bar = line.indexOf('|');
        String type = bar < 0 ? line : line.substring(0, bar);
        return type.length() == 1 && "HFMECG".contains(type);
    }

    /** {@code lenient}: from a newer minor version, fields after the known ones are ignored. */
    private static AgentRecord record(String line, boolean lenient) {
        String[] f = line.split("\\|", -1);
        try {
            switch (f[0]) {
                case "F":
                    return fields(f, F_FIELDS, lenient) ? frame(f) : null;
                case "M":
                    return fields(f, 5, lenient) ? new AgentRecord.Slow(new SlowMessage(Long.parseLong(f[1]),
                            Long.parseLong(f[2]), f[3], f[4])) : null;
                case "H":
                    return fields(f, 5, lenient) ? hello(f) : null;
                case "E":
                    return f.length >= 2 ? new AgentRecord.Problem(line.substring(2)) : null;
                case "C":
                    return fields(f, 5, lenient) && (f[2].equals("on") || f[2].equals("off")) && !f[1].isEmpty()
                            ? new AgentRecord.CapabilityChange(f[1], f[2].equals("on"), f[3], f[4]) : null;
                case "G":
                    return fields(f, 5, lenient) ? gap(f) : null;
                default:
                    return null;
            }
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean fields(String[] f, int n, boolean lenient) {
        return lenient ? f.length >= n : f.length == n;
    }

    private static AgentRecord gap(String[] f) {
        long from = Long.parseLong(f[1]);
        long to = Long.parseLong(f[2]);
        long count = Long.parseLong(f[3]);
        return to >= from && count >= 0 ? new AgentRecord.Gap(from, to, count, f[4]) : null;
    }

    private static AgentRecord hello(String[] f) {
        Set<String> caps = new LinkedHashSet<>();
        for (String c : f[4].split(",")) {
            if (!c.isBlank()) {
                caps.add(c.strip());
            }
        }
        return new AgentRecord.Hello(Integer.parseInt(f[1]), f[2], Integer.parseInt(f[3]), Set.copyOf(caps));
    }

    private static AgentRecord frame(String[] f) {
        long intended = Long.parseLong(f[2]);
        long end = Long.parseLong(f[4]);
        if (f[1].isEmpty() || intended <= 0 || end < intended) {
            return null;
        }
        long[] stages = new long[Stage.count()];
        for (int i = 0; i < stages.length; i++) {
            stages[i] = Long.parseLong(f[8 + i]);
        }
        long[] ch = {Long.parseLong(f[18]), Long.parseLong(f[19]), Long.parseLong(f[20])};
        Long.parseLong(f[3]); // vsyncNs: validated, not used (IntendedVsync is the frame's time)
        long flags = Long.parseLong(f[6]) & KNOWN_FLAGS;
        return new AgentRecord.Frame(new AgentFrame(f[1], intended, end, Long.parseLong(f[5]), flags,
                Long.parseLong(f[7]), stages, Long.parseLong(f[17]), ch), (flags & FLAG_TIME_APPROXIMATE) != 0);
    }
}
