package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.device.DeviceDescription;
import io.fpsctl.device.DeviceException;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Locale;

/** The {@code list_devices} tool: what {@code fpsctl devices --json} lists. */
final class DevicesTool {
    private final McpContext context;

    DevicesTool(McpContext context) {
        this.context = context;
    }

    static final String SCHEMA = "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{}}";

    static final String DESCRIPTION = "List the Android devices fpsctl can measure (serial, state, model, Android "
            + "version, refresh rate). Use a serial with measure when several are attached.";

    McpSchema.CallToolResult call(McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        Args.allowOnly(Args.of(request));
        List<DeviceDescription> list;
        try {
            list = context.devices().list();
        } catch (DeviceException e) {
            return Results.error(e.getMessage());
        }
        ObjectNode out = context.json().createObjectNode();
        ArrayNode devices = out.putArray("devices");
        StringBuilder text = new StringBuilder();
        for (DeviceDescription d : list) {
            ObjectNode o = devices.addObject();
            o.put("serial", d.serial());
            o.put("state", d.state());
            o.put("model", d.model());
            o.put("androidVersion", d.androidVersion());
            if (d.sdk() != null) {
                o.put("sdk", d.sdk());
            }
            if (d.refreshHz() != null) {
                o.put("refreshHz", d.refreshHz());
            }
            text.append(String.format(Locale.ROOT, "%s %s %s Android %s%n", d.serial(), d.state(),
                    d.model() == null ? "-" : d.model(), d.androidVersion() == null ? "-" : d.androidVersion()));
        }
        if (list.isEmpty()) {
            text.append("no devices attached");
        }
        return Results.of(context, out, text.toString());
    }
}
