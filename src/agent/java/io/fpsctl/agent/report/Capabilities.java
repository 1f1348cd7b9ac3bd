package io.fpsctl.agent.report;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What works on this platform, for the {@code H} record. A refusal is reported at once as an {@code E} record
 * ({@code name: reason}) and the capability stays out of the list.
 */
public final class Capabilities {
    private final RecordBatch batch;
    private final Set<String> working = new LinkedHashSet<String>();

    /** @param batch where refusals are reported */
    public Capabilities(RecordBatch batch) {
        this.batch = batch;
    }

    /** Marks {@code name} as working. */
    public synchronized void works(String name) {
        working.add(name);
    }

    /** Marks {@code name} as refused and reports {@code E|name: reason}. */
    public synchronized void refused(String name, String reason) {
        working.remove(name);
        batch.error(name + ": " + reason);
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

    /** Formats a throwable as {@code SimpleName message} for an {@code E} record. */
    public static String describe(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null && cause instanceof java.lang.reflect.InvocationTargetException) {
            cause = cause.getCause();
        }
        String msg = cause.getMessage();
        return msg == null ? cause.getClass().getSimpleName() : cause.getClass().getSimpleName() + " " + msg;
    }
}
