package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dadb.AdbKeyPair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The adb key lives where adb keeps it and is readable by its owner only. */
class AdbKeyFilesTest {

    @Test
    void theFolderIsFoundAsAdbFindsIt() {
        assertEquals(Path.of("/a/android"), AdbKeyFiles.of(Map.of("ANDROID_USER_HOME", "/a/android", "HOME", "/h"),
                "/u").dir());
        assertEquals(Path.of("/h/.android"), AdbKeyFiles.of(Map.of("HOME", "/h"), "/u").dir());
        assertEquals(Path.of("/u/.android"), AdbKeyFiles.of(Map.of(), "/u").dir());
    }

    @Test
    void aNewKeyIsOwnerOnlyInAnOwnerOnlyFolder(@TempDir Path home) throws Exception {
        AdbKeyFiles keys = AdbKeyFiles.of(Map.of("HOME", home.toString()), "/nonexistent");
        assertNotNull(keys.load());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys.dir())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys.privateKey())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keys.publicKey())));
        assertTrue(Files.readString(keys.privateKey()).contains("PRIVATE KEY"));
    }

    @Test
    void aKeyLeftReadableByOthersIsNarrowed(@TempDir Path dir) throws Exception {
        Path priv = dir.resolve("adbkey");
        Path pub = dir.resolve("adbkey.pub");
        AdbKeyPair.generate(priv.toFile(), pub.toFile());
        Files.setPosixFilePermissions(priv, PosixFilePermissions.fromString("rw-r--r--"));
        AdbKeyFiles keys = AdbKeyFiles.of(Map.of("ANDROID_USER_HOME", dir.toString()), "/nonexistent");
        keys.load();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(priv)));
    }

    @Test
    void aHomeThatCannotHoldTheKeyIsOneLocalIoLine(@TempDir Path dir) throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("home"), "a file, not a folder");
        AdbKeyFiles keys = AdbKeyFiles.of(Map.of("HOME", notAFolder.toString()), "/nonexistent");
        DeviceException e = assertThrows(DeviceException.class, keys::load);
        assertEquals(DeviceException.Blame.LOCAL_IO, e.blame());
        assertTrue(e.getMessage().contains(notAFolder.toString()) && e.getMessage().contains("ANDROID_USER_HOME")
                && !e.getMessage().contains("\n"), e.getMessage());
    }
}
