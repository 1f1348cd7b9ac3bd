package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Joins frames with SurfaceFlinger's FrameTimeline SurfaceFrames and attributes their jank (METRICS.md section 9).
 * Pure, no I/O.
 *
 * <ul>
 *   <li>gfxinfo / agent frames (Android 12+): {@link #renderedFrame} joins on (Token, Owner Pid) = (the frame's
 *       {@code FrameTimelineVsyncId}, the app's pid when the frame was read) — METRICS.md 9 rev 3. Of several
 *       SurfaceFrames with that key, one with {@code Is Buffer?: 1} wins, then one whose layer is named after the
 *       frame's window. Only when the pid is not known (a saved dump without its pid line) are layer names the key:
 *       the SurfaceFrame's layer, without SurfaceFlinger's {@code TX - } prefix, must start with the window's name.
 *       Frames and SurfaceFrames may arrive in either order: a frame waits until its SurfaceFrame arrives or until
 *       {@link #horizon} says it can no longer arrive (then it is {@code unattributed}); {@link #finish} settles
 *       the rest.</li>
 *   <li>SurfaceFlinger-source frames (games): {@link #followLayer} makes every buffer SurfaceFrame of that layer
 *       (compared without {@code TX - } and {@code #id}) and of the app's pids ({@link #appPid}) count as one
 *       attributed frame (the game's buffers are the layer's SurfaceFrames).</li>
 * </ul>
 * A SurfaceFrame without a vsync id ({@code Token: -1}, {@code Prediction State : None}) joins nothing. SurfaceFrames
 * are de-duplicated on (Token, layer, pid, buffer), so overlapping polls of the ring count once. Memory is bounded:
 * at most {@value #MAX_TOKENS} tokens and {@value #MAX_PENDING} waiting frames are kept (the oldest are settled).
 * Not thread-safe.
 */
public final class FrameTimelineAttribution {

    /** SurfaceFrames kept for a late-arriving frame; 8 s of tokens at 144 Hz × several layers. */
    static final int MAX_TOKENS = 8192;
    /** Frames waiting for their SurfaceFrame. */
    static final int MAX_PENDING = 8192;
    private static final int MAX_UNKNOWN_WARNINGS = 20;

    /** Called once per joined (or finally unattributed) frame with the caller's handle and the verdict. */

    private final FrameTimelineTally tally = new FrameTimelineTally();
    private FrameTimelineTally recent = new FrameTimelineTally();
    private final Map<Long, List<SurfaceFrameRecord>> byToken = new LinkedHashMap<>();
    private final TreeMap<Long, List<Pending>> pending = new TreeMap<>();
    private final Set<String> unknownStrings = new LinkedHashSet<>();
    private final List<String> warnings = new ArrayList<>();
    private final BiConsumer<Object, FrameTimelineVerdict> listener;
    private int pendingCount;
    /** The pids the app has had (a restart adds one); the game's SurfaceFrames are those of these pids. */
    private final Set<Integer> appPids = new LinkedHashSet<>();
    /** SurfaceFrames of the followed layer from a pid not (yet) known as the app's, kept until it is. */
    private final List<SurfaceFrameRecord> strangers = new ArrayList<>();
    private int strangerPid = -1;
    private String followedLayer;
    private String followedPrefix;
    private long surfaceFrames;
    private boolean closed;

    private record Pending(long token, AppPid pid, String window, Object handle) {
    }

    /** @param listener told each frame's verdict once it is settled (for per-frame CSV columns); may be null */
    @SuppressWarnings("unchecked")
    public <T> FrameTimelineAttribution(BiConsumer<T, FrameTimelineVerdict> listener) {
        this.listener = listener == null ? (h, v) -> { } : (BiConsumer<Object, FrameTimelineVerdict>) listener;
    }

    /** Settled verdicts go back to the engines that handed in the frames ({@link FrameEngine.Listener#frameTimeline}). */
    public FrameTimelineAttribution() {
        this((Object handle, FrameTimelineVerdict v) -> {
            if (handle instanceof FrameEngine.FrameRef ref) {
                ref.engine().settled(ref.sequence(), v);
            }
        });
    }

    /**
     * A pid of the app ({@code pidof}, read again after a restart): the followed layer's SurfaceFrames of this pid
     * count, those already read included. Frames handed to {@link #renderedFrame} carry their own pid.
     */
    public void appPid(AppPid pid) {
        if (!appPids.add(pid.value())) {
            return;
        }
        if (strangerPid == pid.value()) {
            strangerPid = -1;
        }
        for (Iterator<SurfaceFrameRecord> it = strangers.iterator(); it.hasNext(); ) {
            SurfaceFrameRecord r = it.next();
            if (pid.owns(r)) {
                it.remove();
                settle(null, verdictOf(r));
            }
        }
    }

    /**
     * A pid seen on the followed layer's SurfaceFrames that is not one of the app's (the app may have restarted:
     * read its pid again), or −1.
     */
    public int strangerPid() {
        return strangerPid;
    }

    /**
     * SurfaceFlinger source: every buffer SurfaceFrame of {@code layer} counts, compared without SurfaceFlinger's
     * {@code TX - } prefix and, when the names differ, without the {@code #id} suffix; only the app's pids count
     * once one is known ({@link #appPid}).
     */
    public void followLayer(String layer) {
        this.followedLayer = SurfaceFrameRecord.withoutTransactionPrefix(layer);
    }

    /**
     * A FrameTimeline dump analysed on its own (no pid to go by): every buffer SurfaceFrame whose layer, without
     * {@code TX - }, starts with {@code prefix} (every buffer SurfaceFrame when null) counts as one attributed frame.
     */
    public void followAll(String prefix) {
        this.followedPrefix = prefix == null ? "" : prefix;
    }

    /**
     * One SurfaceFrame from a dump. Returns false when it was seen before (same Token, layer, pid and buffer), or
     * when it has no vsync id (it joins nothing).
     */
    public boolean surfaceFrame(SurfaceFrameRecord r) {
        if (r.withoutToken()) {
            return false;
        }
        List<SurfaceFrameRecord> same = byToken.get(r.token());
        if (same != null) {
            for (SurfaceFrameRecord s : same) {
                if (s.layer().equals(r.layer()) && s.ownerPid() == r.ownerPid() && s.buffer() == r.buffer()) {
                    return false;
                }
            }
        } else {
            same = new ArrayList<>(2);
            byToken.put(r.token(), same);
            if (byToken.size() > MAX_TOKENS) {
                Iterator<Long> it = byToken.keySet().iterator();
                it.next();
                it.remove();
            }
        }
        same.add(r);
        surfaceFrames++;
        if (r.buffer()) {
            follow(r);
        }
        List<Pending> waiting = pending.get(r.token());
        if (waiting != null) {
            for (Iterator<Pending> it = waiting.iterator(); it.hasNext(); ) {
                Pending p = it.next();
                SurfaceFrameRecord match = choose(same, p.pid(), p.window(), false);
                if (match != null) {
                    it.remove();
                    pendingCount--;
                    settle(p.handle(), verdictOf(match));
                }
            }
            if (waiting.isEmpty()) {
                pending.remove(r.token());
            }
        }
        return true;
    }

    /** A buffer SurfaceFrame counts on its own when it is the followed layer's (of the app) or under the prefix. */
    private void follow(SurfaceFrameRecord r) {
        if (followedPrefix != null && r.layerName().startsWith(followedPrefix)) {
            settle(null, verdictOf(r));
        } else if (followedLayer != null && sameLayer(r.layerName(), followedLayer)) {
            if (appPids.isEmpty() || appPids.contains(r.ownerPid())) {
                settle(null, verdictOf(r));
            } else if (strangers.size() < MAX_PENDING) {
                strangers.add(r);
                strangerPid = r.ownerPid();
            }
        }
    }

    /**
     * A rendered frame (gfxinfo or agent) with its {@code FrameTimelineVsyncId}. It is settled now when its
     * SurfaceFrame is known, else later. A vsync id ≤ 0 (no FrameTimeline, Android ≤ 11 or an invalid id) is
     * unattributed at once.
     *
     * @param pid    the app's pid when the frame was read (the join key with the token); null when not known (a
     *               saved dump without its pid line: the window's name is the key then)
     * @param window the gfxinfo window name (the key without a pid; a tie-break between SurfaceFrames with it)
     * @param handle the caller's handle, passed back to the listener
     */
    public void renderedFrame(long vsyncId, AppPid pid, String window, Object handle) {
        if (vsyncId <= 0 || closed) {
            settle(handle, FrameTimelineVerdict.UNATTRIBUTED);
            return;
        }
        List<SurfaceFrameRecord> same = byToken.get(vsyncId);
        SurfaceFrameRecord match = same == null ? null : choose(same, pid, window, false);
        if (match != null) {
            settle(handle, verdictOf(match));
            return;
        }
        pending.computeIfAbsent(vsyncId, k -> new ArrayList<>(1)).add(new Pending(vsyncId, pid, window, handle));
        pendingCount++;
        while (pendingCount > MAX_PENDING) {
            settleOldestPending();
        }
    }

    /**
     * The oldest Token still in SurfaceFlinger's ring at the latest poll: frames waiting on an older token will
     * never see their SurfaceFrame and are settled as unattributed.
     */
    public void horizon(long oldestTokenInRing) {
        while (!pending.isEmpty() && pending.firstKey() < oldestTokenInRing) {
            settleOldestPending();
        }
    }

    /**
     * No SurfaceFrame will come (the device refuses the dump): every waiting frame and every later one is settled
     * as unattributed at once, so nothing waits for a verdict.
     */
    public void close() {
        closed = true;
        finish();
    }

    /** SurfaceFrames come again after {@link #close}: later frames wait for theirs again. */
    public void reopen() {
        closed = false;
    }

    /** Settles every waiting frame as unattributed (end of capture). */
    public void finish() {
        while (!pending.isEmpty()) {
            settleOldestPending();
        }
    }

    /**
     * The verdicts settled since the previous call (the live view's per-window figures: they lag the frames by
     * about one FrameTimeline poll).
     */
    public FrameTimelineTally drainRecent() {
        FrameTimelineTally r = recent;
        recent = new FrameTimelineTally();
        return r;
    }

    /** SurfaceFrames accepted so far (after de-duplication). */
    public long surfaceFrames() {
        return surfaceFrames;
    }

    /** Adds a note to the summary's warnings. */
    public void warn(String message) {
        warnings.add(message);
    }

    /** The {@code frameTimeline} object over the frames settled so far. */
    public FrameTimelineSummary summary() {
        List<String> all = new ArrayList<>(warnings);
        for (String s : unknownStrings) {
            all.add("FrameTimeline: unknown jank type \"" + s + "\" counted as unknown");
        }
        return tally.summary(all);
    }

    /**
     * The verdict of one SurfaceFrame: its printed types as keys ({@code Present State : Dropped} adding
     * {@code dropped}), blamed by {@link FrameTimelineVerdict#blameOf}: Perfetto's jank tag (docs/metrics.md 10 rev 4).
     */
    public FrameTimelineVerdict verdictOf(SurfaceFrameRecord r) {
        EnumSet<FrameTimelineJankType> types = EnumSet.noneOf(FrameTimelineJankType.class);
        for (String s : r.jankTypes()) {
            if (s.isEmpty() || s.equals(FrameTimelineJankType.NONE)) {
                continue;
            }
            FrameTimelineJankType t = FrameTimelineJankType.ofPrinted(s);
            if (t == null) {
                t = FrameTimelineJankType.UNKNOWN;
                if (unknownStrings.size() < MAX_UNKNOWN_WARNINGS) {
                    unknownStrings.add(s);
                }
            }
            types.add(t);
        }
        if (r.dropped()) {
            types.add(FrameTimelineJankType.DROPPED);
        }
        return new FrameTimelineVerdict(true, types, r.presentState(),
                FrameTimelineVerdict.blameOf(types, r.presentState()));
    }

    private void settleOldestPending() {
        Map.Entry<Long, List<Pending>> first = pending.firstEntry();
        Pending p = first.getValue().remove(0);
        if (first.getValue().isEmpty()) {
            pending.remove(first.getKey());
        }
        pendingCount--;
        List<SurfaceFrameRecord> same = byToken.get(p.token());
        SurfaceFrameRecord bufferless = same == null ? null : choose(same, p.pid(), p.window(), true);
        settle(p.handle(), bufferless == null ? FrameTimelineVerdict.UNATTRIBUTED : verdictOf(bufferless));
    }

    private void settle(Object handle, FrameTimelineVerdict v) {
        tally.add(v);
        recent.add(v);
        if (handle != null) {
            listener.accept(handle, v);
        }
    }

    /**
     * The SurfaceFrame a frame joins among those with its token: with a pid, those of that pid, a buffer one first,
     * then one named after the window; without a pid, those whose layer (without {@code TX - }) starts with the
     * window's name, a buffer one first. A bufferless one only when {@code bufferless}: a rendered frame always made
     * a buffer, whose SurfaceFrame may come in a later display frame than a transaction with the same token, so the
     * frame waits for it and takes the bufferless one only when it is settled without it.
     */
    private static SurfaceFrameRecord choose(List<SurfaceFrameRecord> candidates, AppPid pid, String window,
                                             boolean bufferless) {
        SurfaceFrameRecord best = null;
        int bestScore = -1;
        for (SurfaceFrameRecord c : candidates) {
            boolean named = window != null && !window.isEmpty() && c.layerName().startsWith(window);
            if ((pid != null ? !pid.owns(c) : !named) || (!c.buffer() && !bufferless)) {
                continue;
            }
            int score = (c.buffer() ? 2 : 0) + (named ? 1 : 0);
            if (score > bestScore) {
                best = c;
                bestScore = score;
            }
        }
        return best;
    }

    private static boolean sameLayer(String printed, String layer) {
        if (printed.equals(layer)) {
            return true;
        }
        int hash = layer.lastIndexOf('#');
        String base = hash > 0 ? layer.substring(0, hash) : layer;
        int printedHash = printed.lastIndexOf('#');
        String printedBase = printedHash > 0 ? printed.substring(0, printedHash) : printed;
        return printedBase.equals(base);
    }
}
