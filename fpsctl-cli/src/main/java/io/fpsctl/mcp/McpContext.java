package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineConfig;
import java.io.PrintStream;
import java.time.Duration;

/** What every tool shares: where it may read and write, how it reaches devices, and the server's state. */
record McpContext(Sandbox sandbox, DeviceAccess devices, EngineConfig engineConfig, Duration reconnectTimeout,
                  boolean allowRun, Cancellations cancellations, Runs runs, ObjectMapper json, PrintStream log) {

    /** A line for the user on standard error (never standard output: that is the protocol's). */
    void log(String line) {
        log.println("fpsctl mcp: " + Text.oneLine(line));
        log.flush();
    }
}
