package io.fpsctl.agent.wrappers;

import android.os.Looper;
import android.util.Printer;

import java.lang.reflect.Field;

/** Reads the Printer already installed on a Looper (hidden {@code Looper.mLogging}) so ours can chain to it. */
public final class LooperLogging {
    private LooperLogging() {
    }

    /** The current Printer of {@code looper}, or {@code null} if none. */
    public static Printer current(Looper looper) throws HiddenApiException {
        try {
            Field f = Looper.class.getDeclaredField("mLogging");
            f.setAccessible(true);
            return (Printer) f.get(looper);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new HiddenApiException(e.getClass().getSimpleName() + " mLogging", e);
        }
    }
}
