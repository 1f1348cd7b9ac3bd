package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.agentapk.DebugKeystore;
import io.fpsctl.agentapk.KeystoreException;
import io.fpsctl.agentapk.PasswordSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fpsctl agent build}: the APK is checked by tools fpsctl does not contain — Debian's {@code apksigner}
 * and {@code aapt} (skipped when absent) — and the password forms resolve as apksigner's do.
 */
@Tag("apksigner")
@Tag("aapt")
@Tag("e2e")
class AgentBuildCommandTest {
    private static final String PKG = "com.example.feed";
    private static final Path APKSIGNER = Path.of("/usr/bin/apksigner");
    private static final Path AAPT = Path.of("/usr/bin/aapt");

    @TempDir
    static Path dir;
    static Path keystore;

    @BeforeAll
    static void keystore() {
        keystore = dir.resolve("debug.keystore");
        DebugKeystore.create(keystore); // store and key password "android"
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, p.exitValue(), command + ":\n" + out);
        return out;
    }

    @Test
    void writesAnApkThatApksignerVerifiesAndAaptReadsAsInstrumentingThePackage() throws Exception {
        Path pw = dir.resolve("ks.pass");
        Files.writeString(pw, "android\n");
        Path apk = dir.resolve("x.apk");
        Cli r = Cli.run("agent", "build", PKG, "-o", apk.toString(), "--keystore", keystore.toString(),
                "--ks-pass", "file:" + pw, "--key-pass", "pass:android");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.startsWith("wrote " + apk), r.out);
        assertTrue(Files.size(apk) > 1000);

        assumeTrue(Files.isExecutable(APKSIGNER) && Files.isExecutable(AAPT), "Debian's apksigner/aapt not installed");
        String verify = run(List.of(APKSIGNER.toString(), "verify", "--verbose", apk.toString()));
        assertTrue(verify.contains("Verified using v2 scheme (APK Signature Scheme v2): true"), verify);
        String badging = run(List.of(AAPT.toString(), "dump", "badging", apk.toString()));
        assertTrue(badging.contains("package: name='io.fpsctl.agent'"), badging);
        assertTrue(badging.contains("sdkVersion:'24'"), badging);
        String xml = run(List.of(AAPT.toString(), "dump", "xmltree", apk.toString(), "AndroidManifest.xml"));
        assertTrue(xml.contains("E: instrumentation"), xml);
        assertTrue(xml.contains("A: android:targetPackage(0x01010021)=\"" + PKG + "\""), xml);
        assertTrue(xml.contains("A: android:name(0x01010003)=\"io.fpsctl.agent.FpsctlAgent\""), xml);
    }

    @Test
    void wrongPasswordMissingFileAndBadPackageHaveTheirExitCodes() throws Exception {
        Path apk = dir.resolve("y.apk");
        Cli wrong = Cli.run("agent", "build", PKG, "-o", apk.toString(), "--keystore", keystore.toString(),
                "--ks-pass", "pass:nope");
        assertEquals(5, wrong.exit, wrong.toString());
        assertTrue(wrong.err.contains("wrong store password"), wrong.err);
        assertEquals(1, wrong.err.lines().count(), wrong.err);
        Cli noFile = Cli.run("agent", "build", PKG, "-o", apk.toString(), "--keystore", keystore.toString(),
                "--ks-pass", "file:" + dir.resolve("missing.txt"));
        assertEquals(5, noFile.exit, noFile.toString());
        assertTrue(noFile.err.contains("--ks-pass file:"), noFile.err);
        Cli badPkg = Cli.run("agent", "build", "feed", "-o", apk.toString(), "--keystore", keystore.toString());
        assertEquals(2, badPkg.exit, badPkg.toString());
        Cli noDir = Cli.run("agent", "build", PKG, "-o", dir.resolve("nowhere/z.apk").toString(),
                "--keystore", keystore.toString());
        assertEquals(5, noDir.exit, noDir.toString());
        assertFalse(Files.exists(apk));
    }

    @Test
    void passwordFormsResolveLikeApksigner() throws Exception {
        Map<String, String> env = Map.of("KS_PASS", "s3cret");
        assertEquals("s3cret", PasswordSpec.resolve("env:KS_PASS", "--ks-pass", env::get));
        assertEquals("a:b", PasswordSpec.resolve("pass:a:b", "--ks-pass", env::get));
        Path f = dir.resolve("crlf.pass");
        Files.writeString(f, "line one\r\nline two\n");
        assertEquals("line one", PasswordSpec.resolve("file:" + f, "--ks-pass", env::get));
        assertEquals("plain", PasswordSpec.resolve("plain", "--ks-pass", env::get));
        KeystoreException e = org.junit.jupiter.api.Assertions.assertThrows(KeystoreException.class,
                () -> PasswordSpec.resolve("env:NOPE", "--key-pass", env::get));
        assertTrue(e.getMessage().contains("NOPE is not set"), e.getMessage());
    }
}
