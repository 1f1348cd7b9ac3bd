package io.fpsctl.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/** A tool's result: the structured JSON ({@code structuredContent}) and a short text for the model to relay. */
final class Results {
    private Results() {
    }

    static McpSchema.CallToolResult of(McpContext context, ObjectNode structured, String text) {
        Map<String, Object> map = context.json().convertValue(structured, new TypeReference<Map<String, Object>>() { });
        // MCP 2025-06-18+ "Structured Content": a tool that returns structured content SHOULD also return it
        // serialized in a text block, for clients that do not read structuredContent; the summary comes first
        String serialized;
        try {
            serialized = context.json().writeValueAsString(structured);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw ToolError.internal("cannot write the result: " + e.getMessage());
        }
        return McpSchema.CallToolResult.builder().structuredContent(map).addTextContent(Text.safe(text))
                .addTextContent(serialized).isError(false).build();
    }

    /**
     * A tool that ran but could not do its work (the device is gone, the app is not running, the --run command
     * failed): a result with {@code isError} true, which the model reads and can act on (MCP 2025-06-18 and
     * 2025-11-25, "Error Handling": errors of the tool's execution go in the result, protocol errors are JSON-RPC's).
     */
    static McpSchema.CallToolResult error(String message) {
        return McpSchema.CallToolResult.builder().addTextContent(Text.safe(message)).isError(true).build();
    }
}
