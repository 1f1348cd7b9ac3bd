package io.fpsctl.capture;

import io.fpsctl.android.BootClock;
import io.fpsctl.android.Getprop;
import io.fpsctl.android.PerfettoCommand;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.sink.AtomicFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code --source perfetto}: one trace recorded by the device's own {@code perfetto} (docs/perfetto-capture.md):
 * start it in the background with fpsctl's config ({@link PerfettoCommand}), wait until the duration is up, the
 * {@code --run} command ended or a signal came ({@link #stop(String)}), stop it with SIGTERM, wait for the daemon to
 * have written the file, copy the file beside {@code summary.json} (whole or not at all: {@link AtomicFile}), delete
 * it on the device. Every way this cannot give a trace is a {@link DeviceException} with one line saying what to do
 * (exit 3): a device below Android 12 (no FrameTimeline), {@code perfetto} refusing the config, the daemon gone at
 * once or an empty file ({@code traced} not running).
 */
public final class PerfettoCapture {

    /** How long the daemon gets to write the rest of the trace after SIGTERM (it flushes, then reads back). */
    static final Duration FINALISE_TIMEOUT = Duration.ofSeconds(30);
    /** {@code /proc/uptime}'s resolution: hundredths of a second. */
    private static final long UPTIME_STEP_NS = 10_000_000L;
    /** How often to ask whether the daemon is still writing. */
    private static final long POLL_MS = 100;
    /** A trace bigger than this is refused rather than filling the disk (a FrameTimeline trace is ~30 KB/s). */
    static final long MAX_TRACE_BYTES = 4L << 30;

    private final Device device;
    private final String pkg;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile String stopSignal;

    public PerfettoCapture(Device device, String pkg) {
        this.device = device;
        this.pkg = pkg;
    }

    /**
     * What was recorded: where the trace is on the host, its size, how long the session ran, the device's
     * CLOCK_BOOTTIME (the trace's clock) when it was told to stop (−1 when unreadable), and the signal that ended it
     * early (null when the duration did).
     */
    public record Result(Path trace, long bytes, Duration ran, long stopBootNs, String stopSignal) {
    }

    /** Ends the wait early (a signal, or the end of {@code --run}); safe from any thread, any number of times. */
    public void stop(String signal) {
        if (stopSignal == null) {
            stopSignal = signal;
        }
        stopped.countDown();
    }

    /**
     * Checks the device can trace FrameTimeline (API 31+), so that the caller can refuse before anything else.
     *
     * @throws DeviceException below Android 12
     */
    public void checkSupported() {
        Integer api = Getprop.sdk(device.shell(Getprop.SDK).stdout());
        if (api == null) {
            throw new DeviceException(device.serial() + ": cannot read the Android version (" + Getprop.SDK
                    + "): use --source gfxinfo or --source surfaceflinger");
        }
        if (api < PerfettoCommand.MIN_SDK) {
            throw new DeviceException(device.serial() + ": --source perfetto needs Android 12 (API 31) or newer for "
                    + "FrameTimeline; this device runs API " + api + ": use --source auto, gfxinfo or surfaceflinger");
        }
    }

    /**
     * Records until {@code duration} is up (null: until {@link #stop}) and copies the trace to {@code hostFile}:
     * {@link #begin} then {@link Recording#finish}.
     */
    public Result record(Duration duration, Path hostFile) throws IOException {
        return begin(duration, hostFile).finish();
    }

    /**
     * Starts the device's {@code perfetto} and returns once tracing started, so that a caller driving the app
     * ({@code gate --run/--scroll}) starts the interaction only then (docs/perfetto-capture.md). With
     * {@code --background-wait} (perfetto v22.0+) that is when every data source started, FrameTimeline included;
     * a {@code perfetto} that refuses the option gets {@code --background}, and then only that its daemon runs
     * ({@code kill -0}) can be known: it may not yet have reached {@code traced}, so the first frames the driver
     * makes may miss the trace. On any failure the daemon is ended and the device file deleted before the one-line
     * {@link DeviceException}.
     */
    public Recording begin(Duration duration, Path hostFile) {
        checkSupported();
        String name = "fpsctl-" + pkg + "-" + Long.toHexString(System.nanoTime());
        String file = PerfettoCommand.traceFile(name);
        long durationMs = duration == null ? Duration.ofHours(24).toMillis() : duration.toMillis();
        ShellResult started = device.shell(PerfettoCommand.startWaiting(pkg, file, durationMs));
        boolean waited = true;
        if (PerfettoCommand.parsePid(started.stdout()).isEmpty()
                && PerfettoCommand.refusedBackgroundWait(started.stderr())) {
            waited = false;
            started = device.shell(PerfettoCommand.start(pkg, file, durationMs));
        }
        OptionalInt pid = PerfettoCommand.parsePid(started.stdout());
        if (pid.isEmpty()) {
            String why = PerfettoCommand.firstError(started.stderr());
            throw new DeviceException(device.serial() + ": perfetto refused to start"
                    + (why == null ? " (exit " + started.exitCode() + ")" : ": " + why)
                    + ": check that 'adb shell perfetto --version' runs, or use --source gfxinfo");
        }
        Recording r = new Recording(duration, hostFile, file, pid.getAsInt(), System.nanoTime());
        boolean ok = false;
        try {
            if (waited && !started.succeeded()) {
                // the daemon reported a failure, or its data sources did not all start within perfetto's 30 s
                String why = PerfettoCommand.firstError(started.stderr());
                throw new DeviceException(device.serial() + ": perfetto could not start tracing ("
                        + (why == null ? "exit " + started.exitCode() : why) + "): is traced running? start it with "
                        + "'adb shell setprop persist.traced.enable 1', or use --source gfxinfo");
            }
            if (!waited && !device.shell(PerfettoCommand.alive(pid.getAsInt())).succeeded()) {
                throw tracedOff();
            }
            ok = true;
            return r;
        } finally {
            if (!ok) {
                r.cleanUp();
            }
        }
    }

    /** A session {@link #begin} started: {@link #finish} waits for its end and copies the trace. */
    public final class Recording {
        private final Duration duration;
        private final Path hostFile;
        private final String file;
        private final int pid;
        private final long t0;

        private Recording(Duration duration, Path hostFile, String file, int pid, long t0) {
            this.duration = duration;
            this.hostFile = hostFile;
            this.file = file;
            this.pid = pid;
            this.t0 = t0;
        }

        /**
         * Waits until the duration is up or {@link PerfettoCapture#stop} was called, stops the daemon with SIGTERM,
         * waits for it to have written the file, copies it to the host and deletes it on the device.
         */
        public Result finish() throws IOException {
            try {
                try {
                    if (duration == null) {
                        stopped.await();
                    } else {
                        stopped.await(duration.toNanos(), TimeUnit.NANOSECONDS);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Duration ran = Duration.ofNanos(System.nanoTime() - t0);
                device.shell(PerfettoCommand.stop(pid));
                // /proc/uptime is CLOCK_BOOTTIME, the trace's clock, in 10 ms steps: read right after the SIGTERM, so
                // that every frame the trace holds was written before it (the frames pending then are the gap at the
                // end)
                long uptime = BootClock.uptimeNs(device.shell(BootClock.COMMAND).stdout());
                long stopBootNs = uptime < 0 ? -1 : uptime + UPTIME_STEP_NS;
                waitForExit(pid);
                long bytes = copy(file, hostFile);
                if (bytes == 0) {
                    throw tracedOff();
                }
                return new Result(hostFile, bytes, ran, stopBootNs, stopSignal);
            } finally {
                cleanUp();
            }
        }

        /** Ends the daemon (harmless when it ended) and deletes the device file. */
        private void cleanUp() {
            device.shell(PerfettoCommand.stop(pid));
            device.shell(PerfettoCommand.remove(file));
        }
    }

    private DeviceException tracedOff() {
        return new DeviceException(device.serial() + ": perfetto wrote no trace: traced is not running; start it with "
                + "'adb shell setprop persist.traced.enable 1', or use --source gfxinfo");
    }

    /** Polls {@code kill -0} until the daemon has exited (it writes the file before it exits). */
    private void waitForExit(int pid) {
        long deadline = System.nanoTime() + FINALISE_TIMEOUT.toNanos();
        while (device.shell(PerfettoCommand.alive(pid)).succeeded()) {
            if (System.nanoTime() > deadline) {
                throw new DeviceException(device.serial() + ": perfetto (pid " + pid + ") did not finish the trace "
                        + FINALISE_TIMEOUT.toSeconds() + " s after SIGTERM: try again, or use --source gfxinfo");
            }
            try {
                Thread.sleep(POLL_MS); // a remote process: nothing to wait on but the next look
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** {@code cat FILE} into {@code hostFile}, whole or not at all; the number of bytes. */
    private long copy(String file, Path hostFile) throws IOException {
        long n = 0;
        try (ShellStream s = device.openShell(PerfettoCommand.read(file));
             AtomicFile.Pending out = AtomicFile.open(hostFile)) {
            InputStream in = s.stdout();
            byte[] buf = new byte[64 * 1024];
            int r;
            while ((r = in.read(buf)) > 0) {
                n += r;
                if (n > MAX_TRACE_BYTES) {
                    throw new DeviceException(device.serial() + ": the trace " + file + " is over "
                            + (MAX_TRACE_BYTES >> 30) + " GiB: capture a shorter --duration");
                }
                out.write(buf, 0, r);
            }
            int exit = s.exitCode().orElse(0);
            if (exit != 0) {
                throw new DeviceException(device.serial() + ": cannot read the trace " + file + " ("
                        + s.stderr().strip() + "): try again, or use --source gfxinfo");
            }
            if (n > 0) {
                out.commit();
            }
        }
        return n;
    }
}
