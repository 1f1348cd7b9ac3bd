package io.fpsctl.agent.report;

import io.fpsctl.agent.wrappers.HiddenApiException;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What works on this platform, for the {@code H} record, and every change after it: a refusal or a loss is a
 * {@code C|name|off|member|reason} record (the member the platform refused, or {@code -}), a recovery
 * {@code C|name|on|member|reason}; the capability leaves or rejoins the list.
 */
public final class Capabilities {
    private final RecordBatch batch;
    private final Set<String> working = new LinkedHashSet<String>();
    private final AgentFault fault = new AgentFault(this);

    /** @param batch where changes are reported */
    public Capabilities(RecordBatch batch) {
        this.batch = batch;
    }

    /** Where a callback reports a failure of the agent's own code (one per agent run). */
    public AgentFault fault() {
        return fault;
    }

    /** Marks {@code name} as working. */
    public synchronized void works(String name) {
        working.add(name);
    }

    /** Marks {@code name} as refused because the platform refused a member; {@code consequence} may be empty. */
    public synchronized void refused(String name, HiddenApiException e, String consequence) {
        off(name, e.member().shortName(), e.reason() + (consequence.isEmpty() ? "" : "; " + consequence));
    }

    /** Marks {@code name} as off for a reason that is not one member ({@code C|name|off|-|reason}). */
    public synchronized void refused(String name, String reason) {
        off(name, Protocol.NO_MEMBER, reason);
    }

    /** Marks {@code name} as off, naming {@code member} ({@code -} for none). */
    public synchronized void off(String name, String member, String reason) {
        working.remove(name);
        batch.capability(name, Protocol.STATE_OFF, member, reason);
    }

    /** Marks {@code name} as working again and says why ({@code C|name|on|member|reason}). */
    public synchronized void on(String name, String member, String reason) {
        working.add(name);
        batch.capability(name, Protocol.STATE_ON, member, reason);
    }

    /** Whether {@code name} was marked working. */
    public synchronized boolean has(String name) {
        return working.contains(name);
    }

    /** Comma list in the order capabilities were found working. */
    public synchronized String list() {
        StringBuilder sb = new StringBuilder();
        for (String s : working) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(s);
        }
        return sb.toString();
    }

    /** Formats a throwable as {@code SimpleName message}. */
    public static String describe(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null && cause instanceof java.lang.reflect.InvocationTargetException) {
            cause = cause.getCause();
        }
        String msg = cause.getMessage();
        return msg == null ? cause.getClass().getSimpleName() : cause.getClass().getSimpleName() + " " + msg;
    }
}
