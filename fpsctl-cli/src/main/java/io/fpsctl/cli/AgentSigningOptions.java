package io.fpsctl.cli;

import io.fpsctl.agentapk.DebugKeystore;
import io.fpsctl.agentapk.KeystoreException;
import io.fpsctl.agentapk.PasswordSpec;
import io.fpsctl.agentapk.SigningKey;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The agent's signing key options of {@code agent install} and {@code agent build}. */
final class AgentSigningOptions {
    private static final String PASS_FORMS = " Given as apksigner takes it: pass:SECRET, env:VAR or file:PATH "
            + "(first line), so it need not appear in the process list.";

    @Option(names = "--keystore", paramLabel = "FILE",
            description = "JKS or PKCS12 keystore with the app's signing key (default: ~/.android/debug.keystore).")
    Path keystore;

    @Option(names = "--ks-pass", paramLabel = "PASS", description = "Keystore password (default: android)." + PASS_FORMS)
    String ksPass = "pass:" + SigningKey.DEBUG_STORE_PASSWORD;

    @Option(names = "--key-alias", paramLabel = "ALIAS", description = "Key alias (default: androiddebugkey).")
    String keyAlias = SigningKey.DEBUG_ALIAS;

    @Option(names = "--key-pass", paramLabel = "PASS",
            description = "Key password (default: the keystore password)." + PASS_FORMS)
    String keyPass;

    /** Loads the key; creates the default debug keystore (as Android Studio does) when it is missing. */
    SigningKey load(PrintWriter err) {
        Path ks = keystore;
        try {
            if (ks == null) {
                ks = SigningKey.defaultDebugKeystore(Path.of(System.getProperty("user.home")));
                if (!Files.exists(ks)) {
                    DebugKeystore.create(ks);
                    err.printf("fpsctl: created a debug keystore at %s, as Android Studio would; apps signed before "
                            + "with another debug key will not match it%n", ks);
                }
            }
            String storePassword = PasswordSpec.resolve(ksPass, "--ks-pass");
            String keyPassword = keyPass == null ? null : PasswordSpec.resolve(keyPass, "--key-pass");
            return SigningKey.load(ks, storePassword, keyAlias, keyPassword);
        } catch (KeystoreException e) {
            throw new CliException(ExitCode.IO, e.getMessage(), e);
        }
    }
}
