package io.fpsctl.agentapk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Creates Android's debug keystore the way Android Studio does when it is missing: PKCS12, alias
 * {@code androiddebugkey}, passwords {@code android}, RSA 2048, {@code CN=Android Debug,O=Android,C=US}, valid 30
 * years. The JDK has no public API to make a self-signed certificate, so this runs the JDK's own {@code keytool}
 * ({@code $JAVA_HOME/bin/keytool}); when that is unavailable the error gives the exact command to run.
 */
public final class DebugKeystore {

    private DebugKeystore() {
    }

    /** The {@code keytool} command that creates {@code keystore}. */
    public static List<String> keytoolCommand(String keytool, Path keystore) {
        return List.of(keytool, "-genkeypair", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", SigningKey.DEBUG_STORE_PASSWORD, "-keypass", SigningKey.DEBUG_STORE_PASSWORD,
                "-alias", SigningKey.DEBUG_ALIAS, "-keyalg", "RSA", "-keysize", "2048", "-validity", "10950",
                "-dname", "CN=Android Debug,O=Android,C=US");
    }

    /** The command as one shell line, for messages. */
    public static String keytoolCommandLine(Path keystore) {
        return String.join(" ", keytoolCommand("keytool", keystore)).replace("CN=Android Debug,O=Android,C=US",
                "'CN=Android Debug,O=Android,C=US'");
    }

    /**
     * Creates {@code keystore} (and its directory).
     *
     * @throws KeystoreException when keytool is missing or fails; the message has the command to run by hand
     */
    public static void create(Path keystore) {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        String manual = "create it with: " + keytoolCommandLine(keystore);
        if (!Files.isExecutable(keytool)) {
            throw new KeystoreException("no debug keystore at " + keystore + " and no keytool next to this Java ("
                    + keytool + "); " + manual, null);
        }
        try {
            Path dir = keystore.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Process p = new ProcessBuilder(keytoolCommand(keytool.toString(), keystore)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(keystore)) {
                throw new KeystoreException("keytool could not create " + keystore + ": "
                        + new String(out, StandardCharsets.UTF_8).trim() + "; " + manual, null);
            }
        } catch (IOException e) {
            throw new KeystoreException("cannot create " + keystore + ": " + e.getMessage() + "; " + manual, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeystoreException("interrupted while creating " + keystore, e);
        }
    }
}
