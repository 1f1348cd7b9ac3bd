package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.LayerFrame;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * SurfaceFlinger's {@code FrameTracker} for one layer (docs/formats.md 5.2): the last 127 latched buffers,
 * printed oldest → newest, with {@code 0 0 0} for never-used slots and INT64_MAX for fences still pending
 * at dump time. Also hands each buffer to the truth sink once all its fences have signalled. Bounded memory.
 */
final class LayerTracker {

    static final int ROWS = 127;
    private static final int KEEP = ROWS + 16;

    private final ArrayDeque<LayerFrame> records = new ArrayDeque<>();
    private final ArrayDeque<LayerFrame> unsettled = new ArrayDeque<>();

    /** Records a buffer (it becomes visible at its latch time). */
    void add(LayerFrame f) {
        records.addLast(f);
        unsettled.addLast(f);
        while (records.size() > KEEP) {
            records.removeFirst();
        }
    }

    /** {@code --latency-clear}: forgets every buffer latched so far. */
    void clear(long now) {
        records.removeIf(f -> f.latchTime() <= now);
    }

    /** Passes buffers whose fences have all signalled by {@code now} to {@code sink}, in order. */
    void settle(long now, Consumer<LayerFrame> sink) {
        while (!unsettled.isEmpty() && unsettled.peekFirst().isSettledAt(now)) {
            sink.accept(unsettled.removeFirst());
        }
    }

    /** Drops buffers that will never be presented (the process died). */
    void abandonUnsettled() {
        unsettled.clear();
    }

    /** The 127 {@code desired\tactual\tready} rows as seen at {@code now}. */
    List<String> rows(long now) {
        List<LayerFrame> visible = new ArrayList<>();
        for (LayerFrame f : records) {
            if (f.latchTime() <= now) {
                visible.add(f);
            }
        }
        int from = Math.max(0, visible.size() - ROWS);
        List<String> out = new ArrayList<>(ROWS);
        for (int i = visible.size() - from; i < ROWS; i++) {
            out.add("0\t0\t0");
        }
        for (Iterator<LayerFrame> it = visible.listIterator(from); it.hasNext(); ) {
            LayerFrame f = it.next();
            long desired = f.desiredPresent();
            long actual = f.actualPresent() <= now ? f.actualPresent() : Long.MAX_VALUE;
            long ready = f.frameReady() <= now ? f.frameReady() : Long.MAX_VALUE;
            out.add(desired + "\t" + actual + "\t" + ready);
        }
        return out;
    }
}
