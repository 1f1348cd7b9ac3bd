package io.fpsctl.agent.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Code of the agent outside {@code wrappers/} uses public SDK API only. There is no public-API stub jar
 * (android.jar) on Maven Central for API 24+, so this reads the agent's class files (ASM) and holds every
 * framework member they touch to two rules:
 * <ol>
 *   <li>it is listed in {@code agent/public-api.txt}, a reviewed list of SDK members (each checked against the
 *       developer.android.com reference when added) — a new framework call fails here until someone vouches for it;</li>
 *   <li>android-all 15's class file does not mark it {@code @UnsupportedAppUsage} (that annotation only exists on
 *       non-SDK members), so a hidden member cannot be vouched for by mistake, e.g.
 *       {@code Choreographer.getFrameTimeNanos()}.</li>
 * </ol>
 */
@Tag("android-all")
class PublicApiOnlyTest {
    private static final Set<String> FRAMEWORK = Set.of("android/", "com/android/", "dalvik/", "libcore/");

    private static boolean framework(String owner) {
        return FRAMEWORK.stream().anyMatch(owner::startsWith);
    }

    private static Set<String> used() {
        Set<String> used = new TreeSet<>();
        for (String c : AgentClasses.names()) {
            if (c.startsWith("io/fpsctl/agent/wrappers/")) {
                continue;
            }
            for (AgentClasses.Ref r : AgentClasses.references(c)) {
                if (framework(r.owner())) {
                    used.add(r.member());
                }
            }
        }
        return used;
    }

    private static Set<String> vouched() throws IOException {
        try (InputStream in = PublicApiOnlyTest.class.getResourceAsStream("/agent/public-api.txt")) {
            Set<String> out = new TreeSet<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String l = line.strip();
                if (!l.isEmpty() && !l.startsWith("#")) {
                    out.add(l.split("\\s+")[0]);
                }
            }
            return out;
        }
    }

    @Test
    void everyFrameworkMemberUsedOutsideWrappersIsAVouchedSdkMember() throws IOException {
        List<String> unvouched = new ArrayList<>(used());
        unvouched.removeAll(vouched());
        assertEquals(List.of(), unvouched, "framework members used outside wrappers/ that are not in "
                + "src/test/resources/agent/public-api.txt: check they are public SDK, then list them there");
    }

    @Test
    void nothingUsedOutsideWrappersIsMarkedUnsupportedAppUsage() {
        List<String> hidden = new ArrayList<>();
        for (String member : used()) {
            int paren = member.indexOf('(');
            String head = paren < 0 ? member : member.substring(0, paren);
            int dot = head.lastIndexOf('.');
            String owner = head.substring(0, dot).replace('.', '/');
            String name = head.substring(dot + 1);
            String desc = paren < 0 ? null : member.substring(paren);
            Optional<FrameworkClass.Usage> u = find(owner, name, desc);
            if (u.isPresent() && u.get().annotated()) {
                hidden.add(member);
            }
        }
        assertEquals(List.of(), hidden, "non-SDK members used outside wrappers/");
    }

    /** Looks a member up in android-all 15 (test classpath) through superclasses and interfaces. */
    private static Optional<FrameworkClass.Usage> find(String owner, String name, String desc) {
        Deque<String> todo = new ArrayDeque<>(List.of(owner));
        while (!todo.isEmpty()) {
            String c = todo.pop();
            InputStream in = ClassLoader.getSystemResourceAsStream(c + ".class");
            if (in == null) {
                continue;
            }
            FrameworkClass fc = FrameworkClass.read(in);
            Optional<FrameworkClass.Usage> u = desc != null ? fc.member(name, desc) : fc.anyField(name);
            if (u.isPresent()) {
                return u;
            }
            if (fc.superName() != null) {
                todo.add(fc.superName());
            }
            todo.addAll(List.of(fc.interfaces()));
        }
        return Optional.empty();
    }
}
