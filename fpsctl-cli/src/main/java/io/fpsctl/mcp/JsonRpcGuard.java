package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard input as the SDK's stdio transport reads it, one JSON-RPC message a line (MCP "Transports", stdio),
 * with three things the SDK does not do:
 * <ul>
 *   <li>a line that is not JSON, or not a JSON-RPC message, is answered with a JSON-RPC error (-32700 parse error,
 *       -32600 invalid request, id null when none could be read) and dropped: the SDK's reader
 *       (StdioServerTransportProvider.startInboundProcessing) stops reading for good at the first line it cannot
 *       deserialize, which would end the server;</li>
 *   <li>{@code notifications/cancelled} goes to {@link Cancellations} (the SDK has no handler for it);</li>
 *   <li>a {@code tools/call} request gets its own id in {@code params._meta} under {@link #REQUEST_ID}, so its
 *       handler (which the SDK hands only the params) can be found by a later cancellation.</li>
 * </ul>
 * Errors are written to the same stream the SDK writes to, under the same lock (the SDK synchronizes on it).
 */
final class JsonRpcGuard extends InputStream {
    /** The {@code _meta} key that carries a tool call's request id to its handler. */
    static final String REQUEST_ID = "io.fpsctl/request-id";
    /** The longest line read: the SDK's own default (StdioServerTransportProvider.DEFAULT_INPUT_MAX_SIZE, 4 MiB). */
    static final int MAX_LINE = 4 * 1024 * 1024;
    /** MCP "Cancellation" (basic/utilities/cancellation): the SDK names no constant for it. */
    static final String CANCELLED = "notifications/cancelled";

    private final InputStream in;
    private final OutputStream out;
    private final ObjectMapper json;
    /** One message a line: a second JSON value after the first is an error, not silently dropped. */
    private final com.fasterxml.jackson.databind.ObjectReader oneValue;
    private final McpJsonMapper mcpJson;
    private final Cancellations cancellations;
    private final AnsweredRequests answers;
    private final Runnable onEnd;
    private byte[] pending = new byte[0];
    private int at;
    private boolean ended;

    /** @param out the stream the SDK writes to (errors go there too, under its lock) */
    JsonRpcGuard(InputStream in, AnsweredRequests out, ObjectMapper json, McpJsonMapper mcpJson,
                 Cancellations cancellations, Runnable onEnd) {
        this.in = in;
        this.out = out;
        this.answers = out;
        this.json = json;
        this.oneValue = json.reader().with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.mcpJson = mcpJson;
        this.cancellations = cancellations;
        this.onEnd = onEnd;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (at >= pending.length) {
            if (ended) {
                return -1;
            }
            String line = nextLine();
            if (line == null) {
                ended = true;
                onEnd.run();
                return -1;
            }
            String passed = check(line);
            if (passed != null) {
                pending = (passed + "\n").getBytes(StandardCharsets.UTF_8);
                at = 0;
            }
        }
        int n = Math.min(len, pending.length - at);
        System.arraycopy(pending, at, b, off, n);
        at += n;
        return n;
    }

    /** The next line (without its end), or null at the end of input; a line too long is answered and skipped. */
    private String nextLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean tooLong = false;
        while (true) {
            int c;
            try {
                c = in.read();
            } catch (IOException e) {
                c = -1; // the client went away: end as at EOF
            }
            if (c < 0) {
                if (line.size() == 0 && !tooLong) {
                    return null;
                }
                break;
            }
            if (c == '\n') {
                break;
            }
            if (line.size() < MAX_LINE) {
                line.write(c);
            } else {
                tooLong = true;
            }
        }
        if (tooLong) {
            error(null, McpSchema.ErrorCodes.INVALID_REQUEST, "message longer than " + MAX_LINE + " bytes");
            return "";
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** The line to hand to the SDK, or null when it was answered here (an error) or consumed (a cancellation). */
    String check(String line) throws IOException {
        if (line.isBlank()) {
            return null;
        }
        JsonNode node;
        try {
            node = oneValue.readTree(line);
        } catch (IOException e) {
            error(null, McpSchema.ErrorCodes.PARSE_ERROR, "not JSON: " + Text.oneLine(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
            return null;
        }
        if (node == null || !node.isObject()) {
            error(null, McpSchema.ErrorCodes.INVALID_REQUEST, "expected one JSON-RPC message object per line");
            return null;
        }
        JsonNode id = node.get("id");
        JsonNode validId = id != null && (id.isTextual() || id.isIntegralNumber()) ? id : null;
        JsonNode method = node.get("method");
        if (!"2.0".equals(node.path("jsonrpc").asText(null))) {
            error(validId, McpSchema.ErrorCodes.INVALID_REQUEST, "jsonrpc must be \"2.0\"");
            return null;
        }
        if (method != null && !method.isTextual()) {
            error(validId, McpSchema.ErrorCodes.INVALID_REQUEST, "method must be a string");
            return null;
        }
        if (id != null && validId == null) {
            error(null, McpSchema.ErrorCodes.INVALID_REQUEST, "id must be a string or an integer");
            return null;
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            error(validId, McpSchema.ErrorCodes.INVALID_REQUEST, "params must be an object");
            return null;
        }
        try {
            McpSchema.deserializeJsonRpcMessage(mcpJson, line);
        } catch (IOException | RuntimeException e) {
            error(validId, McpSchema.ErrorCodes.INVALID_REQUEST, "not a JSON-RPC message: "
                    + Text.oneLine(String.valueOf(e.getMessage())));
            return null;
        }
        if (method != null && CANCELLED.equals(method.asText()) && id == null) {
            JsonNode cancelled = params == null ? null : params.get("requestId");
            if (cancelled != null && (cancelled.isTextual() || cancelled.isIntegralNumber())) {
                cancellations.cancel(cancelled.toString());
            }
            return null;
        }
        if (method != null && validId != null) {
            answers.asked(validId.toString());
        }
        if (method != null && McpSchema.METHOD_TOOLS_CALL.equals(method.asText()) && validId != null
                && params instanceof ObjectNode p) {
            JsonNode meta = p.get("_meta");
            ObjectNode m = meta instanceof ObjectNode o ? o : p.putObject("_meta");
            m.put(REQUEST_ID, validId.toString());
            return json.writeValueAsString(node);
        }
        return line;
    }

    /** Writes a JSON-RPC error response (id null when the request's id could not be read). */
    private void error(JsonNode id, int code, String message) throws IOException {
        ObjectNode e = json.createObjectNode();
        e.put("jsonrpc", "2.0");
        if (id == null) {
            e.putNull("id");
        } else {
            e.set("id", id);
        }
        e.putObject("error").put("code", code).put("message", message);
        byte[] bytes = (json.writeValueAsString(e) + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            out.write(bytes);
            out.flush();
        }
    }
}
