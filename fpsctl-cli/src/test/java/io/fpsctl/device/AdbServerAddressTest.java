package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AdbServerAddressTest {

    @Test
    void defaultIsLoopback5037() {
        assertEquals(new AdbServerAddress("127.0.0.1", 5037), AdbServerAddress.resolve(null, null, Map.of()));
    }

    @Test
    void serverSocketVariable() {
        assertEquals(new AdbServerAddress("127.0.0.1", 6000),
                AdbServerAddress.resolve(null, null, Map.of("ADB_SERVER_SOCKET", "tcp:6000")));
        assertEquals(new AdbServerAddress("build-host", 6001),
                AdbServerAddress.resolve(null, null, Map.of("ADB_SERVER_SOCKET", "tcp:build-host:6001")));
        assertEquals(new AdbServerAddress("::1", 6002),
                AdbServerAddress.resolve(null, null, Map.of("ADB_SERVER_SOCKET", "tcp:[::1]:6002")));
    }

    @Test
    void optionsWinOverVariablesAndSocketWinsOverPort() {
        Map<String, String> env = Map.of("ADB_SERVER_SOCKET", "tcp:6000", "ANDROID_ADB_SERVER_PORT", "7000");
        assertEquals(new AdbServerAddress("127.0.0.1", 8000), AdbServerAddress.resolve(null, 8000, env));
        assertEquals(new AdbServerAddress("other", 5037), AdbServerAddress.resolve("other", null, env));
        assertEquals(6000, AdbServerAddress.resolve(null, null, env).port());
        assertEquals(new AdbServerAddress("10.0.0.2", 7000), AdbServerAddress.resolve(null, null,
                Map.of("ANDROID_ADB_SERVER_PORT", "7000", "ANDROID_ADB_SERVER_ADDRESS", "10.0.0.2")));
    }

    @Test
    void badValuesAreDeviceErrorsNamingTheVariable() {
        DeviceException e = assertThrows(DeviceException.class,
                () -> AdbServerAddress.resolve(null, null, Map.of("ANDROID_ADB_SERVER_PORT", "abc")));
        assertTrue(e.getMessage().startsWith("ANDROID_ADB_SERVER_PORT=abc"), e.getMessage());
        assertEquals(DeviceException.Blame.DEVICE, e.blame());
        e = assertThrows(DeviceException.class,
                () -> AdbServerAddress.resolve(null, null, Map.of("ADB_SERVER_SOCKET", "localfilesystem:/tmp/x")));
        assertTrue(e.getMessage().contains("tcp:[host:]port"), e.getMessage());
    }

    @Test
    void localness() {
        assertTrue(new AdbServerAddress("localhost", 1).isLocal());
        assertTrue(new AdbServerAddress("127.0.0.1", 1).isLocal());
        assertFalse(new AdbServerAddress("10.1.2.3", 1).isLocal());
        assertEquals("127.0.0.1", new AdbServerAddress("localhost", 1).hostForDadb());
    }
}
