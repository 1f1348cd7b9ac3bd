package io.fpsctl.android;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an installed app's signing certificates from {@code dumpsys package <pkg>}: the
 * {@code signatures=PackageSignatures{… signatures:[1a2b3c4d, …] …}} line lists {@code Signature.hashCode()} of each
 * certificate in hex, which {@code agentapk.SigningKey.dumpsysHash()} computes for our key. Good enough to tell "same key"
 * from "another key" without root; the platform's real check ({@code checkSignatures}) compares whole certificates.
 */
public final class TargetSignatures {

    private static final Pattern SIGNATURES = Pattern.compile("signatures=PackageSignatures\\{[^}]*?signatures:\\[([0-9a-fA-F, ]*)]");

    private TargetSignatures() {
    }

    /** The certificate hashes of the first package block in {@code dumpsysPackage}, or empty when none is shown. */
    public static Optional<List<String>> parse(String dumpsysPackage) {
        Matcher m = SIGNATURES.matcher(dumpsysPackage);
        if (!m.find()) {
            return Optional.empty();
        }
        List<String> hashes = new ArrayList<>();
        for (String h : m.group(1).split(",")) {
            if (!h.isBlank()) {
                hashes.add(h.trim().toLowerCase(java.util.Locale.ROOT));
            }
        }
        return hashes.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(hashes));
    }
}
