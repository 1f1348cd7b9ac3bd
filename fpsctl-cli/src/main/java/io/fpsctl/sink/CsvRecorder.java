package io.fpsctl.sink;

import io.fpsctl.format.FrameCsv;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LiveWindow;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * An engine listener that records frames to a {@link FrameCsv} and live windows to a {@link WindowCsv} (either
 * may be null) and passes windows and overflows on to a display. Write failures surface as
 * {@link UncheckedIOException} from the engine call.
 *
 * <p>A frame that {@linkplain FrameResult#awaitsVerdict() awaits} its FrameTimeline verdict is held (as a copy of
 * its cells) until the verdict arrives, so its row carries {@code jankTypes} and {@code presentState}. Rows are
 * written strictly in frame order: a row whose verdict came, or that needs none, waits behind an older one still
 * waiting. At most {@value #MAX_HELD} rows are held (FrameTimeline's own bound on waiting frames); beyond that
 * the oldest is written with empty FrameTimeline cells and its late verdict is ignored. {@link #close()} writes
 * every held row (those still waiting with empty cells): call it when the capture ends, however it ends (duration,
 * signal, device lost, error), after the engine's summary (which delivers the last verdicts) and before the
 * files are closed. The verdicts of one recorder's frames must come from one engine (their sequences are its).
 */
public final class CsvRecorder implements FrameEngine.Listener, Closeable {
    /** Rows held at most while their verdicts are awaited (FrameTimelineAttribution's MAX_PENDING). */
    static final int MAX_HELD = 8192;

    private final FrameCsv frames;
    private final WindowCsv windows;
    private final String device;
    private final UnaryOperator<String> packageOfWindow;
    private final Consumer<LiveWindow> onWindow;
    private final Consumer<String> onOverflow;
    /** Rows not written yet, oldest first; the first one (if any) always awaits its verdict. */
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    /** The held rows still awaiting their verdict, by the frame's sequence. */
    private final Map<Long, Held> awaiting = new HashMap<>();
    private boolean closed;
    /** A write that failed while a verdict was delivered (thrown by the next frame or by close). */
    private IOException failure;

    /** A row not written yet: its cells, and its verdict once known. */
    private static final class Held {
        final long sequence;
        final String[] row;
        boolean awaits;
        FrameTimelineVerdict verdict;

        Held(long sequence, String[] row, boolean awaits) {
            this.sequence = sequence;
            this.row = row;
            this.awaits = awaits;
        }
    }

    public CsvRecorder(FrameCsv frames, WindowCsv windows, String device, String packageName,
                       Consumer<LiveWindow> onWindow, Consumer<String> onOverflow) {
        this(frames, windows, device, w -> packageName, onWindow, onOverflow);
    }

    /** Frames only, each row's package taken from its window's name by {@code packageOfWindow} (analyze). */
    public CsvRecorder(FrameCsv frames, String device, UnaryOperator<String> packageOfWindow) {
        this(frames, null, device, packageOfWindow, null, null);
    }

    private CsvRecorder(FrameCsv frames, WindowCsv windows, String device, UnaryOperator<String> packageOfWindow,
                        Consumer<LiveWindow> onWindow, Consumer<String> onOverflow) {
        this.frames = frames;
        this.windows = windows;
        this.device = device;
        this.packageOfWindow = packageOfWindow;
        this.onWindow = onWindow == null ? w -> { } : onWindow;
        this.onOverflow = onOverflow == null ? w -> { } : onOverflow;
    }

    @Override
    public void frame(FrameResult r) {
        if (frames == null) {
            return;
        }
        if (failure != null) {
            throw new UncheckedIOException(failure);
        }
        try {
            boolean awaits = r.awaitsVerdict() && !closed;
            if (!awaits && held.isEmpty()) {
                frames.write(device, packageOfWindow.apply(r.window()), r); // nothing older waits: straight out, nothing copied
                return;
            }
            Held h = new Held(r.sequence(), frames.row(device, packageOfWindow.apply(r.window()), r), awaits);
            held.addLast(h);
            if (awaits) {
                awaiting.put(h.sequence, h);
            }
            while (held.size() > MAX_HELD) {
                writeOldest();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A held frame's verdict: its row, and the settled ones behind it, are written. A write failure here does not
     * throw (verdicts also arrive while the summary is made): the next frame or {@link #close()} throws it.
     */
    @Override
    public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
        Held h = awaiting.remove(sequence);
        if (h == null) {
            return; // already written (held too long) or not a frame of this recorder
        }
        h.awaits = false;
        h.verdict = verdict;
        if (failure != null) {
            return;
        }
        try {
            writeSettled();
        } catch (IOException e) {
            failure = e;
        }
    }

    /** Writes the oldest held row whatever its state (empty FrameTimeline cells while it awaits), then what follows. */
    private void writeOldest() throws IOException {
        Held h = held.pollFirst();
        if (h.awaits) {
            awaiting.remove(h.sequence);
        }
        frames.write(h.row, h.verdict);
        writeSettled();
    }

    /** Writes the held rows from the oldest on up to the first that still awaits its verdict. */
    private void writeSettled() throws IOException {
        while (!held.isEmpty() && !held.peekFirst().awaits) {
            Held h = held.pollFirst();
            frames.write(h.row, h.verdict);
        }
    }

    /** Rows held now (for tests). */
    int heldRows() {
        return held.size();
    }

    @Override
    public void window(LiveWindow w) {
        if (windows != null) {
            try {
                windows.write(w);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        onWindow.accept(w);
    }

    @Override
    public void overflow(String window) {
        onOverflow.accept(window);
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }

    /**
     * Writes every held row, in order, those still awaiting a verdict with empty FrameTimeline cells, and flushes
     * both files; later verdicts are ignored and later frames written at once. Does not close the files (their
     * owner does). Throws a write failure that happened while a verdict was delivered. Only the first call acts.
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (failure != null) {
            held.clear();
            awaiting.clear();
            throw failure;
        }
        while (!held.isEmpty()) {
            writeOldest();
        }
        awaiting.clear();
        if (frames != null) {
            frames.flush();
        }
        if (windows != null) {
            windows.flush();
        }
    }
}
