package io.fpsctl.agent.wrappers;

/**
 * One non-SDK framework member the agent reaches by reflection: where it is declared and its JVM signature.
 * Nothing here predicts whether the platform allows it: {@link MemberAccess} tries, and a refusal comes back as
 * a {@link HiddenApiException} naming this member. The annotation every Android level puts on it
 * ({@code @UnsupportedAppUsage(maxTargetSdk = …)}) is documented per level in {@code docs/agent-hidden-api.md}
 * and checked there against the framework's own class files ({@code HiddenApiTest}).
 */
public final class ReflectedMember {
    /** Binary class name, e.g. {@code android.view.Choreographer$CallbackQueue}. */
    public final String owner;
    /** Member name. */
    public final String name;
    /** JVM descriptor: the field's type or the method's {@code (args)ret}. */
    public final String descriptor;
    /** Whether the member is a method. */
    public final boolean isMethod;

    ReflectedMember(String owner, String name, String descriptor, boolean isMethod) {
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.isMethod = isMethod;
    }

    /** {@code Choreographer.mLock}, {@code Choreographer.CallbackQueue.addCallbackLocked()}: for records. */
    public String shortName() {
        return owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.') + "." + name + (isMethod ? "()" : "");
    }

    @Override
    public String toString() {
        return owner + "." + name + (isMethod ? descriptor : ":" + descriptor);
    }
}
