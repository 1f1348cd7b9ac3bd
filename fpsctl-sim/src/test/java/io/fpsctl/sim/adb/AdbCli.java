package io.fpsctl.sim.adb;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real {@code adb} client against a private adb server: its own server port ({@code -P} and
 * {@code ANDROID_ADB_SERVER_PORT}) and its own {@code HOME} (so its key pair lands in a temp dir), so tests
 * never touch a user's server on 5037 or their {@code ~/.android}. Output goes to files, not pipes: the
 * server that {@code start-server} forks inherits them and would keep a pipe open forever.
 */
public final class AdbCli {

    /** One finished adb invocation. */
    public record Result(int exitCode, byte[] stdoutBytes, String stderr) {
        public String stdout() {
            return new String(stdoutBytes, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "exit " + exitCode + ", stdout: " + stdout() + ", stderr: " + stderr;
        }
    }

    private final Path adb;
    private final int serverPort;
    private final Path home;

    public AdbCli(Path adb, int serverPort, Path home) {
        this.adb = adb;
        this.serverPort = serverPort;
        this.home = home;
    }

    /** The {@code adb} executable on PATH, if any. */
    public static Optional<Path> findOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "adb");
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public int serverPort() {
        return serverPort;
    }

    /** Starts {@code adb -P <port> args…}; stdout/stderr go to fresh files under the private home. */
    public Started start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(adb.toString(), "-P", Integer.toString(serverPort)));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(home, "adb-out", ".bin");
        Path err = Files.createTempFile(home, "adb-err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("ANDROID_ADB_SERVER_PORT", Integer.toString(serverPort));
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("ANDROID_SERIAL");
        return new Started(pb.start(), out, err, String.join(" ", args));
    }

    /** Runs adb to completion; kills it and fails if it takes longer than {@code timeout}. */
    public Result run(Duration timeout, String... args) throws IOException, InterruptedException {
        return start(args).await(timeout);
    }

    /** {@code adb connect serial}, then {@code adb -s serial wait-for-device}; fails unless both succeed. */
    public void connectAndWait(Duration timeout, String serial) throws IOException, InterruptedException {
        Result connected = run(timeout, "connect", serial);
        if (!connected.stdout().contains("connected to " + serial)) {
            throw new AssertionError("adb connect " + serial + ": " + connected);
        }
        Result ready = run(timeout, "-s", serial, "wait-for-device");
        if (ready.exitCode() != 0) {
            throw new AssertionError("adb -s " + serial + " wait-for-device: " + ready);
        }
    }

    /** An adb process that is running. */
    public record Started(Process process, Path out, Path err, String description) {
        public Result await(Duration timeout) throws IOException, InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("adb " + description + " did not finish within " + timeout);
            }
            Result r = new Result(process.exitValue(), Files.readAllBytes(out),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            return r;
        }
    }
}
