package io.fpsctl.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A refused request: the SDK answers a tool handler's {@link McpError} with a JSON-RPC error carrying its code
 * (McpServerSession.handleIncomingRequest), so the client sees an error response, not a crash or a result.
 */
final class ToolError {
    private ToolError() {
    }

    /** -32602: the arguments are wrong (a hostile package name, a path outside the folders, a missing field). */
    static McpError invalidParams(String message) {
        return McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message(Text.oneLine(message)).build();
    }

    /** -32603: the device or a file failed in a way the arguments did not cause. */
    static McpError internal(String message) {
        return McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(Text.oneLine(message)).build();
    }
}
