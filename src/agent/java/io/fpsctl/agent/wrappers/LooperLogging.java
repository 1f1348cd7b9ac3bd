package io.fpsctl.agent.wrappers;

import android.os.Looper;
import android.util.Printer;

/** Reads the Printer already installed on a Looper (non-SDK {@code Looper.mLogging}) so ours can chain to it. */
public final class LooperLogging {
    private LooperLogging() {
    }

    /** The current Printer of {@code looper}, or {@code null} if none. */
    public static Printer current(Looper looper, int targetSdk) throws HiddenApiException {
        try {
            return (Printer) HiddenMembers.LOOPER_LOGGING.field(targetSdk).get(looper);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new HiddenApiException(e.getClass().getSimpleName() + " " + HiddenMembers.LOOPER_LOGGING, e);
        }
    }
}
