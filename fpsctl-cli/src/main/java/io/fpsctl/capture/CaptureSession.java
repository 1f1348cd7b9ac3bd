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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 *
 * <p>Its state is in parts named for what they hold: how the loop is stopped and sleeps ({@link LoopControl}), when
 * each poller is next due ({@link PollSchedule}), the device clock ({@link DeviceClockEstimate}), the device's
 * absences and restarts ({@link DeviceAbsences}), waiting for it ({@link ReconnectPolicy}), an unreadable source ({@link UnreadableSource}) and what the run came
 * to ({@link RunOutcome}); what stays here is the loop itself, one poll and what follows from it, and waiting for a
 * device that went away, which read as one sequence.
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
    private final Consumer<String> notes;
    private final RefreshWatch refresh;
    private final HostClock clock;
    /** Runs each poll's known commands ahead in one stream; null: each command on its own. Set before the run. */
    private PrefetchingDevice prefetch;
    /** Polled on this loop beside the poller, or null. Set before the run. */
    private Companion companion;
    /** Reads resources in each main poll's batch (docs/metrics.md 13), or null. Set before the run. */
    private ResourceReader resources;
    /** Reads the device's boot id and clock ({@link DeviceBoot}); null: restarts are not looked for. Set before the run. */
    private Supplier<DeviceBoot.Reading> bootReader;
    /** Stop, completion, the sleep between polls and the periodic check. */
    private final LoopControl control;
    /** Contract 2: the device clock, from the frames' timestamps. */
    private final DeviceClockEstimate deviceClock = new DeviceClockEstimate();
    private final DeviceAbsences absences = new DeviceAbsences();
    private final UnreadableSource unreadable = new UnreadableSource();
    private final RunOutcome outcome;
    private final ReconnectPolicy reconnectPolicy;
    private boolean appWasRunning;
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
        this.notes = notes;
        this.control = new LoopControl(clock);
        this.outcome = new RunOutcome(control, absences, unreadable, reconnectTimeout);
        this.reconnectPolicy = new ReconnectPolicy(reconnector, reconnectTimeout, clock, notes, control, absences,
                outcome);
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
        control.checkEvery(check);
    }

    /** How often {@link #checkEvery}'s check runs. */
    static final long CHECK_EVERY_NS = LoopControl.CHECK_EVERY_NS;

    /** Asks the loop to end after the poll in progress. */
    public void stop() {
        stop("stopped");
    }

    /**
     * Asks the loop to end after the poll in progress; {@code reason} (e.g. "SIGTERM") goes into the summary. A poll
     * still waiting on the device {@link #STOP_GRACE_MS} later (a device gone silent) is ended then.
     */
    public void stop(String reason) {
        control.stop(reason);
        PrefetchingDevice p = prefetch;
        if (p != null && control.running()) {
            // the poll in progress ends as usual (its answer is kept); one still waiting after a grace is waiting on a
            // device that went silent, and ends then, not at its bound (PollBound). Not at once: on a direct
            // connection ending the list drops the connection, which a working device's next run would reuse
            STOP_GRACE.schedule(() -> {
                if (control.running()) {
                    p.interrupt();
                }
            }, STOP_GRACE_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** Ends a {@link #runDriven} loop as complete: what drove the app is done. */
    public void complete() {
        control.complete();
    }

    /**
     * Polls until {@link #complete} (the app's driver ended); a {@link #stop} before that (a signal) ends the run
     * as partial.
     */
    public End runDriven() throws InterruptedException {
        control.driven();
        return run(null);
    }

    /**
     * Polls until {@code duration} has passed (null: until stopped), then closes the engine's live window.
     */
    public End run(Duration duration) throws InterruptedException {
        control.runningOn(Thread.currentThread());
        try {
            return loop(duration);
        } finally {
            control.runningOn(null);
            if (prefetch != null) {
                // an answer a failed poll left unread is not handed out afterwards; a shell kept running ends
                prefetch.close();
            }
        }
    }

    private End loop(Duration duration) throws InterruptedException {
        long started = clock.nanoTime();
        outcome.started(started, duration);
        unreadable.startAt(started);
        long deadline = duration == null ? Long.MAX_VALUE : started + Math.min(duration.toNanos(), Long.MAX_VALUE / 4);
        deadlineNs = deadline;
        boolean reconnected = false;
        End end = End.DURATION;
        deviceClock.reset();
        appWasRunning = true;
        try {
            absences.boot(readBoot());
        } catch (DeviceGoneException e) {
            absences.boot(null); // gone already: the first poll finds it so and waits for it as for any loss
        }
        PollSchedule schedule = new PollSchedule(companion != null, clock.nanoTime());
        control.checksFrom(started);
        while (!control.stopped() && clock.nanoTime() < deadline) {
            control.checkIfDue();
            if (control.stopped()) {
                break;
            }
            long start = clock.nanoTime();
            boolean mainNow = schedule.mainDue(start);
            boolean companionNow = schedule.companionDue(start);
            try {
                boolean afterReconnect = reconnected;
                reconnected = false;
                long overflowsBefore = overflowCount();
                prefetchPoll(mainNow, companionNow);
                if (prefetch != null && prefetch.interrupted()) {
                    break; // a stop ended the poll's commands (the device was silent): nothing was read
                }
                if (mainNow) {
                    long next = pollMain(afterReconnect, overflowsBefore);
                    outcome.polled(start);
                    schedule.mainPolled(start, next);
                }
                if (companionNow) {
                    schedule.companionPolled(start, companion.poll().toNanos());
                }
            } catch (ShellTimeoutException e) {
                if (control.stopped()) {
                    break;
                }
                silent(e);
                break;
            } catch (DeviceGoneException e) {
                absences.disconnected();
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
                schedule.bothDue(clock.nanoTime()); // read the rings back at once
                continue;
            }
            long now = clock.nanoTime();
            long sleepNs = schedule.sleepNs(now, deadline);
            if (sleepNs > 0) {
                control.sleep(sleepNs);
            }
        }
        if (end == End.DURATION && !absences.awayAtEnd()
                && ((duration != null && !control.stopped()) || control.completed())) {
            // the frames drawn since the last poll, up to the end of the time asked for (or of the driver's run)
            finalPoll(reconnected);
        }
        if (control.stopped() && end == End.DURATION && !control.completed()) {
            end = End.STOPPED;
        }
        long endNs = Math.min(clock.nanoTime(), deadline);
        long unreadableSince = unreadable.sinceNs();
        long awaySince = absences.awayAtEndSinceNs();
        if (unreadableSince >= 0 && (awaySince < 0 || unreadableSince <= awaySince)) {
            // unreadable up to the end (or until the device went away): nothing after the last read was counted
            long from = Math.min(unreadableSince, endNs);
            for (FrameEngine e : engines) {
                e.coverageGap(deviceTime(from), deviceTime(endNs), "the source could not be read from "
                        + seconds(from - started) + " s into the run to its end: " + unreadable.why());
            }
        } else if (awaySince >= 0) {
            // docs/metrics.md 11: the frames drawn from the last poll to the end of the run are missing
            long from = Math.min(awaySince, endNs);
            for (FrameEngine e : engines) {
                e.coverageGap(deviceTime(from), deviceTime(endNs), absences.silentWhat() != null
                        ? PollBound.gapReason(absences.silentSerial(), absences.silentWhat(),
                                seconds(from - started) + " s into the run")
                        : "the device went away " + seconds(from - started) + " s into the run and was not back "
                        + "before its end");
            }
        }
        for (FrameEngine e : engines) {
            e.closeOpenGap(deviceTime(endNs)); // a restart after which nothing was drawn: missing to the end
        }
        outcome.ended(end, endNs - started);
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
        String what = PollBound.what(e);
        long last = outcome.lastPollNs();
        absences.silent(e.serial(), what, last, PollBound.gapReason(e.serial(), what,
                seconds(last - outcome.startedNs()) + " s into the run")
                + ": the run is partial (what was measured before is kept); reconnect it, then run again");
        if (prefetch != null) {
            prefetch.interrupt(); // what is still asked after the loop (the FrameTimeline's last look) waits 1 s at most
        }
    }

    /** How long a poll in progress may go on after a stop before its commands are ended. */
    static final long STOP_GRACE_MS = 300;
    private static final ScheduledExecutorService STOP_GRACE = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fpsctl-stop-grace");
        t.setDaemon(true);
        return t;
    });

    /** What waiting for a device that went away came to. */
    private enum Reconnect { SAME_BOOT, RESTARTED, LOST, AWAY_AT_END, STOPPED }

    /**
     * The device went away: waits for it ({@link ReconnectPolicy}), and when it is back finds out whether it
     * restarted.
     */
    private Reconnect reconnect(DeviceGoneException e, long deadline) {
        switch (reconnectPolicy.await(e.serial(), deadline)) {
            case STOPPED:
                return Reconnect.STOPPED;
            case AWAY_AT_END:
                return Reconnect.AWAY_AT_END;
            case LOST:
                return Reconnect.LOST;
            default:
                break; // back: did it restart meanwhile?
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
        if (after != null && DeviceBoot.restarted(absences.boot(), after)) {
            newBoot(after);
            absences.restarted(after);
            notes.accept("device is back after a restart (" + (after.bootId() != null ? "boot id changed"
                    : "its clock went back") + "): frames drawn before it restarted are lost (a coverage gap); "
                    + "capture continues on a new segment");
            return Reconnect.RESTARTED;
        }
        if (after != null && absences.boot() == null) {
            absences.boot(after);
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
        long hostNow = reading.hostNs();
        long oldClockNow = deviceTime(hostNow);
        // without the new boot's uptime its frames are put after the gap, as if it had booted just now (inferred)
        long newClockNow = reading.uptimeNs() >= 0 ? reading.uptimeNs() : 0;
        long lastPollNs = outcome.lastPollNs();
        for (FrameEngine e : engines) {
            long shift = oldClockNow - newClockNow;
            e.newBoot(shift, deviceTime(lastPollNs), String.format(Locale.ROOT, "the device restarted %s s into "
                    + "the run (%s): frames drawn after the last poll before it were lost; the new boot's times are "
                    + "written shifted by %+.3f s onto the run's timeline", seconds(lastPollNs - outcome.startedNs()),
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
            outcome.polled(start);
        } catch (ShellTimeoutException e) {
            silent(e);
        } catch (DeviceGoneException e) {
            absences.disconnected();
            absences.awayAtEnd(outcome.lastPollNs());
        }
    }

    /**
     * A host time on the device timeline the engines count on (the run's first boot, shifted boots included): the
     * host time plus the device offset; the host time itself while no frame has given the offset.
     */
    private long deviceTime(long hostNs) {
        return deviceClock.deviceTime(hostNs);
    }

    private static String seconds(long ns) {
        return RunOutcome.seconds(ns);
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
            resources.read(!deviceClock.known() ? ResourceTimeline.UNPLACED : deviceTime(clock.nanoTime()));
        }
        long pollStart = clock.nanoTime();
        FramePoller.Poll p = poller.poll();
        String why = poller.unreadable();
        if (afterReconnect) {
            absences.overflowsAfterReconnect(overflowCount() - overflowsBefore);
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
            deviceClock.observe(e.newestFrameNs(), hostNow);
        }
        if (resources != null && deviceClock.known()) {
            // with the estimate this poll's frames tightened, at the instant that closes windows below: the read is
            // the one after their end (it was made a few ms before, while the dump was parsed; docs/metrics.md 13.8)
            resources.place(deviceTime(hostNow));
        }
        if (deviceClock.known()) {
            for (FrameEngine e : engines) {
                e.advanceTo(deviceTime(hostNow));
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
            long missingFrom = unreadable.read(pollStart);
            if (missingFrom >= 0) {
                // its first read was a history read (frames already in the buffers are not counted): what was drawn
                // from the start of the run to it is missing
                for (FrameEngine e : engines) {
                    e.coverageGap(deviceTime(missingFrom), deviceTime(pollStart), "the source could not be "
                            + "read for the first " + seconds(pollStart - outcome.startedNs()) + " s of the run: "
                            + unreadable.why());
                }
            }
            return;
        }
        String line = unreadable.unreadable(why);
        if (line != null) {
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
        return outcome.end();
    }

    /** For {@link End#DEVICE_LOST}: one line saying which device went away and what to do; else null. */
    public String lostMessage() {
        return absences.lostMessage();
    }

    /**
     * True when the run ended before its time was up: the device was lost or still away at the end, or it was
     * stopped while a duration (or a driver) was set. A run may also be partial for measuring too little of its
     * time ({@link #markPartial}).
     */
    public boolean partial() {
        return outcome.partial();
    }

    /**
     * The newest frame time its engines have read, the history of their first look included
     * ({@link FrameEngine#newestFrameNs()}), or Long.MIN_VALUE: how far the device was covered. Call on the poll
     * loop's thread (e.g. from its reconnector): the engines are single-threaded.
     */
    public long newestFrameNs() {
        long newest = Long.MIN_VALUE;
        for (FrameEngine e : engines) {
            newest = Math.max(newest, e.newestFrameNs());
        }
        return newest;
    }

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
        return outcome.markPartial(s);
    }
}
