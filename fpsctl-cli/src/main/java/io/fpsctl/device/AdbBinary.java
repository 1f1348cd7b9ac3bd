package io.fpsctl.device;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The {@code adb} executable, used for one thing only: starting the adb server when none answers
 * ({@code adb -P <port> start-server}). Everything else goes over the server's TCP protocol.
 *
 * @param executable path to {@code adb}
 * @param environment variables to set for the adb process on top of this process's environment (tests use a
 *     private {@code HOME} so the server's key pair lands in a temp dir)
 */
public record AdbBinary(Path executable, Map<String, String> environment) {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    public AdbBinary {
        Objects.requireNonNull(executable, "executable");
        environment = Map.copyOf(environment);
    }

    /** {@code adb} on this process's {@code PATH}, if any. */
    public static Optional<AdbBinary> onPath() {
        return onPath(System.getenv());
    }

    /** {@code adb} on the {@code PATH} of {@code env}, if any (injectable for tests). */
    public static Optional<AdbBinary> onPath(Map<String, String> env) {
        String path = env.get("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "adb");
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(new AdbBinary(candidate, Map.of()));
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code adb -P <port> start-server} and waits for it (adb returns once the server answers).
     *
     * @throws DeviceException if it fails or takes longer than 20 s
     */
    public void startServer(int port) {
        Path log = null;
        try {
            // Output to a file, not a pipe: the server that start-server forks inherits it and would hold a
            // pipe open forever (see sim tests' AdbCli).
            log = Files.createTempFile("fpsctl-adb-start", ".txt");
            ProcessBuilder pb = new ProcessBuilder(executable.toString(), "-P", Integer.toString(port), "start-server")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().putAll(environment);
            pb.environment().put("ANDROID_ADB_SERVER_PORT", Integer.toString(port));
            Process p = pb.start();
            if (!p.waitFor(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new DeviceException("'" + executable + " -P " + port + " start-server' did not finish within "
                        + Durations.text(START_TIMEOUT) + ": start the adb server by hand and retry");
            }
            if (p.exitValue() != 0) {
                String out = AdbErrors.oneLine(Files.readString(log, StandardCharsets.UTF_8));
                throw new DeviceException("could not start the adb server on port " + port + " (" + executable
                        + " exited with " + p.exitValue() + (out.isEmpty() ? "" : ": " + out)
                        + "): start it by hand ('adb start-server') and retry");
            }
        } catch (IOException e) {
            throw new DeviceException("could not run " + executable + " to start the adb server: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted while starting the adb server", e);
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temp file; the OS cleans up
                }
            }
        }
    }
}
