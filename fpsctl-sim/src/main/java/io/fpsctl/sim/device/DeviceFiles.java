package io.fpsctl.sim.device;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The files the simulated device writes under {@code /data/local/tmp} or {@code /sdcard} (screen recordings), kept
 * in a temporary folder on the host and deleted with the device: {@code cat FILE} streams one, {@code rm [-f] FILE}
 * deletes it. Other paths are not writable (screenrecord then says it cannot open the file).
 */
final class DeviceFiles implements AutoCloseable {
    private final Map<String, Path> files = new ConcurrentHashMap<>();
    private volatile Path folder;

    boolean writable(String path) {
        return (path.startsWith("/data/local/tmp/") || path.startsWith("/sdcard/")) && !path.contains("/../")
                && path.length() < 256;
    }

    boolean has(String path) {
        return files.containsKey(path);
    }

    /** A new (or truncated) file at {@code path} being recorded. */
    ScreenVideo create(String path) throws IOException {
        Path local = folder().resolve("f" + files.size() + "-" + Integer.toHexString(path.hashCode()) + ".mp4");
        Files.deleteIfExists(local);
        files.put(path, local);
        return new ScreenVideo(local);
    }

    /** An empty file at {@code path}, as screenrecord's {@code main} leaves it when recording then fails. */
    void createEmpty(String path) throws IOException {
        Path local = folder().resolve("f" + files.size() + "-" + Integer.toHexString(path.hashCode()) + ".mp4");
        Files.write(local, new byte[0]);
        files.put(path, local);
    }

    /** {@code cat path}: its bytes; false when there is no such file. */
    boolean cat(String path, OutputStream out) throws IOException {
        Path local = files.get(path);
        if (local == null || !Files.exists(local)) {
            return false;
        }
        Files.copy(local, out);
        out.flush();
        return true;
    }

    /** {@code rm path}: true when it existed. */
    boolean rm(String path) {
        Path local = files.remove(path);
        if (local == null) {
            return false;
        }
        try {
            Files.deleteIfExists(local);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }

    private synchronized Path folder() throws IOException {
        if (folder == null) {
            folder = Files.createTempDirectory("fpsctl-sim-files");
        }
        return folder;
    }

    @Override
    public synchronized void close() {
        if (folder == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder the OS will clear
        }
        files.clear();
    }
}
