package io.fpsctl.device;

import java.time.Duration;
import java.util.List;

/**
 * Runs lists of shell commands for one caller, one list at a time, with {@link ShellBatch}'s answers: one result per
 * command, in order, for the commands whose end arrived. Made by {@link Device#openSession()}; one thread at a time.
 */
public interface ShellSession extends AutoCloseable {

    /**
     * Runs {@code commands} one after the other and waits for all of them.
     *
     * @throws ShellTimeoutException if they do not finish within {@code timeout}
     * @throws DeviceGoneException if the device went away
     * @throws DeviceException for any other adb problem
     */
    List<ShellResult> run(List<String> commands, Duration timeout);

    /** Ends whatever the session keeps open on the device; idempotent. The session may be used again afterwards. */
    @Override
    void close();

    /** A session that opens one stream per list ({@link ShellBatch#run}) and keeps nothing open. */
    static ShellSession streamPerList(Device device) {
        return new ShellSession() {
            @Override
            public List<ShellResult> run(List<String> commands, Duration timeout) {
                return ShellBatch.run(device, commands, timeout);
            }

            @Override
            public void close() {
                // nothing is kept open
            }
        };
    }
}
