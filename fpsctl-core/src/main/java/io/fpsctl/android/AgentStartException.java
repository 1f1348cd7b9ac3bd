package io.fpsctl.android;

/** The on-device agent could not run; the message is one line for the user. */
public final class AgentStartException extends Exception {
    public AgentStartException(String message) {
        super(message);
    }
}
