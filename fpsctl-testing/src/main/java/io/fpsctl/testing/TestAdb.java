package io.fpsctl.testing;

import dadb.AdbKeyPair;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;

/** Small adb helpers shared by tests: throw-away keys and free loopback ports. */
public final class TestAdb {
    private TestAdb() {
    }

    /** A throw-away key pair in {@code dir}, so dadb never creates {@code ~/.android/adbkey} on the test machine. */
    public static AdbKeyPair throwawayKeys(Path dir) {
        File priv = dir.resolve("adbkey").toFile();
        File pub = dir.resolve("adbkey.pub").toFile();
        AdbKeyPair.generate(priv, pub);
        return AdbKeyPair.read(priv, pub);
    }

    /** A loopback port that was free a moment ago (for a private adb server or a device). */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
