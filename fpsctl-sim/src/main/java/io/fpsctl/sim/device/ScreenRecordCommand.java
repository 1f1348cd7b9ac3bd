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
 * The simulated {@code screenrecord [options] FILE} and the {@code pkill -l INT -f PATTERN} that stops it.
 *
 * <p>Options, checks and messages are AOSP's ({@code frameworks/av cmds/screenrecord/screenrecord.cpp main},
 * {@code parseWidthHeight}, {@code parseValueWithUnit}, {@code usage}; see docs/report.md "Screen recordings" for the
 * tags): {@code --time-limit N} per release ({@link #timeLimit}; default 180 s, {@code kMaxTimeLimitSec}), {@code --size WxH} ("Invalid size '%s', must be width x height", exit 2), {@code --bit-rate}
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
 * <p>The limit per file is what {@code --time-limit} gives (180 s by default, AOSP's {@code kMaxTimeLimitSec});
 * {@link SimulatedAndroid#setScreenRecordLimitSeconds} caps it lower (a test option, so chaining can be tested in
 * seconds; docs/report.md "Screen recordings"). The Winscope blocks written are the release's ({@link ScreenVideo.Winscope}).
 */
final class ScreenRecordCommand implements FrameObserver {
    static final int MAX_TIME_LIMIT_SEC = 180;
    /**
     * When a picture is stamped: SurfaceFlinger composes the virtual display with the GPU in the same composite that
     * latches the app's buffer, a vsync before the physical display presents the same content. By default the
     * virtual display is a GPU one ({@code SurfaceFlinger::init}: HWC virtual displays only with
     * {@code debug.sf.enable_hwc_vds}, default false), so {@code VirtualDisplaySurface::queueBuffer} passes the
     * composed buffer straight to screenrecord's encoder surface ({@code onFrameCommitted} returns at once for it),
     * and {@code Surface::queueBuffer} stamps it {@code systemTime(SYSTEM_TIME_MONOTONIC)} for
     * {@code NATIVE_WINDOW_TIMESTAMP_AUTO} (LineageOS android_frameworks_native lineage-21.0:
     * services/surfaceflinger/DisplayHardware/VirtualDisplaySurface.cpp, libs/gui/Surface.cpp). The simulator
     * latches at the vsync before the present ({@link io.fpsctl.sim.device.frames.LayerFrame#latchTime}); the 2 ms
     * from the latch to the queued composition is inferred (SurfaceFlinger's wake-up after its vsync plus GPU
     * composition), not read, and not measured.
     */
    static final long COMMIT_AFTER_LATCH_NS = 2_000_000L;
    /** {@code std::numeric_limits<uint32_t>::max()}: android 14's upper bound, and its "no limit" for 0. */
    static final long UINT32_MAX = 0xFFFF_FFFFL;

    private final AndroidVersion version;
    private final TimeSource time;
    private final Object lock;
    private final Runnable advance;
    private final DeviceFiles files;
    private final long elapsedMinusMonotonicNs;
    private final Map<Recording, String> running = new ConcurrentHashMap<>();
    /** A test's cap on every file's length in seconds (0: none, AOSP's own limits only). */
    private volatile int capSec;
    private volatile boolean unavailable;
    private volatile boolean noEncoder;
    private volatile String failure;
    private int presented;
    /** Recordings started so far (a test's condition; no part of the device's behaviour). */
    private final java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();

    ScreenRecordCommand(AndroidVersion version, TimeSource time, Object lock, Runnable advance, DeviceFiles files,
                        long elapsedMinusMonotonicNs) {
        this.version = version;
        this.time = time;
        this.lock = lock;
        this.advance = advance;
        this.files = files;
        this.elapsedMinusMonotonicNs = elapsedMinusMonotonicNs;
    }

    /** How many recordings have started (their first picture taken) since the device booted. */
    int started() {
        return started.get();
    }

    void setMaxLimitSeconds(int seconds) {
        this.capSec = Math.max(1, seconds);
    }

    /** A device without {@code screenrecord} (answers as {@code sh} does for an unknown command). */
    void setUnavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /**
     * A device without an AVC encoder. screenrecord.cpp at android-14.0.0_r67: {@code main} creates the file
     * ({@code open(O_CREAT)}) before {@code recordScreen}; {@code prepareEncoder} prints "ERROR: unable to create %s
     * codec instance" and returns {@code UNKNOWN_ERROR}; without {@code --size} {@code recordScreen} retries at the
     * fallback size after "WARNING: failed at %dx%d, retrying at %dx%d" (portrait: 720x1280), fails the same way and
     * returns the error; {@code main} returns {@code (int) err}, INT32_MIN, whose low 8 bits the shell reports: exit 0.
     */
    void setNoEncoder(boolean noEncoder) {
        this.noEncoder = noEncoder;
    }

    /**
     * A screenrecord that prints {@code text} on standard error and exits 1 at once (a scenario's {@code toolErrors}:
     * inferred, a vendor's or a compromised build's own message), or null for the stock one.
     */
    void setFailure(String text) {
        this.failure = text;
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
            r.offer(frame.latchTime() + COMMIT_AFTER_LATCH_NS, number);
        }
    }

    private synchronized int presented() {
        return presented;
    }

    /** Runs {@code screenrecord args}: blocks until stopped or the limit; the file then is complete. */
    int run(String commandLine, List<String> args, OutputStream stdout, OutputStream stderr) throws IOException {
        if (failure != null) {
            return fail(stderr, failure + "\n", 1);
        }
        if (unavailable) {
            stderr.write("/system/bin/sh: screenrecord: inaccessible or not found\n".getBytes(StandardCharsets.UTF_8));
            return 127;
        }
        long limit = MAX_TIME_LIMIT_SEC;
        boolean verbose = false;
        boolean sizeGiven = false;
        String file = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            switch (a) {
                case "--time-limit" -> {
                    i++;
                    String refused = timeLimitRefused(next);
                    if (refused != null) {
                        return fail(stderr, refused);
                    }
                    limit = timeLimit(next);
                }
                case "--size" -> {
                    i++;
                    sizeGiven = true;
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
        if (noEncoder) {
            files.createEmpty(file);
            String error = "ERROR: unable to create video/avc codec instance\n";
            stderr.write((error + (sizeGiven ? "" : "WARNING: failed at " + ScreenVideo.WIDTH + "x" + ScreenVideo.HEIGHT
                    + ", retrying at 720x1280\n" + error)).getBytes(StandardCharsets.UTF_8));
            stderr.flush();
            return 0;
        }
        long limitNs = (capSec > 0 ? Math.min(limit, capSec) : limit) * 1_000_000_000L;
        Recording r = new Recording(files.create(file), time.nanoTime(), limitNs, presented());
        started.incrementAndGet();
        // the process's command line as toybox ps reads it (/proc/PID/cmdline, argv joined by spaces), not the sh -c
        // line: a pattern anchored at "^screenrecord" matches it whether or not mksh exec'd the command
        running.put(r, "screenrecord" + (args.isEmpty() ? "" : " " + String.join(" ", args)));
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

    /**
     * toybox {@code pkill [-SIGNAL|-l SIGNAL] [-f] PATTERN}: SIGINT to every recording whose command line matches.
     * {@code -l SIGNAL} is in every release's option string ({@code "...fnovxl:[-no]"}, toys/posix/ps.c, LineageOS
     * android_external_toybox cm-13.0 to lineage-18.1, toybox HEAD). {@code -SIGNAL} came with toybox commit
     * 148a0c37 "Fix pkill -9" (0.7.1, Android 7.0): it added the leading {@code ?} that passes unknown options on
     * and {@code pkill_main}'s {@code -SIGNAL} argument. Android 6's toybox (cm-13.0) refuses it in
     * {@code lib/args.c gotflag}: {@code help_exit("Unknown option %s")} with the dash stripped, after the help text
     * (not reproduced here), exit 1.
     */
    ShellReply pkill(List<String> args) {
        boolean full = false;
        boolean interrupt = false;
        String pattern = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-f")) {
                full = true;
            } else if (a.equals("-l") && i + 1 < args.size()) {
                interrupt = isSigint(args.get(++i));
            } else if (a.startsWith("-") && a.length() > 1) {
                if (version.major() < 7) {
                    return new ShellReply("", "pkill: Unknown option " + a.substring(1) + "\n", 1);
                }
                interrupt = isSigint(a.substring(1));
            } else {
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

    /** toybox {@code sig_to_num}: a name with or without SIG, or the number. */
    private static boolean isSigint(String signal) {
        return signal.equals("INT") || signal.equals("SIGINT") || signal.equals("2");
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

    /**
     * screenrecord's answer to {@code --time-limit ARG} when it refuses it (exit 2), else null. Android 13 and older
     * (android-security-13.0.0_r21 and every tag before, {@code main} case 't'): {@code gTimeLimitSec = atoi(optarg)}
     * into a uint32, refused when 0 or above {@code kMaxTimeLimitSec} with "Time limit %ds outside acceptable range
     * [1,%d]". Android 14 and later (android-14.0.0_r67, "screenrecord: allow recording without a time limit"):
     * {@code strtol}; nothing parsed or a character after the number other than a space: "Error parsing time limit
     * argument"; below 0 or above UINT32_MAX: "Time limit %" PRIi64 "s outside acceptable range [0,%u] seconds".
     */
    private String timeLimitRefused(String arg) {
        if (version.major() <= 13) {
            int t = atoi(arg);
            return t == 0 || Integer.toUnsignedLong(t) > MAX_TIME_LIMIT_SEC
                    ? "Time limit " + t + "s outside acceptable range [1," + MAX_TIME_LIMIT_SEC + "]\n" : null;
        }
        Long t = strtol(arg);
        if (t == null) {
            return "Error parsing time limit argument\n";
        }
        return t < 0 || t > UINT32_MAX
                ? "Time limit " + t + "s outside acceptable range [0," + UINT32_MAX + "] seconds\n" : null;
    }

    /** The accepted limit in seconds: android 14's 0 is UINT32_MAX ("Set to 0 to remove the time limit", usage). */
    private long timeLimit(String arg) {
        if (version.major() <= 13) {
            return atoi(arg);
        }
        long t = strtol(arg);
        return t == 0 ? UINT32_MAX : t;
    }

    /**
     * C's atoi: leading white space, a sign, digits, anything after ignored; 0 when no digit (saturated where C's
     * overflow is undefined).
     */
    private static int atoi(String s) {
        Long v = parse(s, false);
        return v == null ? 0 : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    private static Long strtol(String s) {
        return parse(s, true);
    }

    /**
     * C's {@code strtol(s, &next, 10)} on a 64-bit long (saturated at its range, as strtol is), null when no digit was
     * read; with {@code strict}, screenrecord's check of {@code next} too: null when anything but the end or a space
     * follows the number.
     */
    private static Long parse(String s, boolean strict) {
        if (s == null) {
            return null;
        }
        int i = 0;
        while (i < s.length() && " \t\n\u000b\f\r".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i++) == '-';
        }
        int digits = i;
        long v = 0;
        boolean saturated = false;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            int d = s.charAt(i++) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                saturated = true;
            } else {
                v = v * 10 + d;
            }
        }
        if (i == digits || (strict && i < s.length() && s.charAt(i) != ' ')) {
            return null;
        }
        return saturated ? (negative ? Long.MIN_VALUE : Long.MAX_VALUE) : negative ? -v : v;
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
            video.finish(stopAt, elapsedMinusMonotonic, 1_767_225_600_000_000_000L - elapsedMinusMonotonic,
                    ScreenVideo.Winscope.of(version));
        }
    }
}
