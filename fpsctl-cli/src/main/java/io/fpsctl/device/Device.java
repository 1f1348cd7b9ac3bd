package io.fpsctl.device;

import java.nio.file.Path;
import java.time.Duration;

/**
 * One Android device, as the rest of fpsctl sees it. Implementations talk adb; callers never do.
 *
 * <p>Commands run with the shell protocol v2 so exit codes and stderr are kept (docs/formats.md 1); on a device
 * without it (Android 6) the exit code comes from a mark the command line echoes and standard error arrives inside
 * standard output ({@link LegacyShellStream}). Every method
 * throws {@link DeviceException} (unchecked) on failure; {@link DeviceGoneException} when the transport died,
 * after which the same {@code Device} can be used again once the device is back
 * ({@link Devices#awaitOnline(String, Duration)}). Instances are safe for concurrent use.
 */
public interface Device extends AutoCloseable {

    /** Timeout of {@link #shell(String)}. */
    Duration DEFAULT_SHELL_TIMEOUT = Duration.ofSeconds(30);

    /** The adb serial, e.g. {@code emulator-5554}, {@code 127.0.0.1:15037} or a USB serial. */
    String serial();

    /** Same as {@link #shell(String, Duration)} with {@link #DEFAULT_SHELL_TIMEOUT}. */
    default ShellResult shell(String command) {
        return shell(command, DEFAULT_SHELL_TIMEOUT);
    }

    /**
     * Runs {@code command} with {@code sh -c} semantics on the device and waits for it to finish.
     *
     * @throws ShellTimeoutException if it does not finish within {@code timeout} (the stream is closed)
     * @throws DeviceGoneException if the transport died (the command may or may not have run)
     * @throws DeviceException for any other adb problem (refused, unauthorized, …)
     */
    ShellResult shell(String command, Duration timeout);

    /**
     * Starts a long-running command (e.g. {@code am instrument -w -r …}) and returns its output as it arrives.
     * No timeout applies; close the stream to stop reading (the device side sees the stream close).
     */
    ShellStream openShell(String command);

    /**
     * A {@link ShellSession} for a caller that runs command lists again and again (a poll loop). By default each
     * list is one stream ({@link ShellBatch}); a device may keep one shell running for all of them instead.
     */
    default ShellSession openSession() {
        return ShellSession.streamPerList(this);
    }

    /**
     * Installs (or replaces, {@code -r}) an APK.
     *
     * @throws DeviceException with exit code 4 (blame APP) if the package manager
     *     refuses it, exit code 3 for adb problems
     */
    void install(Path apk);

    /**
     * This device again for a long-running stream (a screen recording) kept apart from the rest of the traffic:
     * a second adb connection when this one carries every stream over one connection (direct, dadb), else this
     * device. A caller given another object closes it when done.
     */
    default Device separateConnection() {
        return this;
    }

    /** Copies a local file to {@code remotePath} on the device (sync protocol). */
    void push(Path local, String remotePath);

    /**
     * Forwards a loopback port of this machine to {@code tcp:<devicePort>} on the device ({@code adb forward
     * tcp:0 tcp:R}), e.g. to reach a Flutter app's Dart VM service (docs/metrics.md 16). Close the result to
     * remove the forward.
     *
     * @throws DeviceException when the forward cannot be set up
     */
    default PortForward forwardTcp(int devicePort) {
        throw new DeviceException("port forwarding is not available on " + serial());
    }

    /** A forward from {@code 127.0.0.1:localPort} to a device port; {@link #close()} removes it. */
    interface PortForward extends AutoCloseable {
        int localPort();

        @Override
        void close();
    }

    /**
     * From another thread (a stop): ends every call that waits on this device now, as far as the connection allows;
     * the next call works as usual. By default nothing (each call ends at its own timeout).
     */
    default void abortCalls() {
    }

    /** Releases the connection; idempotent. */
    @Override
    void close();
}
