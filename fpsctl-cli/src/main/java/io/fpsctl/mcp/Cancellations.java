package io.fpsctl.mcp;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The requests a client cancelled ({@code notifications/cancelled}, MCP "Cancellation"), matched to the tool call
 * running them by JSON-RPC request id. The SDK ignores that notification (it has no handler for it), so
 * {@link JsonRpcGuard} hands it here as it reads it.
 */
final class Cancellations {
    private static final int MAX_EARLY = 1000;
    private final Map<String, Runnable> running = new ConcurrentHashMap<>();
    /** Cancellations that came before the call registered (or for unknown ids), most recent last, bounded. */
    private final Set<String> early = new LinkedHashSet<>();

    /** Called by the reader: the client cancelled request {@code id} (its JSON text, e.g. {@code 7} or {@code "a"}). */
    void cancel(String id) {
        Runnable r = running.get(id);
        if (r != null) {
            r.run();
            return;
        }
        synchronized (early) {
            early.add(id);
            if (early.size() > MAX_EARLY) {
                early.remove(early.iterator().next());
            }
        }
        r = running.get(id);
        if (r != null) {
            r.run();
        }
    }

    /** Cancels every call still running (the client went away); returns how many there were. */
    int cancelAll() {
        int n = 0;
        for (Runnable r : running.values()) {
            r.run();
            n++;
        }
        return n;
    }

    /** Whether a call is still registered. */
    boolean anyRunning() {
        return !running.isEmpty();
    }

    /** Runs {@code onCancel} when request {@code id} is cancelled (at once when it already was); close to forget. */
    AutoCloseable register(String id, Runnable onCancel) {
        if (id == null) {
            return () -> { };
        }
        running.put(id, onCancel);
        boolean already;
        synchronized (early) {
            already = early.remove(id);
        }
        if (already) {
            onCancel.run();
        }
        return () -> running.remove(id, onCancel);
    }
}
