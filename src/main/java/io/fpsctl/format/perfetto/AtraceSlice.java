package io.fpsctl.format.perfetto;

/**
 * A complete atrace slice ({@code B|pid|name} … {@code E|pid} through ftrace's {@code print} event, or a track
 * event slice) on one thread. Only the slices Macrobenchmark's frame metrics use are kept
 * ({@code Choreographer#doFrame …}, {@code DrawFrame…}).
 *
 * @param tid  the thread that wrote it
 * @param pid  its process (the thread's tgid; the {@code B|pid|…} pid when the thread is not in the process records)
 * @param ts   start, ns (BOOTTIME)
 * @param dur  length, ns
 * @param name the slice's name as written
 */
public record AtraceSlice(int tid, int pid, long ts, long dur, String name) {

    /** {@code ts + dur}. */
    public long end() {
        return ts + dur;
    }
}
