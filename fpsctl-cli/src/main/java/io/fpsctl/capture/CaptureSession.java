package io.fpsctl.capture;

import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.PrefetchingDevice;
import io.fpsctl.device.ShellTimeoutException;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.ResourceTimeline;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs one poller against one engine until the duration is over or {@link #stop(String)} is called: sleeps what
 * the poller asks between polls, polls once more when the time is up, and accounts for the time it measured
 * (docs/metrics.md "Coverage"). A device that goes away is waited for up to the reconnect timeout but never past
 * the end of the run; when it is back the rings are read at once (what they no longer hold is a coverage gap,
 * docs/metrics.md section 11, counted by the engine's overflow rule), and when it restarted meanwhile (boot id, clock
 * going back: {@link DeviceBoot}) its frames start a new segment on a shifted timeline after a counted gap. A run
 * that ended early (device lost or still away at the end, a signal) or measured less than 90 % of its time has a
 * partial summary whose typed {@link RunCoverage} says why. Thread-safe {@link #stop}.
 */
public final class CaptureSession {

    /** Waits for a device to be usable again; returns false when it did not return in time. */
    @FunctionalInterface
    public interface Reconnector {
        boolean awaitOnline(Duration timeout);
    }

    /**
     * A second poller riding the loop (the FrameTimeline poller): polled when it is due, its command in the same
     * stream as the main poll's when both are due about together.
     */
    public interface Companion {
        /** The shell command of its next poll, or null when it will not run one. */
        String command();

        /**
         * One poll.
         *
         * @return the time until its next poll
         * @throws DeviceGoneException when the device went away (the loop waits for it as for its own polls)
         */
        Duration poll();
    }

    /** How a session ended. */
    public enum End { DURATION, STOPPED, DEVICE_LOST }

    private final FramePoller poller;
    private final FrameEngine engine;
    /** Every engine the poller feeds ({@code --source auto} feeds two); {@link #engine} is the first. */
    private final List<FrameEngine> engines;
    private final Reconnector reconnector;
    private final Duration reconnectTimeout;
    private final Consumer<String> notes;
    private final RefreshWatch refresh;
    private final HostClock clock;
    /** Runs each poll's known commands ahead in one stream; null: each command on its own. */
    private PrefetchingDevice prefetch;
    /** Polled on this loop beside the poller, or null. */
    private Companion companion;
    /** Reads resources in each main poll's batch (docs/metrics.md 13), or null. */
    private ResourceReader resources;
    /** Run on the loop's thread about every {@link #CHECK_EVERY_NS} ({@link #checkEvery}), or null. */
    private Runnable check;
    private long checkedNs;
    private volatile boolean stopped;
    private volatile String stopReason;
    /** The driver of a driven run ({@link #runDriven}) ended: the run is complete, not stopped. */
    private volatile boolean completed;
    private volatile boolean driven;
    /** The thread running the loop, woken by {@link #stop} from its sleep between polls; null when not running. */
    private volatile Thread loopThread;
    /**
     * Contract 2: the device clock is estimated as host time plus the largest (device − host) offset seen, the offset
     * of a frame timestamp at the moment it was read: a lower bound that tightens as frames stream in.
     */
    private long deviceOffset;
    private boolean appWasRunning;
    private long disconnects;
    private End end;
    private Duration asked;
    private long ranNs;
    private String lostMessage;
    /** Reads the device's boot id and clock ({@link DeviceBoot}); null: restarts are not looked for. */
    private Supplier<DeviceBoot.Reading> bootReader;
    /** The boot the capture is reading, or null when unknown. */
    private DeviceBoot.Reading boot;
    /** Host time the loop started, and the start of the last main poll that succeeded. */
    private long startedNs;
    private long lastPollNs;
    /** The device was still away when the run's time was up: when it went away (host ns), else -1. */
    private long awayAtEndSinceNs = -1;
    /** Device restarts seen while it was away. */
    private int restarts;
    /** Ring overflows found by the first poll after a reconnect: the device's absence, not a slow poll. */
    private long reconnectOverflows;
    /** Host time of the start of the last main poll whose answer could be read. */
    private long lastReadNs;
    /**
     * The source could not be read ({@link FramePoller#unreadable}) since this host time (the start of the last poll
     * that read), or -1 while it reads; and why, said once per run.
     */
    private long unreadableSinceNs = -1;
    private String unreadableWhy;
    /** A main poll has read its source at least once this run. */
    private boolean everRead;
    /** The device stopped answering a poll ({@link PollBound}): what went silent; null while it answers. */
    private String silentWhat;
    private String silentSerial;
    /** When the run's time is up (host ns; Long.MAX_VALUE without a duration): bounds each poll's wait. */
    private long deadlineNs = Long.MAX_VALUE;

    public CaptureSession(FramePoller poller, FrameEngine engine, Reconnector reconnector, Duration reconnectTimeout,
                          Consumer<String> notes) {
        this(poller, List.of(engine), reconnector, reconnectTimeout, notes, null, HostClock.SYSTEM);
    }

    /**
     * @param refresh keeps the display period current (null: the poller reads it itself)
     * @param clock   the host clock of the loop's deadline and sleeps
     */
    CaptureSession(FramePoller poller, List<FrameEngine> engines, Reconnector reconnector, Duration reconnectTimeout,
                   Consumer<String> notes, RefreshWatch refresh, HostClock clock) {
        this.engines = List.copyOf(engines);
        FrameEngine engine = engines.get(0);
        this.refresh = refresh;
        this.clock = clock;
        this.poller = poller;
        this.engine = engine;
        this.reconnector = reconnector;
        this.reconnectTimeout = reconnectTimeout;
        this.notes = notes;
    }

    /**
     * Before each poll, runs what the refresh watch and the poller will ask ({@link FramePoller#nextCommands()}) in
     * one stream on {@code device}, which they must be reading through. Call before {@link #run}.
     */
    void prefetchThrough(PrefetchingDevice device) {
        this.prefetch = device;
    }

    /**
     * Reads the device's boot before the first poll and after every reconnect through {@code reader}, so that a
     * device that restarted while away starts a new segment on a shifted timeline with its gap counted
     * (docs/metrics.md "Coverage" rule 5). Call before {@link #run}.
     */
    void watchBoot(Supplier<DeviceBoot.Reading> reader) {
        this.bootReader = reader;
    }

    /**
     * Polls {@code c} on this loop too, whenever it is due; a poll of either that falls due within a quarter of its
     * interval of the other's is taken with it, so the two share one stream and one wake-up. Call before {@link #run}.
     */
    void ride(Companion c) {
        this.companion = c;
    }

    /** Reads resources with every main poll, their commands in its batch (docs/metrics.md 13). Call before {@link #run}. */
    void readResources(ResourceReader r) {
        this.resources = r;
    }

    /**
     * Runs {@code check} on the loop's thread about every 200 ms while the loop runs, between polls too (the loop then
     * sleeps in slices of at most that): e.g. whether anybody still reads standard output, so a closed pipe ends a
     * run that writes once a second within a fraction of that. {@code check} may call {@link #stop}. Call before
     * {@link #run}.
     */
    public void checkEvery(Runnable check) {
        this.check = check;
    }

    /** How often {@link #checkEvery}'s check runs. */
    static final long CHECK_EVERY_NS = 200_000_000L;

    /** Runs the check when it is due. */
    private void checkIfDue() {
        if (check != null && clock.nanoTime() - checkedNs >= CHECK_EVERY_NS) {
            checkedNs = clock.nanoTime();
            check.run();
        }
    }

    /** Asks the loop to end after the poll in progress. */
    public void stop() {
        stop("stopped");
    }

    /** Asks the loop to end after the poll in progress; {@code reason} (e.g. "SIGTERM") goes into the summary. */
    public void stop(String reason) {
        stopReason = reason;
        stopped = true;
        wake();
        PrefetchingDevice p = prefetch;
        if (p != null) {
            p.interrupt(); // a poll waiting on a device that went silent ends now, not at its bound
        }
    }

    /** Ends a {@link #runDriven} loop as complete: what drove the app is done. */
    public void complete() {
        completed = true;
        stopped = true;
        wake();
    }

    private void wake() {
        Thread t = loopThread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Polls until {@link #complete} (the app's driver ended); a {@link #stop} before that (a signal) ends the run
     * as partial.
     */
    public End runDriven() throws InterruptedException {
        driven = true;
        return run(null);
    }

    /**
     * Polls until {@code duration} has passed (null: until stopped), then closes the engine's live window.
     */
    public End run(Duration duration) throws InterruptedException {
        loopThread = Thread.currentThread();
        try {
            return loop(duration);
        } finally {
            loopThread = null;
            if (prefetch != null) {
                // an answer a failed poll left unread is not handed out afterwards; a shell kept running ends
                prefetch.close();
            }
        }
    }

    private End loop(Duration duration) throws InterruptedException {
        long started = clock.nanoTime();
        startedNs = started;
        lastPollNs = started;
        lastReadNs = started;
        asked = duration;
        long deadline = duration == null ? Long.MAX_VALUE : started + Math.min(duration.toNanos(), Long.MAX_VALUE / 4);
        deadlineNs = deadline;
        boolean reconnected = false;
        End end = End.DURATION;
        deviceOffset = Long.MIN_VALUE;
        appWasRunning = true;
        try {
            boot = readBoot();
        } catch (DeviceGoneException e) {
            boot = null; // gone already: the first poll finds it so and waits for it as for any loss
        }
        long mainDue = clock.nanoTime();
        long mainEarly = 0;
        long companionDue = mainDue;
        long companionEarly = 0;
        checkedNs = started;
        while (!stopped && clock.nanoTime() < deadline) {
            checkIfDue();
            if (stopped) {
                break;
            }
            long start = clock.nanoTime();
            boolean mainNow = start >= mainDue - mainEarly;
            boolean companionNow = companion != null && start >= companionDue - companionEarly;
            try {
                boolean afterReconnect = reconnected;
                reconnected = false;
                long overflowsBefore = overflowCount();
                prefetchPoll(mainNow, companionNow);
                if (stopped) {
                    break; // a stop ended the poll's commands: nothing was read
                }
                if (mainNow) {
                    long next = pollMain(afterReconnect, overflowsBefore);
                    lastPollNs = start;
                    mainDue = start + next;
                    mainEarly = companion != null ? next / 4 : 0;
                }
                if (companionNow) {
                    long next = companion.poll().toNanos();
                    companionDue = start + next;
                    companionEarly = next / 4;
                }
            } catch (ShellTimeoutException e) {
                if (stopped) {
                    break;
                }
                silent(e);
                break;
            } catch (DeviceGoneException e) {
                disconnects++;
                Reconnect r = reconnect(e, deadline);
                if (r == Reconnect.STOPPED) {
                    break;
                }
                if (r == Reconnect.LOST) {
                    end = End.DEVICE_LOST;
                    break;
                }
                if (r == Reconnect.AWAY_AT_END) {
                    break;
                }
                reconnected = r == Reconnect.SAME_BOOT;
                mainDue = clock.nanoTime(); // read the rings back at once
                companionDue = mainDue;
                continue;
            }
            long now = clock.nanoTime();
            long sleepNs = Math.min((companion != null ? Math.min(mainDue, companionDue) : mainDue) - now,
                    deadline - now);
            if (sleepNs > 0) {
                sleepInterruptibly(sleepNs);
            }
        }
        if (end == End.DURATION && awayAtEndSinceNs < 0 && ((duration != null && !stopped) || completed)) {
            // the frames drawn since the last poll, up to the end of the time asked for (or of the driver's run)
            finalPoll(reconnected);
        }
        if (stopped && end == End.DURATION && !completed) {
            end = End.STOPPED;
        }
        long endNs = Math.min(clock.nanoTime(), deadline);
        ranNs = endNs - started;
        if (unreadableSinceNs >= 0 && (awayAtEndSinceNs < 0 || unreadableSinceNs <= awayAtEndSinceNs)) {
            // unreadable up to the end (or until the device went away): nothing after the last read was counted
            long from = Math.min(unreadableSinceNs, endNs);
            for (FrameEngine e : engines) {
                e.coverageGap(deviceTime(from), deviceTime(endNs), "the source could not be read from "
                        + seconds(from - started) + " s into the run to its end: " + unreadableWhy);
            }
        } else if (awayAtEndSinceNs >= 0) {
            // docs/metrics.md 11: the frames drawn from the last poll to the end of the run are missing
            long from = Math.min(awayAtEndSinceNs, endNs);
            for (FrameEngine e : engines) {
                e.coverageGap(deviceTime(from), deviceTime(endNs), silentWhat != null
                        ? PollBound.gapReason(silentSerial, silentWhat, seconds(from - started) + " s into the run")
                        : "the device went away " + seconds(from - started) + " s into the run and was not back "
                        + "before its end");
            }
        }
        for (FrameEngine e : engines) {
            e.closeOpenGap(deviceTime(endNs)); // a restart after which nothing was drawn: missing to the end
        }
        this.end = end;
        for (FrameEngine e : engines) {
            e.finish();
        }
        return end;
    }

    /**
     * The device did not answer a poll within its bound ({@link PollBound}): the run ends here, what was read is kept,
     * and the time from the last poll it answered to the end is a coverage gap named for what went silent.
     */
    private void silent(ShellTimeoutException e) {
        silentWhat = PollBound.what(e);
        silentSerial = e.serial();
        awayAtEndSinceNs = lastPollNs;
        lostMessage = PollBound.gapReason(silentSerial, silentWhat, seconds(lastPollNs - startedNs) + " s into the run")
                + ": the run is partial (what was measured before is kept); reconnect it, then run again";
        if (prefetch != null) {
            prefetch.interrupt(); // what is still asked after the loop (the FrameTimeline's last look) waits 1 s at most
        }
    }

    /** What waiting for a device that went away came to. */
    private enum Reconnect { SAME_BOOT, RESTARTED, LOST, AWAY_AT_END, STOPPED }

    /**
     * The device went away: waits for it, but never past the end of the run's time (docs/metrics.md "Coverage"
     * rule 4: a device that returns after the end is not measured again), and finds out whether it restarted.
     */
    private Reconnect reconnect(DeviceGoneException e, long deadline) {
        long left = deadline - clock.nanoTime();
        boolean boundedByEnd = left < reconnectTimeout.toNanos();
        Duration wait = boundedByEnd ? Duration.ofNanos(Math.max(0, left)) : reconnectTimeout;
        notes.accept("device disconnected: waiting up to " + seconds(wait.toNanos()) + " s for it to come back"
                + (boundedByEnd ? " (the end of the run)" : "") + " (files so far are complete)");
        boolean back = !stopped && left > 0 && reconnector.awaitOnline(wait);
        if (stopped) {
            awayAtEndSinceNs = lastPollNs; // stopped while the device was away: missing from the last poll on
            return Reconnect.STOPPED;
        }
        if (!back && boundedByEnd) {
            awayAtEndSinceNs = lastPollNs;
            lostMessage = "device " + e.serial() + " went away " + seconds(lastPollNs - startedNs) + " s into the "
                    + seconds(deadline - startedNs) + " s asked for and was not back before the end: the run is "
                    + "partial; check the cable / 'adb devices', then run again";
            return Reconnect.AWAY_AT_END;
        }
        if (!back) {
            awayAtEndSinceNs = lastPollNs;
            lostMessage = "device " + e.serial() + " went away and did not come back within "
                    + reconnectTimeout.toSeconds() + " s: check the cable / 'adb devices', then run again";
            return Reconnect.LOST;
        }
        if (refresh != null) {
            refresh.reconnected();
        }
        DeviceBoot.Reading after;
        try {
            after = readBoot();
        } catch (DeviceGoneException again) {
            after = null; // gone again at once: the next poll finds out
        }
        if (after != null && DeviceBoot.restarted(boot, after)) {
            newBoot(after);
            boot = after;
            notes.accept("device is back after a restart (" + (boot.bootId() != null ? "boot id changed"
                    : "its clock went back") + "): frames drawn before it restarted are lost (a coverage gap); "
                    + "capture continues on a new segment");
            return Reconnect.RESTARTED;
        }
        if (after != null && boot == null) {
            boot = after;
        }
        notes.accept("device is back: capture continues");
        return Reconnect.SAME_BOOT;
    }

    /**
     * The device restarted while away: its clock started again. Every engine starts a new segment whose frames
     * are moved onto the run's timeline (the old boot's clock now, estimated as host time plus the device offset,
     * minus the new boot's clock now), and a coverage gap opens at the last poll that succeeded: nothing drawn
     * after it was read, the rings of the old boot are gone.
     */
    private void newBoot(DeviceBoot.Reading reading) {
        restarts++;
        long hostNow = reading.hostNs();
        long oldClockNow = deviceTime(hostNow);
        // without the new boot's uptime its frames are put after the gap, as if it had booted just now (inferred)
        long newClockNow = reading.uptimeNs() >= 0 ? reading.uptimeNs() : 0;
        for (FrameEngine e : engines) {
            long shift = oldClockNow - newClockNow;
            e.newBoot(shift, deviceTime(lastPollNs), String.format(Locale.ROOT, "the device restarted %s s into "
                    + "the run (%s): frames drawn after the last poll before it were lost; the new boot's times are "
                    + "written shifted by %+.3f s onto the run's timeline", seconds(lastPollNs - startedNs),
                    reading.bootId() != null ? "new boot id " + reading.bootId() : "its clock went back",
                    shift / 1e9));
        }
    }

    /** The device's boot now, or null when it is not watched or could not be read. */
    private DeviceBoot.Reading readBoot() {
        if (bootReader == null) {
            return null;
        }
        DeviceBoot.Reading r = bootReader.get();
        return r == null || r.unknown() ? null : r;
    }

    /**
     * One more poll of the main poller once the time asked for is up (or the driver of a driven run ended): without
     * it the frames drawn since the last poll (up to half a second) would be left unread. A device gone by then
     * leaves them as a gap to the end.
     */
    private void finalPoll(boolean afterReconnect) {
        long start = clock.nanoTime();
        try {
            long overflowsBefore = overflowCount();
            prefetchPoll(true, false);
            pollMain(afterReconnect, overflowsBefore);
            lastPollNs = start;
        } catch (ShellTimeoutException e) {
            silent(e);
        } catch (DeviceGoneException e) {
            disconnects++;
            awayAtEndSinceNs = lastPollNs;
        }
    }

    /**
     * A host time on the device timeline the engines count on (the run's first boot, shifted boots included): the
     * host time plus the device offset; the host time itself while no frame has given the offset.
     */
    private long deviceTime(long hostNs) {
        return deviceOffset == Long.MIN_VALUE ? hostNs : hostNs + deviceOffset;
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.1f", ns / 1e9);
    }

    /**
     * One poll of the main poller (after the refresh watch), then what follows from it: the device clock estimate,
     * the live windows it closes, notes. Returns the time until its next poll, ns.
     */
    private long pollMain(boolean afterReconnect, long overflowsBefore) {
        if (refresh != null) {
            refresh.beforePoll();
        }
        if (resources != null) {
            // read after the frames of this poll were drawn: they get the interval ending here (docs/metrics.md 13.9)
            resources.read(deviceOffset == Long.MIN_VALUE ? ResourceTimeline.UNPLACED : deviceTime(clock.nanoTime()));
        }
        long pollStart = clock.nanoTime();
        FramePoller.Poll p = poller.poll();
        String why = poller.unreadable();
        if (afterReconnect) {
            reconnectOverflows += overflowCount() - overflowsBefore;
            // the rings were read back first; a ring wholly newer than what we had is the engine's
            // overflow rule (docs/metrics.md 1), which counts the gap from our newest frame to the ring's
            // oldest (section 11): say so in words the user connects with the disconnect
            notes.accept(overflowCount() > overflowsBefore
                    ? "frames drawn while the device was away were no longer all in its buffers: "
                            + "counted as a coverage gap"
                    : "every frame drawn while the device was away was recovered from its buffers");
        }
        long hostNow = clock.nanoTime();
        for (FrameEngine e : engines) {
            long n = e.newestFrameNs();
            if (n != Long.MIN_VALUE) {
                deviceOffset = Math.max(deviceOffset, n - hostNow);
            }
        }
        if (resources != null && deviceOffset != Long.MIN_VALUE) {
            // with the estimate this poll's frames tightened, at the instant that closes windows below: the read is
            // the one after their end (it was made a few ms before, while the dump was parsed; docs/metrics.md 13.8)
            resources.place(hostNow + deviceOffset);
        }
        if (deviceOffset != Long.MIN_VALUE) {
            for (FrameEngine e : engines) {
                e.advanceTo(hostNow + deviceOffset);
            }
        }
        unreadable(why, pollStart);
        if (why == null && p.appRunning() != appWasRunning) { // unreadable: whether the app runs is not known
            notes.accept(p.appRunning() ? "the app is running again" : "the app is not running (crashed or "
                    + "closed?): waiting for it");
            appWasRunning = p.appRunning();
        }
        if (p.overflow()) {
            notes.accept("frames may have been lost between two polls: polling faster");
        }
        return p.nextDelay().toNanos();
    }

    /**
     * Keeps track of a source the device answers but that cannot be read ({@code why} non-null): said once per run,
     * on stderr and in the summary's warnings; from the last poll that read, the time is missing until it reads
     * again — then the engine's overflow rule counts what the device's buffers no longer hold, and a source still
     * unreadable at the end is a coverage gap to the end ({@link #loop}).
     */
    private void unreadable(String why, long pollStart) {
        if (why == null) {
            if (unreadableSinceNs >= 0 && !everRead) {
                // its first read was a history read (frames already in the buffers are not counted): what was drawn
                // from the start of the run to it is missing
                for (FrameEngine e : engines) {
                    e.coverageGap(deviceTime(unreadableSinceNs), deviceTime(pollStart), "the source could not be "
                            + "read for the first " + seconds(pollStart - startedNs) + " s of the run: " + unreadableWhy);
                }
            }
            everRead = true;
            unreadableSinceNs = -1;
            lastReadNs = pollStart;
            return;
        }
        if (unreadableSinceNs < 0) {
            unreadableSinceNs = lastReadNs;
        }
        if (unreadableWhy == null) {
            unreadableWhy = why;
            String line = why + ": frames that cannot be read back later count as a coverage gap";
            notes.accept(line);
            for (FrameEngine e : engines) {
                e.warn(line);
            }
        }
    }

    private void prefetchPoll(boolean main, boolean withCompanion) {
        if (prefetch == null) {
            return;
        }
        List<String> next = new ArrayList<>();
        if (main) {
            if (refresh != null) {
                next.addAll(refresh.nextCommands());
            }
            next.addAll(poller.nextCommands());
            if (resources != null) {
                next.addAll(resources.nextCommands()); // after the dump: its frames were drawn before this read
            }
        }
        String command = withCompanion ? companion.command() : null;
        if (command != null) {
            next.add(command);
        }
        try {
            prefetch.prefetch(next, PollBound.timeout(clock.nanoTime(), deadlineNs));
        } catch (DeviceGoneException | ShellTimeoutException e) {
            throw e; // a timeout of the list: the device did not answer within the run's bound (PollBound)
        } catch (DeviceException e) {
            // another failure of the list (a shell kept running that broke): each command then runs on its own
        }
    }

    /** How the run ended; null while it runs. */
    public End end() {
        return end;
    }

    /** For {@link End#DEVICE_LOST}: one line saying which device went away and what to do; else null. */
    public String lostMessage() {
        return lostMessage;
    }

    /**
     * True when the run ended before its time was up: the device was lost or still away at the end, or it was
     * stopped while a duration (or a driver) was set. A run may also be partial for measuring too little of its
     * time ({@link #markPartial}).
     */
    public boolean partial() {
        return end == End.DEVICE_LOST || awayAtEndSinceNs >= 0 || (end == End.STOPPED && (asked != null || driven));
    }

    /**
     * Sleeps until the next poll in one go on the system clock ({@link #stop} unparks the loop thread): a live capture
     * at 144 Hz then wakes about twice a second, and every wake-up costs CPU (with a {@link #checkEvery} check: at
     * least every 200 ms, to run it). Another clock (a test's) is slept in
     * slices of at most {@link #MAX_SLICE_NS}, so a stop is seen within that.
     */
    private void sleepInterruptibly(long ns) throws InterruptedException {
        long until = clock.nanoTime() + ns;
        while (!stopped) {
            long left = until - clock.nanoTime();
            if (left <= 0) {
                return;
            }
            if (clock == HostClock.SYSTEM) {
                LockSupport.parkNanos(this, check == null ? left : Math.min(left, CHECK_EVERY_NS));
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            } else {
                clock.sleepNanos(Math.min(MAX_SLICE_NS, Math.max(1_000_000L, left)));
            }
            checkIfDue();
        }
    }

    /** The longest single sleep on a test's clock (its sleep is not woken by a stop). */
    private static final long MAX_SLICE_NS = 50_000_000L;

    /** Ring overflows of every engine so far. */
    private long overflowCount() {
        long n = 0;
        for (FrameEngine e : engines) {
            n += e.overflowCount();
        }
        return n;
    }

    /** The summary so far, with its coverage; marked partial (with why) when the run measured too little. */
    public Summary summary(String pkg) {
        return markPartial(engine.summary(pkg));
    }

    /**
     * {@code s} with the run's coverage (docs/metrics.md "Coverage"): the time asked for, the time measured (the
     * run's length up to the time asked for, minus the summary's coverage gaps), and partial with the reason when
     * the device was lost or still away at the end, a signal stopped a run with a duration or a driver, or less
     * than {@link RunCoverage#MIN_MEASURED_SHARE} of the time asked for was measured. {@code s} itself while the
     * loop has not ended.
     */
    public Summary markPartial(Summary s) {
        if (end == null) {
            return s;
        }
        double ranMs = ranNs / 1e6;
        Double askedMs = null; // a run without a duration or a driver (watch until stopped) asked for no length
        if (asked != null) {
            askedMs = asked.toNanos() / 1e6;
        } else if (driven) {
            askedMs = ranMs;
        }
        double measuredMs = Math.max(0, Math.min(ranMs, askedMs != null ? askedMs : ranMs) - s.coverageGapMs());
        RunCoverage coverage = new RunCoverage(askedMs, measuredMs, null);
        Summary covered = s.withCoverage(coverage);
        String why = partialReason(coverage, s);
        return why == null ? covered : covered.asPartial(why);
    }

    /** Why the run is partial, or null when it is complete. */
    private String partialReason(RunCoverage c, Summary s) {
        String measured = c.describe();
        String into = seconds(lastPollNs - startedNs) + " s into the run";
        if (end == End.DEVICE_LOST) {
            return "the device was lost " + into + " and did not come back within " + reconnectTimeout.toSeconds()
                    + " s" + (measured != null ? "; " + measured : "");
        }
        if (silentWhat != null) {
            return PollBound.gapReason(silentSerial, silentWhat, into) + (measured != null ? "; " + measured : "");
        }
        if (awayAtEndSinceNs >= 0) {
            return "the device went away " + into + " and was not back before the end"
                    + (measured != null ? "; " + measured : "");
        }
        if (end == End.STOPPED && asked != null) {
            return String.format(Locale.ROOT, "stopped by %s after %.1f s of the %.1f s asked for", stopReason,
                    ranNs / 1e9, asked.toNanos() / 1e9);
        }
        if (end == End.STOPPED && driven) {
            return String.format(Locale.ROOT, "stopped by %s after %.1f s, before what drove the app ended",
                    stopReason, ranNs / 1e9);
        }
        if (c.askedMs() == null || c.askedMs() <= 0
                || c.measuredMs() >= RunCoverage.MIN_MEASURED_SHARE * c.askedMs()) {
            return null;
        }
        return String.format(Locale.ROOT, "%s, less than %.0f %%: %d coverage gap%s, %.1f ms in all (%s)", measured,
                RunCoverage.MIN_MEASURED_SHARE * 100, s.coverageGaps(), s.coverageGaps() == 1 ? "" : "s",
                s.coverageGapMs(), causes(s));
    }

    /** What the coverage gaps of the run came from, in words (each gap is also a warning with its length). */
    private String causes(Summary s) {
        List<String> c = new ArrayList<>();
        if (restarts > 0) {
            c.add("the device restarted");
        }
        if (disconnects > restarts) {
            c.add("the device was away");
        }
        if (unreadableWhy != null) {
            c.add("the source could not be read");
        }
        if (s.overflows() > reconnectOverflows) {
            c.add("ring overflows");
        }
        if (c.isEmpty()) {
            c.add("the app restarted");
        }
        return String.join(", ", c);
    }
}
