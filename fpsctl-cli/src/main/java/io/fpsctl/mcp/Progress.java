package io.fpsctl.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@code notifications/progress} for one tool call (MCP "Progress"): sent every {@link #EVERY_MS} on a thread of
 * its own (the poll loop may wait on the device longer than that), only when the request carried a
 * {@code progressToken}, and always increasing (the spec requires it).
 */
final class Progress implements AutoCloseable {
    /** How often progress goes out: the client hears from a long tool at least every 2 s. */
    static final long EVERY_MS = 1000;

    /** What is done so far and of how much, with a line for the user. */
    record Done(double progress, Double total, String message) {
    }

    private final McpSyncServerExchange exchange;
    private final Object token;
    private final ScheduledExecutorService timer;
    private double last = -1;

    private Progress(McpSyncServerExchange exchange, Object token, Supplier<Done> done) {
        this.exchange = exchange;
        this.token = token;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fpsctl-mcp-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> send(done.get()), EVERY_MS, EVERY_MS, TimeUnit.MILLISECONDS);
    }

    /** Progress for {@code request}, or nothing when it asked for none. */
    static AutoCloseable start(McpSyncServerExchange exchange, McpSchema.CallToolRequest request,
                               Supplier<Done> done) {
        Object token = request.meta() == null ? null : request.meta().get("progressToken");
        if (exchange == null || !(token instanceof String || token instanceof Number)) {
            return () -> { };
        }
        return new Progress(exchange, token, done);
    }

    private synchronized void send(Done d) {
        try {
            double p = d.progress() > last ? d.progress() : last + 0.001; // strictly increasing
            last = p;
            // a run may overshoot its planned length by a poll: the total grows with it, never below progress
            Double total = d.total() == null ? null : Math.max(d.total(), p);
            exchange.progressNotification(new McpSchema.ProgressNotification(token, p, total,
                    Text.oneLine(d.message())));
        } catch (RuntimeException e) {
            System.err.println("fpsctl mcp: cannot send progress: " + Text.oneLine(e.getMessage()));
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
