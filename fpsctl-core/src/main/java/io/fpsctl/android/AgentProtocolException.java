package io.fpsctl.android;

/** The agent speaks a protocol version this fpsctl does not read (the agent APK and fpsctl do not match). */
public final class AgentProtocolException extends Exception {
    public AgentProtocolException(String message) {
        super(message);
    }
}
