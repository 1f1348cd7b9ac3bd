package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.agentapk.DebugKeystore;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code fpsctl agent install/uninstall} against the simulator, signing with a throw-away keystore. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentCommandTest {
    private static final String PKG = "com.example.feed";

    @TempDir
    static Path dir;
    static Path keystore;

    @BeforeAll
    static void keystore() {
        keystore = dir.resolve("debug.keystore");
        DebugKeystore.create(keystore);
    }

    @Test
    void installOnTheSimulatedDeviceExplainsTheSigningRule() {
        Cli r = Cli.run("agent", "install", PKG, "--simulate", "--keystore", keystore.toString());
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("installed io.fpsctl.agent"), r::toString);
        assertTrue(r.out.contains("instruments " + PKG), r::toString);
        // the simulated app is signed with a release key: the agent's debug key cannot instrument it
        assertTrue(r.err.contains("signed with another certificate"), r::toString);
        assertTrue(r.err.contains("adb root"), r::toString);
    }

    @Test
    void installListUninstall() throws Exception {
        try (Simulator s = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, 5, PKG), 0, null, false, null, 0));
                Device d = DadbDevice.direct("127.0.0.1", s.port())) {
            s.android().setAgentInstalled(false); // as on a phone that never had it
            assertFalse(d.shell("pm list packages io.fpsctl").stdout().contains("io.fpsctl.agent"));
            Cli in = Cli.run("agent", "install", PKG, "--connect", s.serial(), "--keystore", keystore.toString());
            assertEquals(0, in.exit, in::toString);
            assertTrue(s.android().isAgentInstalled());
            assertTrue(d.shell("pm list packages io.fpsctl").stdout().contains("package:io.fpsctl.agent"));

            Cli out = Cli.run("agent", "uninstall", "--connect", s.serial());
            assertEquals(0, out.exit, out::toString);
            assertTrue(out.out.contains("removed io.fpsctl.agent"), out::toString);
            assertFalse(d.shell("pm list packages io.fpsctl").stdout().contains("io.fpsctl.agent"));

            Cli again = Cli.run("agent", "uninstall", "--connect", s.serial());
            assertEquals(ExitCode.APP, again.exit, again::toString);
        }
    }

    @Test
    void keystoreAndUsageErrorsHaveTheirExitCodes() {
        Cli missing = Cli.run("agent", "install", PKG, "--simulate", "--keystore", dir.resolve("nope.jks").toString());
        assertEquals(ExitCode.IO, missing.exit, missing::toString);
        assertTrue(missing.err.contains("no keystore"), missing::toString);
        Cli wrongPass = Cli.run("agent", "install", PKG, "--simulate", "--keystore", keystore.toString(),
                "--ks-pass", "wrong");
        assertEquals(ExitCode.IO, wrongPass.exit, wrongPass::toString);
        assertTrue(wrongPass.err.contains("password"), wrongPass::toString);
        Cli badPkg = Cli.run("agent", "install", "feed", "--simulate", "--keystore", keystore.toString());
        assertEquals(ExitCode.USAGE, badPkg.exit, badPkg::toString);
    }

    @Test
    void agentGroupIsListed() {
        Cli r = Cli.run("--help");
        assertTrue(r.out.contains("agent"), r::toString);
    }
}
