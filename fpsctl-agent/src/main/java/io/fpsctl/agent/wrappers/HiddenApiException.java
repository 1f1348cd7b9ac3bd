package io.fpsctl.agent.wrappers;

/**
 * The platform refused a non-SDK member the agent tried (ART's hidden-API policy, a missing member on an OEM
 * framework, access denied, a wrong type): says which member and what the platform answered.
 */
public final class HiddenApiException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ReflectedMember member;

    /** @param member what was tried; @param cause what the platform threw */
    public HiddenApiException(ReflectedMember member, Throwable cause) {
        super(member.shortName() + ": " + describe(cause), cause);
        this.member = member;
    }

    /** @param member what was tried; @param what why it cannot be used although the lookup worked */
    public HiddenApiException(ReflectedMember member, String what) {
        super(member.shortName() + ": " + what);
        this.member = member;
    }

    /** The member refused. */
    public ReflectedMember member() {
        return member;
    }

    /** What the platform said, without the member's name: {@code NoSuchFieldException No field mLock …}. */
    public String reason() {
        String m = getMessage();
        return m.substring(member.shortName().length() + 2);
    }

    private static String describe(Throwable t) {
        Throwable c = t;
        while (c instanceof java.lang.reflect.InvocationTargetException && c.getCause() != null) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName()
                : c.getClass().getSimpleName() + " " + c.getMessage();
    }
}
