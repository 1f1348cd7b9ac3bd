package io.fpsctl.agentapk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * A keystore or key password given as {@code apksigner} takes it, so it need not appear in the process list:
 * {@code pass:SECRET}, {@code env:VAR} (the variable's value) or {@code file:PATH} (the file's first line).
 * A value without one of these prefixes is the password itself, as before.
 */
public final class PasswordSpec {
    private PasswordSpec() {
    }

    /** Resolves {@code spec} with the process environment. */
    public static String resolve(String spec, String option) {
        return resolve(spec, option, System::getenv);
    }

    /**
     * Resolves {@code spec}.
     *
     * @param option the option's name for messages, e.g. {@code --ks-pass}
     * @throws KeystoreException when the variable is unset or the file cannot be read
     */
    public static String resolve(String spec, String option, Function<String, String> env) {
        if (spec.startsWith("pass:")) {
            return spec.substring("pass:".length());
        }
        if (spec.startsWith("env:")) {
            String name = spec.substring("env:".length());
            String value = env.apply(name);
            if (value == null) {
                throw new KeystoreException(option + " env:" + name + ": the environment variable " + name
                        + " is not set", null);
            }
            return value;
        }
        if (spec.startsWith("file:")) {
            Path file = Path.of(spec.substring("file:".length()));
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                int nl = text.indexOf('\n');
                String line = nl < 0 ? text : text.substring(0, nl);
                return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            } catch (IOException e) {
                throw new KeystoreException(option + " file:" + file + ": cannot read the password file ("
                        + e.getClass().getSimpleName() + ")", e);
            }
        }
        return spec;
    }
}
