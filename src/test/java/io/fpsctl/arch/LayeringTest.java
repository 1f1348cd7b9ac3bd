package io.fpsctl.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The layering of docs/architecture.md, one rule per promise:
 * <ul>
 *   <li>{@link #layers}: who may use whom, for every package of fpsctl, the on-device agent included;</li>
 *   <li>{@link #noCycles}: no cycle between any two packages, sub-packages counted on their own
 *       ({@code sim} ⇄ {@code sim.adb} would be one);</li>
 *   <li>{@link #engineDoesNoIo} and the rules after it: the engine reads no file, stream or socket and is
 *       single-threaded (no thread, executor, lock, atomic, volatile field, {@code synchronized} method or block,
 *       wait/notify).</li>
 * </ul>
 * The layers {@code android}, {@code format}, {@code analysis} and {@code verdict} are optional: the rule holds
 * while they are being created (issue 27). The agent ({@code src/agent/java}) is compiled as test sources for the
 * JVM build, so it is imported from {@code target/test-classes} by {@link MainCodeAndAgent}.
 */
@AnalyzeClasses(packages = "io.fpsctl", importOptions = LayeringTest.MainCodeAndAgent.class)
class LayeringTest {

    /**
     * fpsctl's main classes, and of the test classes only those compiled from {@code src/agent/java} (the
     * agent's own JVM tests in {@code io.fpsctl.agent} live in {@code src/test/java} and are left out).
     */
    public static final class MainCodeAndAgent implements ImportOption {
        private static final Path AGENT_SOURCES = Path.of("src", "agent", "java");
        private static final ImportOption MAIN = new DoNotIncludeTests();

        @Override
        public boolean includes(Location location) {
            return MAIN.includes(location) || isAgentClass(location.asURI().toString());
        }

        static boolean isAgentClass(String uri) {
            int at = uri.indexOf("/test-classes/io/fpsctl/agent/");
            if (at < 0 || !uri.endsWith(".class")) {
                return false;
            }
            String binaryPath = uri.substring(at + "/test-classes/".length(), uri.length() - ".class".length());
            int nested = binaryPath.indexOf('$');
            String topLevel = nested < 0 ? binaryPath : binaryPath.substring(0, nested);
            return Files.isRegularFile(AGENT_SOURCES.resolve(topLevel + ".java"));
        }
    }

    private static final String ENGINE = "io.fpsctl.engine..";

    /**
     * android (what a device prints: pure command lines and parsers) ← device (adb access; it reads its own getprop
     * through android) ; android → engine ← format ← analysis ← verdict ← sink; text (line readers) under all of them;
     * capture orchestrates the live run over all of them; mcp (the MCP server) uses what cli uses but sim, and only cli
     * uses it; cli wires and nothing uses it; sim, agentapk and the agent stand alone.
     */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("text").definedBy("io.fpsctl.text..")
            .layer("device").definedBy("io.fpsctl.device..")
            .layer("android").definedBy("io.fpsctl.android..")
            .layer("engine").definedBy(ENGINE)
            .layer("format").definedBy("io.fpsctl.format..")
            .layer("analysis").definedBy("io.fpsctl.analysis..")
            .layer("verdict").definedBy("io.fpsctl.verdict..")
            .layer("sink").definedBy("io.fpsctl.sink..")
            .layer("capture").definedBy("io.fpsctl.capture..")
            .layer("mcp").definedBy("io.fpsctl.mcp..")
            .layer("cli").definedBy("io.fpsctl.cli..")
            .layer("sim").definedBy("io.fpsctl.sim..")
            .layer("agentapk").definedBy("io.fpsctl.agentapk..")
            .layer("agent").definedBy("io.fpsctl.agent..")
            .whereLayer("text").mayNotAccessAnyLayer()
            .whereLayer("android").mayOnlyAccessLayers("engine", "text")
            .whereLayer("device").mayOnlyAccessLayers("android", "engine", "text")
            .whereLayer("engine").mayNotAccessAnyLayer()
            .whereLayer("format").mayOnlyAccessLayers("engine", "text")
            .whereLayer("analysis").mayOnlyAccessLayers("android", "format", "engine", "text")
            .whereLayer("verdict").mayOnlyAccessLayers("analysis", "format", "engine")
            .whereLayer("sink").mayOnlyAccessLayers("verdict", "format", "engine")
            .whereLayer("capture").mayOnlyAccessLayers("device", "android", "text", "engine", "format", "analysis",
                    "verdict", "sink", "agentapk")
            .whereLayer("mcp").mayOnlyAccessLayers("capture", "device", "android", "text", "engine", "format",
                    "analysis", "verdict", "sink")
            .whereLayer("mcp").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("sim").mayNotAccessAnyLayer()
            .whereLayer("sim").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("agentapk").mayNotAccessAnyLayer()
            .whereLayer("agent").mayNotAccessAnyLayer()
            .whereLayer("agent").mayNotBeAccessedByAnyLayer();

    /** Every package is its own slice: {@code sim}, {@code sim.adb}, {@code sim.device.frames}, … */
    @ArchTest
    static final ArchRule noCycles = slices().matching("io.fpsctl.(**)").should().beFreeOfCycles();

    /** The agent runs inside the app: it shares no class with the host (their contract is the wire protocol). */
    @ArchTest
    static final ArchRule agentStandsAlone = noClasses().that().resideInAPackage("io.fpsctl.agent..")
            .should().dependOnClassesThat(describe("are fpsctl classes outside the agent",
                    (JavaClass c) -> c.getPackageName().startsWith("io.fpsctl.")
                            && !c.getPackageName().startsWith("io.fpsctl.agent")));

    /** Guards the import option: the agent rules above would pass vacuously if its classes were not imported. */
    @ArchTest
    static void agentClassesAreImported(JavaClasses classes) {
        assertTrue(classes.contain("io.fpsctl.agent.FpsctlAgent"), "the agent is imported");
        assertFalse(classes.contain("io.fpsctl.agent.AgentLevelsTest"), "the agent's JVM tests are left out");
        assertTrue(classes.contain("io.fpsctl.engine.FrameEngine"), "fpsctl's main code is imported");
    }

    @ArchTest
    static final ArchRule engineDoesNoIo = noClasses().that().resideInAPackage(ENGINE)
            .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio..", "java.net..")
            .orShould().dependOnClassesThat().belongToAnyOf(ProcessBuilder.class, Process.class, Runtime.class)
            .because("the engine is pure: callers hand it parsed frames and read its results");

    @ArchTest
    static final ArchRule engineStartsNoThreadAndTakesNoLock = noClasses().that().resideInAPackage(ENGINE)
            .should().dependOnClassesThat().resideInAnyPackage("java.util.concurrent..")
            .orShould().dependOnClassesThat().belongToAnyOf(Thread.class, ThreadLocal.class, java.util.Timer.class)
            .orShould().callMethodWhere(target(nameMatching("wait|notify|notifyAll"))
                    .and(target(describe("declared in Object",
                            t -> t.getOwner().isEquivalentTo(Object.class)))))
            .because("the engine is single-threaded: one caller feeds it, no lock is needed");

    @ArchTest
    static final ArchRule engineHasNoVolatileField = fields().that().areDeclaredInClassesThat().resideInAPackage(ENGINE)
            .should().notHaveModifier(JavaModifier.VOLATILE)
            .because("the engine is single-threaded: no field is shared between threads");

    @ArchTest
    static final ArchRule engineHasNoSynchronizedMethod = methods().that().areDeclaredInClassesThat()
            .resideInAPackage(ENGINE).should().notHaveModifier(JavaModifier.SYNCHRONIZED)
            .because("the engine is single-threaded: no lock is needed");

    /**
     * ArchUnit does not see {@code synchronized (x) { … }} blocks (they are bytecode, not declarations): this reads
     * each engine class file with ASM and fails on any {@code monitorenter} instruction.
     */
    @ArchTest
    static final ArchRule engineHasNoSynchronizedBlock = classes().that().resideInAPackage(ENGINE)
            .should(new ArchCondition<JavaClass>("contain no synchronized block") {
                @Override
                public void check(JavaClass javaClass, ConditionEvents events) {
                    List<String> methods = methodsEnteringAMonitor(javaClass);
                    events.add(new SimpleConditionEvent(javaClass, methods.isEmpty(), javaClass.getName()
                            + " has a synchronized block in " + String.join(", ", methods)));
                }
            })
            .because("the engine is single-threaded: no lock is needed");

    private static List<String> methodsEnteringAMonitor(JavaClass javaClass) {
        Optional<java.net.URI> uri = javaClass.getSource().map(s -> s.getUri());
        if (uri.isEmpty()) {
            throw new IllegalStateException("no class file for " + javaClass.getName());
        }
        List<String> found = new ArrayList<>();
        try (InputStream in = uri.get().toURL().openStream()) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                        String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitInsn(int opcode) {
                            if (opcode == Opcodes.MONITORENTER && !found.contains(name)) {
                                found.add(name);
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + uri.get(), e);
        }
        return found;
    }
}
