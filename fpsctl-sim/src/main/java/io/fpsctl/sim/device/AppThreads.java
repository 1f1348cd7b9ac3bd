package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPU time each thread of the simulated app has used, derived from the frames the app renders, so the
 * {@code /proc} files agree with the frames (docs/metrics.md 13): the main thread (tid = pid) runs each frame from
 * {@code HandleInputStart} to {@code SyncQueued} (input, animation, traversal, draw: hwui's UI-thread stages),
 * {@code RenderThread} from {@code SyncStart} to {@code FrameCompleted}; a slow frame whose extra time lies in
 * animation, layout or draw therefore keeps the main thread busy, one whose extra time lies in sync, command
 * issue or swap keeps RenderThread busy. {@code hwuiTask0}/{@code hwuiTask1} (hwui's worker pool,
 * {@code libs/hwui/thread/CommonPool.cpp "hwuiTask%d"}) take 1/6 and 1/12 of RenderThread's time,
 * {@code GPU completion} 1/8 of SwapBuffers → GpuCompleted. Other threads burn a fixed share of the wall time
 * (inferred, plausible figures); one of them has a name with spaces and parentheses, and an
 * {@code OkHttp Dispatch} thread lives 1.5 s of every 4 s and exits (its time then only counts in the process's
 * own {@code /proc/<pid>/stat}, as the kernel keeps an exited thread's time in the signal struct).
 * The frame still in flight counts up to "now", so the counters move continuously with the simulated clock.
 * One instance per device; it starts over when the app's pid changes (a crash or restart).
 *
 * <p>A Flutter app ({@link #flutter}) has the engine's threads too (docs/metrics.md 16): {@code 1.ui} busy during
 * each frame's build, {@code 1.raster} during its raster, {@code 1.io} a little (image decoding, inferred share).
 * Their names: {@code ThreadHost::ThreadHostConfig::MakeThreadName} appends {@code .ui}, {@code .raster},
 * {@code .io} to the shell's label (flutter/engine {@code shell/common/thread_host.cc}), which
 * {@code AndroidShellHolder} numbers from 1 per process ({@code shell/platform/android/android_shell_holder.cc},
 * {@code thread_label = std::to_string(thread_host_count++)}); all three fit the kernel's 15-byte comm. Engines
 * with the platform and UI threads merged (Flutter 3.29+ by default, {@code Settings::MergedPlatformUIThread})
 * build on the main thread instead; the simulator models both ({@code FlutterSpec.mergedUiThread}).
 */
final class AppThreads implements FrameObserver {

    /** A thread of the app now: its tid, its comm (at most 15 bytes), and the CPU time it has used. */
    record SimThread(int tid, String comm, long busyNs, long startNs) {
        /** Clock ticks (CLK_TCK 100) of {@code busyNs}: the kernel's nsec_to_clock_t truncates. */
        long ticks() {
            return busyNs / 10_000_000L;
        }

        /** stime share: a fifth of the ticks (inferred: apps spend most of their time in user space). */
        long stimeTicks() {
            return ticks() / 5;
        }

        long utimeTicks() {
            return ticks() - stimeTicks();
        }
    }

    /** The CPU of the device each thread runs on (see {@link DeviceCpus}). */
    static final int MAIN_CPU = 4;
    static final int RENDER_CPU = 5;
    static final int HWUI_CPU = 6;
    static final int OTHER_CPU = 3;

    /** Other threads: comm, tid offset from the pid, CPU share in millionths of the wall time. */
    private static final Object[][] BACKGROUND = {
            {"Signal Catcher", 3, 0}, {"Jit thread pool", 4, 8_000}, {"HeapTaskDaemon", 5, 12_000},
            {"ReferenceQueueD", 6, 500}, {"FinalizerDaemon", 7, 1_000}, {"Pool (2) ) x", 30, 3_000},
    };
    /** The short-lived thread: lives [1 s, 2.5 s) of every 4 s after the process started, at 40 % of a core. */
    static final String SHORT_LIVED = "OkHttp Dispatch";
    private static final long CYCLE_NS = 4_000_000_000L;
    private static final long LIVE_FROM_NS = 1_000_000_000L;
    private static final long LIVE_TO_NS = 2_500_000_000L;
    private static final long SHORT_LIVED_PER_MILLION = 400_000;

    private final AndroidVersion version;
    private final String mainComm;
    /** Threads the scenario names ({@link #named}). */
    private List<String> named = List.of();
    private int pid = -1;
    private long startNs;
    private long mainNs;
    private long renderNs;
    private long gpuNs;

    private final java.util.function.Supplier<AppProcess> current;
    /** The Flutter engine's frames, or null for other apps. */
    private io.fpsctl.sim.device.frames.FlutterTimeline flutter;
    /** The engine runs its UI work on the main thread (no {@code 1.ui}; Flutter 3.29+ by default). */
    private boolean flutterMerged;

    /** @param current the running app process (null when none): frames are counted for it */
    AppThreads(AndroidVersion version, String packageName, java.util.function.Supplier<AppProcess> current) {
        this.version = version;
        this.current = current;
        // the process's comm as ProcessTable shows it: the package name's last 15 characters
        this.mainComm = packageName.length() > 15 ? packageName.substring(packageName.length() - 15) : packageName;
    }

    /** More threads of the app, named by the scenario (any characters, cut to 15), each busy 6 % of a core. */
    void named(List<String> names) {
        this.named = List.copyOf(names);
    }

    /** The app is a Flutter app drawing these frames: its engine threads appear. */
    void flutter(io.fpsctl.sim.device.frames.FlutterTimeline timeline, boolean mergedUiThread) {
        this.flutter = timeline;
        this.flutterMerged = mergedUiThread;
    }

    /** Starts over for a new process (new pid): its threads have used nothing yet. */
    void attach(AppProcess process) {
        if (process != null && process.pid() != pid) {
            pid = process.pid();
            startNs = process.startedAt();
            mainNs = 0;
            renderNs = 0;
            gpuNs = 0;
        }
    }

    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        attach(current.get());
        mainNs += main(frame, Long.MAX_VALUE);
        renderNs += render(frame, Long.MAX_VALUE);
        gpuNs += gpu(frame, Long.MAX_VALUE);
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
    }

    private static long overlap(long from, long to, long now) {
        return Math.max(0, Math.min(to, now) - from);
    }

    private static long main(HwuiFrame f, long now) {
        return overlap(f.get(FrameColumn.HANDLE_INPUT_START), f.get(FrameColumn.SYNC_QUEUED), now);
    }

    private static long render(HwuiFrame f, long now) {
        return overlap(f.get(FrameColumn.SYNC_START), f.get(FrameColumn.FRAME_COMPLETED), now);
    }

    private static long gpu(HwuiFrame f, long now) {
        return overlap(f.get(FrameColumn.SWAP_BUFFERS), f.get(FrameColumn.GPU_COMPLETED), now) / 8;
    }

    /** Every live thread of {@code process} at {@code now}, main thread first, by tid. */
    List<SimThread> threads(AppProcess process, long now) {
        attach(process);
        long main = mainNs;
        long render = renderNs;
        long gpu = gpuNs;
        for (AppWindow w : process.windows()) {
            HwuiFrame f = w.inFlight();
            if (f != null) {
                main += main(f, now);
                render += render(f, now);
                gpu += gpu(f, now);
            }
        }
        long up = Math.max(0, now - startNs);
        long[] busy = flutter == null ? null : flutter.busyNs(now);
        if (busy != null && flutterMerged) {
            main += busy[0]; // the UI work runs on the platform (main) thread
        }
        List<SimThread> out = new ArrayList<>();
        out.add(new SimThread(pid, mainComm, main, startNs));
        for (Object[] b : BACKGROUND) {
            out.add(new SimThread(pid + (Integer) b[1], (String) b[0], share(up, (Integer) b[2]), startNs));
        }
        // ProcessState::makeBinderThreadName: "Binder:%d_%X" since Android 7 (frameworks/native
        // libs/binder/ProcessState.cpp, android-7.0.0_r1), "Binder_%X" before (android-6.0.1_r81).
        String binder = version.major() >= 7 ? "Binder:" + pid + "_" : "Binder_";
        out.add(new SimThread(pid + 8, clip(binder + "1"), share(up, 4_000), startNs));
        out.add(new SimThread(pid + 9, clip(binder + "2"), share(up, 2_000), startNs));
        out.add(new SimThread(pid + 20, "RenderThread", render, startNs));
        out.add(new SimThread(pid + 21, "GPU completion", gpu, startNs));
        out.add(new SimThread(pid + 22, "hwuiTask0", render / 6, startNs));
        out.add(new SimThread(pid + 23, "hwuiTask1", render / 12, startNs));
        for (int i = 0; i < named.size(); i++) {
            out.add(new SimThread(pid + 60 + i, clipBytes(named.get(i)), share(up, 60_000), startNs));
        }
        if (flutter != null) {
            if (!flutterMerged) {
                out.add(new SimThread(pid + 40, "1.ui", busy[0], startNs));
            }
            out.add(new SimThread(pid + 41, "1.raster", busy[1], startNs));
            out.add(new SimThread(pid + 42, "1.io", share(up, 6_000), startNs));
        }
        long k = up / CYCLE_NS;
        long inCycle = up % CYCLE_NS;
        if (inCycle >= LIVE_FROM_NS && inCycle < LIVE_TO_NS) {
            long born = startNs + k * CYCLE_NS + LIVE_FROM_NS;
            out.add(new SimThread(shortLivedTid(k), SHORT_LIVED, share(inCycle - LIVE_FROM_NS,
                    (int) SHORT_LIVED_PER_MILLION), born));
        }
        return out;
    }

    /** CPU time of the short-lived threads that already exited by {@code now}. */
    long exitedNs(AppProcess process, long now) {
        attach(process);
        long up = Math.max(0, now - startNs);
        long k = up / CYCLE_NS;
        long done = k + (up % CYCLE_NS >= LIVE_TO_NS ? 1 : 0);
        return done * share(LIVE_TO_NS - LIVE_FROM_NS, (int) SHORT_LIVED_PER_MILLION);
    }

    private int shortLivedTid(long k) {
        return pid + 100 + (int) (k % 800);
    }

    /** The main thread's comm. */
    String mainComm() {
        return mainComm;
    }

    /**
     * A name as the kernel keeps it: its first 15 UTF-8 bytes ({@code TASK_COMM_LEN} 16 with the NUL;
     * kernel/sys.c {@code prctl PR_SET_NAME}, {@code __set_task_comm} copies bytes, so a character may be cut in two:
     * its bytes then read back as U+FFFD).
     */
    private static String clipBytes(String name) {
        byte[] b = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return b.length <= 15 ? name : new String(b, 0, 15, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String clip(String comm) {
        return comm.length() > 15 ? comm.substring(0, 15) : comm;
    }

    private static long share(long ns, int perMillion) {
        return ns / 1_000_000L * perMillion;
    }
}
