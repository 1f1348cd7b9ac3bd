import android.util.Printer;
import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.frames.FrameStageTable;
import io.fpsctl.agent.frames.FrameTimeline;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.looper.LooperMonitor;
import io.fpsctl.agent.looper.SlowMessageSampler;
import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.RecordBatch;
import java.util.Arrays;

/**
 * What the agent costs the app, measured on the JVM with the agent's real classes (fpsctl-agent/target/classes) and
 * the framework classes of android-all 15: see scripts/bench-agent. Each figure is the median of 7 rounds of
 * {@code N} calls after warm-up, in ns per call. JIT-compiled HotSpot on this machine, not ART on a phone:
 * read the numbers as orders of magnitude, and the ratios between them.
 *
 * <ul>
 *   <li>framework strings: what Looper.loop builds for every message as soon as any Printer is set (Android 6
 *       to 16 alike): {@code ">>>>> Dispatching to " + msg.target + " " + msg.callback + ": " + msg.what} and
 *       {@code "<<<<< Finished to " + msg.target + " " + msg.callback}; Handler.toString is
 *       {@code "Handler (" + class + ") {" + hex(identityHashCode) + "}"}.</li>
 *   <li>agent per message: our Printer's two println calls (clock reads, volatile writes, frame bookkeeping).</li>
 *   <li>agent per frame message, main thread: the Printer's work for the message that runs a frame, plus the
 *       frame callback's tick and the frame's close into the stage table.</li>
 *   <li>agent per frame, FrameMetrics thread (not the main thread): joining a report with the stage table and
 *       encoding its F record.</li>
 * </ul>
 */
public final class AgentOverheadBench {
    static final int N = 200_000;
    static volatile Object sink;

    /** Stands in for android.os.Handler, whose toString needs no Looper. */
    static final class FakeHandler {
        @Override
        public String toString() {
            return "Handler (" + getClass().getName() + ") {" + Integer.toHexString(System.identityHashCode(this)) + "}";
        }
    }

    interface Body {
        void run(int i);
    }

    static double median(Body body) {
        double[] rounds = new double[7];
        for (int w = 0; w < 3; w++) {
            for (int i = 0; i < N; i++) {
                body.run(i);
            }
        }
        for (int r = 0; r < rounds.length; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < N; i++) {
                body.run(i);
            }
            rounds[r] = (System.nanoTime() - t0) / (double) N;
        }
        Arrays.sort(rounds);
        return rounds[rounds.length / 2];
    }

    public static void main(String[] args) throws Exception {
        FakeHandler target = new FakeHandler();
        Runnable callback = () -> { };
        double strings = median(i -> {
            String a = ">>>>> Dispatching to " + target + " " + callback + ": " + (i & 7);
            String b = "<<<<< Finished to " + target + " " + callback;
            sink = a;
            sink = b;
        });

        RecordBatch batch = new RecordBatch();
        FrameStageTable table = new FrameStageTable();
        InteractionState interaction = new InteractionState();
        FrameTimeline timeline = new FrameTimeline(Clock.SYSTEM, table, interaction);
        SlowMessageSampler sampler = new SlowMessageSampler(Thread.currentThread(), Clock.SYSTEM, 100_000_000L);
        LooperMonitor monitor = new LooperMonitor(null, Clock.SYSTEM, 100, sampler, timeline, batch);
        String dispatch = ">>>>> Dispatching to " + target + " " + callback + ": 0";
        String finished = "<<<<< Finished to " + target + " " + callback;
        double perMessage = median(i -> {
            monitor.println(dispatch);
            monitor.println(finished);
        });
        double perFrameMain = median(i -> {
            monitor.println(dispatch);
            timeline.onTick(1_000_000_000L + i * 16_666_667L, true);
            monitor.println(finished);
        });
        double clockPair = median(i -> {
            sink = System.nanoTime() + System.nanoTime();
        });

        // FrameMetricsReporter itself reads Build.VERSION (native on the JVM): time what it does per report
        // apart from the getMetric array reads: join with the stage table and encode the F record
        FrameRecord record = new FrameRecord();
        record.window = "MainActivity";
        double perFrameMetrics = median(i -> {
            long v = 1_000_000_000L + i * 16_666_667L;
            record.intendedVsyncNs = v;
            record.vsyncNs = v;
            record.endNs = v + 12_000_000L;
            record.inputNs = 400_000L + (i & 1023);
            record.drawNs = 2_000_000L + (i & 4095);
            table.fill(record);
            batch.frame(record);
            if ((i & 255) == 0) {
                batch.drain();
            }
        });
        batch.drain();

        System.out.printf("framework strings per message (any Printer set): %6.0f ns%n", strings);
        System.out.printf("agent Printer per message:                       %6.0f ns%n", perMessage);
        System.out.printf("agent per frame message, main thread (+ tick):   %6.0f ns%n", perFrameMain);
        System.out.printf("agent per frame, FrameMetrics thread (F record): %6.0f ns%n", perFrameMetrics);
        System.out.printf("reference: two System.nanoTime() calls:          %6.0f ns%n", clockPair);
        System.out.printf("sampler wake-ups at --slow-message-ms 100:       %6d per s%n", 1000 / Math.max(10, 100 / 4));
    }
}
