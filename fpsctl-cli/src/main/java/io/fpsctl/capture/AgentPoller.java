package io.fpsctl.capture;

import io.fpsctl.android.AgentProtocolException;
import io.fpsctl.android.Am;
import io.fpsctl.android.AgentRecord;
import io.fpsctl.android.AgentStartException;
import io.fpsctl.android.AgentStreamParser;
import io.fpsctl.android.FocusedApp;
import io.fpsctl.android.Getprop;
import io.fpsctl.android.Monkey;
import io.fpsctl.android.InstrumentationStreamParser;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The live source of {@code --source agent}: runs the on-device agent with {@link #command} ({@code am instrument
 * -w -r [--no-hidden-api-checks] -e fpsctl.slowMessageMs N -e fpsctl.heartbeatMs 2000 io.fpsctl.agent/.FpsctlAgent}),
 * sends the agent's heartbeat broadcast while it reads, reads its stream on a
 * daemon thread ({@link InstrumentationStreamParser}, {@link AgentStreamParser}) and queues the records; each
 * {@link #poll()} drains the queue into the engine on the caller's thread, so the engine stays single-threaded.
 * Android restarts the app to attach an instrumentation, so {@link #start} then launches the activity the user
 * was on (or the launcher activity) and says so ({@link #restartNote()}); {@link #close()} detaches the agent and
 * closes the shell stream, leaving the app running.
 */
public final class AgentPoller implements FramePoller, AutoCloseable {
    /** The agent's instrumentation component. */
    public static final String COMPONENT = "io.fpsctl.agent/.FpsctlAgent";
    /** The agent sends a batch at most every 250 ms. */
    static final Duration BATCH = Duration.ofMillis(250);
    /** The agent's stop broadcast ({@code Protocol.ACTION_STOP} on the device). */
    public static final String STOP_ACTION = "io.fpsctl.agent.action.STOP";
    /** The agent's heartbeat broadcast ({@code Protocol.ACTION_HEARTBEAT} on the device). */
    public static final String HEARTBEAT_ACTION = "io.fpsctl.agent.action.HEARTBEAT";
    /**
     * How often fpsctl sends the heartbeat; the agent detaches by itself after 3 missed ones (6 s). Each is one
     * {@code am broadcast} on the device (an app_process start), so not more often.
     */
    static final Duration HEARTBEAT = Duration.ofSeconds(2);
    /** Heartbeats the agent may miss before it detaches by itself ({@code Protocol.HEARTBEATS_MISSED}). */
    static final int HEARTBEATS_MISSED = 3;
    /** The agent's last record after it detached ends with this. */
    static final String DETACHED = "agent detached";
    private static final Duration DETACH_WAIT = Duration.ofSeconds(2);
    private final Device device;
    private final String pkg;
    private final FrameEngine engine;
    private final long slowMessageMs;
    private final Queue<AgentRecord> queue = new ConcurrentLinkedQueue<>();
    private final AgentStreamParser parser = new AgentStreamParser();
    private final CountDownLatch started = new CountDownLatch(1);
    private volatile String failure;
    private volatile boolean ended;
    private volatile String endReason;
    private volatile long malformed;
    private final CountDownLatch detached = new CountDownLatch(1);
    private final AgentRecordRouter router;
    private String restartNote;
    private ShellStream stream;
    private Thread reader;
    private Thread heartbeat;
    private AgentHeartbeat heartbeats;
    private volatile boolean closing;
    /** The agent detached by itself (its last record said so) while fpsctl still read it: its text, else null. */
    private volatile String detachedBy;
    /** Records drained since the heartbeat lapsed (they prove the agent is still there). */
    private long recordsSinceLapse;

    public AgentPoller(Device device, String pkg, FrameEngine engine, long slowMessageMs) {
        this.device = device;
        this.pkg = pkg;
        this.engine = engine;
        this.slowMessageMs = slowMessageMs;
        this.router = new AgentRecordRouter(engine);
    }

    /**
     * The shell command that starts the agent on a device of API {@code sdk} (0 = unknown: no option the platform
     * might reject). From API 28, {@code --no-hidden-api-checks}: {@code ActivityManagerService.startInstrumentation}
     * (services/core/java/com/android/server/am/ActivityManagerService.java, android-9.0.0_r1 … android-16.0.0_r1)
     * checks the shell's {@code DISABLE_HIDDEN_API_CHECKS} permission and starts the app's process with the
     * hidden-API checks off, so the agent may use {@code Choreographer.mLock} (maxTargetSdk 28) in an app
     * targeting 29+. docs/agent-hidden-api.md.
     */
    public static String command(long slowMessageMs, int sdk, long heartbeatMs) {
        return Am.instrument(sdk) + " -e fpsctl.slowMessageMs " + slowMessageMs + " -e fpsctl.heartbeatMs " + heartbeatMs + " " + COMPONENT;
    }

    /** {@code ro.build.version.sdk} of the device, 0 when it cannot be read. */
    private int deviceSdk() {
        try {
            Integer sdk = Getprop.sdk(device.shell(Getprop.SDK).stdout());
            return sdk != null ? sdk : 0;
        } catch (DeviceException e) {
            return 0;
        }
    }

    /**
     * Starts the agent and waits up to {@code timeout} for its first batch or its failure.
     *
     * @throws AgentStartException when the agent cannot run (not installed, signed with another key, wrong
     *     protocol version); the message is one line for the user
     * @throws DeviceException for adb problems
     */
    public void start(Duration timeout) throws AgentStartException, InterruptedException {
        String resumed = resumedActivity();
        stream = device.openShell(command(slowMessageMs, deviceSdk(), HEARTBEAT.toMillis()));
        reader = new Thread(this::read, "fpsctl-agent-reader");
        reader.setDaemon(true);
        reader.start();
        heartbeats = new AgentHeartbeat(
                this::sendHeartbeat,
                HEARTBEAT.toMillis(), HEARTBEATS_MISSED, () -> System.nanoTime() / 1_000_000L, Thread::sleep,
                () -> !closing && !ended, text -> queue.add(new AgentRecord.Problem(text)));
        heartbeat = new Thread(heartbeats, "fpsctl-agent-heartbeat");
        heartbeat.setDaemon(true);
        heartbeat.start();
        started.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        String f = failure;
        if (f != null) {
            close();
            throw new AgentStartException(f);
        }
        restartNote = launch(resumed);
    }

    /**
     * What the user should know about the restart: Android starts an instrumentation in a fresh process of the
     * app (it force-stops it first), so fpsctl launched the activity the user was on, or the launcher activity.
     */
    public String restartNote() {
        return restartNote;
    }

    /** The app's activity on top before the agent started ({@code pkg/.Activity}), or null when fpsctl cannot tell. */
    private String resumedActivity() {
        try {
            return FocusedApp.resumedComponent(device.shell(FocusedApp.ACTIVITIES).stdout(), pkg);
        } catch (DeviceException e) {
            return null; // advisory: fall back to the launcher activity
        }
    }

    /** Launches {@code component}, or the launcher activity when null; returns the note for the user. */
    private String launch(String component) {
        String restarted = "Android restarted " + pkg + " to attach the agent (an instrumentation runs in a fresh "
                + "process); ";
        try {
            ShellResult r = device.shell(component != null ? Am.start(component) : Monkey.launchLauncherActivity(pkg));
            String said = r.stdout() + r.stderr();
            if (component != null ? Am.started(r.succeeded(), said) : Monkey.launched(r.succeeded(), said)) {
                return restarted + "fpsctl relaunched " + (component != null ? component.substring(pkg.length() + 1)
                        + ", the screen you were on" : "its launcher activity") + " (app state was reset)";
            }
            return restarted + "fpsctl could not launch it (" + said.strip().lines().reduce((a, b) -> b).orElse("")
                    + "): open the app on the device";
        } catch (DeviceException e) {
            return restarted + "fpsctl could not launch it (" + e.getMessage() + "): open the app on the device";
        }
    }

    /** One heartbeat broadcast; a failed {@code am} counts as not sent. */
    private void sendHeartbeat() {
        ShellResult r = device.shell(Am.broadcast(HEARTBEAT_ACTION, pkg));
        if (!r.succeeded()) {
            throw new DeviceException("am broadcast " + HEARTBEAT_ACTION + " failed: "
                    + (r.stdout() + r.stderr()).strip().lines().reduce((a, b) -> b).orElse("exit " + r.exitCode()));
        }
    }

    private void read() {
        try {
            InstrumentationStreamParser in = new InstrumentationStreamParser(stream.stdout());
            InstrumentationStreamParser.Event e;
            while ((e = in.next()) != null) {
                if (!event(e)) {
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            endReason = "the agent's stream broke: " + e.getMessage();
        } finally {
            if (failure == null && !started()) {
                failure = explain(stream.stderr(), null);
            }
            ended = true;
            started.countDown();
        }
    }

    private boolean started() {
        return started.getCount() == 0;
    }

    /** Handles one event on the reader thread; false to stop reading. */
    private boolean event(InstrumentationStreamParser.Event e) {
        Map<String, String> b = e.bundle();
        switch (e.kind()) {
            case STATUS:
                if (AgentStreamParser.isAgentBundle(b)) {
                    try {
                        List<AgentRecord> records = parser.decode(b);
                        for (AgentRecord r : records) {
                            if (r instanceof AgentRecord.Problem p && p.text().endsWith(DETACHED)) {
                                if (!p.text().equals(DETACHED)) {
                                    queue.add(r); // it detached by itself: say why
                                }
                                if (!closing) {
                                    detachedBy = p.text();
                                }
                                detached.countDown();
                            } else {
                                queue.add(r);
                            }
                        }
                        malformed = parser.malformed();
                        started.countDown();
                    } catch (AgentProtocolException x) {
                        failure = x.getMessage();
                        started.countDown();
                        return false;
                    }
                } else if (b.containsKey("Error")) {
                    failure = explain(b.get("Error"), b.get("Error"));
                    started.countDown();
                }
                return true;
            case RESULT:
                endReason = b.containsKey("shortMsg") ? "the app's process ended (" + b.get("shortMsg").strip() + ")"
                        : "the agent stopped";
                return true;
            case FAILED:
                if (failure == null && !started()) {
                    failure = explain(e.text(), null);
                }
                return true;
            default:
                return true;
        }
    }

    /** A one-line explanation of why the agent did not start. */
    private String explain(String text, String fallback) {
        String t = text == null ? "" : text;
        Am.InstrumentFailure why = Am.instrumentFailure(t);
        if (why == Am.InstrumentFailure.SIGNATURE_MISMATCH) {
            return "the fpsctl agent is not signed with the key that signed " + pkg + ", so Android refuses to "
                    + "instrument it: reinstall with the app's key ('fpsctl agent install " + pkg + " --keystore "
                    + "FILE'; debug builds: ~/.android/debug.keystore, the default); release builds need 'adb root' "
                    + "on userdebug Android 13+";
        }
        if (why == Am.InstrumentFailure.NOT_INSTALLED) {
            return "the fpsctl agent is not installed on " + device.serial() + ": run 'fpsctl agent install " + pkg
                    + "' first";
        }
        if (fallback != null) {
            return "the fpsctl agent did not start: " + fallback.strip().lines().findFirst().orElse("");
        }
        String first = t.strip().lines().findFirst().orElse("");
        return "the fpsctl agent did not start" + (first.isEmpty() ? "" : ": " + first);
    }

    @Override
    public Poll poll() {
        long before = engine.countedFrames();
        AgentRecord r;
        while ((r = queue.poll()) != null) {
            router.route(r);
            if (heartbeats != null && heartbeats.lapsed() && !(r instanceof AgentRecord.Problem)) {
                recordsSinceLapse++;
            }
        }
        boolean running = !ended || !queue.isEmpty();
        return new Poll(engine.countedFrames() - before, running, false, BATCH);
    }

    /**
     * The agent no longer reports while fpsctl reads it: it detached by itself (e.g. after missing fpsctl's
     * heartbeat), its stream ended (the app's process ended, the stream broke), or the heartbeat could not be sent for
     * longer than the agent waits and nothing arrived since (by its protocol it has detached). The poll loop counts
     * the time from then on as a coverage gap (docs/metrics.md section 11); null while it reports.
     */
    @Override
    public String unreadable() {
        if (closing || !queue.isEmpty()) {
            return null;
        }
        String where = "device " + device.serial() + ": the fpsctl agent in " + pkg;
        if (detachedBy != null) {
            return where + " detached by itself (" + detachedBy + ")";
        }
        if (ended) {
            return where + " stopped reporting (" + (endReason != null ? endReason : "its stream ended") + ")";
        }
        if (heartbeats != null && heartbeats.lapsed() && recordsSinceLapse == 0) {
            return where + " has had no heartbeat from fpsctl for longer than it waits (" + HEARTBEATS_MISSED
                    * HEARTBEAT.toMillis() + " ms) and sent nothing since: it has detached by itself";
        }
        return null;
    }

    @Override
    public Source source() {
        return Source.AGENT;
    }

    @Override
    public io.fpsctl.engine.Summary summary(String pkg) {
        return engine.summary(pkg);
    }

    @Override
    public String describe() {
        return "the on-device agent (" + COMPONENT + ")";
    }

    /**
     * Detaches the agent ({@code am broadcast} of its stop action: it takes its Printer, listeners and threads
     * out and the app keeps running), waits briefly for its last batch, closes the shell stream, and notes
     * malformed records in the summary's warnings. When the device is gone the broadcast cannot be sent; the
     * agent then stays until the app's process ends.
     */
    @Override
    public void close() {
        closing = true;
        if (heartbeat != null) {
            heartbeat.interrupt();
        }
        if (stream != null && restartNote != null && !ended && detached.getCount() > 0) {
            try {
                device.shell(Am.broadcast(STOP_ACTION, pkg));
                detached.await(DETACH_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (DeviceException e) {
                // device gone: nothing to detach from here
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (stream != null) {
            stream.close();
        }
        if (reader != null) {
            try {
                reader.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (malformed > 0) {
            engine.warn("agent: " + malformed + " malformed record(s) skipped");
        }
        if (parser.unknownRecords() > 0) {
            engine.warn("agent: it speaks protocol 1." + parser.newestMinorSeen() + ", newer than this fpsctl (1."
                    + AgentStreamParser.MINOR + "): " + parser.unknownRecords() + " record(s) of unknown types skipped");
        }
        router.finish();
    }
}
