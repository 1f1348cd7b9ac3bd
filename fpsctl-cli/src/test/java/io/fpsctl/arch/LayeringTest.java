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
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The layering and the modules of docs/architecture.md, one rule per promise:
 * <ul>
 *   <li>{@link #layers}: who may use whom, for every package of fpsctl, the on-device agent included;</li>
 *   <li>{@link #noCycles}: no cycle between any two packages, sub-packages counted on their own
 *       ({@code sim} ⇄ {@code sim.adb} would be one);</li>
 *   <li>{@link #everyPackageInItsModule} and the rules after it: each package is built by its module
 *       (fpsctl-core, fpsctl-sim, fpsctl-cli), fpsctl-core uses no other module, and the simulator is reached only
 *       by the two cli classes that start it ({@code fpsctl sim} and {@code --simulate});</li>
 *   <li>{@link #engineDoesNoIo} and the rules after it: the engine reads no file, stream or socket and is
 *       single-threaded (no thread, executor, lock, atomic, volatile field, {@code synchronized} method or block,
 *       wait/notify).</li>
 * </ul>
 * The layers {@code android}, {@code format}, {@code analysis} and {@code verdict} are optional: the rule holds
 * while they are being created. The agent's class files are here only when Maven hands this module fpsctl-agent's
 * classes folder (a build that stops before {@code package}); its tests' module checks that it stands alone
 * (fpsctl-agent-tests' AgentStandsAloneTest).
 */
@AnalyzeClasses(packages = "io.fpsctl", importOptions = LayeringTest.MainCode.class)
class LayeringTest {

    /**
     * The main classes of fpsctl's modules: no test class, neither this module's nor the test helpers other modules
     * publish (their test-jars, fpsctl-testing).
     */
    public static final class MainCode implements ImportOption {
        private static final ImportOption NOT_TESTS = new DoNotIncludeTests();

        @Override
        public boolean includes(Location location) {
            String uri = location.asURI().toString();
            return NOT_TESTS.includes(location) && !uri.contains("-tests.jar") && !uri.contains("fpsctl-testing");
        }
    }

    /** The module that builds each package: fpsctl-core, fpsctl-sim, fpsctl-cli (fpsctl-agent: checked by its tests). */
    static String moduleOf(String packageName) {
        for (String core : List.of("text", "android", "engine", "format", "analysis", "verdict")) {
            if (packageName.equals("io.fpsctl." + core) || packageName.startsWith("io.fpsctl." + core + ".")) {
                return "fpsctl-core";
            }
        }
        if (packageName.equals("io.fpsctl.sim") || packageName.startsWith("io.fpsctl.sim.")) {
            return "fpsctl-sim";
        }
        if (packageName.equals("io.fpsctl.agent") || packageName.startsWith("io.fpsctl.agent.")) {
            return "fpsctl-agent";
        }
        return "fpsctl-cli";
    }

    /** The cli classes that start the simulator: 'fpsctl sim' and --simulate. */
    private static final List<String> SIMULATOR_STARTERS = List.of("io.fpsctl.cli.SimCommand",
            "io.fpsctl.cli.SimulatedDevice");

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
            .whereLayer("sink").mayOnlyAccessLayers("verdict", "format", "engine", "text")
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

    /**
     * A class is built by its package's module: a class added to the wrong module (a core package in fpsctl-cli, a
     * simulator class in fpsctl-core) fails here. Maven hands each module's classes as its classes folder or jar, whose
     * path names the module.
     */
    @ArchTest
    static final ArchRule everyPackageInItsModule = classes().should(new ArchCondition<JavaClass>(
            "be built by its package's module") {
        @Override
        public void check(JavaClass c, ConditionEvents events) {
            String module = moduleOf(c.getPackageName());
            String uri = c.getSource().map(src -> src.getUri().toString()).orElse("");
            boolean in = uri.contains("/" + module + "/") || uri.contains("/" + module + "-");
            events.add(new SimpleConditionEvent(c, in, c.getName() + " belongs in " + module + " but comes from " + uri));
        }
    });

    /** fpsctl-core builds and tests alone: no device, adb, capture, output, command, simulator or agent code. */
    @ArchTest
    static final ArchRule coreUsesNoOtherModule = noClasses().that().resideInAnyPackage("io.fpsctl.text..",
                    "io.fpsctl.android..", "io.fpsctl.engine..", "io.fpsctl.format..", "io.fpsctl.analysis..",
                    "io.fpsctl.verdict..")
            .should().dependOnClassesThat().resideInAnyPackage("io.fpsctl.device..", "io.fpsctl.capture..",
                    "io.fpsctl.sink..", "io.fpsctl.cli..", "io.fpsctl.agentapk..", "io.fpsctl.sim..",
                    "io.fpsctl.agent..");

    /** The simulator is a device of its own: it shares no class with the rest of fpsctl (their contract is adb). */
    @ArchTest
    static final ArchRule simulatorUsesNoOtherModule = noClasses().that().resideInAPackage("io.fpsctl.sim..")
            .should().dependOnClassesThat(describe("are fpsctl classes outside the simulator",
                    (JavaClass c) -> c.getPackageName().startsWith("io.fpsctl.")
                            && !moduleOf(c.getPackageName()).equals("fpsctl-sim")));

    /** No code path for a real device touches the simulator: only 'fpsctl sim' and --simulate start it. */
    @ArchTest
    static final ArchRule onlyTheSimulatorStartersUseTheSimulator = noClasses()
            .that(describe("are outside the simulator and its starters", (JavaClass c) ->
                    !c.getPackageName().startsWith("io.fpsctl.sim")
                            && !SIMULATOR_STARTERS.contains(c.getName().replaceAll("\\$.*", ""))))
            .should().dependOnClassesThat().resideInAPackage("io.fpsctl.sim..");

    /** fpsctl never encodes video: JCodec is the simulated screenrecord's alone (docs/architecture.md, fpsctl-sim). */
    @ArchTest
    static final ArchRule onlyTheSimulatorEncodesVideo = noClasses().that().resideOutsideOfPackage("io.fpsctl.sim..")
            .should().dependOnClassesThat().resideInAPackage("org.jcodec..");

    /**
     * The same in fpsctl-cli's sources: javac inlines the simulator's constants ({@code SimOptions.DEFAULT_PACKAGE}),
     * so a class file does not show them. Its tests run in the repository's folder.
     */
    @ArchTest
    static void onlyTheSimulatorStartersNameTheSimulatorInTheirSources(JavaClasses classes) throws IOException {
        Path main = Path.of("fpsctl-cli", "src", "main", "java");
        List<String> naming = new ArrayList<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(main)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).toList();
        }
        for (Path f : sources) {
            String name = main.relativize(f).toString().replace('\\', '/').replace(".java", "").replace('/', '.');
            if (!SIMULATOR_STARTERS.contains(name) && Files.readString(f).contains("io.fpsctl.sim.")) {
                naming.add(name);
            }
        }
        assertTrue(sources.size() > 100, "fpsctl-cli's sources read: " + sources.size());
        assertEquals(List.of(), naming, "cli sources that name the simulator");
    }

    /** Guards the import option: the rules above would pass vacuously if a module's classes were not imported. */
    @ArchTest
    static void everyModuleIsImportedWithoutTests(JavaClasses classes) {
        assertTrue(classes.contain("io.fpsctl.engine.FrameEngine"), "fpsctl-core is imported");
        assertTrue(classes.contain("io.fpsctl.sim.Simulator"), "fpsctl-sim is imported");
        assertTrue(classes.contain("io.fpsctl.cli.Main"), "fpsctl-cli is imported");
        assertFalse(classes.contain("io.fpsctl.arch.LayeringTest"), "this module's tests are left out");
        assertFalse(classes.contain("io.fpsctl.engine.EngineRun"), "fpsctl-core's test helpers are left out");
        assertFalse(classes.contain("io.fpsctl.testing.PollUntil"), "fpsctl-testing is left out");
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
