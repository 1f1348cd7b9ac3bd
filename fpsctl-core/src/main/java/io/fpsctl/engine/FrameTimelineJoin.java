package io.fpsctl.engine;

import java.util.ArrayDeque;
import java.util.List;

/**
 * One engine's side of the FrameTimeline join (docs/metrics.md 10): the attribution its counted rendered frames go
 * to with the app's pid (the join key beside the token), the verdicts it settled and the listener has not had yet,
 * and for a re-analysed frames CSV the verdicts its rows recorded. Part of {@link FrameEngine}, whose FrameTimeline
 * methods delegate here.
 */
final class FrameTimelineJoin {
    private final FrameEngine.Listener listener;
    private FrameTimelineAttribution attribution;
    /** The app's pid as the source last printed it; null = unknown. */
    private AppPid appPid;
    /** The FrameTimeline verdicts recorded in a frames CSV (re-analysis), and whether any row had one. */
    private final FrameTimelineTally recorded = new FrameTimelineTally();
    private boolean anyRecorded;
    /** Verdicts settled (when FrameTimeline was polled, between two blocks) and not yet given to the listener. */
    private final ArrayDeque<Settled> settled = new ArrayDeque<>();

    private record Settled(long sequence, FrameTimelineVerdict verdict) {
    }

    FrameTimelineJoin(FrameEngine.Listener listener) {
        this.listener = listener;
    }

    /** Joins with {@code a} from now on (null: stops); one replaced settles what it still holds as unattributed. */
    void attach(FrameTimelineAttribution a) {
        FrameTimelineAttribution old = this.attribution;
        this.attribution = a;
        if (old != null && old != a) {
            old.finish(); // the frames it still holds get their (unattributed) verdict
            deliver();
        }
    }

    /** Whether rendered frames are joined (their verdict is awaited). */
    boolean attached() {
        return attribution != null;
    }

    AppPid appPid() {
        return appPid;
    }

    void appPid(AppPid pid) {
        this.appPid = pid;
    }

    /** A counted rendered frame of {@code window} goes to the join, on its {@code FrameTimelineVsyncId} and pid. */
    void join(long frameTimelineVsyncId, String window, FrameEngine.FrameRef ref) {
        FrameTimelineAttribution a = attribution;
        if (a != null) {
            a.renderedFrame(frameTimelineVsyncId, appPid, window, ref);
        }
    }

    /** The attribution settled frame {@code sequence}: queued for {@link #deliver}. */
    void settled(long sequence, FrameTimelineVerdict verdict) {
        settled.add(new Settled(sequence, verdict));
    }

    /** Gives the queued verdicts to the listener, after the block or poll that settled them. */
    void deliver() {
        Settled v;
        while ((v = settled.poll()) != null) {
            listener.frameTimeline(v.sequence(), v.verdict());
        }
    }

    /**
     * A CSV row's recorded verdict (null: none): counted as a live capture counted it (a row without one as
     * unattributed), and given to the listener at once.
     */
    void recorded(long sequence, FrameTimelineVerdict v) {
        recorded.add(v == null ? FrameTimelineVerdict.UNATTRIBUTED : v);
        if (v != null) {
            anyRecorded = true;
            listener.frameTimeline(sequence, v);
        }
    }

    /**
     * The summary's {@code frameTimeline}: the attribution's (its warnings added to {@code warnings}, the verdicts it
     * settled delivered), else the recorded verdicts' when a row had one, else null.
     */
    FrameTimelineSummary summary(List<String> warnings) {
        FrameTimelineAttribution a = attribution;
        if (a != null) {
            FrameTimelineSummary ft = a.summary();
            deliver();
            warnings.addAll(ft.warnings());
            return ft;
        }
        return anyRecorded ? recorded.summary(List.of()) : null; // a re-analysed CSV: null unless a row had one
    }
}
