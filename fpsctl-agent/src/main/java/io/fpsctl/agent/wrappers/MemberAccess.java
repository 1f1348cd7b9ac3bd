package io.fpsctl.agent.wrappers;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * How the agent reaches a non-SDK member: always by trying. On a device that is {@link PlatformAccess}; ART's
 * hidden-API policy answers a refused lookup with {@code NoSuchFieldException} / {@code NoSuchMethodException}
 * (art/runtime/hidden_api.h {@code ShouldDenyAccessToMember}, android-10.0.0_r1 on), which comes back here as
 * a {@link HiddenApiException} naming the member. Tests model a policy in place of the device's.
 */
public interface MemberAccess {
    /** Looks the field up and makes it accessible. */
    Field field(ReflectedMember member) throws HiddenApiException;

    /** Looks the method up with {@code parameterTypes} and makes it accessible. */
    Method method(ReflectedMember member, Class<?>... parameterTypes) throws HiddenApiException;
}
