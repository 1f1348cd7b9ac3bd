package io.fpsctl.sim.device;

import static io.fpsctl.sim.device.frames.FrameColumn.ANIMATION_START;
import static io.fpsctl.sim.device.frames.FrameColumn.DRAW_START;
import static io.fpsctl.sim.device.frames.FrameColumn.FRAME_COMPLETED;
import static io.fpsctl.sim.device.frames.FrameColumn.FRAME_DEADLINE;
import static io.fpsctl.sim.device.frames.FrameColumn.GPU_COMPLETED;
import static io.fpsctl.sim.device.frames.FrameColumn.HANDLE_INPUT_START;
import static io.fpsctl.sim.device.frames.FrameColumn.INPUT_EVENT_ID;
import static io.fpsctl.sim.device.frames.FrameColumn.INTENDED_VSYNC;
import static io.fpsctl.sim.device.frames.FrameColumn.ISSUE_DRAW_COMMANDS_START;
import static io.fpsctl.sim.device.frames.FrameColumn.PERFORM_TRAVERSALS_START;
import static io.fpsctl.sim.device.frames.FrameColumn.SWAP_BUFFERS;
import static io.fpsctl.sim.device.frames.FrameColumn.SYNC_QUEUED;
import static io.fpsctl.sim.device.frames.FrameColumn.SYNC_START;
import static io.fpsctl.sim.device.frames.FrameColumn.VSYNC;

import io.fpsctl.sim.device.frames.HwuiFrame;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

/**
 * The simulated on-device agent: answers {@code am instrument -w -r … io.fpsctl.agent/.FpsctlAgent} with an agent
 * stream protocol 1.1 (docs/agent-protocol.md) for the running scenario, in real time,
 * one batch every 250 ms until the shell stream closes or the app's process ends. Like Android, it restarts the
 * app's process first and reports no frame until an activity is launched ({@code am start}, {@code monkey});
 * it reports what the real agent can on this Android level for this targetSdk ({@link AgentPlatform}), and
 * detaches on {@code am broadcast -a io.fpsctl.agent.action.STOP} (last batch {@code E|agent detached}). Frames are the very frames
 * the HWUI rings get (same generator and clock), as FrameMetrics would report them; Choreographer queue times
 * are the input / animation / layout+draw spans; a frame with input events is a scrolling frame, and the finger
 * is down during the first 1.2 s of every 2 s of scrolling (then the list flings) — in a touch-driven app
 * ({@code scroll} scenario) while an {@code input swipe} drags or an {@code input tap} presses; the main-thread part of a
 * frame longer than {@code fpsctl.slowMessageMs} is reported as a slow message with a plausible stack.
 */
final class AgentInstrumentation implements InstrumentationStream {
    static final String COMPONENT = "io.fpsctl.agent/.FpsctlAgent";
    /** The broadcast that makes the agent detach (the agent's {@code Protocol.ACTION_STOP}). */
    static final String STOP_ACTION = "io.fpsctl.agent.action.STOP";
    /** fpsctl's heartbeat (the agent's {@code Protocol.ACTION_HEARTBEAT}); 3 missed periods detach the agent. */
    static final String HEARTBEAT_ACTION = "io.fpsctl.agent.action.HEARTBEAT";
    private static final long BATCH_MS = 250;
    private static final long FINGER_CYCLE_MS = 2000;
    private static final long FINGER_DOWN_MS = 1200;

    private record Tapped(String title, HwuiFrame frame) {
    }

    private final SimulatedAndroid android;

    AgentInstrumentation(SimulatedAndroid android) {
        this.android = android;
    }

    @Override
    public int run(List<String> args, OutputStream stdout, OutputStream stderr) throws IOException {
        long slowMs = slowMessageMs(args);
        boolean noHiddenApiChecks = args.contains("--no-hidden-api-checks");
        if (noHiddenApiChecks && android.version().sdk() < 28) {
            // am before Android 9 does not know the option: frameworks/base cmds/am/src/com/android/commands/am/
            // Am.java runInstrument prints System.err "Error: Unknown option: " + opt and returns; onRun returns
            // normally, so app_process (the `am` script's exec) exits 0 — read in the Android 7.x-era Am.java
            // (parsed there from android-9.0.0_r1 into Instrument.disableHiddenApiChecks, which Instrument.run turns
            // into INSTRUMENTATION_FLAG_DISABLE_HIDDEN_API_CHECKS)
            stderr.write("Error: Unknown option: --no-hidden-api-checks\n".getBytes(StandardCharsets.UTF_8));
            stderr.flush();
            return 0;
        }
        AgentPlatform platform = new AgentPlatform(android.version().sdk(), android.appTargetSdk(), noHiddenApiChecks);
        Queue<Tapped> frames = new ConcurrentLinkedQueue<>();
        FrameObserver tap = new FrameObserver() {
            @Override
            public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
                frames.add(new Tapped(title, frame));
            }

            @Override
            public void layerFrame(String layerKey, long periodNs, io.fpsctl.sim.device.frames.LayerFrame frame) {
            }
        };
        // touch bit: while swiped or tapped in a touch-driven app, else the first 1.2 s of every 2 s of scrolling
        LongPredicate fingerDown = android.touchDriven() ? android::fingerDownAt
                : t -> Math.floorMod(t / 1_000_000L, FINGER_CYCLE_MS) < FINGER_DOWN_MS;
        android.restartForInstrumentation(); // am instrument force-stops the app and starts a fresh process
        android.setAgentAttached(true);
        long launchesAtStart = android.launches();
        android.advance(); // frames before the agent attached are not reported
        android.addFrameTap(tap);
        AtomicBoolean stop = new AtomicBoolean();
        Runnable receiver = () -> stop.set(true);
        android.registerReceiver(STOP_ACTION, receiver);
        // like the agent's FpsctlAgent.onStart: with -e fpsctl.heartbeatMs N, no heartbeat for 3 N ms detaches it
        // (real time, as this loop's batches are)
        long heartbeatMs = longArg(args, "fpsctl.heartbeatMs", 0);
        AtomicLong lastHeartbeat = new AtomicLong(System.nanoTime());
        Runnable heartbeat = () -> lastHeartbeat.set(System.nanoTime());
        android.registerReceiver(HEARTBEAT_ACTION, heartbeat);
        String detachText = "E|agent detached\n";
        int pid = android.pid().orElse(0);
        boolean detached = false;
        try {
            StringBuilder batch = new StringBuilder();
            batch.append(platform.refusals());
            batch.append("H|").append(platform.sdk()).append('|').append(android.packageName()).append('|')
                    .append(pid).append('|').append(platform.capabilities()).append('\n');
            long prevIntended = Long.MIN_VALUE;
            while (true) {
                try {
                    Thread.sleep(BATCH_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 0;
                }
                if (detached) {
                    continue; // the agent's thread ended; 'am instrument -w' waits until the host closes it
                }
                android.advance();
                boolean shown = android.launches() > launchesAtStart; // no activity yet = no window, no frames
                Tapped t;
                while ((t = frames.poll()) != null) {
                    HwuiFrame f = t.frame();
                    if ((f.flags() & 8) != 0 || !shown || !platform.frameMetrics()) {
                        continue; // FrameMetrics reports no skipped frame, and nothing without a window
                    }
                    long period = android.clock().periodAt(f.intendedVsync());
                    boolean idleBefore = prevIntended == Long.MIN_VALUE || f.intendedVsync() - prevIntended > 2 * period;
                    prevIntended = f.intendedVsync();
                    frame(batch, t.title(), f, period, idleBefore, platform, fingerDown);
                    slowMessage(batch, f, slowMs);
                }
                long silentMs = (System.nanoTime() - lastHeartbeat.get()) / 1_000_000L;
                if (heartbeatMs > 0 && silentMs > 3 * heartbeatMs && !stop.get()) {
                    detachText = "E|no heartbeat from fpsctl for " + silentMs + " ms: agent detached\n";
                    stop.set(true);
                }
                if (stop.get()) {
                    android.removeFrameTap(tap);
                    android.unregisterReceiver(STOP_ACTION, receiver);
                    android.unregisterReceiver(HEARTBEAT_ACTION, heartbeat);
                    batch.append(detachText);
                    detached = true;
                    android.setAgentAttached(false);
                }
                if (batch.length() > 0) {
                    bundle(stdout, batch);
                    batch.setLength(0);
                }
                if (android.pid().orElse(-1) != pid) {
                    stdout.write(("INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n")
                            .getBytes(StandardCharsets.UTF_8));
                    stdout.flush();
                    return 0;
                }
            }
        } finally {
            android.removeFrameTap(tap);
            android.unregisterReceiver(STOP_ACTION, receiver);
            android.unregisterReceiver(HEARTBEAT_ACTION, heartbeat);
        }
    }

    /** {@code am instrument -w -r} prints the bundle's keys sorted: {@code fpsctl}, then {@code v}. */
    private static void bundle(OutputStream out, CharSequence payload) throws IOException {
        String s = "INSTRUMENTATION_STATUS: fpsctl=" + payload + "INSTRUMENTATION_STATUS: v=1.1\n"
                + "INSTRUMENTATION_STATUS_CODE: 1\n";
        out.write(s.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void frame(StringBuilder b, String window, HwuiFrame f, long period, boolean idleBefore,
                              AgentPlatform platform, LongPredicate fingerDown) {
        long swap = f.get(SWAP_BUFFERS);
        long gpu = f.get(GPU_COMPLETED) > 0 ? Math.max(0, f.get(GPU_COMPLETED) - swap) : -1;
        long deadline = f.get(FRAME_DEADLINE);
        deadline = deadline == Long.MAX_VALUE ? 0 : deadline;
        // below API 26 getMetric has no timestamps: the agent reads the same FrameInfo IntendedVsync from
        // FrameMetrics.mTimingData (FrameMetrics.java, android-7.0.0_r1; docs/agent-protocol.md "Android 7.x")
        long intended = f.get(INTENDED_VSYNC);
        long end = intended + (f.get(FRAME_COMPLETED) - f.get(INTENDED_VSYNC));
        if (!platform.gpuAndDeadline()) {
            gpu = -1;
            deadline = 0;
        }
        long interaction = idleBefore ? 4 : 0;
        if (f.get(INPUT_EVENT_ID) != 0) {
            interaction |= 1;
            if (fingerDown.test(intended)) {
                interaction |= 2;
            }
        }
        long input = span(f.get(HANDLE_INPUT_START), f.get(ANIMATION_START));
        long animation = span(f.get(ANIMATION_START), f.get(PERFORM_TRAVERSALS_START));
        long layout = span(f.get(PERFORM_TRAVERSALS_START), f.get(DRAW_START));
        long draw = span(f.get(DRAW_START), f.get(SYNC_QUEUED));
        b.append("F|").append(window.replace('|', ' ')).append('|').append(intended).append('|')
                .append(f.get(VSYNC)).append('|').append(end).append('|').append(period).append('|')
                .append((f.flags() & 1) != 0 ? 1 : 0).append('|').append(interaction).append('|')
                .append(span(f.get(INTENDED_VSYNC), f.get(HANDLE_INPUT_START))).append('|').append(input).append('|')
                .append(animation).append('|').append(layout).append('|').append(draw).append('|')
                .append(span(f.get(SYNC_START), f.get(ISSUE_DRAW_COMMANDS_START))).append('|')
                .append(span(f.get(ISSUE_DRAW_COMMANDS_START), swap)).append('|').append(span(swap, f.get(FRAME_COMPLETED))).append('|')
                .append(gpu).append('|').append(deadline).append('|')
                .append(input).append('|').append(animation).append('|').append(layout + draw).append('\n');
    }

    /** The main-thread part of a frame (input … draw) as one Choreographer message, when over the threshold. */
    private void slowMessage(StringBuilder b, HwuiFrame f, long slowMs) {
        long start = f.get(HANDLE_INPUT_START);
        long ms = span(start, f.get(SYNC_QUEUED)) / 1_000_000L;
        if (ms < slowMs) {
            return;
        }
        long animation = span(f.get(ANIMATION_START), f.get(PERFORM_TRAVERSALS_START));
        long layout = span(f.get(PERFORM_TRAVERSALS_START), f.get(DRAW_START));
        long draw = span(f.get(DRAW_START), f.get(SYNC_QUEUED));
        String pkg = android.packageName();
        String inner;
        if (layout >= animation && layout >= draw) {
            inner = "android.graphics.BitmapFactory.nativeDecodeStream(Native Method) <- "
                    + "android.graphics.BitmapFactory.decodeStream(BitmapFactory.java:790) <- "
                    + pkg + ".FeedAdapter.onBindViewHolder(FeedAdapter.java:88) <- "
                    + "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7254) <- "
                    + "androidx.recyclerview.widget.LinearLayoutManager.onLayoutChildren(LinearLayoutManager.java:668) <- "
                    + "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3847)";
        } else if (animation >= draw) {
            inner = "org.json.JSONTokener.nextValue(JSONTokener.java:98) <- "
                    + pkg + ".FeedViewModel.parsePage(FeedViewModel.java:142) <- "
                    + pkg + ".FeedAnimator.onAnimationUpdate(FeedAnimator.java:57) <- "
                    + "android.animation.ValueAnimator.doAnimationFrame(ValueAnimator.java:1509) <- "
                    + "android.view.Choreographer.doCallbacks(Choreographer.java:1148)";
        } else {
            inner = "android.graphics.Path.op(Path.java:260) <- "
                    + pkg + ".ShadowView.onDraw(ShadowView.java:73) <- "
                    + "android.view.View.draw(View.java:23889) <- "
                    + "android.view.ViewRootImpl.draw(ViewRootImpl.java:4860)";
        }
        b.append("M|").append(start / 1_000_000L).append('|').append(ms).append('|')
                .append("Handler (android.view.Choreographer$FrameHandler) {a2c41f0} "
                        + "android.view.Choreographer$FrameDisplayEventReceiver@9e3b1d2: 0").append('|')
                .append(inner).append(" <- android.view.Choreographer.doFrame(Choreographer.java:1290) <- "
                        + "android.os.Handler.dispatchMessage(Handler.java:106) <- "
                        + "android.os.Looper.loop(Looper.java:288) <- "
                        + "android.app.ActivityThread.main(ActivityThread.java:7918)").append('\n');
    }

    private static long span(long from, long to) {
        return from <= 0 || to <= 0 ? -1 : Math.max(0, to - from);
    }

    /** {@code -e KEY N}, or {@code fallback} when absent or not a number. */
    static long longArg(List<String> args, String key, long fallback) {
        for (int i = 0; i + 2 < args.size(); i++) {
            if (args.get(i).equals("-e") && args.get(i + 1).equals(key)) {
                try {
                    return Long.parseLong(args.get(i + 2));
                } catch (NumberFormatException e) {
                    return fallback;
                }
            }
        }
        return fallback;
    }

    /** {@code -e fpsctl.slowMessageMs N}, default 100. */
    static long slowMessageMs(List<String> args) {
        return longArg(args, "fpsctl.slowMessageMs", 100);
    }
}
