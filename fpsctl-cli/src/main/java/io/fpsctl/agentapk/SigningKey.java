package io.fpsctl.agentapk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * A private key and its certificate chain, loaded from a JKS or PKCS12 keystore, that signs the agent APK.
 * The agent can only instrument an app signed with the same certificate, so this is normally the key that
 * signs the app under test: for debug builds the developer's {@code ~/.android/debug.keystore}
 * ({@link #DEBUG_STORE_PASSWORD}, alias {@link #DEBUG_ALIAS}).
 */
public final class SigningKey {

    /** Store and key password of Android's debug keystore. */
    public static final String DEBUG_STORE_PASSWORD = "android";
    /** Key alias in Android's debug keystore. */
    public static final String DEBUG_ALIAS = "androiddebugkey";

    private final String name;
    private final PrivateKey privateKey;
    private final List<X509Certificate> certificates;

    public SigningKey(String name, PrivateKey privateKey, List<X509Certificate> certificates) {
        this.name = Objects.requireNonNull(name, "name");
        this.privateKey = Objects.requireNonNull(privateKey, "privateKey");
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("a signing key needs its certificate");
        }
        this.certificates = List.copyOf(certificates);
    }

    /** The developer's debug keystore: {@code <home>/.android/debug.keystore}. */
    public static Path defaultDebugKeystore(Path home) {
        return home.resolve(".android").resolve("debug.keystore");
    }

    /**
     * Loads {@code alias} from {@code keystore} (JKS or PKCS12, detected by content).
     *
     * @param keyPassword the key's password; null means the same as {@code storePassword}
     * @throws KeystoreException when the file cannot be read, a password is wrong or the alias holds no key
     */
    public static SigningKey load(Path keystore, String storePassword, String alias, String keyPassword) {
        char[] storePass = storePassword.toCharArray();
        char[] keyPass = (keyPassword != null ? keyPassword : storePassword).toCharArray();
        KeyStore ks;
        if (!Files.isRegularFile(keystore)) {
            throw new KeystoreException("no keystore at " + keystore, null);
        }
        try {
            ks = KeyStore.getInstance(keystore.toFile(), storePass);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new KeystoreException("wrong store password for " + keystore + " (--ks-pass)", e);
            }
            throw new KeystoreException("cannot read keystore " + keystore + ": " + e.getMessage(), e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new KeystoreException("cannot read keystore " + keystore + ": " + e.getMessage(), e);
        }
        try {
            if (!ks.isKeyEntry(alias)) {
                throw new KeystoreException("keystore " + keystore + " has no key '" + alias + "' (--key-alias; it has: "
                        + String.join(", ", java.util.Collections.list(ks.aliases())) + ")", null);
            }
            java.security.Key key = ks.getKey(alias, keyPass);
            if (!(key instanceof PrivateKey pk)) {
                throw new KeystoreException("'" + alias + "' in " + keystore + " is not a private key", null);
            }
            Certificate[] chain = ks.getCertificateChain(alias);
            List<X509Certificate> certs = new ArrayList<>();
            for (Certificate c : chain == null ? new Certificate[0] : chain) {
                certs.add((X509Certificate) c);
            }
            if (certs.isEmpty()) {
                throw new KeystoreException("'" + alias + "' in " + keystore + " has no certificate", null);
            }
            return new SigningKey(alias, pk, certs);
        } catch (java.security.UnrecoverableKeyException e) {
            throw new KeystoreException("wrong key password for '" + alias + "' in " + keystore + " (--key-pass)", e);
        } catch (GeneralSecurityException e) {
            throw new KeystoreException("cannot load key '" + alias + "' from " + keystore + ": " + e.getMessage(), e);
        } finally {
            Arrays.fill(storePass, '\0');
            Arrays.fill(keyPass, '\0');
        }
    }

    /** The signer's name in the APK's v1 signature ({@code META-INF/<NAME>.SF}). */
    public String name() {
        return name;
    }

    public PrivateKey privateKey() {
        return privateKey;
    }

    public List<X509Certificate> certificates() {
        return certificates;
    }

    /** The signing certificate (first of the chain). */
    public X509Certificate certificate() {
        return certificates.get(0);
    }

    /** SHA-256 of the signing certificate, lower-case hex (as {@code apksigner verify --print-certs} shows it). */
    public String sha256() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(certificate().getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The hash {@code dumpsys package} prints for this certificate in {@code signatures:[…]}: Android's
     * {@code Signature.hashCode()}, i.e. {@code Arrays.hashCode} of the encoded certificate, in hex.
     */
    public String dumpsysHash() {
        try {
            return Integer.toHexString(Arrays.hashCode(certificate().getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
