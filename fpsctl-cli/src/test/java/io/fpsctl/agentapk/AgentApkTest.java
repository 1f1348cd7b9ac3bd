package io.fpsctl.agentapk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.android.apksig.ApkVerifier;
import com.android.apksig.internal.apk.AndroidBinXmlParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("apksigner")
@Tag("aapt")
@Tag("e2e")
class AgentApkTest {

    @TempDir
    static Path dir;

    static SigningKey key;
    static Path apk;

    @BeforeAll
    static void buildOnce() throws IOException {
        Path keystore = dir.resolve("keys").resolve("debug.keystore");
        DebugKeystore.create(keystore);
        key = SigningKey.load(keystore, "android", "androiddebugkey", null);
        apk = AgentApk.build("com.example.feed", key, dir.resolve("agent.apk"));
    }

    @Test
    void theBuildEmbedsTheAgentDex() {
        byte[] dex = AgentApk.dex();
        assertEquals("dex\n", new String(dex, 0, 4, StandardCharsets.US_ASCII));
    }

    @Test
    void apkVerifiesWithV1V2AndV3() throws IOException {
        ApkVerifier.Result r = AgentApk.verify(apk);
        assertTrue(r.isVerified(), r.getAllErrors()::toString);
        assertTrue(r.isVerifiedUsingV1Scheme(), "v1");
        assertTrue(r.isVerifiedUsingV2Scheme(), "v2");
        assertTrue(r.isVerifiedUsingV3Scheme(), "v3");
        assertEquals(key.certificate(), r.getSignerCertificates().get(0));
    }

    @Test
    void manifestReadsBack() throws Exception {
        byte[] manifest;
        try (ZipFile zip = new ZipFile(apk.toFile())) {
            manifest = zip.getInputStream(zip.getEntry("AndroidManifest.xml")).readAllBytes();
            assertNotNull(zip.getEntry("classes.dex"));
        }
        Map<String, Map<String, Object>> elements = parse(manifest);
        assertEquals("io.fpsctl.agent", elements.get("manifest").get("package"));
        Map<String, Object> instr = elements.get("instrumentation");
        assertEquals("io.fpsctl.agent.FpsctlAgent", instr.get("name@0x01010003"));
        assertEquals("com.example.feed", instr.get("targetPackage@0x01010021"));
        assertEquals(false, instr.get("handleProfiling@0x01010022"));
        assertEquals(false, instr.get("functionalTest@0x01010023"));
        assertEquals(24, elements.get("uses-sdk").get("minSdkVersion@0x0101020c"));
        assertEquals(35, elements.get("uses-sdk").get("targetSdkVersion@0x01010270"));
        assertEquals(true, elements.get("application").get("debuggable@0x0101000f"));
        assertEquals(true, elements.get("application").get("hasCode@0x0101000c"));
    }

    @Test
    void targetPackageIsStampedPerApp() throws Exception {
        Path other = AgentApk.build("org.other.app", key, dir.resolve("other.apk"));
        try (ZipFile zip = new ZipFile(other.toFile())) {
            byte[] m = zip.getInputStream(zip.getEntry("AndroidManifest.xml")).readAllBytes();
            assertEquals("org.other.app", parse(m).get("instrumentation").get("targetPackage@0x01010021"));
        }
    }

    @Test
    void rejectsNonPackageNames() {
        assertThrows(IllegalArgumentException.class, () -> AgentManifest.binary("feed"));
        assertThrows(IllegalArgumentException.class, () -> AgentManifest.binary("com.example.feed; rm -rf /"));
    }

    @Test
    void keystoreErrorsSayWhatIsWrong() {
        Path ks = dir.resolve("keys").resolve("debug.keystore");
        KeystoreException pass = assertThrows(KeystoreException.class, () -> SigningKey.load(ks, "nope", "androiddebugkey", null));
        assertTrue(pass.getMessage().contains("password"), pass.getMessage());
        KeystoreException alias = assertThrows(KeystoreException.class, () -> SigningKey.load(ks, "android", "other", null));
        assertTrue(alias.getMessage().contains("androiddebugkey"), alias.getMessage());
        KeystoreException missing = assertThrows(KeystoreException.class,
                () -> SigningKey.load(dir.resolve("none.jks"), "android", "x", null));
        assertTrue(missing.getMessage().contains("no keystore"), missing.getMessage());
    }

    @Test
    void debugKeystoreLooksLikeAndroidStudios() {
        assertEquals("CN=Android Debug, O=Android, C=US", key.certificate().getSubjectX500Principal().getName().replace(",", ", "));
        assertEquals("RSA", key.privateKey().getAlgorithm());
        long years = (key.certificate().getNotAfter().getTime() - key.certificate().getNotBefore().getTime())
                / (365L * 24 * 3600 * 1000);
        assertEquals(30, years);
        assertFalse(DebugKeystore.keytoolCommandLine(Path.of("/x/debug.keystore")).isEmpty());
    }

    @Test
    void debianApksignerAccepts() throws Exception {
        assumeTrue(onPath("apksigner"), "apksigner not installed (apt-get install apksigner): skipped");
        String out = run("apksigner", "verify", "--verbose", "--print-certs", apk.toString());
        assertTrue(out.contains("Verified using v2 scheme (APK Signature Scheme v2): true"), out);
        assertTrue(out.contains("Verified using v3 scheme (APK Signature Scheme v3): true"), out);
        assertTrue(out.contains(key.sha256()), out);
    }

    @Test
    void debianAaptReadsTheManifest() throws Exception {
        assumeTrue(onPath("aapt"), "aapt not installed (apt-get install aapt): skipped");
        String badging = run("aapt", "dump", "badging", apk.toString());
        assertTrue(badging.contains("package: name='io.fpsctl.agent'"), badging);
        assertTrue(badging.contains("sdkVersion:'24'"), badging);
        assertTrue(badging.contains("targetSdkVersion:'35'"), badging);
        String tree = run("aapt", "dump", "xmltree", apk.toString(), "AndroidManifest.xml");
        assertTrue(tree.contains("android:targetPackage(0x01010021)=\"com.example.feed\""), tree);
        assertTrue(tree.contains("android:name(0x01010003)=\"io.fpsctl.agent.FpsctlAgent\""), tree);
    }

    /** element name → attributes ({@code name@0xid} for android ones, plain name otherwise) → value. */
    static Map<String, Map<String, Object>> parse(byte[] axml) throws Exception {
        Map<String, Map<String, Object>> out = new HashMap<>();
        AndroidBinXmlParser p = new AndroidBinXmlParser(ByteBuffer.wrap(axml));
        for (int ev = p.getEventType(); ev != AndroidBinXmlParser.EVENT_END_DOCUMENT; ev = p.next()) {
            if (ev != AndroidBinXmlParser.EVENT_START_ELEMENT) {
                continue;
            }
            Map<String, Object> attrs = new HashMap<>();
            for (int i = 0; i < p.getAttributeCount(); i++) {
                int id = p.getAttributeNameResourceId(i);
                String k = id == 0 ? p.getAttributeName(i) : p.getAttributeName(i) + String.format("@0x%08x", id);
                Object v = switch (p.getAttributeValueType(i)) {
                    case AndroidBinXmlParser.VALUE_TYPE_STRING -> p.getAttributeStringValue(i);
                    case AndroidBinXmlParser.VALUE_TYPE_INT -> p.getAttributeIntValue(i);
                    case AndroidBinXmlParser.VALUE_TYPE_BOOLEAN -> p.getAttributeBooleanValue(i);
                    default -> "?";
                };
                attrs.put(k, v);
            }
            out.put(p.getName(), attrs);
        }
        return out;
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }

    static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(new ArrayList<>(List.of(cmd))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timed out: " + String.join(" ", cmd));
        assertEquals(0, p.exitValue(), () -> String.join(" ", cmd) + ":\n" + out);
        return out;
    }
}
