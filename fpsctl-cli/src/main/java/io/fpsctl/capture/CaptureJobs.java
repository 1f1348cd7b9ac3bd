package io.fpsctl.capture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * The jobs of one {@code capture} run (one device × package each), measured concurrently, each on its own thread.
 * Their notes are queued and handed to the caller's thread, which also redraws the progress while they run; a
 * signal stops every job through its {@link Slot}, also one that is still being prepared.
 */
public final class CaptureJobs {

    /** One device × package. */
    public interface Job {
        /** Measures and writes its files, on its own thread; {@code slot} is where it hands its measurement over. */
        void run(Slot slot);

        /** The thread's name suffix, e.g. the package. */
        String name();
    }

    /** The hand-over of one job's measurement between its thread and the thread of a signal. */
    public static final class Slot {
        private volatile Measurement measurement;
        private volatile java.util.function.Consumer<String> stopper;
        private volatile String stopSignal;

        /**
         * The job records without a {@link Measurement} ({@code --source perfetto}): a signal is handed to
         * {@code stop} from now on (one that came already, at once).
         */
        public void stoppable(java.util.function.Consumer<String> stop) {
            stopper = stop;
            String early = stopSignal;
            if (early != null) {
                stop.accept(early);
            }
        }

        /** The job prepared {@code m}: a signal stops it from now on (one that came already stops it at once). */
        public void measuring(Measurement m) {
            measurement = m;
            String early = stopSignal;
            if (early != null) {
                m.session().stop(early); // the signal came while the device was being prepared
            }
        }

        void stop(String signal) {
            stopSignal = signal;
            Measurement m = measurement;
            if (m != null) {
                m.session().stop(signal);
            }
            java.util.function.Consumer<String> s = stopper;
            if (s != null) {
                s.accept(signal);
            }
        }
    }

    /** How often the caller's thread looks at the jobs (notes, progress). */
    private static final long LOOK_MS = 1_000;

    private final Queue<String> notes = new ConcurrentLinkedQueue<>();
    private final List<Slot> slots = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The signal that asked the run to stop, or null. */
    private volatile String stopSignal;

    /** Where jobs (and whatever prepares them) leave one-line notes, from any thread. */
    public Consumer<String> notes() {
        return notes::add;
    }

    /** Stops every job (a signal, any thread). */
    public void stop(String signal) {
        stopSignal = signal;
        for (Slot s : slots) {
            s.stop(signal);
        }
    }

    /**
     * Runs every job on its own thread until all ended. On the caller's thread meanwhile, about once a second:
     * the queued notes go to {@code printNote}, then {@code progress} (null: none) is given the share of
     * {@code duration} that has passed.
     */
    public void run(List<? extends Job> jobs, Duration duration, Consumer<String> printNote, DoubleConsumer progress)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Job j : jobs) {
            Slot slot = new Slot();
            slots.add(slot);
            String early = stopSignal;
            if (early != null) {
                slot.stop(early);
            }
            Thread t = new Thread(() -> j.run(slot), "fpsctl-capture-" + j.name());
            t.start();
            threads.add(t);
        }
        long started = System.nanoTime();
        for (Thread t : threads) {
            while (t.isAlive()) {
                t.join(LOOK_MS);
                drain(printNote);
                if (progress != null) {
                    progress.accept(Math.min(1.0, (System.nanoTime() - started) / (double) duration.toNanos()));
                }
            }
        }
        drain(printNote);
    }

    private void drain(Consumer<String> printNote) {
        String n;
        while ((n = notes.poll()) != null) {
            printNote.accept(n);
        }
    }
}
