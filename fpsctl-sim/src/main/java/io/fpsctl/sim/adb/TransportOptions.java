package io.fpsctl.sim.adb;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * How the simulated device's transport behaves.
 *
 * @param authNever answer CNXN with an AUTH token and never accept the host's signature or key, so the
 *     adb server shows the device as {@code unauthorized} ({@code --auth-never})
 * @param maxPayload the max payload advertised in the CNXN reply; the effective limit per connection is
 *     {@code min(maxPayload, host's)} (docs/formats.md 5.6)
 * @param diagnostics where the one-line notes about dropped connections go (default: standard error)
 */
public record TransportOptions(boolean authNever, int maxPayload, Consumer<String> diagnostics) {

    /** Smallest max payload accepted: a shell-v2 packet header plus some data must fit. */
    static final int MIN_PAYLOAD = 256;

    public TransportOptions {
        if (maxPayload < MIN_PAYLOAD || maxPayload > AdbMessage.MAX_PAYLOAD) {
            throw new IllegalArgumentException("maxPayload must be in " + MIN_PAYLOAD + ".." + AdbMessage.MAX_PAYLOAD);
        }
        Objects.requireNonNull(diagnostics, "diagnostics");
    }

    /** No AUTH, 1 MiB payloads, diagnostics to {@code System.err}. */
    public static TransportOptions defaults() {
        return new TransportOptions(false, AdbMessage.MAX_PAYLOAD, System.err::println);
    }

    public TransportOptions withAuthNever(boolean value) {
        return new TransportOptions(value, maxPayload, diagnostics);
    }

    public TransportOptions withDiagnostics(Consumer<String> value) {
        return new TransportOptions(authNever, maxPayload, value);
    }
}
