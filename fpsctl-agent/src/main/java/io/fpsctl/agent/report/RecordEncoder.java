package io.fpsctl.agent.report;

/**
 * Encodes records exactly as protocol version 1.1 says: fields joined by {@code '|'}, decimal numbers,
 * text fields with {@code '|'}, {@code '\r'} and {@code '\n'} replaced by spaces. Appends to a caller's
 * {@link StringBuilder} without a trailing newline (the batch adds separators).
 */
public final class RecordEncoder {
    private RecordEncoder() {
    }

    /** {@code H|sdk|package|pid|capabilities}. */
    public static void hello(StringBuilder out, int sdk, String pkg, int pid, String capabilities) {
        out.append('H').append('|').append(sdk).append('|');
        text(out, pkg);
        out.append('|').append(pid).append('|');
        text(out, capabilities);
    }

    /** {@code F|window|intendedVsyncNs|vsyncNs|endNs|intervalNs|flags|interaction|delay..gpu|deadline|ch*}. */
    public static void frame(StringBuilder out, FrameRecord f) {
        out.append('F').append('|');
        text(out, f.window);
        out.append('|').append(f.intendedVsyncNs)
                .append('|').append(f.vsyncNs)
                .append('|').append(f.endNs)
                .append('|').append(f.intervalNs)
                .append('|').append(f.flags)
                .append('|').append(f.interaction)
                .append('|').append(f.delayNs)
                .append('|').append(f.inputNs)
                .append('|').append(f.animationNs)
                .append('|').append(f.layoutNs)
                .append('|').append(f.drawNs)
                .append('|').append(f.syncNs)
                .append('|').append(f.commandNs)
                .append('|').append(f.swapNs)
                .append('|').append(f.gpuNs)
                .append('|').append(f.deadlineNs)
                .append('|').append(f.chInputNs)
                .append('|').append(f.chAnimationNs)
                .append('|').append(f.chTraversalNs);
    }

    /**
     * {@code M|startUptimeMs|durationMs|target|stack}; the stack's frames are joined with
     * {@link Protocol#STACK_SEPARATOR}, innermost first.
     */
    public static void slowMessage(StringBuilder out, long startUptimeMs, long durationMs, String target,
                                   StackTraceElement[] stack) {
        out.append('M').append('|').append(startUptimeMs).append('|').append(durationMs).append('|');
        text(out, target);
        out.append('|');
        if (stack != null) {
            for (int i = 0; i < stack.length; i++) {
                if (i > 0) {
                    out.append(Protocol.STACK_SEPARATOR);
                }
                text(out, stack[i].toString());
            }
        }
    }

    /** {@code C|capability|state|member|reason} (1.1). */
    public static void capability(StringBuilder out, String capability, String state, String member, String reason) {
        out.append('C').append('|');
        text(out, capability);
        out.append('|');
        text(out, state);
        out.append('|');
        text(out, member);
        out.append('|');
        text(out, reason);
    }

    /** {@code G|fromNs|toNs|count|reason} (1.1): {@code count} frames or reports missing in [from, to]. */
    public static void gap(StringBuilder out, long fromNs, long toNs, long count, String reason) {
        out.append('G').append('|').append(fromNs).append('|').append(toNs).append('|').append(count).append('|');
        text(out, reason);
    }

    /** {@code E|text}. */
    public static void error(StringBuilder out, String message) {
        out.append('E').append('|');
        text(out, message);
    }

    /** Appends a text field, replacing the protocol's separators with spaces ({@code null} → empty). */
    static void text(StringBuilder out, String s) {
        if (s == null) {
            return;
        }
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            out.append(c == '|' || c == '\n' || c == '\r' ? ' ' : c);
        }
    }
}
