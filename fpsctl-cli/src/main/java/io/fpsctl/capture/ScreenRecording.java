package io.fpsctl.capture;

import io.fpsctl.android.ScreenRecord;
import io.fpsctl.android.ShellQuote;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.ShellStream;
import io.fpsctl.format.VideoJson;
import io.fpsctl.sink.AtomicFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * {@code --record}: the device's screen recorded by its own {@code screenrecord} while a run measures
 * (docs/report.md "Screen recordings"). A background thread runs one screenrecord after the other (each stops itself at the
 * per-file limit, 180 s), pulls each finished file into the run's folder ({@code video-N.mp4}), deletes it from the
 * device and reads its frame times; {@link #stop()} sends SIGINT to the one running (a clean finish), pulls it, and
 * writes {@code video.json} ({@link VideoJson}).
 *
 * <p>Placing the video on the device clock: the Winscope block gives each frame's CLOCK_BOOTTIME time; minus the
 * time the device spent suspended (gfxinfo's {@code Realtime - Uptime}, read before recording: it only changes
 * while the device sleeps, and it does not sleep with its screen recorded) it is the CLOCK_MONOTONIC time of
 * frames.csv, within 1 ms ({@link VideoJson#ERROR_BOUND_MS_VALUE}).
 *
 * <p>A device that cannot record (no screenrecord, no codec, no display) gives one warning and no video; the run
 * goes on. A device lost mid-recording leaves the files pulled before it, and video.json says where they end.
 */
public final class ScreenRecording {
    /** A pulled file larger than this is refused (a 180 s file at 1 Mbps is about 23 MB). */
    static final long MAX_FILE_BYTES = 1L << 30;
    private static final Duration STOP_WAIT = Duration.ofSeconds(20);

    /** The recording's own connection where streams would share one ({@link Device#separateConnection()}). */
    private Device device;
    private final Device measured;
    private final String pkg;
    private final Path folder;
    private final String prefix;
    private final Consumer<String> warn;
    private final int limitSec;
    private final String token = UUID.randomUUID().toString().substring(0, 8);
    private final Object lock = new Object();
    private final Thread thread;
    /** Pulls finished files one after the other while the next file records (no gap for the copy). */
    private final java.util.concurrent.ExecutorService puller = java.util.concurrent.Executors.newSingleThreadExecutor(
            r -> {
                Thread t = new Thread(r, "fpsctl-record-pull");
                t.setDaemon(true);
                return t;
            });
    private final List<VideoJson.VideoFile> files = new ArrayList<>();
    private Long suspendedNs;
    private String current;
    private boolean stopping;
    private String end = "stopped";
    private String endNote;

    private ScreenRecording(Device device, String pkg, Path folder, String prefix, Consumer<String> warn, int limitSec) {
        this.device = device;
        this.measured = device;
        this.pkg = pkg;
        this.folder = folder;
        this.prefix = prefix;
        this.warn = warn;
        this.limitSec = limitSec;
        this.thread = new Thread(this::loop, "fpsctl-record-" + pkg);
        this.thread.setDaemon(true);
    }

    /**
     * Starts recording; files go to {@code folder} as {@code <prefix>-N.mp4}.
     *
     * @param limitSec the per-file limit, 1..180 (180 but in tests)
     */
    public static ScreenRecording start(Device device, String pkg, Path folder, String prefix, Consumer<String> warn,
                                        int limitSec) {
        ScreenRecording r = new ScreenRecording(device, pkg, folder, prefix, warn, limitSec);
        try {
            r.suspendedNs = positive(ScreenRecord.suspendedNs(device.shell(
                    ShellQuote.command("dumpsys gfxinfo", pkg), Duration.ofSeconds(15)).stdout()));
        } catch (DeviceException e) {
            r.suspendedNs = null; // the recording starts anyway; its files are kept unplaced
        }
        try {
            r.device = device.separateConnection();
        } catch (DeviceException e) {
            r.device = device; // no second connection: share this one
        }
        r.thread.start();
        return r;
    }

    private static Long positive(long v) {
        return v < 0 ? null : v;
    }

    private void loop() {
        for (int k = 1; ; k++) {
            String remote = "/data/local/tmp/fpsctl-" + token + "-" + k + ".mp4";
            synchronized (lock) {
                if (stopping) {
                    return;
                }
                current = remote;
            }
            try {
                int exit;
                try {
                    exit = record(remote);
                } catch (DeviceGoneException e) {
                    throw e;
                } catch (RuntimeException e) {
                    // the stream broke on the host side (seen: okio's "Unbalanced enter/exit" inside dadb when a
                    // stream closes while the connection writes for another thread); the device side ran on: stop
                    // it and keep what it wrote
                    interrupt(remote);
                    exit = 0;
                }
                String failure = ScreenRecord.failure(exit, lastStderr);
                if (failure != null) {
                    finish(k == 1 ? "failed" : "stopped", failure);
                    warn.accept(pkg + ": no screen recording" + (k == 1 ? "" : " after " + prefix + "-" + (k - 1)
                            + ".mp4") + ": " + failure + "; the run goes on without it");
                    tryDelete(remote);
                    return;
                }
                Path local = folder.resolve(prefix + "-" + k + ".mp4");
                String name = prefix + "-" + k + ".mp4";
                puller.execute(() -> {
                    try {
                        pull(remote, local);
                    } catch (DeviceGoneException e) {
                        finish("device-lost", "the device went away while " + name
                                + " was copied: the video ends with the files copied before");
                    } catch (IOException | RuntimeException e) { // DeviceException included
                        finish("failed", "copying " + name + " failed: " + e.getMessage());
                        warn.accept(pkg + ": screen recording " + name + " not copied: " + e.getMessage());
                    }
                });
            } catch (DeviceGoneException e) {
                finish("device-lost", "the device went away while recording " + prefix + "-" + k
                        + ".mp4: the video ends with the files pulled before");
                return;
            } catch (IOException | RuntimeException e) { // DeviceException included
                finish("failed", "recording " + prefix + "-" + k + ".mp4 failed: " + e.getMessage());
                warn.accept(pkg + ": screen recording stopped: " + e.getMessage());
                tryDelete(remote);
                return;
            }
        }
    }

    /**
     * The report's view of a recording in {@code folder}: video.json's files with each picture's CLOCK_BOOTTIME time
     * from its Winscope block (a file that cannot be read, or has no block, goes without).
     */
    public static io.fpsctl.sink.report.ReportVideo reportVideo(Path folder, VideoJson.Recording recording) {
        java.util.Map<String, long[]> times = new java.util.HashMap<>();
        for (VideoJson.VideoFile f : recording.files()) {
            try {
                long[] t = ScreenRecord.winscopeBoottimesNs(folder.resolve(f.file()));
                if (t != null) {
                    times.put(f.file(), t);
                }
            } catch (IOException e) {
                // missing or unreadable: the report says so from video.json and seeks without per-picture times
            }
        }
        return new io.fpsctl.sink.report.ReportVideo(folder, recording, times);
    }

    private String lastStderr = "";
    /** The file whose screenrecord has had its SIGINT (guarded by itself: one SIGINT per file, whoever sends it). */
    private final Object signalLock = new Object();
    private String interrupted;

    /**
     * SIGINT to the screenrecord writing {@code remote}, at most once: AOSP's {@code signalCatcher} puts the original
     * SIGINT/SIGHUP handlers back on the first one, so a second SIGINT kills screenrecord while it writes the moov
     * and leaves a file that does not play. True when it was signalled (now or before).
     */
    private boolean interrupt(String remote) {
        synchronized (signalLock) {
            if (remote.equals(interrupted)) {
                return true;
            }
            if (device.shell(ScreenRecord.stopCommand(remote), Duration.ofSeconds(10)).exitCode() != 0) {
                return false;
            }
            interrupted = remote;
            return true;
        }
    }

    /** Runs one screenrecord to its end; its exit status. */
    private int record(String remote) throws IOException {
        try (ShellStream s = device.openShell(ScreenRecord.command(remote, limitSec))) {
            InputStream out = s.stdout();
            byte[] sink = new byte[4096];
            while (out.read(sink) >= 0) {
                // screenrecord prints nothing without --verbose; read to its end
            }
            lastStderr = s.stderr();
            OptionalInt exit = s.exitCode();
            return exit.orElse(0);
        }
    }

    /** Copies the device file to {@code local} (through a partial name), deletes it there, reads its times. */
    private void pull(String remote, Path local) throws IOException {
        Path partial = local.resolveSibling(local.getFileName() + ".part");
        long copied = 0;
        try (ShellStream s = device.openShell(ScreenRecord.pullCommand(remote));
             OutputStream out = Files.newOutputStream(partial)) {
            InputStream in = s.stdout();
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) >= 0) {
                copied += n;
                if (copied > MAX_FILE_BYTES) {
                    throw new IOException(remote + " is larger than 1 GB: not pulled");
                }
                out.write(buf, 0, n);
            }
            int exit = s.exitCode().orElse(0);
            if (exit != 0) {
                throw new IOException("cat " + remote + " exited " + exit);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, local, StandardCopyOption.REPLACE_EXISTING);
        tryDelete(remote);
        long[] boottimes = ScreenRecord.winscopeBoottimesNs(local);
        Long first = null;
        Long last = null;
        int frames = 0;
        if (boottimes != null && suspendedNs != null) {
            first = boottimes[0] - suspendedNs;
            last = boottimes[boottimes.length - 1] - suspendedNs;
            frames = boottimes.length;
        } else if (boottimes != null) {
            frames = boottimes.length;
        }
        synchronized (lock) {
            files.add(new VideoJson.VideoFile(local.getFileName().toString(), first, last, frames));
        }
    }

    private void tryDelete(String remote) {
        try {
            device.shell(ScreenRecord.deleteCommand(remote), Duration.ofSeconds(10));
        } catch (Exception e) {
            // a file left in /data/local/tmp is harmless; the device may be gone, and dadb (Kotlin) reports a closed
            // connection with IOExceptions it does not declare: a file already copied whole stays in the recording.
            // An interrupt (Kotlin may throw InterruptedException undeclared too) is the stop's: keep it set.
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void finish(String how, String note) {
        synchronized (lock) {
            end = how;
            endNote = note;
        }
    }

    /**
     * Stops the running screenrecord with SIGINT (again every second if it had not started yet), waits for its
     * file to be pulled, and writes {@code video.json}; the recording as written, or null when nothing was recorded
     * (the device could not record).
     */
    public VideoJson.Recording stop() throws IOException {
        synchronized (lock) {
            stopping = true;
        }
        String signalled = null;
        long deadline = System.nanoTime() + STOP_WAIT.toNanos();
        while (thread.isAlive() && System.nanoTime() < deadline) {
            String target;
            synchronized (lock) {
                target = current;
            }
            if (target != null && !target.equals(signalled)) {
                try {
                    // false: nothing matched yet (screenrecord not started): signalled again a second later
                    if (interrupt(target)) {
                        signalled = target;
                    }
                } catch (RuntimeException e) { // DeviceException included
                    signalled = target; // the device is gone: the thread ends on its own
                }
            }
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        puller.shutdown(); // the copies already queued run to their end
        try {
            if (!puller.awaitTermination(STOP_WAIT.toSeconds() * 3, java.util.concurrent.TimeUnit.SECONDS)) {
                puller.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (device != measured && !thread.isAlive()) {
            device.close();
        }
        VideoJson.Recording recording;
        synchronized (lock) {
            if (thread.isAlive()) {
                end = "failed";
                endNote = "screenrecord did not stop within " + STOP_WAIT.toSeconds() + " s of SIGINT";
            }
            if (files.isEmpty() && "failed".equals(end)) {
                return null;
            }
            if (suspendedNs == null && !files.isEmpty()) {
                endNote = (endNote == null ? "" : endNote + "; ")
                        + "the device's Uptime/Realtime could not be read: the video is not placed on its clock";
            }
            recording = new VideoJson.Recording(suspendedNs, end, endNote, files);
        }
        AtomicFile.write(folder.resolve(VideoJson.FILE), w -> VideoJson.write(recording, w));
        return recording;
    }

}
