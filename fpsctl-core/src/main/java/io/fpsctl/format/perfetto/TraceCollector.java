package io.fpsctl.format.perfetto;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link PerfettoTraceReader} keeps while it streams, in compact arrays, and how it is put together at the end:
 * FrameTimeline start/end events sorted by time and paired by cookie, atrace begin/end events sorted by time and
 * matched per thread — both as trace_processor does after its trace-wide sort (google/perfetto v58.2,
 * {@code FrameTimelineEventParser}, {@code SliceTracker}). Memory grows with the number of frames and atrace
 * events (about 40 bytes each), not with the file.
 */
final class TraceCollector {

    /** BuiltinClock numbers (protos/perfetto/common/builtin_clock.proto, v58.2). */
    static final int MONOTONIC = 3;
    static final int BOOTTIME = 6;

    /** FrameTimeline event kinds, in {@code FrameTimelineEvent}'s oneof order. */
    static final byte EXPECTED_DISPLAY = 1;
    static final byte ACTUAL_DISPLAY = 2;
    static final byte EXPECTED_SURFACE = 3;
    static final byte ACTUAL_SURFACE = 4;
    static final byte END = 5;
    /** atrace event kinds. */
    private static final byte BEGIN_SLICE = 1;
    private static final byte END_SLICE = 2;
    /** Deeper atrace nesting than this on one thread is not real: the rest is ignored. */
    private static final int MAX_DEPTH = 512;
    private static final int MAX_WARNINGS = 20;

    private final String name;
    private final List<String> warnings = new ArrayList<>();
    private final Set<String> warnedOnce = new HashSet<>();
    private final Map<Integer, String> processes = new HashMap<>();
    private final Map<Integer, Integer> threadTgid = new HashMap<>();
    private final Map<Integer, String> threadNames = new HashMap<>();
    private final Map<Integer, Integer> sequenceClocks = new HashMap<>();
    /** Event index -> sequence, for events whose clock comes from their sequence's defaults and could not be
     * converted when read: trace_processor tokenizes them again at the end of the file (see {@link #frameTimeline}). */
    private final Map<Integer, Integer> deferredSeq = new HashMap<>();
    private final Map<String, String> interned = new HashMap<>();
    private int sdk = -1;
    private long trackEvents;
    private long[] snapMono = new long[4];
    private long[] snapBoot = new long[4];
    private int snaps;
    /** The index of the first snapshot whose MONOTONIC time is below the one before, −1 while none. */
    private int monotonicGoesBack = -1;
    private final Set<Integer> unknownClocks = new LinkedHashSet<>();

    // FrameTimeline events: time, clock, kind; a start's fields in the parallel "start" arrays
    private long[] ftTs = new long[1024];
    private byte[] ftClock = new byte[1024];
    private byte[] ftKind = new byte[1024];
    private long[] ftCookie = new long[1024];
    private int[] ftSnaps = new int[1024]; // clock snapshots read before the event (the ones it may be converted by)
    private int ftCount;
    private final List<Start> starts = new ArrayList<>();
    private int[] startOf = new int[1024]; // event index -> starts index (−1 for ends)

    // atrace B/E events
    private long[] atTs = new long[1024];
    private int[] atTid = new int[1024];
    private int[] atPid = new int[1024];
    private byte[] atKind = new byte[1024];
    private String[] atName = new String[1024];
    private int atCount;

    /**
     * A FrameTimeline start packet's fields, as its {@code FrameTimelineEvent} says them: {@code presentType} and
     * {@code predictionType} 0 when absent, {@code jankSeverityType} and {@code isBuffer} −1 when absent (display
     * frames: −1), {@code layer} null for display frames and "" for a SurfaceFrame without one; {@code valid}: the
     * fields trace_processor requires are all there (cookie, token, pid, and a SurfaceFrame's display frame token).
     */
    record Start(long token, long displayFrameToken, int pid, String layer, int presentType,
                         boolean onTimeFinish, boolean gpuComposition, int jankType, int predictionType,
                         int jankSeverityType, int isBuffer, boolean valid) {
    }

    TraceCollector(String name) {
        this.name = name;
    }

    void warn(String w) {
        if (warnings.size() < MAX_WARNINGS) {
            warnings.add(w);
        }
    }

    void warnOnce(String w) {
        if (warnedOnce.add(w)) {
            warn(w);
        }
    }

    /** A packet held a {@code TrackEvent} (trace_packet.proto {@code track_event} 11), which fpsctl does not read. */
    void trackEvent() {
        trackEvents++;
    }

    void sdk(int v) {
        sdk = v;
    }

    void process(int pid, String cmdline) {
        processes.put(pid, cmdline);
    }

    void thread(int tid, int tgid, String threadName) {
        if (tgid > 0) {
            threadTgid.put(tid, tgid);
        }
        if (threadName != null) {
            threadNames.put(tid, threadName);
        }
    }

    /**
     * A packet of sequence {@code seq} set new {@code TracePacketDefaults}: they replace the sequence's previous ones
     * whole ({@code PacketSequenceStateBuilder::UpdateTracePacketDefaults}, trace_processor v58.2), so defaults
     * without a clock ({@code clock} 0) leave the sequence with none.
     */
    void sequenceDefaults(int seq, int clock) {
        if (clock == 0) {
            sequenceClocks.remove(seq);
        } else {
            sequenceClocks.put(seq, clock);
        }
    }

    /** The sequence's incremental state was cleared: its defaults go with it ({@code OnIncrementalStateCleared}). */
    void clearSequence(int seq) {
        sequenceClocks.remove(seq);
    }

    /** The clock of a packet without its own: its sequence's default, else BOOTTIME (trace_packet.proto). */
    int sequenceClock(int seq) {
        return sequenceClocks.getOrDefault(seq, BOOTTIME);
    }

    void clockSnapshot(long mono, long boot) {
        if (snaps > 0 && mono < snapMono[snaps - 1] && monotonicGoesBack < 0) {
            monotonicGoesBack = snaps;
        }
        if (snaps == snapMono.length) {
            snapMono = Arrays.copyOf(snapMono, snaps * 2);
            snapBoot = Arrays.copyOf(snapBoot, snaps * 2);
        }
        snapMono[snaps] = mono;
        snapBoot[snaps] = boot;
        snaps++;
    }

    /**
     * One FrameTimeline event of sequence {@code seq}, stamped {@code ownClock} (0: the packet set none): its
     * {@code kind} ({@link #EXPECTED_DISPLAY} … {@link #END}), {@code cookie}, and a start's fields ({@code s}, null
     * for an end).
     * <p>Its clock is its own, else its sequence's default, else BOOTTIME. An event trace_processor v58.2 cannot
     * convert when it reads it (no clock snapshot yet, or a clock it cannot convert from yet) is put on
     * {@code eof_deferred_packets_} ({@code ProtoTraceReader::ResolveTimestampToTraceTime}) and tokenized again at
     * the end of the file ({@code OnPushDataToSorter} → {@code TimestampTokenizeAndPushToSorter}), which reads the
     * sequence's defaults afresh: {@code state->current_generation()->GetTracePacketDefaults()}, the ones in force at
     * the end, not those when the packet was read. So such an event of a packet without its own clock takes its
     * sequence's clock at the end ({@link #pairFrameTimeline}); a packet's own clock is the same both times.
     */
    void frameTimeline(long ts, int ownClock, int seq, byte kind, long cookie, Start s) {
        int clock = ownClock != 0 ? ownClock : sequenceClock(seq);
        if (ftCount == ftTs.length) {
            int n = ftCount * 2;
            ftTs = Arrays.copyOf(ftTs, n);
            ftClock = Arrays.copyOf(ftClock, n);
            ftKind = Arrays.copyOf(ftKind, n);
            ftCookie = Arrays.copyOf(ftCookie, n);
            ftSnaps = Arrays.copyOf(ftSnaps, n);
            startOf = Arrays.copyOf(startOf, n);
        }
        ftTs[ftCount] = ts;
        ftClock[ftCount] = (byte) Math.min(clock, 127);
        ftKind[ftCount] = kind;
        ftCookie[ftCount] = cookie;
        ftSnaps[ftCount] = snaps;
        if (ownClock == 0 && clock != BOOTTIME && (snaps == 0 || clock != MONOTONIC || monotonicGoesBack >= 0)) {
            deferredSeq.put(ftCount, seq);
        }
        if (s != null) {
            startOf[ftCount] = starts.size();
            starts.add(s);
        } else {
            startOf[ftCount] = -1;
        }
        ftCount++;
    }

    String intern(String s) {
        return s == null ? null : interned.computeIfAbsent(s, k -> k);
    }

    /** The slice names Macrobenchmark's frame metrics use (androidx FrameTimingQuery), as bytes to test before decoding. */
    private static final byte[] DO_FRAME = "Choreographer#doFrame".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DRAW_FRAME = "DrawFrame".getBytes(StandardCharsets.US_ASCII);
    /** {@code tgid(…)} when the field is not a number. */
    private static final long NOT_A_NUMBER = Long.MIN_VALUE;

    /**
     * One ftrace {@code print}, {@code PrintFtraceEvent.buf} = {@code b[off, off + len)}, read as trace_processor
     * v58.2 reads it ({@code SystraceParser::ParsePrintEvent} → {@code systrace_utils::ParseSystraceTracePoint},
     * systrace_parser.h/.cc), so that the slices are the ones trace_processor stores and androidx's FrameTimingQuery
     * queries:
     * <ul>
     *   <li>text that is not all ASCII first loses its invalid UTF-8 ({@code base::CheckAsciiAndRemoveInvalidUTF8},
     *       {@link #validUtf8});</li>
     *   <li>trailing {@code \n} and {@code \0} are stripped, nothing else (no white space: a name keeps its leading
     *       spaces or tab, so {@code LIKE "Choreographer#doFrame%"} does not take it, as on trace_processor);</li>
     *   <li>fields end at {@code |} or {@code \0}; the phase is the first character of the first field (an empty
     *       first field is a parse failure);</li>
     *   <li>{@code B}: the second field must be a number as {@code base::StringToUInt32} (strtoul over the whole
     *       field) takes it, else the record is a failure and ignored (no begin, so a later {@code E} does not close
     *       the wrong slice); the name is everything after the second field's separator;</li>
     *   <li>any record whose phase is {@code E} ends the thread's innermost open slice ({@code E}, {@code E|pid},
     *       {@code E\0}, {@code Exyz});</li>
     *   <li>{@code C}, {@code S}, {@code F}, {@code I}, {@code N}, {@code G}, {@code H} are not thread slices, and
     *       other phases are failures: all ignored.</li>
     * </ul>
     * Only a name that starts like one the analysis keeps is decoded to a String.
     */
    void print(int tid, long ts, byte[] b, int off, int len) {
        for (int k = off; k < off + len; k++) {
            if (b[k] < 0) {
                byte[] clean = validUtf8(b, off, len);
                b = clean;
                off = 0;
                len = clean.length;
                break;
            }
        }
        int end = off + len;
        while (end > off && (b[end - 1] == '\n' || b[end - 1] == 0)) {
            end--;
        }
        int i = off;
        while (i < end && b[i] != '|' && b[i] != 0) {
            i++;
        }
        if (i == off) {
            return; // an empty phase field: kFailure
        }
        byte phase = b[off];
        if (phase == 'E') {
            addAtrace(ts, tid, -1, END_SLICE, null);
            return;
        }
        if (phase != 'B') {
            return;
        }
        int from = i + 1; // past the separator (beyond end when the phase field ran to the end: an empty tgid)
        int j = from;
        while (j < end && b[j] != '|' && b[j] != 0) {
            j++;
        }
        long tgid = tgid(b, from, Math.max(from, j));
        if (tgid == NOT_A_NUMBER) {
            return; // B without a numeric tgid: kFailure
        }
        int nameAt = j + 1;
        String sliceName = null;
        if (startsWith(b, nameAt, end, DO_FRAME) || startsWith(b, nameAt, end, DRAW_FRAME)) {
            // not interned: each frame's name is its own (the frame id), a map of them would only grow
            String n = new String(b, nameAt, end - nameAt, StandardCharsets.UTF_8);
            sliceName = n.length() > 200 ? n.substring(0, 200) : n;
        }
        addAtrace(ts, tid, (int) tgid, BEGIN_SLICE, sliceName);
    }

    /**
     * {@code b[from, to)} as {@code base::CStringToUInt32} reads it (string_utils.h, v58.2): {@code strtoul} base 10
     * must take the whole field — C white space first, then an optional sign, then at least one digit — and its value
     * is cut to 32 bits; {@link #NOT_A_NUMBER} otherwise (an empty field included).
     */
    private static long tgid(byte[] b, int from, int to) {
        int i = from;
        while (i < to && (b[i] == ' ' || (b[i] >= 0x09 && b[i] <= 0x0d))) {
            i++;
        }
        boolean negative = false;
        if (i < to && (b[i] == '+' || b[i] == '-')) {
            negative = b[i] == '-';
            i++;
        }
        if (i == to) {
            return NOT_A_NUMBER;
        }
        long v = 0;
        boolean saturated = false;
        for (; i < to; i++) {
            byte ch = b[i];
            if (ch < '0' || ch > '9') {
                return NOT_A_NUMBER;
            }
            if (v > (Long.MAX_VALUE - 9) / 10) {
                saturated = true; // strtoul gives ULONG_MAX: all ones in 32 bits
            } else {
                v = v * 10 + (ch - '0');
            }
        }
        if (saturated) {
            return -1;
        }
        return (int) (negative ? -v : v);
    }

    /**
     * {@code b[off, off + len)} without its invalid UTF-8, by the rule of {@code base::CheckAsciiAndRemoveInvalidUTF8}
     * (string_utils.cc, v58.2; RFC 3629): the lead byte says the length (1 to 4; any other lead byte is one invalid
     * byte); a sequence that runs past the end is one invalid byte; an overlong 2-byte lead (below C2), an overlong
     * E0 or F0, a surrogate (ED A0…) or beyond U+10FFFF (F4 90…), or a byte that is no continuation byte makes the
     * whole sequence invalid — and an invalid sequence is dropped with all its bytes, so an ASCII byte after a bad lead
     * byte goes with it (trace_processor's {@code \xC3|} loses the {@code |}).
     */
    static byte[] validUtf8(byte[] b, int off, int len) {
        byte[] out = new byte[len];
        int n = 0;
        int end = off + len;
        int i = off;
        while (i < end) {
            int c = b[i] & 0xff;
            int size;
            boolean valid = true;
            if (c < 0x80) {
                size = 1;
            } else if ((c & 0xe0) == 0xc0) {
                size = 2;
            } else if ((c & 0xf0) == 0xe0) {
                size = 3;
            } else if ((c & 0xf8) == 0xf0) {
                size = 4;
            } else {
                size = 1;
                valid = false;
            }
            if (valid && i + size > end) {
                size = 1;
                valid = false;
            } else if (valid && size > 1) {
                int c2 = b[i + 1] & 0xff;
                if ((size == 2 && c < 0xc2) || (size == 3 && ((c == 0xe0 && c2 < 0xa0) || (c == 0xed && c2 >= 0xa0)))
                        || (size == 4 && ((c == 0xf0 && c2 < 0x90) || (c == 0xf4 && c2 > 0x8f)))) {
                    valid = false;
                }
                for (int k = 1; valid && k < size; k++) {
                    valid = (b[i + k] & 0xc0) == 0x80;
                }
            }
            if (valid) {
                System.arraycopy(b, i, out, n, size);
                n += size;
            }
            i += size;
        }
        return Arrays.copyOf(out, n);
    }

    private static boolean startsWith(byte[] b, int from, int end, byte[] prefix) {
        if (end - from < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (b[from + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private void addAtrace(long ts, int tid, int pid, byte kind, String sliceName) {
        if (atCount == atTs.length) {
            int n = atCount * 2;
            atTs = Arrays.copyOf(atTs, n);
            atTid = Arrays.copyOf(atTid, n);
            atPid = Arrays.copyOf(atPid, n);
            atKind = Arrays.copyOf(atKind, n);
            atName = Arrays.copyOf(atName, n);
        }
        atTs[atCount] = ts;
        atTid[atCount] = tid;
        atPid[atCount] = pid;
        atKind[atCount] = kind;
        atName[atCount] = sliceName;
        atCount++;
    }

    /**
     * The trace's time (BOOTTIME) of {@code ts} on {@code clock}, for an event read after {@code seen} clock snapshots;
     * {@link Long#MIN_VALUE} when it cannot be. As trace_processor v58.2 converts: at tokenize time, with the snapshots
     * read so far ({@code ProtoTraceReader::ResolveTimestampToTraceTime}), deferred to the end of the file when there
     * was none yet (with the clock its sequence's defaults name at the end, when the packet named none: see
     * {@link #frameTimeline}); among them the last whose MONOTONIC time is at or before ts, the first for earlier times
     * ({@code ClockSynchronizer::ConvertSlowpath}: {@code upper_bound(ts) - 1}, clamped). A snapshot whose MONOTONIC
     * time goes back makes the clock non-monotonic there, and MONOTONIC is then no source of conversion
     * ({@code AddSnapshot}): such events are skipped with a warning.
     */
    private long toBoottime(long ts, int clock, int seen) {
        if (clock == BOOTTIME) {
            return ts;
        }
        if (clock == MONOTONIC && snaps > 0) {
            if (monotonicGoesBack >= 0 && (seen == 0 || seen > monotonicGoesBack)) {
                warnOnce("the trace's clock snapshots have CLOCK_MONOTONIC going back: FrameTimeline events stamped "
                        + "MONOTONIC after that were skipped, as trace_processor does");
                return Long.MIN_VALUE;
            }
            int n = seen > 0 ? seen : snaps;
            int i = 0;
            while (i < n && snapMono[i] <= ts) {
                i++;
            }
            int best = Math.max(0, i - 1);
            return ts + (snapBoot[best] - snapMono[best]);
        }
        if (clock == MONOTONIC) {
            warnOnce("FrameTimeline is stamped CLOCK_MONOTONIC (Android 12) but the trace has no clock snapshot: its "
                    + "times are kept as they are");
            return ts;
        }
        unknownClocks.add(clock);
        return Long.MIN_VALUE;
    }

    /** Puts it all together. */
    TraceContents finish(long packets) {
        List<SurfaceFrame> frames = pairFrameTimeline();
        if (!unknownClocks.isEmpty()) {
            warn("FrameTimeline events on clock(s) " + unknownClocks + " were skipped: fpsctl converts only "
                    + "BOOTTIME and MONOTONIC");
        }
        List<AtraceSlice> slices = matchAtrace();
        if (slices.isEmpty() && trackEvents > 0) {
            // AOSP libcutils (tracing_perfetto_internal.cpp, registerWithPerfetto / shouldPreferAtrace): with the
            // perfetto_sdk_tracing flag on, an atrace category that a track_event data source enables goes to the
            // Perfetto SDK's TrackEvent when the atrace category is off (or debug.atrace.prefer_sdk names it); then
            // doFrame/DrawFrame are TrackEvent slices, which trace_processor and Macrobenchmark read and fpsctl
            // does not
            warn("the trace has " + trackEvents + " TrackEvent packet(s) but no Choreographer#doFrame / DrawFrame "
                    + "atrace slice in ftrace: frameOverrunMs and frameDurationCpuMs cannot be computed (atrace "
                    + "written through the Perfetto SDK's track_event is not read; record the gfx and view atrace "
                    + "categories with the linux.ftrace data source)");
        }
        return new TraceContents(name, packets, sdk, snaps, Map.copyOf(processes), Map.copyOf(threadTgid),
                Map.copyOf(threadNames), frames, slices, clocksSeen(), List.copyOf(warnings));
    }

    private Set<Integer> clocksSeen() {
        Set<Integer> c = new LinkedHashSet<>();
        for (int i = 0; i < ftCount; i++) {
            c.add((int) ftClock[i]);
        }
        return c;
    }

    /**
     * trace_processor's FrameTimeline import: events sorted by time (ties in file order), a start opens the slice of
     * its cookie (a later start with the same cookie takes the cookie over), FrameEnd closes it; an expected
     * SurfaceFrame whose (pid, token) had one already is dropped; timestamps below 0 or within 10 s of INT64_MAX
     * are rejected ({@code IsBadTimestamp}).
     */
    private List<SurfaceFrame> pairFrameTimeline() {
        long[] ts = new long[ftCount];
        for (int i = 0; i < ftCount; i++) {
            Integer seq = deferredSeq.isEmpty() ? null : deferredSeq.get(i);
            if (seq != null) { // tokenized again at the end: the sequence's defaults now, all snapshots
                ftClock[i] = (byte) Math.min(sequenceClock(seq), 127);
                ftSnaps[i] = 0;
            }
            ts[i] = toBoottime(ftTs[i], ftClock[i], ftSnaps[i]);
        }
        int[] order = StableOrder.byKey(ts, ftCount);
        long bad = Long.MAX_VALUE - 10_000_000_000L;
        LongIntMap open = new LongIntMap(1024);               // cookie -> event index of its start
        long[] endOf = new long[ftCount];
        Arrays.fill(endOf, -1);
        // (pid, token) -> event index of the expected SurfaceFrame kept for it: the first in time order
        LongIntMap expected = new LongIntMap(ftCount / 4);
        boolean[] kept = new boolean[ftCount];
        long unpaired = 0;
        for (int k = 0; k < ftCount; k++) {
            int i = order[k];
            long t = ts[i];
            if (t == Long.MIN_VALUE || t < 0 || Math.abs(t) >= bad) {
                continue;
            }
            byte kind = ftKind[i];
            if (kind == END) {
                int s = open.remove(ftCookie[i]);
                if (s == LongIntMap.MISSING) {
                    unpaired++;
                } else {
                    endOf[s] = t;
                }
                continue;
            }
            Start s = starts.get(startOf[i]);
            if (!s.valid()) {
                continue;
            }
            open.put(ftCookie[i], i);
            if (kind == EXPECTED_SURFACE && !expected.putIfAbsent(key(s.pid(), s.token()), i)) {
                continue; // a duplicate expected timeline: no slice (its FrameEnd ends nothing)
            }
            kept[i] = true;
        }
        LongIntMap displayEnd = new LongIntMap(ftCount / 4);  // display token -> event index of its actual start
        for (int k = 0; k < ftCount; k++) {
            int i = order[k];
            if (!kept[i]) {
                continue;
            }
            if (ftKind[i] == ACTUAL_DISPLAY && endOf[i] >= 0) {
                displayEnd.putIfAbsent(starts.get(startOf[i]).token(), i);
            }
        }
        List<SurfaceFrame> out = new ArrayList<>();
        long unterminated = 0;
        for (int k = 0; k < ftCount; k++) {
            int i = order[k];
            if (!kept[i] || ftKind[i] != ACTUAL_SURFACE) {
                continue;
            }
            if (endOf[i] < 0) {
                unterminated++;
                continue;
            }
            Start s = starts.get(startOf[i]);
            int e = expected.get(key(s.pid(), s.token()));
            int d = displayEnd.get(s.displayFrameToken());
            out.add(new SurfaceFrame(ts[i], endOf[i] - ts[i], s.pid(), s.token(), s.displayFrameToken(), s.layer(),
                    s.presentType(), s.onTimeFinish(), s.gpuComposition(), s.jankType(), s.predictionType(),
                    s.jankSeverityType(), s.isBuffer(), e == LongIntMap.MISSING ? -1 : ts[e],
                    e == LongIntMap.MISSING ? -1 : endOf[e] < 0 ? -1 : endOf[e] - ts[e],
                    d == LongIntMap.MISSING ? -1 : endOf[d]));
        }
        if (unterminated > 0) {
            warn(unterminated + " actual SurfaceFrame(s) without an end packet (pending when tracing stopped, or "
                    + "lost) are not frames");
        }
        if (unpaired > 0) {
            warn(unpaired + " FrameTimeline end packet(s) without a start were skipped");
        }
        return out;
    }

    private static long key(int pid, long token) {
        return token * 4_194_319L + pid; // a hash key only: collisions need a 2^22-wide pid difference
    }

    /** A thread's open atrace slices (event indices), without boxing each one. */
    private static final class IntStack {
        private int[] items = new int[8];
        private int size;

        void push(int v) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = v;
        }

        int pop() {
            return items[--size];
        }
    }

    /** atrace begin/end events sorted by time (ties in file order), matched per thread as nested slices. */
    private List<AtraceSlice> matchAtrace() {
        long[] ts = Arrays.copyOf(atTs, atCount);
        int[] order = StableOrder.byKey(ts, atCount);
        Map<Integer, IntStack> stacks = new HashMap<>();
        List<AtraceSlice> out = new ArrayList<>();
        int lastTid = 0;
        IntStack stack = null;
        for (int k = 0; k < atCount; k++) {
            int i = order[k];
            if (stack == null || atTid[i] != lastTid) { // events come in runs per thread: look the stack up per run
                lastTid = atTid[i];
                stack = stacks.computeIfAbsent(lastTid, x -> new IntStack());
            }
            if (atKind[i] == BEGIN_SLICE) {
                if (stack.size < MAX_DEPTH) {
                    stack.push(i);
                }
            } else if (stack.size > 0) {
                int b = stack.pop();
                if (atName[b] != null) {
                    int tid = atTid[b];
                    int pid = threadTgid.getOrDefault(tid, atPid[b]);
                    out.add(new AtraceSlice(tid, pid, ts[b], ts[i] - ts[b], atName[b]));
                }
            }
        }
        out.sort((a, b) -> Long.compare(a.ts(), b.ts()));
        return out;
    }
}
