package io.fpsctl.agentapk;

import com.android.apksig.ApkSigner;
import com.android.apksig.ApkVerifier;
import com.android.apksig.apk.ApkFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Builds the agent APK for one app under test: the binary manifest from {@link AgentManifest} stamped with the
 * app's package, the agent's {@code classes.dex} that {@code mvn package} embedded in fpsctl's jar at
 * {@value #DEX_RESOURCE}, zip-aligned and signed with v1, v2 and v3 schemes by apksig, then checked with apksig's
 * {@link ApkVerifier}. Takes well under a second.
 */
public final class AgentApk {

    /** Where the build puts the agent's dex in fpsctl's jar. */
    public static final String DEX_RESOURCE = "/agent/classes.dex";

    private AgentApk() {
    }

    /** The agent's dex from fpsctl's jar. */
    public static byte[] dex() {
        try (InputStream in = AgentApk.class.getResourceAsStream(DEX_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("this fpsctl was built without the agent (" + DEX_RESOURCE
                        + " missing from its jar; build it with 'mvn package')");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + DEX_RESOURCE + " from fpsctl's jar", e);
        }
    }

    /** Builds the signed APK for {@code targetPackage} in a new temporary directory; the caller deletes it. */
    public static Path build(String targetPackage, SigningKey key) throws IOException {
        Path dir = Files.createTempDirectory("fpsctl-agent");
        return build(targetPackage, key, dir.resolve("fpsctl-agent-" + targetPackage + ".apk"));
    }

    /**
     * Builds the signed APK for {@code targetPackage} at {@code out} (replaced if present).
     *
     * @throws IOException when {@code out} cannot be written
     * @throws IllegalStateException when apksig rejects the key or the result does not verify
     */
    public static Path build(String targetPackage, SigningKey key, Path out) throws IOException {
        byte[] manifest = AgentManifest.binary(targetPackage);
        byte[] dex = dex();
        Path unsigned = Files.createTempFile(out.toAbsolutePath().getParent(), "unsigned", ".apk");
        try {
            try (OutputStream os = Files.newOutputStream(unsigned); ZipOutputStream zip = new ZipOutputStream(os)) {
                entry(zip, "AndroidManifest.xml", manifest);
                entry(zip, "classes.dex", dex);
            }
            sign(unsigned, out, key);
        } finally {
            Files.deleteIfExists(unsigned);
        }
        verify(out);
        return out;
    }

    private static void entry(ZipOutputStream zip, String name, byte[] data) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(315532800000L); // 1980-01-01: reproducible
        zip.putNextEntry(e);
        zip.write(data);
        zip.closeEntry();
    }

    private static void sign(Path in, Path out, SigningKey key) throws IOException {
        ApkSigner.SignerConfig signer = new ApkSigner.SignerConfig.Builder(key.name().toUpperCase(java.util.Locale.ROOT),
                key.privateKey(), key.certificates()).build();
        try {
            new ApkSigner.Builder(List.of(signer))
                    .setInputApk(in.toFile())
                    .setOutputApk(out.toFile())
                    .setMinSdkVersion(AgentManifest.MIN_SDK)
                    .setV1SigningEnabled(true)
                    .setV2SigningEnabled(true)
                    .setV3SigningEnabled(true)
                    .setCreatedBy("fpsctl")
                    .build()
                    .sign();
        } catch (ApkFormatException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("cannot sign the agent APK with key '" + key.name() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Verifies {@code apk} with apksig, every scheme it carries (v1 too: checked as for platforms older than the
     * agent's min SDK, so a broken JAR signature is not silently ignored).
     *
     * @throws IllegalStateException with apksig's errors when it does not verify
     */
    public static ApkVerifier.Result verify(Path apk) throws IOException {
        ApkVerifier.Result result;
        try {
            result = new ApkVerifier.Builder(apk.toFile()).setMinCheckedPlatformVersion(AgentManifest.MIN_SDK - 1).build().verify();
        } catch (ApkFormatException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("the agent APK is malformed: " + e.getMessage(), e);
        }
        if (!result.isVerified()) {
            throw new IllegalStateException("the agent APK does not verify: " + result.getAllErrors());
        }
        return result;
    }
}
