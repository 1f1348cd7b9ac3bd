package io.fpsctl.agent.wrappers;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/** The device's own reflection: the only class of the agent that looks members up by name. */
public final class PlatformAccess implements MemberAccess {
    /** The one instance. */
    public static final PlatformAccess INSTANCE = new PlatformAccess();

    private PlatformAccess() {
    }

    @Override
    public Field field(ReflectedMember member) throws HiddenApiException {
        try {
            Field f = Class.forName(member.owner).getDeclaredField(member.name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new HiddenApiException(member, e);
        }
    }

    @Override
    public Method method(ReflectedMember member, Class<?>... parameterTypes) throws HiddenApiException {
        try {
            Method m = Class.forName(member.owner).getDeclaredMethod(member.name, parameterTypes);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new HiddenApiException(member, e);
        }
    }
}
