package io.fpsctl.sim.device;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files {@code perfetto -o} writes under {@code /data/misc/perfetto-traces}: each with its bytes and mode.
 * {@code PerfettoCmd::OpenOutputFile} creates the file with {@code base::OpenFile(trace_out_path_, O_RDWR | O_CREAT |
 * O_TRUNC, 0600)} before {@code --background} daemonizes (google/perfetto {@code src/perfetto_cmd/perfetto_cmd.cc},
 * v58.2), so the file exists, empty, from the moment the pid is printed, and is owned by the shell user that ran
 * {@code perfetto}. The directory is {@code mkdir /data/misc/perfetto-traces 0773 root shell} (google/perfetto
 * {@code perfetto.rc}, the same line at v11.0, v20.0 and v58.2): group {@code shell} may create and remove files
 * in it, so {@code rm} of a trace works for {@code adb shell} on 12+ (the failing {@code rm} of google/perfetto
 * issue #182 was an Android 10 device).
 */
final class PerfettoTraceFiles {

    static final String DIR = "/data/misc/perfetto-traces/";
    /** {@code 0600} as {@code ls -l} shows it. */
    static final int MODE = 0600;

    private final Map<String, byte[]> files = new TreeMap<>();

    /** Whether {@code path} is a file of this directory (no sub-directories: {@code perfetto} writes none). */
    static boolean inDirectory(String path) {
        return path.startsWith(DIR) && path.length() > DIR.length() && path.indexOf('/', DIR.length()) < 0;
    }

    /** Creates or truncates the file ({@code O_CREAT | O_TRUNC}). */
    void create(String path) {
        files.put(path, new byte[0]);
    }

    /** Replaces the file's content (the trace written at the end of the session). */
    void write(String path, byte[] content) {
        files.put(path, content.clone());
    }

    /** The file's bytes, or null when there is no such file. */
    byte[] read(String path) {
        byte[] b = files.get(path);
        return b == null ? null : Arrays.copyOf(b, b.length);
    }

    boolean exists(String path) {
        return files.containsKey(path);
    }

    /** Removes the file; false when there was none. */
    boolean remove(String path) {
        return files.remove(path) != null;
    }
}
