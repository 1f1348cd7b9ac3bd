package io.fpsctl.source;

import io.fpsctl.engine.AgentFrame;
import io.fpsctl.engine.SlowMessage;
import io.fpsctl.engine.Stage;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decodes the payload of the agent's status bundles, protocol version 1. Each bundle has {@code v=1} and
 * {@code fpsctl=<records>}: records separated by {@code \n}, fields by {@code |}:
 * <ul>
 *   <li>{@code H|sdk|package|pid|capabilities} (comma list: choreographer, choreographer-queues, looper,
 *       framemetrics, scroll, touch)</li>
 *   <li>{@code F|window|intendedVsyncNs|vsyncNs|endNs|intervalNs|flags|interaction|delayNs|inputNs|animationNs|
 *       layoutNs|drawNs|syncNs|commandNs|swapNs|gpuNs|deadlineNs|chInputNs|chAnimationNs|chTraversalNs}
 *       (-1 = unknown)</li>
 *   <li>{@code M|startUptimeMs|durationMs|target|stack}</li>
 *   <li>{@code E|text}</li>
 * </ul>
 * Malformed records (unknown type, wrong field count, a number that is not one) are skipped and counted. Not
 * thread-safe.
 */
public final class AgentStreamParser {
    /** The protocol version this parser reads. */
    public static final String VERSION = "1";
    /** The bundle key of the payload. */
    public static final String PAYLOAD_KEY = "fpsctl";
    /** The bundle key of the version. */
    public static final String VERSION_KEY = "v";
    private static final int F_FIELDS = 21;

    private long malformed;
    private long records;

    /** True when {@code bundle} is an agent batch (it has the payload key). */
    public static boolean isAgentBundle(Map<String, String> bundle) {
        return bundle.containsKey(PAYLOAD_KEY);
    }

    /**
     * Decodes one batch.
     *
     * @throws AgentProtocolException when the bundle's version is not {@value #VERSION}
     */
    public List<AgentRecord> decode(Map<String, String> bundle) throws AgentProtocolException {
        String v = bundle.get(VERSION_KEY);
        if (v == null || !v.trim().equals(VERSION)) {
            throw new AgentProtocolException("the on-device agent speaks protocol version " + (v == null ? "(none)" : v.trim())
                    + ", this fpsctl reads version " + VERSION + ": reinstall the agent with this fpsctl "
                    + "('fpsctl agent install PACKAGE')");
        }
        String payload = bundle.getOrDefault(PAYLOAD_KEY, "");
        List<AgentRecord> out = new ArrayList<>();
        for (String line : payload.split("\n", -1)) {
            if (line.isBlank()) {
                continue;
            }
            records++;
            AgentRecord r = record(line.strip());
            if (r == null) {
                malformed++;
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /** Records skipped because they were malformed. */
    public long malformed() {
        return malformed;
    }

    /** Records seen (well-formed or not). */
    public long records() {
        return records;
    }

    private static AgentRecord record(String line) {
        String[] f = line.split("\\|", -1);
        try {
            switch (f[0]) {
                case "F":
                    return f.length == F_FIELDS ? frame(f) : null;
                case "M":
                    return f.length == 5 ? new AgentRecord.Slow(new SlowMessage(Long.parseLong(f[1]),
                            Long.parseLong(f[2]), f[3], f[4])) : null;
                case "H":
                    return f.length == 5 ? hello(f) : null;
                case "E":
                    return f.length >= 2 ? new AgentRecord.Problem(line.substring(2)) : null;
                default:
                    return null;
            }
        } catch (NumberFormatException e) {
            return null;
        }
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
        return new AgentRecord.Frame(new AgentFrame(f[1], intended, end, Long.parseLong(f[5]), Long.parseLong(f[6]),
                Long.parseLong(f[7]), stages, Long.parseLong(f[17]), ch));
    }
}
