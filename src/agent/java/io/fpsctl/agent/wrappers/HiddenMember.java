package io.fpsctl.agent.wrappers;

/**
 * One non-SDK member the agent reflects on, with the highest app {@code targetSdkVersion} the framework lets
 * it be used for ({@code @UnsupportedAppUsage(maxTargetSdk = …)} in the framework's class files; none = every
 * target). Every reflective lookup of the agent goes through {@link #field} / {@link #method}, so the list in
 * {@link HiddenMembers} is complete by construction, and {@code HiddenApiTest} checks it against the class files
 * of every supported Android level.
 */
public final class HiddenMember {
    /** {@link #maxTargetSdk} of a member the framework allows for every targetSdk. */
    public static final int NO_LIMIT = Integer.MAX_VALUE;
    /** First Android level that enforces the non-SDK interface lists (P). */
    public static final int ENFORCED_FROM_SDK = 28;

    /** Binary class name, e.g. {@code android.view.Choreographer$CallbackQueue}. */
    public final String owner;
    /** Member name. */
    public final String name;
    /** JVM descriptor: the field's type or the method's {@code (args)ret}. */
    public final String descriptor;
    /** Whether the member is a method. */
    public final boolean isMethod;
    /** Highest targetSdk the framework allows it for, {@link #NO_LIMIT} for all. */
    public final int maxTargetSdk;

    HiddenMember(String owner, String name, String descriptor, boolean isMethod, int maxTargetSdk) {
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.isMethod = isMethod;
        this.maxTargetSdk = maxTargetSdk;
    }

    /** Whether an app targeting {@code targetSdk} may use this member on a device running {@code deviceSdk}. */
    public boolean allowed(int deviceSdk, int targetSdk) {
        return deviceSdk < ENFORCED_FROM_SDK || targetSdk <= maxTargetSdk;
    }

    /** Why it is refused, for the capability warning. */
    public String refusal(int targetSdk) {
        return shortOwner() + "." + name + " is restricted to apps targeting API " + maxTargetSdk
                + " or lower (this app targets " + targetSdk + ")";
    }

    /**
     * Looks the field up and makes it accessible, for an app targeting {@code targetSdk}.
     *
     * @throws HiddenApiException when the framework's rules refuse it for that targetSdk (nothing is touched
     *     then) or the device's framework has no such field
     */
    java.lang.reflect.Field field(int targetSdk) throws HiddenApiException {
        check(targetSdk);
        try {
            java.lang.reflect.Field f = Class.forName(owner).getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw missing(e);
        }
    }

    /** Looks the method up with {@code parameterTypes}, like {@link #field(int)}. */
    java.lang.reflect.Method method(int targetSdk, Class<?>... parameterTypes) throws HiddenApiException {
        check(targetSdk);
        try {
            java.lang.reflect.Method m = Class.forName(owner).getDeclaredMethod(name, parameterTypes);
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw missing(e);
        }
    }

    private void check(int targetSdk) throws HiddenApiException {
        if (!allowed(PlatformQuirks.sdk(), targetSdk)) {
            throw new HiddenApiException(refusal(targetSdk), null);
        }
    }

    private HiddenApiException missing(Throwable e) {
        return new HiddenApiException(e.getClass().getSimpleName() + " " + this
                + " (this device's framework differs from AOSP)", e);
    }

    private String shortOwner() {
        return owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.');
    }

    @Override
    public String toString() {
        return owner + "." + name + (isMethod ? descriptor : "");
    }
}
