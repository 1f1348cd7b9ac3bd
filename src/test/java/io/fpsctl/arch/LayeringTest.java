package io.fpsctl.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering of the README: device → android (what a device prints) → source → engine → sink; capture
 * orchestrates; cli only wires and nothing depends on it; the simulator imports nothing of source, engine or sink; no package cycles.
 */
@AnalyzeClasses(packages = "io.fpsctl", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("cli").definedBy("io.fpsctl.cli..")
            .layer("capture").definedBy("io.fpsctl.capture..")
            .layer("sink").definedBy("io.fpsctl.sink..")
            .layer("source").definedBy("io.fpsctl.source..")
            .layer("android").definedBy("io.fpsctl.android..")
            .layer("engine").definedBy("io.fpsctl.engine..")
            .layer("device").definedBy("io.fpsctl.device..")
            .layer("sim").definedBy("io.fpsctl.sim..")
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("capture").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("sink").mayOnlyBeAccessedByLayers("cli", "capture")
            .whereLayer("source").mayOnlyBeAccessedByLayers("cli", "capture", "sink")
            .whereLayer("android").mayOnlyBeAccessedByLayers("cli", "capture", "sink", "source", "device")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("cli", "capture", "sink", "source", "android")
            .whereLayer("device").mayOnlyBeAccessedByLayers("cli", "capture")
            .whereLayer("sim").mayOnlyBeAccessedByLayers("cli");

    @ArchTest
    static final ArchRule simIsOnItsOwn = noClasses().that().resideInAPackage("io.fpsctl.sim..")
            .should().dependOnClassesThat().resideInAnyPackage("io.fpsctl.source..", "io.fpsctl.android..",
                    "io.fpsctl.engine..", "io.fpsctl.sink..", "io.fpsctl.capture..", "io.fpsctl.device..",
                    "io.fpsctl.cli..");

    @ArchTest
    static final ArchRule engineDoesNoIo = noClasses().that().resideInAPackage("io.fpsctl.engine..")
            .should().dependOnClassesThat().resideInAnyPackage("io.fpsctl.source..", "io.fpsctl.android..",
                    "io.fpsctl.sink..", "io.fpsctl.device..", "io.fpsctl.capture..");

    @ArchTest
    static final ArchRule noCycles = slices().matching("io.fpsctl.(*)..").should().beFreeOfCycles();
}
