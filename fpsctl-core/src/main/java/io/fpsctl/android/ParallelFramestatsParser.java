package io.fpsctl.android;

import io.fpsctl.text.RejectedRows;

import io.fpsctl.engine.Frame;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.android.FramestatsColumns.Field;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * {@link FramestatsParser} on several cores, with the same result. One {@link FramestatsParser} reads the dump in
 * order and keeps every rule (windows, markers, headers, text); this class sits between it and the input. When a
 * {@code ---PROFILEDATA---} block's rows run longer than a piece (1 MiB), they are cut at newlines into pieces that
 * worker threads parse — each with its own {@link FramestatsParser}, given the block's header line in front — and
 * the frames go to the sink in file order, between the block's start and end, before the parser sees the closing
 * marker. Inside a block after its header every row is parsed on its own (no state but the header's columns), so
 * the pieces join exactly — except which of the two interval columns holds the interval (the METRICS.md 1.2 label
 * swap), which the block's first row with both values decides: workers hand over both values and this class
 * decides, in file order, with the in-order parser's {@link FramestatsColumns} of the block.
 * {@code ParallelFramestatsParserTest} checks it all against the single-threaded parse.
 * The first piece of a block is looked at line by line (a shorter block goes to the parser as it is); later pieces
 * are cut without looking, and a worker whose piece holds the closing marker sends the reading back to that line.
 *
 * <p>Dumps with no block that long (every real capture: a ring holds 120 rows) take the single-threaded path,
 * as do blocks without a header and anything after a line longer than 1 MiB. At most {@code threads + 1} pieces
 * are in flight, in reused buffers, so memory stays bounded whatever the file size.
 */
public final class ParallelFramestatsParser {
    /** Row bytes per piece: ~4 000 rows, big enough that a worker's start-up cost does not matter. */
    static final int PIECE_BYTES = 1 << 20;
    /** A line longer than this ends the splitting (the rest of the input goes to the parser as it is). */
    private static final int MAX_LINE = 1 << 20;
    private static final byte[] MARKER_LINE = "---PROFILEDATA---\n".getBytes(StandardCharsets.US_ASCII);

    private final FrameSink sink;
    private final Consumer<String> text;
    private final int threads;
    private final int pieceBytes;
    private RejectedRows rejected = new RejectedRows();

    /** Parses on every available core. */
    public ParallelFramestatsParser(FrameSink sink, Consumer<String> text) {
        this(sink, text, Runtime.getRuntime().availableProcessors(), PIECE_BYTES);
    }

    /** Tests use tiny pieces, so that small dumps are cut too. */
    ParallelFramestatsParser(FrameSink sink, Consumer<String> text, int threads, int pieceBytes) {
        this.sink = sink;
        this.text = text;
        this.threads = threads;
        this.pieceBytes = pieceBytes;
    }

    /** The rows the last {@link #parse} rejected as impossible, like {@link FramestatsParser#rejected}. */
    public RejectedRows rejected() {
        return rejected;
    }

    /** Reads the whole stream, like {@link FramestatsParser#parse}; the caller closes it. */
    public FramestatsDump parse(InputStream in) throws IOException {
        if (threads < 2) {
            FramestatsParser p = new FramestatsParser(sink, text);
            rejected = p.rejected();
            return p.parse(in);
        }
        Relay relay = new Relay(sink);
        Splitter splitter = new Splitter(in, relay);
        try {
            FramestatsParser reader = new FramestatsParser(relay, text);
            rejected = reader.rejected();
            splitter.reader = reader;
            FramestatsDump d = reader.parse(splitter);
            return new FramestatsDump(d.blocks(), d.rows() + splitter.rows, d.malformedRows() + splitter.malformed,
                    d.windows(), d.columns(), d.gfxinfoText());
        } finally {
            splitter.close();
        }
    }

    /**
     * Passes every {@link FrameSink} call on (each method is overridden: a default left in place would drop the
     * call, as {@code gpuColumn} once was — the live GPU-pending rule then never applied in parallel) and remembers
     * the window of the block in progress.
     */
    private static final class Relay implements FrameSink {
        private final FrameSink sink;
        String window;

        Relay(FrameSink sink) {
            this.sink = sink;
        }

        @Override
        public void blockStart(String w) {
            window = w;
            sink.blockStart(w);
        }

        @Override
        public void gpuColumn(boolean present) {
            sink.gpuColumn(present);
        }

        @Override
        public void period(long periodNs) {
            sink.period(periodNs);
        }

        @Override
        public void frame(Frame frame) {
            sink.frame(frame);
        }

        @Override
        public void blockEnd() {
            sink.blockEnd();
        }
    }

    /**
     * One piece and what a worker made of it: the frames' values, 17 longs each (every field of
     * {@link RenderedFrame} but the window, with both interval columns' values in place of the interval: a new field
     * must be added here too, the equality test catches it). Slots are reused, so the
     * in-flight pieces do not become garbage that survives young collections (peak memory stays flat).
     * {@code bytes} holds a marker line, the block's header line, the rows {@code [rowsStart, rowsEnd)} and a closing
     * marker line; when the rows held the block's real closing marker, the worker's parser saw two blocks.
     */
    private static final class Slot implements FrameSink, FramestatsParser.RowValues {
        private static final int LONGS = 17;
        byte[] bytes = new byte[0];
        int length;
        int rowsStart;
        int rowsEnd;
        String window;
        boolean closed;
        long[] values = new long[LONGS * 1024];
        int count;
        long rows;
        long malformed;

        /** Parses {@code bytes[0..length)}: a marker line, the block's header line, then rows only. */
        Slot parse() throws IOException {
            count = 0;
            FramestatsDump d = FramestatsParser.ofValues(this, this).parse(new ByteArrayInputStream(bytes, 0, length));
            rows = d.rows();
            malformed = d.malformedRows();
            closed = d.blocks() > 1;
            return this;
        }

        @Override
        public void frame(Frame f) {
            throw new IllegalStateException("rows come as values"); // FramestatsParser.RowValues
        }

        @Override
        public void row(FramestatsColumns c, long[] row) {
            if (values.length < (count + 1) * LONGS) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            long[] v = values;
            int i = count++ * LONGS;
            v[i] = c.value(row, Field.FLAGS);
            v[i + 1] = c.value(row, Field.INTENDED_VSYNC);
            v[i + 2] = c.value(row, Field.VSYNC);
            v[i + 3] = c.value(row, Field.HANDLE_INPUT_START);
            v[i + 4] = c.value(row, Field.ANIMATION_START);
            v[i + 5] = c.value(row, Field.PERFORM_TRAVERSALS_START);
            v[i + 6] = c.value(row, Field.DRAW_START);
            v[i + 7] = c.value(row, Field.SYNC_QUEUED);
            v[i + 8] = c.value(row, Field.SYNC_START);
            v[i + 9] = c.value(row, Field.ISSUE_DRAW_COMMANDS_START);
            v[i + 10] = c.value(row, Field.SWAP_BUFFERS);
            v[i + 11] = c.value(row, Field.FRAME_COMPLETED);
            v[i + 12] = c.value(row, Field.GPU_COMPLETED);
            v[i + 13] = c.value(row, Field.FRAME_DEADLINE);
            v[i + 14] = c.value(row, Field.FRAME_INTERVAL);
            v[i + 15] = c.value(row, Field.FRAME_TIMELINE_VSYNC_ID);
            v[i + 16] = c.value(row, Field.FRAME_START_TIME);
        }

        /**
         * The frames again, under the block's real window (the worker's parser never saw the window line), with the
         * interval decided by the block's columns, which see the block's rows in file order. A row whose interval is
         * impossible is rejected into {@code rejected} instead (its line number is not known here); returns how many.
         */
        int replay(FrameSink sink, FramestatsColumns block, RejectedRows rejected, FramestatsParser reader) {
            long[] v = values;
            int impossible = 0;
            for (int k = 0; k < count; k++) {
                int i = k * LONGS;
                long interval = block.resolveInterval(v[i + 14], v[i + 16]);
                if (interval == FramestatsColumns.IMPOSSIBLE_INTERVAL) {
                    rejected.reject("the row of window " + window + " with IntendedVsync " + v[i + 1],
                            block.whyImpossible(v[i + 14], v[i + 16]));
                    impossible++;
                    continue;
                }
                String tooLong = reader.longerThanDump(v[i + 1], v[i + 11]);
                if (tooLong != null) {
                    rejected.reject("the row of window " + window + " with IntendedVsync " + v[i + 1], tooLong);
                    impossible++;
                    continue;
                }
                sink.frame(new RenderedFrame(window, v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4], v[i + 5], v[i + 6],
                        v[i + 7], v[i + 8], v[i + 9], v[i + 10], v[i + 11], v[i + 12], v[i + 13], interval, v[i + 15]));
            }
            return impossible;
        }
    }

    /**
     * The input as the parser reads it, minus the rows of long blocks, which go to the workers instead. It hands the
     * parser whole lines only, and ends what it hands over at a block's header line before it starts cutting, so the
     * parser has seen the block start and its header when the first piece's frames reach the sink.
     */
    private final class Splitter extends InputStream {
        private static final int OUTSIDE = 0;
        private static final int HEADER = 1;
        private static final int INSIDE = 2;
        private static final int BODY = 3;
        private static final int PASS = 4;

        private final InputStream in;
        private final Relay relay;
        private final ArrayDeque<Future<Slot>> pending = new ArrayDeque<>();
        private final ArrayDeque<Slot> free = new ArrayDeque<>();
        private ExecutorService workers;
        private byte[] buf = new byte[1 << 16];
        /** {@code buf[pos..out)} is ready for the parser, {@code buf[out..limit)} not looked at yet. */
        private int pos;
        private int out;
        private int limit;
        private boolean eof;
        private int mode = OUTSIDE;
        private byte[] headerLine;
        /**
         * The parser reading in order; its columns of the block being cut decide the block's interval column, for the
         * rows the workers parse and for any it reads itself after {@link #giveUp}.
         */
        FramestatsParser reader;
        private boolean cutThisBlock;
        long rows;
        long malformed;

        Splitter(InputStream in, Relay relay) {
            this.in = in;
            this.relay = relay;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (pos == out) {
                if (!advance()) {
                    return -1;
                }
            }
            int n = Math.min(len, out - pos);
            System.arraycopy(buf, pos, b, off, n);
            pos += n;
            return n;
        }

        /** Makes more bytes ready for the parser; false at the end of the input. */
        private boolean advance() throws IOException {
            if (mode == BODY) {
                body();
                return true;
            }
            while (true) {
                int nl = ByteLineReader.indexOfNewline(buf, out, limit);
                if (nl < 0) {
                    if (mode != PASS && limit - out > MAX_LINE) {
                        mode = PASS;
                    }
                    if (mode == PASS || eof) {
                        if (limit == out && eof) {
                            return out > pos;
                        }
                        out = limit; // a last line without newline needs no look: nothing follows it
                    }
                    if (out > pos) {
                        return true;
                    }
                    fill();
                    continue;
                }
                int end = nl > out && buf[nl - 1] == '\r' ? nl - 1 : nl;
                int start = out;
                out = nl + 1;
                if (mode == OUTSIDE) {
                    if (FramestatsParser.isMarker(buf, start, end)) {
                        mode = HEADER;
                    }
                } else if (mode == INSIDE) {
                    if (FramestatsParser.isMarker(buf, start, end)) {
                        mode = OUTSIDE;
                    }
                } else if (FramestatsParser.isMarker(buf, start, end)) {
                    mode = OUTSIDE; // an empty block
                } else {
                    String line = new String(buf, start, end - start, StandardCharsets.UTF_8);
                    if (FramestatsColumns.parseHeader(line) != null) {
                        headerLine = Arrays.copyOfRange(buf, start, end);
                        mode = BODY;
                        cutThisBlock = false;
                        return true; // the parser reads up to here before the rows are cut
                    }
                    mode = INSIDE; // a block without header: the single-threaded parser reads it
                }
                if (out - pos >= 1 << 16) {
                    return true;
                }
            }
        }

        /**
         * Looks at the block's rows from {@code pos}: cuts full pieces for the workers, and at the closing marker
         * (or the end of the input) either hands the rest to the parser (a short block) or to a last piece.
         */
        private void body() throws IOException {
            if (cutThisBlock) {
                cut();
                return;
            }
            int scan = pos;
            while (true) {
                int nl = ByteLineReader.indexOfNewline(buf, scan, limit);
                int bodyEnd = -1;
                if (nl < 0) {
                    if (limit - scan > MAX_LINE) {
                        giveUp();
                        return;
                    }
                    if (eof) {
                        // a last line without newline: a row, or the closing marker
                        bodyEnd = scan < limit && FramestatsParser.isMarker(buf, scan, limit) ? scan : limit;
                    } else {
                        if (scan - pos >= pieceBytes) {
                            submit(pos, scan);
                            return; // from now on the block is cut without looking at its lines
                        }
                        int shift = pos;
                        fill();
                        scan -= shift;
                        continue;
                    }
                } else {
                    int end = nl > scan && buf[nl - 1] == '\r' ? nl - 1 : nl;
                    if (FramestatsParser.isMarker(buf, scan, end)) {
                        bodyEnd = scan;
                    } else {
                        scan = nl + 1;
                        if (scan - pos >= pieceBytes) {
                            submit(pos, scan);
                            return; // from now on the block is cut without looking at its lines
                        }
                        continue;
                    }
                }
                out = bodyEnd; // a short block: the parser reads its rows itself
                mode = INSIDE; // the marker line (if any) is read as the block's end
                return;
            }
        }

        /**
         * Cuts the next piece at the first newline after {@code pieceBytes}, without looking at the lines: the
         * worker finds the closing marker (then {@link #rewind}), or the input ends inside the block.
         */
        private void cut() throws IOException {
            while (true) {
                int target = pos + pieceBytes;
                if (limit >= target) {
                    int nl = ByteLineReader.indexOfNewline(buf, target - 1, limit);
                    if (nl >= 0) {
                        submit(pos, nl + 1);
                        return;
                    }
                    if (limit - target > MAX_LINE) {
                        giveUp();
                        return;
                    }
                }
                if (eof) {
                    if (limit > pos) {
                        submit(pos, limit);
                    }
                    if (mode == BODY) {
                        drain(0);
                    }
                    if (mode == BODY) { // no marker: the dump ends inside the block
                        pos = limit;
                        out = limit;
                        mode = INSIDE;
                    }
                    return;
                }
                fill();
            }
        }

        /**
         * A worker met the block's closing marker in {@code slot}: its rows before the marker are parsed again on
         * their own, every later piece is dropped, and the input from the marker on is read again line by line.
         */
        private void rewind(Slot slot) throws IOException {
            byte[] b = slot.bytes;
            int marker = slot.rowsStart;
            while (true) {
                int nl = ByteLineReader.indexOfNewline(b, marker, slot.rowsEnd);
                int e = nl < 0 ? slot.rowsEnd : nl;
                if (FramestatsParser.isMarker(b, marker, e > marker && b[e - 1] == '\r' ? e - 1 : e)) {
                    break;
                }
                if (nl < 0) {
                    throw new IllegalStateException("a piece closed its block without a marker line");
                }
                marker = nl + 1;
            }
            java.io.ByteArrayOutputStream rest = new java.io.ByteArrayOutputStream();
            rest.write(b, marker, slot.rowsEnd - marker);
            while (!pending.isEmpty()) {
                Slot later = await(pending.poll());
                rest.write(later.bytes, later.rowsStart, later.rowsEnd - later.rowsStart);
                free.add(later);
            }
            rest.write(buf, pos, limit - pos);
            System.arraycopy(MARKER_LINE, 0, b, marker, MARKER_LINE.length);
            slot.rowsEnd = marker;
            slot.length = marker + MARKER_LINE.length;
            slot.parse();
            replay(slot);
            byte[] again = rest.toByteArray();
            buf = again.length < 1 << 16 ? Arrays.copyOf(again, 1 << 16) : again;
            pos = 0;
            out = 0;
            limit = again.length;
            mode = INSIDE;
        }

        /** A very long line: stop cutting; the parser, already inside the block, reads the rest itself. */
        private void giveUp() throws IOException {
            if (cutThisBlock) {
                drain(0);
                if (mode != BODY) {
                    return; // a piece held the closing marker: the input is read again from there
                }
            }
            out = limit;
            mode = PASS;
        }

        private void submit(int from, int to) throws IOException {
            if (workers == null) {
                workers = Executors.newFixedThreadPool(threads, r -> {
                    Thread t = new Thread(r, "fpsctl-parse");
                    t.setDaemon(true);
                    return t;
                });
            }
            cutThisBlock = true;
            reader.linesCut();
            Slot slot = free.isEmpty() ? new Slot() : free.poll();
            int rowsStart = MARKER_LINE.length + headerLine.length + 1;
            int rowsEnd = rowsStart + (to - from);
            boolean newline = to > from && buf[to - 1] == '\n';
            int n = rowsEnd + (newline ? 0 : 1) + MARKER_LINE.length;
            if (slot.bytes.length < n) {
                slot.bytes = new byte[Math.max(n, slot.bytes.length * 5 / 4)];
            }
            byte[] piece = slot.bytes;
            System.arraycopy(MARKER_LINE, 0, piece, 0, MARKER_LINE.length);
            System.arraycopy(headerLine, 0, piece, MARKER_LINE.length, headerLine.length);
            piece[rowsStart - 1] = '\n';
            System.arraycopy(buf, from, piece, rowsStart, to - from);
            if (!newline) {
                piece[rowsEnd] = '\n';
            }
            System.arraycopy(MARKER_LINE, 0, piece, n - MARKER_LINE.length, MARKER_LINE.length);
            slot.length = n;
            slot.rowsStart = rowsStart;
            slot.rowsEnd = rowsEnd;
            slot.window = relay.window;
            pos = to;
            out = to;
            pending.add(workers.submit(slot::parse));
            drain(threads + 1); // may rewind: the caller returns right after
        }

        /** Sends finished pieces' frames to the sink in order, waiting until at most {@code keep} are in flight. */
        private void drain(int keep) throws IOException {
            while (!pending.isEmpty() && (pending.size() > keep || pending.peek().isDone())) {
                replay(await(pending.poll()));
            }
        }

        private void replay(Slot slot) throws IOException {
            if (slot.closed) {
                rewind(slot);
                return;
            }
            // the parser has read this block's header, nothing after it
            int impossible = slot.replay(relay, reader.columns(), reader.rejected(), reader);
            rows += slot.rows;
            malformed += slot.malformed + impossible;
            free.add(slot);
        }

        private Slot await(Future<Slot> f) throws IOException {
            try {
                return f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while parsing");
            } catch (ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof IOException io) {
                    throw io;
                }
                if (c instanceof UncheckedIOException u) {
                    throw u;
                }
                if (c instanceof RuntimeException r) {
                    throw r;
                }
                if (c instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(c);
            }
        }

        /** Keeps {@code buf[pos..limit)} and reads more behind it, growing the buffer when it is full. */
        private void fill() throws IOException {
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                out -= pos;
                pos = 0;
            }
            if (limit == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        }

        @Override
        public void close() {
            if (workers != null) {
                workers.shutdownNow();
            }
        }
    }
}
