package io.fpsctl.agent.report;

/**
 * A failure of the agent's own code inside a callback the platform makes into the app (the Looper Printer,
 * Choreographer queue heads, FrameMetrics reports, view-tree listeners, the touch pre-step, the receiver, the
 * install). The callback catches it here instead of letting it crash the app: the first failure becomes a
 * {@code C|capability|off|-|reason} record naming the exception and where it was thrown, the agent is asked to
 * detach (it takes every hook out in the next batch period), and from then on the callbacks only call through
 * to the app's own Printer / callbacks. Thread-safe: callbacks run on the main, FrameMetrics and receiver threads.
 */
public final class AgentFault {
    private final Capabilities capabilities;
    private volatile Runnable detach;
    private volatile boolean failed;

    /** @param capabilities where the failure is reported */
    public AgentFault(Capabilities capabilities) {
        this.capabilities = capabilities;
    }

    /** What to run on the first failure: the agent's request to detach. */
    public void onFailure(Runnable detachRequest) {
        this.detach = detachRequest;
    }

    /** Whether a callback failed: the agent's work in every callback stops. */
    public boolean failed() {
        return failed;
    }

    /** Reports {@code t}, thrown by the agent's work for {@code capability}, once, and requests detach; never throws. */
    public void report(String capability, Throwable t) {
        synchronized (this) {
            if (failed) {
                return;
            }
            failed = true;
        }
        StackTraceElement[] at = t.getStackTrace();
        String where = at.length == 0 ? "" : " at " + at[0].getClassName() + "." + at[0].getMethodName()
                + ":" + at[0].getLineNumber();
        try {
            capabilities.off(capability, Protocol.NO_MEMBER, "fpsctl's agent failed (" + Capabilities.describe(t)
                    + where + "): it detaches, the app goes on");
        } catch (RuntimeException ignored) {
            // nothing more the agent can say
        }
        Runnable r = detach;
        if (r != null) {
            r.run();
        }
    }
}
