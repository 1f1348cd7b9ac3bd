package io.fpsctl.agent.api;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The agent's part of docs/architecture.md (fpsctl-cli's LayeringTest holds the rest): it runs inside the app and
 * shares no class with the host; their contract is the wire protocol (android.AgentStreamParser reads it).
 */
@AnalyzeClasses(packages = "io.fpsctl.agent", importOptions = ImportOption.DoNotIncludeTests.class)
class AgentStandsAloneTest {

    @ArchTest
    static final ArchRule agentStandsAlone = noClasses().that().resideInAPackage("io.fpsctl.agent..")
            .should().dependOnClassesThat(describe("are fpsctl classes outside the agent",
                    (JavaClass c) -> c.getPackageName().startsWith("io.fpsctl.")
                            && !c.getPackageName().startsWith("io.fpsctl.agent")));

    /** Guards the import option: the rule above would pass vacuously if the agent's classes were not imported. */
    @ArchTest
    static void agentClassesAreImported(JavaClasses classes) {
        assertTrue(classes.contain("io.fpsctl.agent.FpsctlAgent"), "the agent is imported");
        assertFalse(classes.contain("io.fpsctl.agent.AgentLevels24To29Test"), "the agent's JVM tests are left out");
    }
}
