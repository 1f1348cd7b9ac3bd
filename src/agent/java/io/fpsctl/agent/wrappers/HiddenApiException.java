package io.fpsctl.agent.wrappers;

/** The platform refused a hidden API the agent wanted (missing member, access denied, wrong type). */
public final class HiddenApiException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param what short description, e.g. {@code NoSuchFieldException mCallbackQueues} */
    public HiddenApiException(String what, Throwable cause) {
        super(what, cause);
    }
}
