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
        return McpSchema.CallToolResult.builder().structuredContent(map).addTextContent(Text.safe(text))
                .isError(false).build();
    }
}
