package io.fpsctl.agent.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fpsctl.agent.wrappers.AgentMembers;
import io.fpsctl.agent.wrappers.ReflectedMember;
import io.fpsctl.android.Am;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The framework's own class files of Android 7.0 → 16 (API 24 → 36, android-all, unpacked by the build into
 * target/android-all/LEVEL) as the truth about what the agent touches:
 * <ul>
 *   <li>every member in {@link AgentMembers} exists on every level with exactly that signature, and its
 *       {@code @UnsupportedAppUsage} annotation is what docs/agent-hidden-api.md says for that level (the table
 *       is read from the document itself);</li>
 *   <li>{@code am instrument --no-hidden-api-checks} is in {@code am}'s help ({@code ActivityManagerShellCommand
 *       .onHelp}) and the {@code DISABLE_HIDDEN_API_CHECKS} permission is checked by {@code ActivityManagerService}
 *       from API 28, not before — and fpsctl passes the option exactly there;</li>
 *   <li>FrameInfo's IntendedVsync is index 1 of {@code FrameMetrics.mTimingData} on API 24/25 (the class's own
 *       {@code DURATIONS} table), which the agent reads there to date reports;</li>
 *   <li>only {@code wrappers.PlatformAccess} looks members up by reflection.</li>
 * </ul>
 */
@Tag("android-all")
class HiddenApiTest {
    private static final int FIRST = 24;
    private static final int LAST = 36;
    /** The repository's docs/ (this module is a folder of the repository; its tests run in that folder). */
    private static final Path DOC = Path.of("..", "docs", "agent-hidden-api.md");
    /** Reflective lookups that only {@code PlatformAccess} may make. */
    private static final Set<String> LOOKUPS = Set.of("getDeclaredField", "getDeclaredMethod", "getField", "getMethod",
            "getDeclaredFields", "getDeclaredMethods", "getFields", "getMethods", "forName", "getDeclaredConstructor",
            "getDeclaredConstructors", "getConstructor", "getConstructors");

    private static Path classFile(int level, String owner) {
        Path file = Path.of("target/android-all", String.valueOf(level), owner.replace('.', '/') + ".class");
        if (!Files.exists(file)) {
            fail(file + " is missing: add " + owner + " to the android-all <includes> in pom.xml");
        }
        return file;
    }

    private static FrameworkClass frameworkClass(int level, String owner) throws IOException {
        return FrameworkClass.read(Files.newInputStream(classFile(level, owner)));
    }

    /** One documented row: member key ({@code owner.name}), signature, and the cell text per level. */
    private record Row(String member, String descriptor, Map<Integer, String> cells) {
    }

    /** The table of docs/agent-hidden-api.md: header ranges like {@code 24–27} or {@code 28}. */
    private static Map<String, Row> documented() throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        List<int[]> ranges = null;
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String line : lines) {
            if (!line.startsWith("|")) {
                continue;
            }
            String[] c = line.substring(1, line.lastIndexOf('|')).split("\\|", -1);
            for (int i = 0; i < c.length; i++) {
                c[i] = c[i].strip().replace("`", "");
            }
            if (c[0].equals("member")) {
                ranges = new ArrayList<>();
                for (int i = 2; i < c.length; i++) {
                    String[] r = c[i].split("[–-]");
                    ranges.add(new int[] {Integer.parseInt(r[0]), Integer.parseInt(r[r.length - 1])});
                }
            } else if (ranges != null && !c[0].startsWith("---")) {
                Map<Integer, String> cells = new LinkedHashMap<>();
                for (int i = 0; i < ranges.size(); i++) {
                    for (int l = ranges.get(i)[0]; l <= ranges.get(i)[1]; l++) {
                        cells.put(l, c[i + 2]);
                    }
                }
                rows.put(c[0], new Row(c[0], c[1], cells));
            }
        }
        return rows;
    }

    private static String key(ReflectedMember m) {
        return m.owner + "." + m.name;
    }

    private static String cell(FrameworkClass.Usage u) {
        if (!u.annotated()) {
            return "none";
        }
        return u.maxTargetSdk() == null ? "unrestricted" : "max " + u.maxTargetSdk();
    }

    @Test
    void theDocumentListsExactlyTheMembersTheAgentReflectsOnForEveryLevel() throws IOException {
        Map<String, Row> doc = documented();
        List<String> agent = new ArrayList<>();
        for (ReflectedMember m : AgentMembers.all()) {
            agent.add(key(m));
            Row row = doc.get(key(m));
            assertTrue(row != null, DOC + " has no row for " + key(m));
            assertEquals(m.descriptor, row.descriptor(), key(m));
            for (int level = FIRST; level <= LAST; level++) {
                assertTrue(row.cells().containsKey(level), DOC + ": no column covers API " + level);
            }
        }
        assertEquals(agent, List.copyOf(doc.keySet()), "rows of " + DOC);
    }

    @Test
    void everyMemberExistsWithItsSignatureAndCarriesTheDocumentedAnnotationOnEveryLevel() throws IOException {
        Map<String, Row> doc = documented();
        List<String> problems = new ArrayList<>();
        for (ReflectedMember m : AgentMembers.all()) {
            for (int level = FIRST; level <= LAST; level++) {
                Optional<FrameworkClass.Usage> usage = frameworkClass(level, m.owner).member(m.name, m.descriptor);
                if (usage.isEmpty()) {
                    problems.add("API " + level + ": " + m + " does not exist");
                    continue;
                }
                String expected = doc.get(key(m)).cells().get(level);
                if (!cell(usage.get()).equals(expected)) {
                    problems.add("API " + level + ": " + m + " is '" + cell(usage.get()) + "' in the class file, "
                            + DOC + " says '" + expected + "'");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void mLockIsRestrictedToTargetSdk28FromAndroid10ReadStraightFromTheClassFiles() throws IOException {
        for (int level = 29; level <= LAST; level++) {
            assertEquals(new FrameworkClass.Usage(true, 28), frameworkClass(level, "android.view.Choreographer")
                    .member("mLock", "Ljava/lang/Object;").orElseThrow(), "API " + level);
        }
    }

    /** The string constants {@code ldc}'d by the code of a class file. */
    private static Set<String> strings(Path file) throws IOException {
        Set<String> out = new java.util.HashSet<>();
        new ClassReader(Files.readAllBytes(file)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitLdcInsn(Object value) {
                        if (value instanceof String s) {
                            out.add(s);
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG);
        return out;
    }

    @Test
    void fpsctlPassesNoHiddenApiChecksExactlyWhereThePlatformParsesAndHonoursIt() throws IOException {
        for (int level = FIRST; level <= LAST; level++) {
            // `am help` (ActivityManagerShellCommand.onHelp) lists the option where cmds/am parses it; cmds/am itself
            // (am.jar) is not in android-all
            boolean parsed = strings(classFile(level, "com.android.server.am.ActivityManagerShellCommand")).stream()
                    .anyMatch(t -> t.contains("--no-hidden-api-checks"));
            boolean honoured = strings(classFile(level, "com.android.server.am.ActivityManagerService"))
                    .contains("android.permission.DISABLE_HIDDEN_API_CHECKS");
            assertEquals(level >= 28, parsed, "API " + level + ": `am help` lists the option");
            assertEquals(level >= 28, honoured, "API " + level + ": ActivityManagerService checks the permission");
            // the start of the command capture.AgentPoller sends (AgentPollerCommandTest checks the whole of it)
            String command = Am.instrument(level);
            assertEquals(parsed, command.contains(" --no-hidden-api-checks"), "API " + level + ": " + command);
        }
    }

    /** The {@code int[] DURATIONS} static initializer of FrameMetrics: index → value. */
    private static Map<Integer, Integer> durations(int level) throws IOException {
        Map<Integer, Integer> out = new LinkedHashMap<>();
        new ClassReader(Files.readAllBytes(classFile(level, "android.view.FrameMetrics"))).accept(
                new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                        if (!name.equals("<clinit>")) {
                            return null;
                        }
                        Deque<Integer> ints = new ArrayDeque<>();
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitInsn(int op) {
                                if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
                                    ints.push(op - Opcodes.ICONST_0);
                                } else if (op == Opcodes.IASTORE && ints.size() >= 2) {
                                    int value = ints.pop();
                                    out.put(ints.pop(), value);
                                }
                            }

                            @Override
                            public void visitIntInsn(int op, int operand) {
                                if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) {
                                    ints.push(operand);
                                }
                            }

                            @Override
                            public void visitFieldInsn(int op, String owner, String n, String d) {
                                if (n.equals("DURATIONS")) {
                                    ints.clear();
                                }
                            }
                        };
                    }
                }, ClassReader.SKIP_DEBUG);
        return out;
    }

    @Test
    void onAndroid7FrameInfoIndexOneIsTheIntendedVsyncThatStartsTheFrame() throws IOException {
        for (int level : new int[] {24, 25}) {
            Map<Integer, Integer> d = durations(level);
            // DURATIONS holds (start, end) FrameInfo indices per metric: UNKNOWN_DELAY (metric 0) starts at the
            // intended vsync and TOTAL (metric 8) spans intended vsync → frame completed
            assertEquals(1, d.get(0), "API " + level + " UNKNOWN_DELAY start");
            assertEquals(1, d.get(16), "API " + level + " TOTAL start");
            assertEquals(io.fpsctl.agent.wrappers.FrameInfoTimestamps.INTENDED_VSYNC, d.get(16));
        }
    }

    @Test
    void onlyPlatformAccessLooksMembersUpByReflection() {
        List<String> offenders = new ArrayList<>();
        for (String c : AgentClasses.names()) {
            if (c.equals("io/fpsctl/agent/wrappers/PlatformAccess")) {
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
        assertEquals(List.of(), offenders, "reflect only through wrappers.PlatformAccess (members in AgentMembers)");
    }
}
