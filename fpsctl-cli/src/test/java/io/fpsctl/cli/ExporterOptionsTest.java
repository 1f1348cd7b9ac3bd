package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code exporter --help} lists only what works: it measures the devices of adb servers, nothing simulated. */
@Tag("e2e")
class ExporterOptionsTest {

    @Test
    void helpListsOnlyOptionsTheExporterHonours() {
        Cli help = Cli.run("exporter", "--help");
        assertEquals(0, help.exit, help.toString());
        for (String gone : new String[] {"--connect", "--simulate", "--sim-android", "--sim-refresh", "--serial"}) {
            assertFalse(help.out.contains(gone), gone + " is listed:\n" + help.out);
        }
        for (String kept : new String[] {"--adb-server", "-H", "-P", "--reconnect-timeout", "--listen"}) {
            assertTrue(help.out.contains(kept), kept + " is missing:\n" + help.out);
        }
        Cli simulate = Cli.run("exporter", "com.example.feed", "--simulate");
        assertEquals(ExitCode.USAGE, simulate.exit, simulate.toString());
        Cli hostile = Cli.run("exporter", "com.x;id", "--listen", "127.0.0.1:0", "--duration", "1s");
        assertEquals(ExitCode.USAGE, hostile.exit, hostile.toString());
        assertTrue(hostile.err.contains("is not an Android package name"), hostile.err);
    }
}
