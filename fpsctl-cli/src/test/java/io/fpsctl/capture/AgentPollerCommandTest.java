package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The whole {@code am instrument} line the agent is started with. fpsctl-agent-tests' HiddenApiTest checks, per API
 * level, that {@code --no-hidden-api-checks} is there exactly where the platform parses it ({@code android.Am}).
 */
class AgentPollerCommandTest {

    @Test
    void theCommandNamesTheAgentsArgumentsAndComponentAndTheOptionFromApi28() {
        assertEquals("am instrument -w -r -e fpsctl.slowMessageMs 100 -e fpsctl.heartbeatMs 2000 "
                + "io.fpsctl.agent/.FpsctlAgent", AgentPoller.command(100, 27, 2000));
        assertEquals("am instrument -w -r --no-hidden-api-checks -e fpsctl.slowMessageMs 100 -e fpsctl.heartbeatMs "
                + "2000 io.fpsctl.agent/.FpsctlAgent", AgentPoller.command(100, 35, 2000));
    }
}
