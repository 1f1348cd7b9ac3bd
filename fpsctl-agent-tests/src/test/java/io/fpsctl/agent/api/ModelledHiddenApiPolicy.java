package io.fpsctl.agent.api;

import io.fpsctl.agent.wrappers.HiddenApiException;
import io.fpsctl.agent.wrappers.MemberAccess;
import io.fpsctl.agent.wrappers.PlatformAccess;
import io.fpsctl.agent.wrappers.ReflectedMember;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * ART's hidden-API policy for an app, modelled for Robolectric (which enforces none) from the platform's own
 * class files: on API 29+ a member is refused unless the running level's android-all class file (unpacked into
 * target/android-all/LEVEL) annotates it {@code @UnsupportedAppUsage} with no {@code maxTargetSdk} or one at
 * least the app's targetSdk; unannotated non-SDK members are on the block list. A refusal is thrown as ART does
 * it, {@code NoSuchFieldException} / {@code NoSuchMethodException} with ART's message shape
 * (art/runtime/native/java_lang_Class.cc {@code Class_getDeclaredField}: "No field NAME in class DESCRIPTOR").
 * API 24–28: everything allowed (28's lists are not in class files; its light greylist only logs). With
 * {@code checksOff} (what {@code am instrument --no-hidden-api-checks} does) nothing is refused.
 */
public final class ModelledHiddenApiPolicy implements MemberAccess {
    private final int level;
    private final int targetSdk;
    private final boolean checksOff;

    /** @param level running API level; @param targetSdk the app's; @param checksOff the flag */
    public ModelledHiddenApiPolicy(int level, int targetSdk, boolean checksOff) {
        this.level = level;
        this.targetSdk = targetSdk;
        this.checksOff = checksOff;
    }

    @Override
    public Field field(ReflectedMember member) throws HiddenApiException {
        if (refused(member)) {
            throw new HiddenApiException(member, new NoSuchFieldException("No field " + member.name + " in class L"
                    + member.owner.replace('.', '/') + "; (modelled hidden-API policy of API " + level + ")"));
        }
        return PlatformAccess.INSTANCE.field(member);
    }

    @Override
    public Method method(ReflectedMember member, Class<?>... parameterTypes) throws HiddenApiException {
        if (refused(member)) {
            throw new HiddenApiException(member, new NoSuchMethodException("No method " + member.name
                    + member.descriptor + " in class L" + member.owner.replace('.', '/')
                    + "; (modelled hidden-API policy of API " + level + ")"));
        }
        return PlatformAccess.INSTANCE.method(member, parameterTypes);
    }

    private boolean refused(ReflectedMember member) {
        if (checksOff || level < 29) {
            return false;
        }
        Optional<FrameworkClass.Usage> usage = usage(level, member);
        if (usage.isEmpty() || !usage.get().annotated()) {
            return true;
        }
        Integer max = usage.get().maxTargetSdk();
        return max != null && targetSdk > max;
    }

    /** The member's annotation in android-all of {@code level}, empty when the class has no such member. */
    static Optional<FrameworkClass.Usage> usage(int level, ReflectedMember member) {
        Path file = Path.of("target/android-all", String.valueOf(level), member.owner.replace('.', '/') + ".class");
        if (!Files.exists(file)) {
            throw new IllegalStateException(file + " is missing: add " + member.owner
                    + " to the android-all <includes> in pom.xml");
        }
        try {
            return FrameworkClass.read(Files.newInputStream(file)).member(member.name, member.descriptor);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

}
