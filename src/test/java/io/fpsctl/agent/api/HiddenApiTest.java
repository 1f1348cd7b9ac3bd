package io.fpsctl.agent.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fpsctl.agent.wrappers.HiddenMember;
import io.fpsctl.agent.wrappers.HiddenMembers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every non-SDK member the agent reflects on, checked against the framework's own class files of Android 7.0 →
 * 16 (API 24 → 36, android-all, unpacked by the build into target/android-all/LEVEL): it exists on every level,
 * and from API 29 on, {@code @UnsupportedAppUsage(maxTargetSdk)} allows it for at least the targetSdk range
 * {@link HiddenMembers} claims. Android 9 (28) keeps its lists outside the class files; nothing to read there.
 */
class HiddenApiTest {
    private static final int FIRST = 24;
    private static final int LAST = 36;
    private static final int ANNOTATED_FROM = 29;
    /** Reflective lookups that only {@link HiddenMember} may make. */
    private static final Set<String> LOOKUPS = Set.of("getDeclaredField", "getDeclaredMethod", "getField", "getMethod",
            "getDeclaredFields", "getDeclaredMethods", "getFields", "getMethods", "forName", "getDeclaredConstructor",
            "getDeclaredConstructors", "getConstructor", "getConstructors");

    private static FrameworkClass frameworkClass(int level, String owner) throws IOException {
        Path file = Path.of("target/android-all", String.valueOf(level), owner.replace('.', '/') + ".class");
        if (!Files.exists(file)) {
            fail(file + " is missing: add " + owner + " to the android-all <includes> in pom.xml");
        }
        return FrameworkClass.read(Files.newInputStream(file));
    }

    @Test
    void everyHiddenMemberExistsOnEveryLevelAndIsAllowedAsFarAsTheCatalogClaims() throws IOException {
        List<String> problems = new ArrayList<>();
        for (HiddenMember m : HiddenMembers.all()) {
            for (int level = FIRST; level <= LAST; level++) {
                Optional<FrameworkClass.Usage> usage = frameworkClass(level, m.owner).member(m.name, m.descriptor);
                if (usage.isEmpty()) {
                    problems.add("API " + level + ": " + m + " does not exist");
                    continue;
                }
                if (level >= ANNOTATED_FROM) {
                    int frameworkMax = frameworkMaxTargetSdk(usage.get());
                    if (m.maxTargetSdk > frameworkMax) {
                        problems.add("API " + level + ": " + m + " is allowed only for targetSdk <= "
                                + frameworkMax + ", HiddenMembers claims " + describe(m.maxTargetSdk));
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void appsTargetingApi35AreRefusedExactlyWhatTheFrameworkRefusesThem() throws IOException {
        for (HiddenMember m : HiddenMembers.all()) {
            for (int level = ANNOTATED_FROM; level <= LAST; level++) {
                int frameworkMax = frameworkMaxTargetSdk(frameworkClass(level, m.owner).member(m.name, m.descriptor)
                        .orElseThrow());
                assertEquals(35 <= frameworkMax, m.allowed(level, 35), "API " + level + ": " + m);
                assertEquals(28 <= frameworkMax, m.allowed(level, 28), "API " + level + ": " + m);
            }
            assertTrue(m.allowed(27, 35), "no enforcement before Android 9: " + m);
        }
    }

    @Test
    void mLockIsRestrictedToTargetSdk28AndTheAgentKnowsIt() throws IOException {
        FrameworkClass.Usage lock = frameworkClass(35, "android.view.Choreographer")
                .member("mLock", "Ljava/lang/Object;").orElseThrow();
        assertEquals(new FrameworkClass.Usage(true, 28), lock, "read straight from android-all 15");
        assertTrue(!HiddenMembers.CHOREOGRAPHER_LOCK.allowed(35, 29));
    }

    @Test
    void onlyHiddenMemberLooksMembersUpByReflection() {
        List<String> offenders = new ArrayList<>();
        for (String c : AgentClasses.names()) {
            if (c.equals("io/fpsctl/agent/wrappers/HiddenMember")) {
                continue;
            }
            for (AgentClasses.Ref r : AgentClasses.references(c)) {
                boolean lookup = r.owner().equals("java/lang/Class") && LOOKUPS.contains(r.name());
                boolean handles = r.owner().startsWith("java/lang/invoke/MethodHandles");
                if (lookup || handles) {
                    offenders.add(c + " -> " + r.member());
                }
            }
        }
        assertEquals(List.of(), offenders, "reflect only through wrappers.HiddenMember (listed in HiddenMembers)");
    }

    /** No annotation on API 29+ = not on any allow list: blocked for every targetSdk. */
    private static int frameworkMaxTargetSdk(FrameworkClass.Usage u) {
        if (!u.annotated()) {
            return 0;
        }
        return u.maxTargetSdk() == null ? HiddenMember.NO_LIMIT : u.maxTargetSdk();
    }

    private static String describe(int max) {
        return max == HiddenMember.NO_LIMIT ? "every targetSdk" : "targetSdk <= " + max;
    }
}
