package io.fpsctl.agent.wrappers;

import android.os.Looper;
import android.util.Printer;

import java.lang.reflect.Field;

/**
 * Reads the Printer installed on a Looper (non-SDK {@code Looper.mLogging}, read by {@code Looper.loop()} for
 * every message, frameworks/base core/java/android/os/Looper.java) so the agent can chain to it, notice an app
 * that replaced it, and put back the app's own at detach.
 */
public final class LooperLogging {
    private final Looper looper;
    private final Field logging;

    private LooperLogging(Looper looper, Field logging) {
        this.looper = looper;
        this.logging = logging;
    }

    /** Tries the field through {@code access}. */
    public static LooperLogging open(Looper looper, MemberAccess access) throws HiddenApiException {
        return new LooperLogging(looper, access.field(AgentMembers.LOOPER_LOGGING));
    }

    /** The current Printer, or {@code null} if none. */
    public Printer current() throws HiddenApiException {
        try {
            return (Printer) logging.get(looper);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new HiddenApiException(AgentMembers.LOOPER_LOGGING, e);
        }
    }
}
