package io.fpsctl.agent.report;

import android.os.Bundle;

/** Where batches go: {@code Instrumentation.sendStatus} on a device, a list in tests. */
public interface StatusChannel {
    /** Sends one status bundle with {@code code}. */
    void send(int code, Bundle bundle);
}
