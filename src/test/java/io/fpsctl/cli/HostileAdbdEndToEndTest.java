package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.testing.HostileAdbd;
import io.fpsctl.testing.HostileAdbd.Misbehaviour;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A "device" on the network that completes adb's handshake and then sends a message no adbd sends (docs/outputs-and-
 * signals.md, "Bounds on what a device sends"): a one-line device error naming it and what it sent, exit 3, never
 * "internal error", never a 2 GiB allocation. Direct connection ({@code --connect}).
 */
class HostileAdbdEndToEndTest {
    private static final String PKG = "com.example.feed";

    @ParameterizedTest
    @EnumSource(Misbehaviour.class)
    void anImpossibleMessageIsAOneLineDeviceError(Misbehaviour m, @TempDir Path home) throws Exception {
        try (HostileAdbd adbd = new HostileAdbd(m)) {
            String oldHome = System.getProperty("user.home");
            Cli r = Cli.run("watch", PKG, "--connect", adbd.address(), "--duration", "3s", "--plain");
            assertEquals(ExitCode.DEVICE, r.exit, r::toString);
            assertFalse(r.err.contains("internal error"), r::toString);
            assertEquals(1, r.err.strip().lines().count(), r::toString);
            assertTrue(r.err.contains(adbd.address()), r::toString);
            assertTrue(r.err.contains(m == Misbehaviour.BAD_MAGIC ? "not adb" : "bytes (adb sends at most 1048576)"),
                    r::toString);
        }
    }
}
