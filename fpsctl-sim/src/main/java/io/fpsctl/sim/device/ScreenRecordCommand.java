package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.TimeSource;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The simulated {@code screenrecord [options] FILE} and the {@code pkill -INT -f PATTERN} that stops it.
 *
 * <p>Options, checks and messages are AOSP's ({@code frameworks/av cmds/screenrecord/screenrecord.cpp main},
 * {@code parseWidthHeight}, {@code parseValueWithUnit}, {@code usage}; read at android-14-era sources, see
 * docs/report.md "Screen recordings"): {@code --time-limit N} (1..180 s, default 180: "Time limit %ds outside acceptable range
 * [1,%d]", exit 2), {@code --size WxH} ("Invalid size '%s', must be width x height", exit 2), {@code --bit-rate}
 * (bits or {@code 4M}; "Bit rate %dbps outside acceptable range [%d,%d]", exit 2), {@code --bugreport},
 * {@code --verbose}, {@code --output-format mp4} (others: "Unknown format '%s'", exit 2; the simulator records
 * mp4 only), no file: "Must specify output file (see --help).", exit 2. The video itself is always
 * {@link ScreenVideo#WIDTH} x {@link ScreenVideo#HEIGHT} whatever {@code --size} asks (a simulator shortcut).
 *
 * <p>Stopping, as AOSP's: SIGINT (or SIGHUP) sets {@code gStopRequested}; the encoder loop ends, the muxer is
 * stopped (the moov written) and the Winscope block added: a complete file, exit 0. The time limit ends it the
 * same way. Closing the shell stream is taken as SIGHUP (inferred: adbd hangs up a command whose stream closed).
 * A simulator that dies ({@link #killAll}) leaves the file without moov, as SIGKILL does.
 *
 * <p>The limit per file is 180 s as AOSP's {@code kMaxTimeLimitSec}; {@link SimulatedAndroid#setScreenRecordLimitSeconds}
 * lowers it (a test option, so chaining can be tested in seconds; docs/report.md "Screen recordings").
 */
final class ScreenRecordCommand implements FrameObserver {
    static final int MAX_TIME_LIMIT_SEC = 180;

    private final TimeSource time;
    private final Object lock;
    private final Runnable advance;
    private final DeviceFiles files;
    private final long elapsedMinusMonotonicNs;
    private final Map<Recording, String> running = new ConcurrentHashMap<>();
    private volatile int maxLimitSec = MAX_TIME_LIMIT_SEC;
    private volatile boolean unavailable;
    private int presented;

    ScreenRecordCommand(TimeSource time, Object lock, Runnable advance, DeviceFiles files, long elapsedMinusMonotonicNs) {
        this.time = time;
        this.lock = lock;
        this.advance = advance;
        this.files = files;
        this.elapsedMinusMonotonicNs = elapsedMinusMonotonicNs;
    }

    void setMaxLimitSeconds(int seconds) {
        this.maxLimitSec = Math.max(1, seconds);
    }

    /** A device without {@code screenrecord} (answers as {@code sh} does for an unknown command). */
    void setUnavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /** Counts the app layer's presents (the number each video frame shows) and hands them to running recordings. */
    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        if (!layerKey.equals("app")) {
            return;
        }
        int number;
        synchronized (this) {
            number = ++presented;
        }
        for (Recording r : running.keySet()) {
            r.offer(frame.actualPresent(), number);
        }
    }

    private synchronized int presented() {
        return presented;
    }

    /** Runs {@code screenrecord args}: blocks until stopped or the limit; the file then is complete. */
    int run(String commandLine, List<String> args, OutputStream stdout, OutputStream stderr) throws IOException {
        if (unavailable) {
            stderr.write("/system/bin/sh: screenrecord: inaccessible or not found\n".getBytes(StandardCharsets.UTF_8));
            return 127;
        }
        int limit = MAX_TIME_LIMIT_SEC;
        boolean verbose = false;
        String file = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            switch (a) {
                case "--time-limit" -> {
                    i++;
                    int t = atoi(next);
                    if (t <= 0 || t > MAX_TIME_LIMIT_SEC) {
                        return fail(stderr, "Time limit " + t + "s outside acceptable range [1," + MAX_TIME_LIMIT_SEC + "]\n");
                    }
                    limit = t;
                }
                case "--size" -> {
                    i++;
                    if (next == null || !next.matches("[0-9]+x[0-9]+")) {
                        return fail(stderr, "Invalid size '" + next + "', must be width x height\n");
                    }
                }
                case "--bit-rate" -> {
                    i++;
                    long rate = next != null && next.matches("[0-9]+[mM]") ? Long.parseLong(next.substring(0, next.length() - 1)) * 1_000_000L
                            : next != null && next.matches("[0-9]+") ? Long.parseLong(next) : -1;
                    if (rate < 0) {
                        return fail(stderr, "Unrecognized value: " + next + "\n");
                    }
                    if (rate < 100_000 || rate > 200_000_000L) {
                        return fail(stderr, "Bit rate " + rate + "bps outside acceptable range [100000,200000000]\n");
                    }
                }
                case "--output-format" -> {
                    i++;
                    if (!"mp4".equals(next)) {
                        return fail(stderr, "Unknown format '" + next + "'\n");
                    }
                }
                case "--verbose" -> verbose = true;
                case "--bugreport" -> { }
                default -> {
                    if (a.startsWith("--") || file != null) {
                        return fail(stderr, "Must specify output file (see --help).\n");
                    }
                    file = a;
                }
            }
        }
        if (file == null) {
            return fail(stderr, "Must specify output file (see --help).\n");
        }
        if (!files.writable(file)) {
            return fail(stderr, "Unable to open '" + file + "': Permission denied\n", 1);
        }
        long limitNs = Math.min(limit, maxLimitSec) * 1_000_000_000L;
        Recording r = new Recording(files.create(file), time.nanoTime(), limitNs, presented());
        running.put(r, commandLine);
        try {
            if (verbose) {
                stdout.write(("Configuring recorder for " + ScreenVideo.WIDTH + "x" + ScreenVideo.HEIGHT
                        + " video/avc at 1.00Mbps\n").getBytes(StandardCharsets.UTF_8));
                stdout.flush();
            }
            r.loop();
            synchronized (lock) {
                advance.run(); // every present up to the stop reaches the recording before it closes
            }
            r.finish(elapsedMinusMonotonicNs);
            if (verbose) {
                stdout.write(("Encoder stopping; recorded " + r.video.frames() + " frames in "
                        + (time.nanoTime() - r.startNs) / 1_000_000_000L + " seconds\n").getBytes(StandardCharsets.UTF_8));
                stdout.flush();
            }
            return r.killed ? 137 : 0;
        } finally {
            running.remove(r);
        }
    }

    /** {@code pkill -INT -f PATTERN} (toybox pkill): SIGINT to every recording whose command line matches. */
    ShellReply pkill(List<String> args) {
        boolean full = false;
        boolean interrupt = false;
        String pattern = null;
        for (String a : args) {
            if (a.equals("-f")) {
                full = true;
            } else if (a.equals("-INT") || a.equals("-2") || a.equals("-SIGINT")) {
                interrupt = true;
            } else if (!a.startsWith("-")) {
                pattern = a;
            }
        }
        if (pattern == null) {
            return new ShellReply("", "pkill: Need 1 argument\n", 1);
        }
        Pattern p;
        try {
            p = Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            return new ShellReply("", "pkill: bad regex '" + pattern + "'\n", 1);
        }
        int matched = 0;
        for (Map.Entry<Recording, String> e : running.entrySet()) {
            String name = full ? e.getValue() : "screenrecord";
            if (p.matcher(name).find()) {
                matched++;
                e.getKey().stop(!interrupt); // SIGTERM (pkill's default) is not caught: a broken file
            }
        }
        return ShellReply.exit(matched > 0 ? 0 : 1);
    }

    /** The device dies: every recording stops where it is, its file without moov (SIGKILL). */
    void killAll() {
        for (Recording r : running.keySet()) {
            r.stop(true);
        }
    }

    private static int fail(OutputStream stderr, String message) throws IOException {
        return fail(stderr, message, 2);
    }

    private static int fail(OutputStream stderr, String message, int exit) throws IOException {
        stderr.write(message.getBytes(StandardCharsets.UTF_8));
        stderr.flush();
        return exit;
    }

    private static int atoi(String s) {
        if (s == null) {
            return 0;
        }
        int i = 0;
        long v = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
            v = v * 10 + (s.charAt(i++) - '0');
        }
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    /** One running screenrecord: presents queue up from the frame threads; its own thread encodes them. */
    private final class Recording {
        final ScreenVideo video;
        final long startNs;
        final long endNs;
        final ArrayDeque<long[]> queue = new ArrayDeque<>();
        boolean stop;
        boolean killed;
        /** The device time of the stop: presents after it are not recorded. */
        long stopNs = Long.MAX_VALUE;

        Recording(ScreenVideo video, long startNs, long limitNs, int showing) {
            this.video = video;
            this.startNs = startNs;
            this.endNs = startNs + limitNs;
            // the virtual display's first composition shows what is on screen when it starts
            queue.add(new long[] {startNs, showing});
        }

        synchronized void offer(long presentNs, int number) {
            if (presentNs >= startNs && presentNs <= Math.min(endNs, stopNs)) {
                queue.add(new long[] {presentNs, number});
                notifyAll();
            }
        }

        synchronized void stop(boolean kill) {
            if (!stop) {
                stopNs = time.nanoTime();
            }
            stop = true;
            killed |= kill;
            notifyAll();
        }

        /** Encodes until stopped or past the limit on the device clock. */
        void loop() throws IOException {
            while (true) {
                long[] next;
                synchronized (this) {
                    while (queue.isEmpty() && !stop && time.nanoTime() < endNs) {
                        try {
                            wait(20);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            stop = true;
                        }
                    }
                    if (queue.isEmpty() || stop) {
                        return; // stopped: finish() encodes what is queued up to the stop
                    }
                    next = queue.poll();
                }
                video.frame(next[0], (int) next[1]);
            }
        }

        void finish(long elapsedMinusMonotonic) throws IOException {
            long[] rest;
            while (true) {
                synchronized (this) {
                    if (killed) {
                        video.abandon();
                        return;
                    }
                    rest = queue.poll();
                }
                if (rest == null) {
                    break;
                }
                video.frame(rest[0], (int) rest[1]);
            }
            long stopAt;
            synchronized (this) {
                stopAt = Math.min(Math.min(time.nanoTime(), endNs), stopNs);
            }
            // realtime minus elapsed: a fixed wall clock, 2026-01-01T00:00:00Z at the device's boot (simulated)
            video.finish(stopAt, elapsedMinusMonotonic, 1_767_225_600_000_000_000L - elapsedMinusMonotonic);
        }
    }
}
