package io.fpsctl.capture;

import io.fpsctl.android.Pidof;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.AppPid;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.SurfaceFrameRecord;
import io.fpsctl.android.FrameTimelineDump;
import io.fpsctl.android.FrameTimelineParser;
import io.fpsctl.android.SeenDisplayFrames;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Polls {@code dumpsys SurfaceFlinger --frametimeline -all} (docs/formats.md 5.3, Android 12+) into a
 * {@link FrameTimelineAttribution}, beside the main poller and never in its way:
 *
 * <ul>
 *   <li><b>Rides the poll loop</b> ({@link CaptureSession.Companion}): polled on the loop's thread whenever it is
 *       due, its command in the same shell stream as the main poll's when both fall due about together (one
 *       connection and one wake-up instead of two: at 144 Hz this poller alone is 4.5 dumps a second). It keeps its
 *       own cadence; the main poller keeps its own. The attribution is used on that thread only (the engines
 *       that join frames with it, the live view that reads its recent verdicts), so it needs no lock.</li>
 *   <li><b>Adaptive.</b> The ring keeps 64 display frames, at most one per vsync: it spans ≥ 64 periods. The
 *       poller waits half of that (32 periods of the fastest refresh seen, e.g. 533 ms at 60 Hz, 222 ms at
 *       144 Hz), capped at {@link #MAX_DELAY} and halved after each overflow (down to {@link #MIN_DELAY}).</li>
 *   <li><b>De-duplication</b> on (Token, layer) happens in the attribution; relative times and ring indices, which
 *       shift between polls, are never used.</li>
 *   <li><b>Overflow</b>: a full ring whose SurfaceFrames share no token with the previous poll's means display
 *       frames fell out of the ring unseen; it is counted and reported through {@code notes}.</li>
 *   <li><b>Horizon</b>: frames waiting for a SurfaceFrame whose token is older than the ring's oldest token of a
 *       poll {@link #HORIZON_LAG} ago are settled as unattributed (a frame can be presented long after its vsync,
 *       e.g. a 1.3 s freeze, hence the lag).</li>
 * </ul>
 */
public final class FrameTimelinePoller implements CaptureSession.Companion {

    public static final Duration MAX_DELAY = Duration.ofMillis(500);
    public static final Duration MIN_DELAY = Duration.ofMillis(40);
    static final Duration HORIZON_LAG = Duration.ofSeconds(3);
    private static final int HALF_RING = FrameTimelineDump.RING_DISPLAY_FRAMES / 2;
    /** A counted frame is presented at most ~3 vsyncs after it completed (plus one for a late composition). */
    private static final int FINAL_POLL_WAIT_PERIODS = 5;
    /**
     * Polls in a row that showed no display frame at all since the start, after which the dump is taken as refused
     * (about 10 s: a real SurfaceFlinger's ring always holds its last display frames, even when nothing draws).
     */
    static final int GIVE_UP_POLLS = 20;

    private final Device device;
    private final FrameTimelineAttribution attribution;
    private final LongSupplier periodNs;
    private final Consumer<String> notes;
    /** The poll loop's clock: the horizon's lag and the last poll's wait are its time, as the loop's polls are. */
    private final HostClock clock;
    private final ArrayDeque<long[]> oldestTokens = new ArrayDeque<>();
    /** The display frames of the last poll, skipped when the next shows them again. */
    private final SeenDisplayFrames seen = new SeenDisplayFrames();
    /** The last poll's SurfaceFrame tokens, sorted. */
    private long[] previousTokens = new long[0];
    private double shrink = 1.0;
    private long minPeriodNs = Long.MAX_VALUE;
    /** The game's package ({@link #followGame}), whose pid is read again when its layer shows a new one. */
    private String gamePackage;

    private volatile RuntimeException failure;

    // cost bookkeeping (read after stop, or approximately while running)
    private volatile long polls;
    private volatile long overflows;
    private volatile long surfaceFrames;
    private volatile boolean empty = true;
    private volatile boolean gaveUp;

    /**
     * @param attribution where SurfaceFrames go, shared with the engines that join frames with it (same thread)
     * @param periodNs    the display's current vsync period in ns (0 when unknown: 60 Hz is assumed)
     * @param notes       one-line notes for the user (overflows)
     */
    public FrameTimelinePoller(Device device, FrameTimelineAttribution attribution, LongSupplier periodNs,
                               Consumer<String> notes) {
        this(device, attribution, periodNs, notes, HostClock.SYSTEM);
    }

    /** @param clock the poll loop's clock (a test's runs faster than real time, or moves only when the loop sleeps) */
    public FrameTimelinePoller(Device device, FrameTimelineAttribution attribution, LongSupplier periodNs,
                               Consumer<String> notes, HostClock clock) {
        this.clock = clock;
        this.device = device;
        this.attribution = attribution;
        this.periodNs = periodNs;
        this.notes = notes;
    }

    /**
     * SurfaceFlinger source (a game): every buffer SurfaceFrame of {@code layer} and of the app's pid counts as a
     * frame (docs/metrics.md 10. The pid is read now with {@code pidof}, and again whenever the layer's
     * SurfaceFrames show an {@code Owner Pid} that is not the app's (the app restarted).
     */
    public void followGame(String pkg, String layer) {
        gamePackage = pkg;
        readGamePid();
        attribution.followLayer(layer);
    }

    /** {@code pidof <pkg>} into the attribution; nothing when the app is not running (or pidof printed nothing). */
    private void readGamePid() {
        AppPid pid = Pidof.parse(device.shell(Pidof.command(gamePackage)).stdout());
        if (pid != null) {
            attribution.appPid(pid);
        }
    }

    /** The attribution fed by this poller (on the poll loop's thread). */
    public FrameTimelineAttribution attribution() {
        return attribution;
    }

    /**
     * What one poll did.
     *
     * @param surfaceFrames        SurfaceFrames read (of display frames not skipped)
     * @param newSurfaceFrames     of those, the ones not seen before
     * @param skippedDisplayFrames display frames the previous poll had read, skipped
     */
    public record Poll(int surfaceFrames, int newSurfaceFrames, int bytes, long nanos, boolean overflow,
                       Duration nextDelay, int skippedDisplayFrames) {
    }

    /** One poll now, on the caller's thread. */
    public Poll pollOnce() {
        long t0 = System.nanoTime();
        ShellResult r = device.shell(FrameTimelineParser.COMMAND);
        int length = r.stdoutLength();
        List<SurfaceFrameRecord> records = new ArrayList<>(256);
        FrameTimelineDump dump;
        try {
            // the bytes as received; display frames the last poll read are skipped
            dump = new FrameTimelineParser(records::add).skippingSeen(seen).parse(r.stdoutStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a byte array does not fail
        }
        long took = System.nanoTime() - t0;
        long[] firsts = seen.firstTokens(); // skipped display frames' SurfaceFrames are known by their first only
        long[] tokens = Arrays.copyOf(firsts, firsts.length + records.size());
        int n = firsts.length;
        for (SurfaceFrameRecord s : records) {
            if (s.token() >= 0) { // Token -1 (no vsync id) is in every dump: it says nothing about overlap
                tokens[n++] = s.token();
            }
        }
        tokens = Arrays.copyOf(tokens, n);
        Arrays.sort(tokens);
        // a display frame skipped as seen is a token in common with the last poll
        boolean overflow = dump.ringFull() && dump.skippedDisplayFrames() == 0 && previousTokens.length > 0
                && tokens.length > 0 && disjoint(previousTokens, tokens);
        previousTokens = tokens;
        long now = clock.nanoTime();
        if (dump.oldestToken() >= 0) {
            oldestTokens.addLast(new long[] {now, dump.oldestToken()});
        }
        long horizon = -1;
        while (!oldestTokens.isEmpty() && now - oldestTokens.peekFirst()[0] >= HORIZON_LAG.toNanos()) {
            horizon = oldestTokens.pollFirst()[1];
        }
        int fresh = 0;
        for (SurfaceFrameRecord s : records) {
            if (attribution.surfaceFrame(s)) {
                fresh++;
            }
        }
        if (horizon >= 0) {
            attribution.horizon(horizon);
        }
        if (gamePackage != null && attribution.strangerPid() > 0) {
            readGamePid(); // the game's layer shows another pid: it restarted (or another app named it so)
        }
        if (overflow) {
            overflows++;
            shrink = Math.max(MIN_DELAY.toNanos() / (double) MAX_DELAY.toNanos(), shrink / 2);
            notes.accept("FrameTimeline: display frames may have been lost between two polls: polling faster");
        }
        polls++;
        surfaceFrames += fresh;
        if (dump.displayFrames() > 0) {
            empty = false;
            if (gaveUp) {
                gaveUp = false;
                attribution.reopen();
                notes.accept("FrameTimeline: display frames again: frames are joined from now on");
            }
        } else if (empty && polls >= GIVE_UP_POLLS && !gaveUp) { // every poll so far was empty
            // refused or unsupported: frames stop waiting for SurfaceFrames that will not come (their CSV rows go
            // out at once); polling goes on slowly in case display frames come after all
            gaveUp = true;
            attribution.close();
            notes.accept("FrameTimeline: " + polls + " polls of '" + FrameTimelineParser.COMMAND
                    + "' showed no display frame: frames are not joined (refused or not supported on this device)");
        }
        return new Poll(records.size(), fresh, length, took, overflow, nextDelay(), dump.skippedDisplayFrames());
    }

    /** Whether two sorted arrays have no value in common. */
    static boolean disjoint(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                return false;
            }
            if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        return true;
    }

    /**
     * Half the ring at the fastest refresh seen, capped at {@link #MAX_DELAY}, shrunk after overflows;
     * {@link #MAX_DELAY} while the dump shows nothing.
     */
    Duration nextDelay() {
        if (gaveUp) {
            return MAX_DELAY;
        }
        long p = periodNs.getAsLong();
        if (p > 0) {
            minPeriodNs = Math.min(minPeriodNs, p);
        }
        long period = periodOrDefault();
        long ns = (long) (Math.min(MAX_DELAY.toNanos(), HALF_RING * period) * shrink);
        return Duration.ofNanos(Math.max(MIN_DELAY.toNanos(), ns));
    }

    private long periodOrDefault() {
        return minPeriodNs == Long.MAX_VALUE ? 16_666_667L : minPeriodNs;
    }

    /** The dump, or null once a failure of fpsctl's own ended the polling. */
    @Override
    public String command() {
        return failure == null ? FrameTimelineParser.COMMAND : null;
    }

    /**
     * One poll on the loop's thread. A device that went away is the loop's to wait for; any other adb failure is
     * tried again later; a failure of fpsctl's own ends the polling and is thrown by {@link #stop()}.
     */
    @Override
    public Duration poll() {
        if (failure != null) {
            return MAX_DELAY;
        }
        try {
            return pollOnce().nextDelay();
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return MAX_DELAY;
        } catch (RuntimeException e) {
            failure = e;
            return MAX_DELAY;
        }
    }

    /**
     * Once the loop ended: takes one last poll five vsyncs later (when the frames the main poller read last have been
     * presented) and settles every frame still waiting.
     */
    public void stop() {
        try {
            if (!gaveUp) {
                // frames the main poller read last are presented within a few vsyncs: wait for that, then look
                clock.sleepNanos(FINAL_POLL_WAIT_PERIODS * periodOrDefault());
                pollOnce();
            }
        } catch (DeviceException e) {
            // the device went away at the end: what was polled stays
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopped while waiting: what was polled stays
        }
        attribution.finish();
        if (failure != null) {
            throw failure;
        }
    }

    public long overflows() {
        return overflows;
    }

    /** SurfaceFrames accepted (after de-duplication). */
    public long surfaceFrames() {
        return surfaceFrames;
    }

    /** Whether {@link #GIVE_UP_POLLS} polls from the start showed no display frame (frames are not joined). */
    public boolean gaveUp() {
        return gaveUp;
    }

    /** True while no poll has shown a single display frame (the dump is refused or unsupported). */
    public boolean nothingSeen() {
        return empty;
    }
}
