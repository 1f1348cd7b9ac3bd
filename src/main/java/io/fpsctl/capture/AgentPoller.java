package io.fpsctl.capture;

import io.fpsctl.source.AgentProtocolException;
import io.fpsctl.source.AgentRecord;
import io.fpsctl.source.AgentStartException;
import io.fpsctl.source.AgentStreamParser;
import io.fpsctl.source.InstrumentationStreamParser;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.source.ShellQuote;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live source of {@code --source agent}: runs the on-device agent with
 * {@code am instrument -w -r -e fpsctl.slowMessageMs N io.fpsctl.agent/.FpsctlAgent}, reads its stream on a
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
    /** The agent's last record after it detached. */
    static final String DETACHED = "agent detached";
    private static final Duration DETACH_WAIT = Duration.ofSeconds(2);
    /** {@code mResumedActivity: ActivityRecord{… u0 pkg/.Act t12}} (≤ 9), {@code topResumedActivity=…} / {@code ResumedActivity: …} (10+). */
    private static final Pattern RESUMED = Pattern.compile(
            "(?:mResumedActivity|ResumedActivity|topResumedActivity)[:=]\\s*ActivityRecord\\{\\S+ u\\d+ ([\\w.]+/[\\w.$]+)");
    private static final Set<String> CAPABILITIES =
            Set.of("choreographer", "choreographer-queues", "looper", "framemetrics", "scroll", "touch");

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
    private final Set<String> refusalsWarned = new HashSet<>();
    private String restartNote;
    private ShellStream stream;
    private Thread reader;

    public AgentPoller(Device device, String pkg, FrameEngine engine, long slowMessageMs) {
        this.device = device;
        this.pkg = pkg;
        this.engine = engine;
        this.slowMessageMs = slowMessageMs;
    }

    /** The shell command that starts the agent. */
    public static String command(long slowMessageMs) {
        return ShellQuote.command("am instrument -w -r -e fpsctl.slowMessageMs", Long.toString(slowMessageMs),
                COMPONENT);
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
        stream = device.openShell(command(slowMessageMs));
        reader = new Thread(this::read, "fpsctl-agent-reader");
        reader.setDaemon(true);
        reader.start();
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
            return resumedComponent(device.shell("dumpsys activity activities").stdout(), pkg);
        } catch (DeviceException e) {
            return null; // advisory: fall back to the launcher activity
        }
    }

    /** The resumed activity of {@code pkg} in a {@code dumpsys activity activities} output, or null. */
    static String resumedComponent(String dumpsys, String pkg) {
        Matcher m = RESUMED.matcher(dumpsys);
        while (m.find()) {
            if (m.group(1).startsWith(pkg + "/")) {
                return m.group(1);
            }
        }
        return null;
    }

    /** Launches {@code component}, or the launcher activity when null; returns the note for the user. */
    private String launch(String component) {
        String restarted = "Android restarted " + pkg + " to attach the agent (an instrumentation runs in a fresh "
                + "process); ";
        try {
            ShellResult r = device.shell(component != null ? ShellQuote.command("am start -n", component)
                    : ShellQuote.command("monkey -p", pkg) + " -c android.intent.category.LAUNCHER 1");
            String said = r.stdout() + r.stderr();
            if (r.succeeded() && !said.contains("Error") && !said.contains("aborted")) {
                return restarted + "fpsctl relaunched " + (component != null ? component.substring(pkg.length() + 1)
                        + ", the screen you were on" : "its launcher activity") + " (app state was reset)";
            }
            return restarted + "fpsctl could not launch it (" + said.strip().lines().reduce((a, b) -> b).orElse("")
                    + "): open the app on the device";
        } catch (DeviceException e) {
            return restarted + "fpsctl could not launch it (" + e.getMessage() + "): open the app on the device";
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
                            if (r instanceof AgentRecord.Problem p && p.text().equals(DETACHED)) {
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
        if (t.contains("does not have a signature matching the target")) {
            return "the fpsctl agent is not signed with the key that signed " + pkg + ", so Android refuses to "
                    + "instrument it: reinstall with the app's key ('fpsctl agent install " + pkg + " --keystore "
                    + "FILE'; debug builds: ~/.android/debug.keystore, the default); release builds need 'adb root' "
                    + "on userdebug Android 13+";
        }
        if (t.contains("Unable to find instrumentation info") || t.contains("INSTRUMENTATION_FAILED")) {
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
            if (r instanceof AgentRecord.Frame f) {
                engine.frame(f.frame());
            } else if (r instanceof AgentRecord.Slow s) {
                engine.slowMessage(s.message());
            } else if (r instanceof AgentRecord.Problem p) {
                int colon = p.text().indexOf(": ");
                if (colon > 0 && CAPABILITIES.contains(p.text().substring(0, colon))) {
                    refusalsWarned.add(p.text().substring(0, colon));
                    engine.warn("agent: '" + p.text().substring(0, colon) + "' refused: " + p.text().substring(colon + 2));
                } else {
                    engine.warn("agent: " + p.text());
                }
            } else if (r instanceof AgentRecord.Hello h) {
                for (String c : CAPABILITIES) {
                    if (!h.capabilities().contains(c) && !refusalsWarned.contains(c)) {
                        engine.warn("agent: '" + c + "' is not available on this device (Android API " + h.sdk() + ")");
                    }
                }
            }
        }
        boolean running = !ended || !queue.isEmpty();
        return new Poll(engine.countedFrames() - before, running, false, BATCH);
    }

    /** Why the agent's stream ended early, or null while it runs. */
    public String endReason() {
        return ended ? endReason : null;
    }

    @Override
    public Source source() {
        return Source.AGENT;
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
        if (stream != null && restartNote != null && !ended && detached.getCount() > 0) {
            try {
                device.shell(ShellQuote.command("am broadcast -a", STOP_ACTION, "-p", pkg));
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
    }
}
